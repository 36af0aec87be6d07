"""The table's explanations on touch and their dismissal: a long press on a word that explains
itself (a seat's mark, the fu, an Old card, Claim) shows its explanation, and Escape hides it.

Page-only, MicroPython (imports ``js``). The stylesheet shows an explanation on hover and
keyboard focus by itself; this adds what CSS cannot: ``data-held`` on the word pressed long (for
a few seconds, and the press selects nothing), ``data-tips-off`` on the table after Escape
(until the focus or the pointer moves on). The words are the view's (`lukfu.web.explain`).
"""

from js import window
from jsffi import create_proxy

from lukfu.web.dom.render.dom import later

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    import asyncio

    from jsffi import JsProxy

HELD = ".term, .card.old, [data-action='claim']"  # what explains itself on a long press
PRESS_MS = 450  # a touch held this long is a long press
SHOWN_MS = 4000  # how long its explanation stays up after the finger lifts


class Tips:
    def __init__(self, table: "JsProxy") -> None:
        self.table = table
        self._timer: asyncio.Task[None] | None = None
        self._held: JsProxy | None = None
        self._pressed_at = 0.0  # when the last long press ended: its click is not a click
        self._proxies: list[JsProxy] = []
        for event, handler, capture in (
            ("pointerdown", self._down, False), ("pointerup", self._up, False),
            ("pointercancel", self._cancel, False), ("contextmenu", self._menu, False),
            ("click", self._click, True), ("keydown", self._key, False),
            ("focusin", self._on, False), ("pointerover", self._on, False),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            table.addEventListener(event, proxy, capture)

    def _down(self, event: "JsProxy") -> None:
        self._release()
        if event.pointerType != "touch":
            return
        target = event.target.closest(HELD)
        if target:
            self._timer = later(PRESS_MS, lambda: self._hold(target))

    def _hold(self, target: "JsProxy") -> None:
        self._timer = None
        self._held = target
        target.setAttribute("data-held", "")
        self.table.removeAttribute("data-tips-off")

    def _up(self, event: "JsProxy") -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._held is not None:
            self._pressed_at = float(window.performance.now())
            held = self._held
            later(SHOWN_MS, lambda: self._release(held))

    def _cancel(self, event: "JsProxy") -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _release(self, only: "JsProxy | None" = None) -> None:
        held = self._held
        if held is not None and (only is None or only is held):
            held.removeAttribute("data-held")
            self._held = None

    def _menu(self, event: "JsProxy") -> None:
        if event.target.closest(HELD):
            event.preventDefault()  # the long press explains: no menu, no selection

    def _click(self, event: "JsProxy") -> None:
        if self._held is not None and float(window.performance.now()) - self._pressed_at < 800:
            event.stopPropagation()  # the end of a long press selects no card, presses nothing
            event.preventDefault()

    def _key(self, event: "JsProxy") -> None:
        if event.key == "Escape":
            self.table.setAttribute("data-tips-off", "")
            self._release()

    def _on(self, event: "JsProxy") -> None:
        if event.type == "focusin" or not event.target.closest(".term-wrap, .card, .actions"):
            self.table.removeAttribute("data-tips-off")
