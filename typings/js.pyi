"""For mypy only: the page's JavaScript globals, as MicroPython's ``js`` module hands them over.

JavaScript has no Python types: each is `jsffi.JsProxy` (Any), so mypy checks the page's Python
around them (the view types it reads, its own values), not what it asks of the browser.  Only
what the page imports is declared (and ``fetch``, which the game's worker imports of Pyodide's
``js``): a name it does not know is an error.
"""

from jsffi import JsProxy

Blob: JsProxy
Error: JsProxy
URL: JsProxy
console: JsProxy
document: JsProxy
fetch: JsProxy
lukfuKeepSnapshot: JsProxy  # (the game's worker: static/pyodide.mjs)
window: JsProxy
