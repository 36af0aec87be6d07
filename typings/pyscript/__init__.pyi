"""For mypy only: what the page imports of PyScript's ``pyscript`` module."""

from jsffi import JsProxy

# The named workers: ``await workers["game"]`` is the game's worker, once its Python is up.
workers: JsProxy
