"""For mypy only: what the page imports of PyScript's ``pyscript`` module."""

from jsffi import JsProxy

# The named workers: ``await workers["game"]`` is the game's worker, once its Python is up.
workers: JsProxy

# PyScript's fetch (the game's worker fetches a catalog with it): a promise of its response.
def fetch(url: str, **options: object) -> JsProxy: ...
