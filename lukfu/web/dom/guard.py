"""JavaScript calls that may throw, made safe for the page's Python.

Page-only, MicroPython (imports ``pyscript``).  MicroPython cannot catch a JavaScript exception:
one ends the whole Python call, past any ``try``.  So a call that may throw (storage that is full
or turned off, a browser that refuses audio or a service worker) goes through static/page.mjs's
``call`` / ``get`` / ``make``, and a promise that may reject through ``settle``; each answers
``(ok, value)``, the value the error's "Name: message" if not ok.
"""

from pyscript.js_modules import page

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy


def call(target: "JsProxy", name: str, *args: object) -> "tuple[bool, JsProxy]":
    """``target.name(*args)``: (True, its value), or (False, what it threw)."""
    result = page.call(target, name, *args)
    return bool(result[0]), result[1]


def get(target: "JsProxy", name: str) -> "tuple[bool, JsProxy]":
    """``target.name`` (some properties throw, e.g. localStorage where storage is off)."""
    result = page.get(target, name)
    return bool(result[0]), result[1]


def new(name: str) -> "tuple[bool, JsProxy]":
    """``new window[name]()`` (or its webkit-prefixed one): (True, it), or (False, why)."""
    result = page.make(name)
    return bool(result[0]), result[1]


async def settled(promise: "JsProxy") -> "tuple[bool, JsProxy]":
    """The promise's value: (True, value), or (False, why it was rejected)."""
    result = await page.settle(promise)
    return bool(result[0]), result[1]
