"""JavaScript calls that may throw, made safe for the page's Python.

Page-only, MicroPython (imports ``js``).  MicroPython cannot catch a JavaScript exception: one
ends the whole Python call, past any ``try``.  So a call that may throw (storage that is full or
turned off, a browser that refuses audio or a service worker) goes through index.html's
``lukfuCall`` / ``lukfuGet`` / ``lukfuNew``, and a promise that may reject through
``lukfuSettle``; each answers ``(ok, value)``, the value the error's "Name: message" if not ok.
"""

from js import window


def call(target: object, name: str, *args: object) -> tuple:
    """``target.name(*args)``: (True, its value), or (False, what it threw)."""
    result = window.lukfuCall(target, name, *args)
    return bool(result[0]), result[1]


def get(target: object, name: str) -> tuple:
    """``target.name`` (some properties throw, e.g. localStorage where storage is off)."""
    result = window.lukfuGet(target, name)
    return bool(result[0]), result[1]


def new(name: str) -> tuple:
    """``new window[name]()`` (or its webkit-prefixed one): (True, it), or (False, why)."""
    result = window.lukfuNew(name)
    return bool(result[0]), result[1]


async def settled(promise: object) -> tuple:
    """The promise's value: (True, value), or (False, why it was rejected)."""
    result = await window.lukfuSettle(promise)
    return bool(result[0]), result[1]
