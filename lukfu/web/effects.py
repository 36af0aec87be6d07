"""The page's effects: the only code that touches storage, timers, the clipboard, downloads,
fetches, the address bar and the thinking computer players.

Page-only (imports ``js``).  `Effects.run` carries out one effect that `update` returned (see
`messages`) and sends what came of it back as a message.  A computer player thinks in slices
of at most ``SLICE_SECONDS``, letting the browser paint and listen between them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from js import URL, Blob, Object, document, window
from pyodide.ffi import create_once_callable, to_js

from lukfu.ai.hint import hint_thinking
from lukfu.ai.thinking import Thinking
from lukfu.coach import review_progress, summary
from lukfu.i18n import catalog_url
from lukfu.web.audio import Audio
from lukfu.web.messages import LOCAL, Effect, Message
from lukfu.web.model import Model
from lukfu.web.naming import YOU
from lukfu.web.offline import Offline
from lukfu.web.render import Renderer
from lukfu.web.saving import MAX_IMPORT_BYTES

SLICE_SECONDS = 0.012  # a computer player thinks this long at most before the browser's turn
PROGRESS_SECONDS = 0.2  # the coach's progress is told at most this often
THINK_MARK, THINK_MEASURE = "lukfu-think-start", "lukfu-think"  # for bench/ai_latency.py
T = TypeVar("T")


def storage(area: str) -> Any:
    return window.localStorage if area == LOCAL else window.sessionStorage


def read_stored(keys: list[str], area: str) -> tuple[dict[str, str | None], bool]:
    """What the browser keeps under ``keys``, and False if it refuses to say (storage off)."""
    found: dict[str, str | None] = {}
    try:
        kept = storage(area)
        for key in keys:
            value = kept.getItem(key)
            found[key] = str(value) if value else None  # JavaScript's null is the falsy jsnull
    except Exception:  # storage turned off (a private window, privacy settings)
        return {}, False
    return found, True


async def think(work: Thinking[T]) -> T:
    """Run thinking in slices of at most ``SLICE_SECONDS``, letting the browser paint and listen
    between them (no long task while a search runs)."""
    while True:
        until = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < until:
                next(work)
        except StopIteration as done:
            result: T = done.value
            return result
        await asyncio.sleep(0)


class Effects:
    def __init__(self, dispatch: Callable[[Message], object], model: Callable[[], Model],
                 renderer: Renderer, fail: Callable[[BaseException], None]) -> None:
        self.dispatch, self.model, self.renderer, self.fail = dispatch, model, renderer, fail
        self.offline = Offline(dispatch)
        self.audio = Audio()

    def run(self, effect: Effect) -> None:
        kind, args = effect[0], effect[1:]
        if kind == "store":
            area, key, value = args
            try:
                storage(area).setItem(key, value)
            except Exception:  # full (QuotaExceededError), or turned off
                self.dispatch(("stored", False))
        elif kind == "forget":
            area, key = args
            with contextlib.suppress(Exception):  # storage off: it was never kept anyway
                storage(area).removeItem(key)
        elif kind == "wait":
            seconds, message = args
            self.later(self._wait(seconds, message))
        elif kind == "think":
            self.later(self._think(args[0]))
        elif kind == "think-hint":
            self.later(self._hint(args[0]))
        elif kind == "review":
            self.later(self._review(args[0]))
        elif kind == "fetch-catalog":
            self.later(self._catalog(args[0]))
        elif kind == "download":
            self._download(*args)
        elif kind == "choose-file":
            document.getElementById("stats-file").click()
        elif kind == "copy":
            self.later(self._copy(args[0]))
        elif kind == "address":
            query = args[0]
            window.history.replaceState(None, "", query or window.location.pathname)
        elif kind == "focus-card":
            self.renderer.focus_card(args[0])
        elif kind == "register-offline":
            self.later(self.offline.register())
        elif kind == "accept-new-version":
            self.offline.accept()
        elif kind == "sound":
            self.audio.play(args[0])
        else:
            assert kind == "handled", kind  # the key handler saw it

    def later(self, work: Awaitable[None]) -> None:
        asyncio.ensure_future(self._guarded(work))

    async def _guarded(self, work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as error:
            self.fail(error)

    async def _wait(self, seconds: float, message: Message) -> None:
        await asyncio.sleep(seconds)
        self.dispatch(message)

    async def _think(self, generation: int) -> None:
        session = self.model().session
        if session is None or generation != self.model().generation:
            return
        # Each decision is a User Timing measure, for bench/ai_latency.py.
        window.performance.mark(THINK_MARK)
        action = await think(session.thinking())
        window.performance.measure(THINK_MEASURE, THINK_MARK)
        await asyncio.sleep(0)  # the move is shown in a task of its own
        self.dispatch(("computer-moved", generation, str(action)))

    async def _hint(self, generation: int) -> None:
        session = self.model().session
        if session is None:
            return
        hint = await think(hint_thinking(session.observation(YOU), session.deal_number))
        self.dispatch(("hint-ready", generation, len(session.state.history), str(hint.action),
                       hint.reason, hint.F))

    async def _review(self, generation: int) -> None:
        """The coach reviews your decisions in slices, telling its progress now and then; it
        stops when the review is cancelled or another deal begins."""
        session = self.model().session
        if session is None or session.person is None:
            return
        work = review_progress(session, session.person)
        told, share = time.perf_counter(), 0.0
        while True:
            until = time.perf_counter() + SLICE_SECONDS
            try:
                while time.perf_counter() < until:
                    share = next(work)
            except StopIteration as done:
                found = summary(done.value)
                await asyncio.sleep(0)  # (the page is drawn again in a task of its own)
                self.dispatch(("review-ready", generation, found))
                return
            await asyncio.sleep(0)
            coaching = self.model().coaching
            if coaching is None or coaching.generation != generation:
                return  # cancelled, or another deal
            if time.perf_counter() - told > PROGRESS_SECONDS:
                told = time.perf_counter()
                self.dispatch(("review-progress", generation, share))
                await asyncio.sleep(0)  # the next slice is a task of its own

    async def _catalog(self, language: str) -> None:
        data = None
        try:
            response = await window.fetch(catalog_url(language))
            if response.ok:
                data = (await response.arrayBuffer()).to_bytes()
        except Exception:  # offline: the game goes on in the language it has
            data = None
        self.dispatch(("catalog", language, data))

    async def _copy(self, text: str) -> None:
        """Copy the share link; where the browser will not, select it for the player to copy."""
        try:
            await window.navigator.clipboard.writeText(text)
            ok = True
        except Exception:  # no clipboard, or no permission: the player copies it by hand
            ok = False
        self.dispatch(("copied", ok))
        link = document.getElementById("share-link")
        if not ok and link:
            link.focus()
            link.select()

    def _download(self, name: str, content: str) -> None:
        """Offer ``content`` as a file download named ``name``."""
        blob = Blob.new(to_js([content]), to_js({"type": "application/json"},
                                                 dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 1000)

    async def read_chosen_file(self, chooser: Any) -> None:
        """The file chosen to import, read (unless it is too large to be an export)."""
        files = chooser.files
        if not files.length:
            return
        file = files.item(0)
        chooser.value = ""  # the same file may be chosen again
        size = int(file.size)
        content = str(await file.text()) if size <= MAX_IMPORT_BYTES else None
        self.dispatch(("file-read", size, content))
