"""Small tools for writing the DOM: elements with text (never HTML strings), card images.

Page-only, MicroPython (imports ``js``), shared by the renderer's regions.  Each call from
MicroPython into the page crosses its bridge to JavaScript, and a table of cards made node by
node took thousands of them (70-130 ms on the page's thread): so the table describes its new
nodes as `tree` lists and `fill` builds them in one call (static/page.mjs's fill).
"""

import asyncio
import json
import re

from js import document
from jsffi import to_js
from pyscript.js_modules import page

from lukfu.web.dom.faces import card_src

SOFT_HYPHEN = "\u00ad"  # where a translator allows a long word to break


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> object:
    """A new element, made by one call into the page: its class, its text, its attributes (a
    name's ``_`` written ``-``: ``aria_label`` is aria-label)."""
    return page.element(json.dumps(tree(tag, cls, text, **attrs)))


def tree(tag: str, cls: str = "", text: str = "", inside: list = (), **attrs: str) -> list:
    """A new element as `fill` builds it: ``[tag, {attribute: value}, child…]``, its text first,
    then ``inside`` (trees, or strings for text); attributes named as for `element`."""
    named = {name.replace("_", "-"): value for name, value in attrs.items()}
    if cls:
        named["class"] = cls
    item = [tag, named]
    if text:
        item.append(str(text))
    item.extend(inside)
    return item


def fill(parent: object, items: list) -> None:
    """Make the `tree` ``items`` the children of ``parent`` (in place of what it held): one
    call into the page."""
    page.fill(parent, json.dumps(items))


def add(parent: object, items: list) -> None:
    """Append the `tree` ``items`` to ``parent``'s children: one call into the page."""
    page.append(parent, json.dumps(items))


def card_image(code: str, alt: str, language: str, shapes: bool = False, cls: str = "",
               **attrs: str) -> list:
    """A card's image, as a `tree`."""
    # width/height give the image its 1:3 box before the file arrives; CSS sets the real size.
    return tree("img", cls, src=card_src(code, language, shapes), alt=alt, width="60",
                height="180", draggable="false", decoding="async", **attrs)


def term(cls: str, text: str, tip: str, tip_id: str) -> list:
    """A game word that explains itself, as a `tree`: a button (reached by the keyboard,
    described to screen readers) followed by its explanation, a tooltip that the stylesheet
    shows on hover, focus and long press (`tips`)."""
    return tree("span", "term-wrap", inside=[
        tree("button", f"term {cls}", text, type="button", aria_describedby=tip_id),
        tree("span", "term-tip", tip, role="tooltip", id=tip_id)])


def old_mark(word: str) -> list:
    """The word Old written on a card, as a `tree`.  Where the card is too narrow for it, it may
    break onto a second line at the translator's soft hyphens, which become <wbr>: the visible
    text stays the whole word, as in the card's name, and no hyphen is drawn."""
    inside: list = []
    for index, part in enumerate(word.split(SOFT_HYPHEN)):
        if index:
            inside.append(tree("wbr"))
        inside.append(part)
    return tree("span", "old-mark", aria_hidden="true", inside=inside)


def clear(node: object) -> None:
    node.replaceChildren()


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


MISSING = object()  # (a key not found: None means something)


class FirstLook:
    """What index.html showed a new player from the first paint, before the game was ready: the
    lesson's offer (key ``learn``, its button's action) and the suit legend (``suit-tip``).  The
    first view takes each one it has, to put its own in its place; the rest then goes."""

    def __init__(self) -> None:
        self._early: dict | None = None  # read at the first view: key -> element, None if closed

    def _read(self) -> dict:
        if self._early is None:
            self._early = {str(node.getAttribute("data-early")): node
                           for node in document.querySelectorAll("[data-early]")}
            # (the ones the player closed meanwhile: loading.py notes them in <body data-dismissed>)
            for key in str(document.body.getAttribute("data-dismissed") or "").split():
                self._early[key] = None
        return self._early

    def take(self, key: str) -> object:
        """The element shown for ``key``: None where the player closed it, MISSING where there is
        none (or the first view has been drawn)."""
        return self._read().pop(key, MISSING)

    def done(self) -> None:
        """After each view: once the first is drawn, what it did not take goes."""
        early = self._read()
        for node in early.values():
            if node is not None:
                node.remove()  # not in the first view (a storage that said otherwise)
        early.clear()


def take_place(old: object, new: object) -> None:
    """``new`` (a notice) in ``old``'s place, with the keyboard's focus if ``old`` had it: on
    the button of the same action, else on its close button."""
    active = document.activeElement
    focused = old.contains(active)
    action = active.getAttribute("data-action") if focused else None
    old.replaceWith(new)
    if focused:
        same = new.querySelector(f'[data-action="{action}"]') if action else None
        (same or new.querySelector(".notice-close")).focus(js_options(preventScroll=True))


def adopt(early: object, text: str, label: str) -> None:
    """index.html's first-look notice made the game's own, in place (a new element would be
    painted anew): its words as the game says them, its button working."""
    early.removeAttribute("data-early")
    words = early.querySelector(".notice-text span")
    if words.textContent != text:
        words.textContent = text
    button = early.querySelector(".notice-action")
    if button.textContent != label:
        button.textContent = label
    button.disabled = False
