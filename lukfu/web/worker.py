"""The game's side of the page, in a PyScript worker (Pyodide): the model, `update`, the view, the
thinking, and the game's own time.

The page (`lukfu.web.dom`, MicroPython on the main thread) sends what happens to it as a JSON
message to `receive`, which updates the model at once; everything else the game does in its own
time, as asyncio tasks of this worker (a computer player's pause and thinking, the hint, the
coach's review, a catalog's fetch, a notice's time). The page awaits `next_answer` in a loop: every
answer comes that one way, in the order the game gave them (so the page never draws an older view,
nor stores an older save, after a newer one). Each is JSON: its number (``seq``; `receive` returns
its message's, for the page to know when it is drawn), the view (`page.page_view`, its named tuples
as objects), the page's effects (`messages`: storage, sounds, the clipboard…) and, when the
language changed, the page's static words in it. No Python runs on the page's main thread but the
thin DOM layer, and the worker thinks in slices of ``SLICE_SECONDS``, so that a message arriving
meanwhile (a press, a setting) is answered at once. Anything that goes wrong becomes a `Failure`
message.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

from lukfu.ai.hint import hint_thinking
from lukfu.ai.thinking import Thinking
from lukfu.daily import par_thinking, today
from lukfu.i18n import OFFERED, catalog_url
from lukfu.web.effects import (
    WORKER_EFFECTS,
    Effect,
    FetchCatalog,
    FetchPuzzles,
    Review,
    Think,
    ThinkHint,
    ThinkPar,
    Wait,
)
from lukfu.web.messages import (
    Catalog,
    ComputerMoved,
    Failure,
    HintReady,
    Message,
    ParReady,
    PuzzlesRead,
    ReviewProgress,
    ReviewReady,
    Start,
    decode,
    encode,
)
from lukfu.web.model import Model
from lukfu.web.naming import YOU
from lukfu.web.page import page_view
from lukfu.web.saving import MAX_IMPORT_BYTES
from lukfu.web.update import update

SLICE_SECONDS = 0.02  # thinking pauses this often for a message from the page
PROGRESS_SECONDS = 0.2  # the coach's progress is told at most this often
IDLE_SECONDS = 2.0  # the game this long without a message or work of its own: idle (the snapshot)
PUZZLES_URL = "static/puzzles.json"  # relative to the page (tools/puzzles.py writes it)
T = TypeVar("T")


def plain(value: object) -> object:
    """A view as JSON data: named tuples become objects (by field), other tuples lists.

    >>> from lukfu.web.view import ButtonView
    >>> plain((ButtonView("play", True, False, "Play", tips=("C7",)), None))[0]["tips"]
    ['C7']
    >>> plain({"seats": (ButtonView("claim", False, False, "Claim"),)})["seats"][0]["label"]
    'Claim'
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
    return Failure("".join(traceback.format_exception(error)))


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
        self.seq = 0  # answers given so far
        self.outbox: list[dict[str, Any]] = []  # what the page has not taken yet: seq, effects
        self.news = asyncio.Event()  # set while the outbox holds an answer
        self.tasks: set[asyncio.Task[None]] = set()  # the game's own work, under way
        self.reviewing = object()  # the review under way (a new one stops the last)
        self.keeping = False  # the interpreter's snapshot is to be kept once the game is idle

    # --- the page's two calls -----------------------------------------------------------------

    def receive(self, text: str) -> int:
        """A message from the page (JSON): its answer goes out with the others, in order
        (`next_answer`); its number, for the page to know when it has drawn it."""
        message = decode(json.loads(text))
        if isinstance(message, Start):
            message = Start(self._started(dict(message.boot)))
        self.tell(message)
        return self.seq

    async def next_answer(self) -> str:
        """What the game has to tell the page (JSON), once it has something: every answer since
        the last call, as one, the answers to its messages and those of the game's own time in
        the order the game gave them; its view drawn once, from the model as it is now."""
        await self.news.wait()
        told, self.outbox = self.outbox, []
        self.news.clear()
        answer = self._answer([effect for batch in told for effect in batch["effects"]])
        thoughts = [batch["thought"] for batch in told if "thought" in batch]
        if thoughts:
            answer["thought"] = thoughts[-1]
        if answer["view"] is not None and not self.keeping:  # (the first hand is on the table)
            self.keeping = True
            self._start(self._keep_snapshot())
        return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))

    # --- inside -------------------------------------------------------------------------------

    def _started(self, boot: dict[str, Any]) -> dict[str, Any]:
        self.static = [(str(english), context or None) for english, context in boot.pop("static", [])]
        url = str(boot.get("page_url", ""))
        self.base = url[: url.rfind("/") + 1]
        boot.setdefault("entropy", random.SystemRandom().randrange(2**32))
        boot.setdefault("today", today())
        return boot

    def _dispatch(self, message: Message, effects: list[Effect]) -> None:
        visit = self.model.visit
        date = today()
        if visit.today and visit.today != date:  # (past midnight: a new day's deal)
            self.model = self.model._replace(visit=visit._replace(today=date))
        try:
            self.model, more = update(self.model, message)
        except Exception as error:
            if isinstance(message, Failure):
                raise  # the failure panel itself failed: the page's last resort shows it
            self._dispatch(failure(error), effects)
            return
        for effect in more:
            if effect.NAME in WORKER_EFFECTS:
                self._start(self._carry_out(effect))
            else:
                effects.append(effect)

    def _start(self, work: Coroutine[Any, Any, Message | None]) -> None:
        """Do ``work`` in the game's own time; tell the page what came of it."""
        async def doing() -> None:
            try:
                message = await work
            except Exception as error:
                message = failure(error)
            if message is not None:
                self.tell(message)

        task = asyncio.ensure_future(doing())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def tell(self, message: Message, thought: float | None = None) -> None:
        """Update with a message, and have its effects go to the page with the next answer
        (unasked, if the game's own); the view is drawn when the page takes it."""
        effects: list[Effect] = []
        self._dispatch(message, effects)
        self.seq += 1
        told: dict[str, Any] = {"seq": self.seq, "effects": effects}
        if thought is not None:
            told["thought"] = thought
        self.outbox.append(told)
        self.news.set()

    def _answer(self, effects: list[Effect]) -> dict[str, Any]:
        # Still starting (the language's catalog on its way): no view, so that the page keeps
        # its loading table, in its own language, until there is a game to show.
        starting = not self.model.visit.booted and self.model.table.failure is None
        view = None
        if not starting:
            try:
                view = plain(page_view(self.model))
            except Exception as error:
                self._dispatch(failure(error), effects)
                view = plain(page_view(self.model))
        answer: dict[str, Any] = {
            "seq": self.seq, "view": view, "effects": [encode(e) for e in effects]}
        tr = self.model.visit.tr
        if tr.language != self.told_language and not starting:
            self.told_language = tr.language
            answer["page"] = {
                "language": tr.language, "direction": tr.direction, "source": tr.is_source,
                "offered": list(OFFERED),
                "max_import": MAX_IMPORT_BYTES,
                "words": [tr.pgettext(context, english) if context else tr.gettext(english)
                          for english, context in self.static],
            }
        return answer

    async def _carry_out(self, effect: Effect) -> Message | None:
        if isinstance(effect, Wait):
            await self.pause(effect.seconds)
            return effect.message
        if isinstance(effect, FetchCatalog):
            return await self._catalog(effect.language)
        if isinstance(effect, ThinkPar):  # (Expert plays your seat of the day's deal, in slices)
            return ParReady(effect.generation, effect.day, await think(par_thinking(effect.day)))
        if isinstance(effect, FetchPuzzles):
            return await self._puzzles()
        session = self.model.table.session
        if session is None:
            return None
        if isinstance(effect, Think):
            if effect.generation != self.model.table.generation:
                return None
            started = time.perf_counter()
            action = await think(session.thinking())
            self.tell(ComputerMoved(effect.generation, str(action)), time.perf_counter() - started)
            return None
        if isinstance(effect, ThinkHint):
            hint = await think(hint_thinking(session.observation(YOU), session.deal_number))
            return HintReady(effect.generation, len(session.state.history), str(hint.action),
                             hint.reason, hint.F)
        assert isinstance(effect, Review), effect  # (WORKER_EFFECTS: the page does the rest)
        return await self._review(effect.generation)

    async def _review(self, generation: int) -> Message | None:
        """The coach reviews your decisions, telling its progress at most every
        ``PROGRESS_SECONDS``; it stops when the review is cancelled or another deal begins."""
        # Imported at the first review, not at the start: nothing the first view needs, and
        # its module body is about 70 ms of a start in WebKit (bench/engines.py).
        from lukfu.coach import decision_summary, review_progress, summary

        session = self.model.table.session
        if session is None or session.person is None:
            return None
        work = review_progress(session, session.person)
        self.reviewing = mine = object()
        told = time.perf_counter()
        while True:
            finished, result = work_for(work, SLICE_SECONDS)
            if finished:
                return ReviewReady(generation, summary(result))
            await asyncio.sleep(0)
            coaching = self.model.table.coaching
            if coaching is None or coaching.generation != generation or self.reviewing is not mine:
                return None  # cancelled, another deal, or begun again
            if time.perf_counter() - told >= PROGRESS_SECONDS:
                told = time.perf_counter()
                self.tell(ReviewProgress(generation, result.share,
                                         [decision_summary(d) for d in result.judged]))

    async def _catalog(self, language: str) -> Message:
        try:
            data = await self.fetch(self.base + catalog_url(language))
        except Exception:  # offline: the game goes on in the language it has
            data = None
        return Catalog(language, data)

    async def _puzzles(self) -> Message:
        """The puzzles' file, fetched only when the player opens the puzzles (the service worker
        keeps it for offline play)."""
        try:
            data = await self.fetch(self.base + PUZZLES_URL)
        except Exception:  # offline before the service worker had it: said on the page
            data = None
        return PuzzlesRead(None if data is None else data.decode("utf-8", "replace"))

    async def _keep_snapshot(self) -> None:
        """Once the game has been idle a while (no message, no work of its own), the snapshot
        its interpreter made of itself before the game began goes on the device, for the next
        visit to start from (static/pyodide.mjs)."""
        while True:
            seq = self.seq
            await self.pause(IDLE_SECONDS)
            if self.seq == seq and len(self.tasks) == 1:  # (this one)
                break
        await self.keep_snapshot()

    @staticmethod
    async def keep_snapshot() -> None:
        """Keep the interpreter's snapshot, if it made one this visit (never fails)."""
        try:
            from js import lukfuKeepSnapshot
        except ImportError:  # a visit that started from one, or not in a browser
            return
        await lukfuKeepSnapshot()

    @staticmethod
    async def pause(seconds: float) -> None:
        """A pause of the game's (before a computer's move, a notice's time)."""
        await asyncio.sleep(seconds)

    @staticmethod
    async def fetch(url: str) -> bytes | None:
        """The file at ``url`` (None if the server says no), with PyScript's fetch."""
        from pyscript import fetch  # (in the worker; the tests put their own in its place)

        response = await fetch(url)
        return bytes(await response.bytearray()) if response.ok else None


GAME = Game()


def receive(text: str) -> int:
    """A message from the page (JSON); the number of its answer."""
    return GAME.receive(text)


async def next_answer() -> str:
    """The game's next answers, as one (JSON: the view and the page's effects)."""
    return await GAME.next_answer()
