"""For mypy only: the JavaScript modules pyscript.toml's ``js_modules`` gives the page."""

from jsffi import JsProxy

page: JsProxy  # static/page.mjs
