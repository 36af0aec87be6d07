"""The game's side of the page, in a Pyodide worker: the model, `update`, the view, the thinking.

The page (`lukfu.web.dom`, MicroPython on the main thread) sends each message as JSON to
`receive`, and hands `perform` the effects that are the worker's to carry out
(`messages.WORKER_EFFECTS`: a computer player or the hint thinking, the coach reviewing, a
catalog fetched).  Both answer with JSON: the view (`page.page_view`, its named tuples as
objects), the page's effects, the effects handed back to the worker (``work``) and, when the
language changed, the page's static words in it.  So no Python runs on the page's main thread
but the thin DOM layer, and the worker thinks without slicing the page's time.  It still thinks
in slices of ``SLICE_SECONDS``, so that a message arriving meanwhile (a press, a setting) is
answered at once.  Anything that goes wrong becomes a ``("failure", details)`` message.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from collections.abc import Iterator
from typing import Any, TypeVar

from lukfu.ai.hint import hint_thinking
from lukfu.ai.thinking import Thinking
from lukfu.i18n import OFFERED, catalog_url
from lukfu.web.messages import WORKER_EFFECTS, Effect, Message
from lukfu.web.model import Model
from lukfu.web.naming import YOU
from lukfu.web.page import page_view
from lukfu.web.saving import MAX_IMPORT_BYTES
from lukfu.web.sounds import GAP, SOUNDS, VOLUME
from lukfu.web.update import update

SLICE_SECONDS = 0.02  # thinking pauses this often for a message from the page
PROGRESS_SECONDS = 0.2  # the coach's progress is told at most this often
T = TypeVar("T")


def plain(value: object) -> object:
    """A view as JSON data: named tuples become objects (by field), other tuples lists.

    >>> from lukfu.web.view import ButtonView
    >>> plain((ButtonView("play", True, False, "Play"), None))
    [{'action': 'play', 'shown': True, 'enabled': False, 'label': 'Play'}, None]
    """
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: plain(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def failure(error: BaseException) -> Message:
    """The message that something went wrong: its traceback, for the failure panel."""
    return ("failure", "".join(traceback.format_exception(error)))


def work_for(work: Iterator[Any], seconds: float) -> tuple[bool, Any]:
    """Step ``work`` (a generator) for at most ``seconds``: (True, what it returned) if it
    finished, else (False, what it yielded last)."""
    until, last = time.perf_counter() + seconds, None
    try:
        while time.perf_counter() < until:
            last = next(work)
    except StopIteration as done:
        return True, done.value
    return False, last


async def think(work: Thinking[T]) -> T:
    """Run a computer player's (or the hint's) thinking to its end, in slices."""
    while True:
        finished, result = work_for(work, SLICE_SECONDS)
        if finished:
            answer: T = result
            return answer
        await asyncio.sleep(0)


class Game:
    """The one game of the page, and what its answers have told the page so far."""

    def __init__(self) -> None:
        self.model = Model()
        self.static: list[tuple[str, str | None]] = []  # the page's data-i18n texts
        self.base = ""  # the page's folder, for the catalogs' addresses
        self.told_language = ""
        self.review: tuple[int, Iterator[float]] | None = None

    # --- the two calls the page makes ---------------------------------------------------------

    def receive(self, text: str) -> str:
        message = tuple(json.loads(text))
        if message[0] == "start":
            message = (message[0], self._started(dict(message[1])))
        effects: list[Effect] = []
        self._dispatch(message, effects)
        return self._answer(effects)

    async def perform(self, text: str) -> str:
        effect = tuple(json.loads(text))
        effects: list[Effect] = []
        try:
            message = await self._carry_out(effect, effects)
        except Exception as error:
            message = failure(error)
        if message is None and not effects:
            return ""  # nothing came of it (a deal that moved on meanwhile)
        if message is not None:
            self._dispatch(message, effects)
        return self._answer(effects)

    # --- inside -------------------------------------------------------------------------------

    def _started(self, boot: dict[str, Any]) -> dict[str, Any]:
        self.static = [(str(english), context or None) for english, context in boot.pop("static", [])]
        url = str(boot.get("page_url", ""))
        self.base = url[: url.rfind("/") + 1]
        boot.setdefault("entropy", random.SystemRandom().randrange(2**32))
        return boot

    def _dispatch(self, message: Message, effects: list[Effect]) -> None:
        try:
            self.model, more = update(self.model, message)
        except Exception as error:
            if message[0] == "failure":
                raise  # the failure panel itself failed: the page's last resort shows it
            self._dispatch(failure(error), effects)
            return
        effects.extend(more)

    def _answer(self, effects: list[Effect]) -> str:
        # Still starting (the language's catalog on its way): no view, so that the page keeps
        # its loading table, in its own language, until there is a game to show.
        starting = not self.model.booted and self.model.failure is None
        view = None
        if not starting:
            try:
                view = plain(page_view(self.model))
            except Exception as error:
                self._dispatch(failure(error), effects)
                view = plain(page_view(self.model))
        answer: dict[str, object] = {
            "view": view,
            "effects": [self._for_page(e) for e in effects if e[0] not in WORKER_EFFECTS],
            "work": [plain(e) for e in effects if e[0] in WORKER_EFFECTS],  # handed back to us
        }
        tr = self.model.tr
        if tr.language != self.told_language and not starting:
            self.told_language = tr.language
            answer["page"] = {
                "language": tr.language, "direction": tr.direction, "source": tr.is_source,
                "offered": list(OFFERED),
                "max_import": MAX_IMPORT_BYTES,
                "words": [tr.pgettext(context, english) if context else tr.gettext(english)
                          for english, context in self.static],
            }
        return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))

    def _for_page(self, effect: Effect) -> object:
        if effect[0] == "sound":  # the page synthesises it from its recipe
            tones = [list(tone) for tone in SOUNDS.get(effect[1], ())]
            return ["sound", effect[1], tones, GAP, VOLUME]
        return plain(effect)

    async def _carry_out(self, effect: Effect, effects: list[Effect]) -> Message | None:
        kind = effect[0]
        assert kind in WORKER_EFFECTS, kind
        session = self.model.session
        if kind == "fetch-catalog":
            return await self._catalog(str(effect[1]))
        if session is None:
            return None
        generation = int(effect[1])
        if kind == "think":
            if generation != self.model.generation:
                return None
            action = await think(session.thinking())
            return ("computer-moved", generation, str(action))
        if kind == "think-hint":
            hint = await think(hint_thinking(session.observation(YOU), session.deal_number))
            return ("hint-ready", generation, len(session.state.history), str(hint.action),
                    hint.reason, hint.F)
        return await self._review(generation, effects)

    async def _review(self, generation: int, effects: list[Effect]) -> Message | None:
        """The coach reviews your decisions, a part at a time: each call reviews for at most
        ``PROGRESS_SECONDS`` and tells the progress, and the page calls again; it stops when the
        review is cancelled or another deal begins."""
        # Imported at the first review, not at the start: nothing the first view needs, and
        # its module body is about 70 ms of a start in WebKit (bench/engines.py).
        from lukfu.coach import review_progress, summary

        session = self.model.session
        if self.review is None or self.review[0] != generation:
            if session is None or session.person is None:
                return None
            self.review = (generation, review_progress(session, session.person))
        work, share = self.review[1], 0.0
        until = time.perf_counter() + PROGRESS_SECONDS
        while time.perf_counter() < until:
            finished, result = work_for(work, SLICE_SECONDS)
            if finished:
                self.review = None
                return ("review-ready", generation, summary(result))
            share = result
            await asyncio.sleep(0)
            coaching = self.model.coaching
            if coaching is None or coaching.generation != generation:
                self.review = None
                return None  # cancelled, or another deal
        effects.append(("review", generation))  # the page asks for the next part
        return ("review-progress", generation, share)

    async def _catalog(self, language: str) -> Message:
        try:
            data = await self.fetch(self.base + catalog_url(language))
        except Exception:  # offline: the game goes on in the language it has
            data = None
        return ("catalog", language, data)

    @staticmethod
    async def fetch(url: str) -> bytes | None:
        """The file at ``url`` (None if the server says no), with the worker's fetch()."""
        from js import fetch  # type: ignore[import-not-found]  # Pyodide's, in the worker

        response = await fetch(url)
        return (await response.arrayBuffer()).to_bytes() if response.ok else None


GAME = Game()


def receive(text: str) -> str:
    """A message from the page (JSON); the answer: the view and the effects (JSON)."""
    return GAME.receive(text)


async def perform(text: str) -> str:
    """One of `messages.WORKER_EFFECTS` (JSON); the answer as `receive`'s, or "" if none."""
    return await GAME.perform(text)

