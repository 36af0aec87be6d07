"""Small tools for writing the DOM: elements with text (never HTML strings), card images.

Page-only, MicroPython (imports ``js``), shared by the renderer's regions.
"""

import asyncio
import re

from js import document
from pyscript.ffi import to_js

from lukfu.page.faces import card_src

SOFT_HYPHEN = "\u00ad"  # where a translator allows a long word to break


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> object:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def card_image(code: str, alt: str, language: str, shapes: bool = False) -> object:
    # width/height give the image its 1:3 box before the file arrives; CSS sets the real size.
    img = element("img", src=card_src(code, language, shapes), alt=alt, width="60", height="180",
                  draggable="false")
    img.setAttribute("decoding", "async")
    return img


def term(cls: str, text: str, tip: str, tip_id: str) -> object:
    """A game word that explains itself: a button (reached by the keyboard, described to screen
    readers) followed by its explanation, a tooltip that the stylesheet shows on hover, focus
    and long press (`tips`)."""
    wrap = element("span", "term-wrap")
    wrap.appendChild(element("button", f"term {cls}", text, type="button",
                             aria_describedby=tip_id))
    wrap.appendChild(element("span", "term-tip", tip, role="tooltip", id=tip_id))
    return wrap


def old_mark(word: str) -> object:
    """The word Old written on a card.  Where the card is too narrow for it, it may break onto a
    second line at the translator's soft hyphens, which become <wbr>: the visible text stays the
    whole word, as in the card's name, and no hyphen is drawn."""
    mark = element("span", "old-mark", aria_hidden="true")
    for index, part in enumerate(word.split(SOFT_HYPHEN)):
        if index:
            mark.appendChild(document.createElement("wbr"))
        mark.appendChild(document.createTextNode(part))
    return mark


def clear(node: object) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def normalize(text: str) -> str:
    """Whitespace as HTML renders it: runs collapsed to one space, ends trimmed."""
    return re.sub(r"\s+", " ", text).strip()


def later(ms: int, call: object) -> object:
    """``call()`` after ``ms`` milliseconds, on MicroPython's event loop; ``.cancel()`` the
    result to call it off.  (Never the page's setTimeout with a Python function: in MicroPython
    1.28 the event loop's own timers fail with "Illegal invocation" after one.)"""
    async def wait() -> None:
        await asyncio.sleep(ms / 1000)
        call()

    return asyncio.create_task(wait())


def js_options(**values: object) -> object:
    """A JavaScript object of ``values`` (for focus() and animate())."""
    return to_js(values)


class Shown:
    """What a region last showed, so that an unchanged part is not rebuilt (no flicker, and a
    focused button keeps its focus)."""

    def __init__(self) -> None:
        self._shown: dict[str, object] = {}

    def changed(self, key: str, value: object) -> bool:
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def forget(self, key: str) -> None:
        self._shown.pop(key, None)
