"""For mypy only: MicroPython's bridge to JavaScript (its webassembly port's ``jsffi``)."""

from collections.abc import Callable
from typing import Any, TypeAlias

# A JavaScript object (a node, an event, a promise…) as Python sees it: any attribute, any
# call.  (JavaScript's null and undefined arrive as None, or as a falsy proxy.)
JsProxy: TypeAlias = Any

def create_proxy(function: Callable[..., object]) -> JsProxy:
    """A JavaScript function that calls ``function``, kept alive until it is destroyed."""

def to_js(value: object) -> JsProxy:
    """``value`` made JavaScript: a list an Array, a dict an Object."""
