"""The page's wiring: DOM events become messages, `update` makes the next model, the renderer
shows it, and the effects it asks for run (and answer with more messages).

Page-only (imports ``js``).  No decision is made here: every one is `update`'s.  Anything that
goes wrong on the way becomes a ``("failure", details)`` message: a calm panel, not a traceback.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable
from typing import Any

from js import console, document, window
from pyodide.ffi import create_proxy

from lukfu.web import options, saving
from lukfu.web.effects import Effects, read_stored
from lukfu.web.learning import LESSON_KEY
from lukfu.web.messages import LOCAL, TAB, Effect, Message
from lukfu.web.model import Model
from lukfu.web.page import page_view
from lukfu.web.render import Renderer
from lukfu.web.update import (
    COACH_KEY,
    LANGUAGE_KEY,
    LEVEL_KEY,
    LOOK_KEY,
    MARKS_KEY,
    SHAPES_KEY,
    SOUND_KEY,
    SPEED_KEY,
    SUIT_TIP_KEY,
    update,
)

STORED = [SPEED_KEY, LEVEL_KEY, MARKS_KEY, SHAPES_KEY, COACH_KEY, SOUND_KEY, LANGUAGE_KEY,
          SUIT_TIP_KEY,
          LESSON_KEY, saving.SAVE_KEY, saving.STATS_KEY, *(LOOK_KEY + name for name in options.LOOKS)]
# The settings' controls: (element id, DOM event, setting name, read the value)
CONTROLS: list[tuple[str, str, str, Callable[[Any], str]]] = [
    ("speed", "change", "speed", lambda node: str(node.value)),
    ("level", "change", "level", lambda node: str(node.value)),
    ("language", "change", "language", lambda node: str(node.value)),
    ("marks", "change", "marks", lambda node: "on" if node.checked else "off"),
    ("suit-shapes", "change", "shapes", lambda node: "on" if node.checked else "off"),
    ("coach", "change", "coach", lambda node: "on" if node.checked else "off"),
    ("sound", "change", "sound", lambda node: "on" if node.checked else "off"),
    *((name, "input", name, lambda node: str(node.value)) for name in options.LOOKS),
]
PAGE_ACTIONS = ("dismiss-notice", "retry", "copy-details")  # index.html's script has these


class App:
    def __init__(self) -> None:
        self.model = Model()
        self.renderer = Renderer()
        self.effects = Effects(self.dispatch, lambda: self.model, self.renderer, self.fail)
        self._proxies: list[Any] = []

    def dispatch(self, message: Message) -> list[Effect]:
        """One message through `update`; the page shown again, the effects run."""
        try:
            self.model, effects = update(self.model, message)
            self.renderer.render(page_view(self.model), self.model.tr)
            for effect in effects:
                self.effects.run(effect)
        except Exception as error:
            if message[0] == "failure":  # the failure panel itself failed: say it in the console
                console.error("".join(traceback.format_exception(error)))
                return []
            self.fail(error)
            return []
        return effects

    def fail(self, error: BaseException) -> None:
        self.dispatch(("failure", "".join(traceback.format_exception(error))))

    def start(self) -> None:
        for name, event, setting, value in CONTROLS:
            node = document.getElementById(name)
            self._listen(node, event, lambda _e, s=setting, n=node, v=value: self.dispatch(
                ("setting", s, v(n))))
        self._listen(document, "click", self.on_click)
        self._listen(document, "dblclick", self.on_double_click)
        self._listen(document, "keydown", self.on_key)
        chooser = document.getElementById("stats-file")
        self._listen(chooser, "change", lambda _e: self.effects.later(
            self.effects.read_chosen_file(chooser)))
        # Escape closes the dialog by itself: the model hears it as "Keep playing".
        self._listen(document.getElementById("abandon"), "close",
                     lambda _e: self.dispatch(("press", "keep-playing")) if self.model.confirming
                     else None)
        stored, kept = read_stored(STORED, LOCAL)
        tab, _ = read_stored([saving.TOTALS_KEY], TAB)
        try:
            languages = [str(code).lower() for code in window.navigator.languages]
        except Exception:
            languages = []
        self.dispatch(("start", {
            "query": str(window.location.search),
            "page_url": f"{window.location.origin}{window.location.pathname}",
            "languages": languages, "stored": stored, "tab": tab, "storage": kept,
            "touch": bool(window.matchMedia("(pointer: coarse)").matches),
            "reduced_motion": bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches),
            "entropy": random.SystemRandom().randrange(2**32),
        }))

    def _listen(self, node: Any, event: str, handler: Callable[[Any], object]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep the proxy alive as long as the page
        node.addEventListener(event, proxy)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target or target.disabled:  # null arrives as the falsy jsnull
            return
        code = target.getAttribute("data-card")
        if code and target.closest("#hand"):
            self.dispatch(("card", str(code)))
            return
        name = str(target.getAttribute("data-action") or "")
        if name and name not in PAGE_ACTIONS:
            self.dispatch(("press", name))

    def on_double_click(self, event: Any) -> None:
        target = event.target.closest("#hand [data-card]")
        if target and not target.disabled:
            self.dispatch(("play-card", str(target.getAttribute("data-card"))))

    def on_key(self, event: Any) -> None:
        if event.altKey or event.ctrlKey or event.metaKey or event.defaultPrevented:
            return
        target = event.target
        if not target.closest or target.closest("input, select, textarea, a"):
            return
        card = target.closest("#hand [data-card]")
        where = f"card:{card.getAttribute('data-card')}" if card else ""
        if ("handled",) in self.dispatch(("key", str(event.key), str(event.code), where,
                                      bool(event.shiftKey))):
            event.preventDefault()
