"""Small tools for writing the DOM: elements with text (never HTML strings), card images.

Page-only, MicroPython (imports ``jsffi`` and ``pyscript``), shared by the renderer's regions.
Each call from MicroPython into the page crosses its bridge to JavaScript, and a table of cards
made node by node took thousands of them (70-130 ms on the page's thread): so the table
describes its new nodes as `tree` lists and `fill` builds them in one call (static/page.mjs's
fill).
"""

import asyncio
import json
import re

from jsffi import to_js
from pyscript.js_modules import page

from lukfu.web.dom.faces import card_src

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from collections.abc import Callable, Iterable
    from typing import TypeAlias

    from jsffi import JsProxy

    Tree: TypeAlias = "list[object]"  # a new element as `fill` builds it: see `tree`

SOFT_HYPHEN = "\u00ad"  # where a translator allows a long word to break


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> "JsProxy":
    """A new element, made by one call into the page: its class, its text, its attributes (a
    name's ``_`` written ``-``: ``aria_label`` is aria-label)."""
    return page.element(json.dumps(tree(tag, cls, text, **attrs)))


def tree(tag: str, cls: str = "", text: str = "", inside: "Iterable[Tree | str]" = (),
         **attrs: str) -> "Tree":
    """A new element as `fill` builds it: ``[tag, {attribute: value}, child…]``, its text first,
    then ``inside`` (trees, or strings for text); attributes named as for `element`."""
    named = {name.replace("_", "-"): value for name, value in attrs.items()}
    if cls:
        named["class"] = cls
    item: Tree = [tag, named]
    if text:
        item.append(str(text))
    item.extend(inside)
    return item


def fill(parent: "JsProxy", items: "list[Tree]") -> None:
    """Make the `tree` ``items`` the children of ``parent`` (in place of what it held): one
    call into the page."""
    page.fill(parent, json.dumps(items))


def add(parent: "JsProxy", items: "list[Tree]") -> None:
    """Append the `tree` ``items`` to ``parent``'s children: one call into the page."""
    page.append(parent, json.dumps(items))


def card_image(code: str, alt: str, language: str, shapes: bool = False, cls: str = "",
               **attrs: str) -> "Tree":
    """A card's image, as a `tree`."""
    # width/height give the image its 1:3 box before the file arrives; CSS sets the real size.
    return tree("img", cls, src=card_src(code, language, shapes), alt=alt, width="60",
                height="180", draggable="false", decoding="async", **attrs)


def term(cls: str, text: str, tip: str, tip_id: str) -> "Tree":
    """A game word that explains itself, as a `tree`: a button (reached by the keyboard,
    described to screen readers) followed by its explanation, a tooltip that the stylesheet
    shows on hover, focus and long press (`tips`)."""
    return tree("span", "term-wrap", inside=[
        tree("button", f"term {cls}", text, type="button", aria_describedby=tip_id),
        tree("span", "term-tip", tip, role="tooltip", id=tip_id)])


def old_mark(word: str) -> "Tree":
    """The word Old written on a card, as a `tree`.  Where the card is too narrow for it, it may
    break onto a second line at the translator's soft hyphens, which become <wbr>: the visible
    text stays the whole word, as in the card's name, and no hyphen is drawn."""
    inside: list[Tree | str] = []
    for index, part in enumerate(word.split(SOFT_HYPHEN)):
        if index:
            inside.append(tree("wbr"))
        inside.append(part)
    return tree("span", "old-mark", aria_hidden="true", inside=inside)


def clear(node: "JsProxy") -> None:
    node.replaceChildren()


def normalize(text: str) -> str:
    """Whitespace as HTML renders it: runs collapsed to one space, ends trimmed.  HTML's
    whitespace only: a no-break space (inside a formula) stays as it is."""
    return re.sub("[ \t\n\r\f]+", " ", text).strip(" \t\n\r\f")


def later(ms: int, call: "Callable[[], object]") -> "asyncio.Task[None]":
    """``call()`` after ``ms`` milliseconds, on MicroPython's event loop; ``.cancel()`` the
    result to call it off.  (Never the page's setTimeout with a Python function: in MicroPython
    1.28 the event loop's own timers fail with "Illegal invocation" after one.)"""
    async def wait() -> None:
        await asyncio.sleep(ms / 1000)
        call()

    return asyncio.create_task(wait())


def js_options(**values: object) -> "JsProxy":
    """A JavaScript object of ``values`` (for focus() and animate())."""
    return to_js(values)


class Shown:
    """What a region last showed, so that an unchanged part is not rebuilt (no flicker, and a
    focused button keeps its focus)."""

    def __init__(self) -> None:
        self._shown: dict[str, object] = {}

    def same(self, key: str, value: object) -> bool:
        """Whether ``key`` shows ``value`` already (noting nothing)."""
        return self._shown.get(key) == value

    def changed(self, key: str, value: object) -> bool:
        """Whether ``key`` shows something else than ``value``; it is noted as shown."""
        if self.same(key, value):
            return False
        self._shown[key] = value
        return True

    def forget(self, key: str) -> None:
        self._shown.pop(key, None)
