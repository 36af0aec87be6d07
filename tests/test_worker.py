"""The game's worker as the page meets it: JSON messages in, answers out in order, asked or not.

`lukfu.web.worker` runs under CPython here as it does in Pyodide in the page's worker; the page
side is played by a stand-in that reads the answers as the page does (`lukfu.web.dom.data.wrap`)
and takes what the game tells of its own accord (`next_answer`) until it has nothing under way.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lukfu.i18n import catalog_path
from lukfu.web.dom.data import Data, wrap
from lukfu.web.page import page_view
from lukfu.web.worker import Game, plain

STATIC = [["Rules", None], ["Settings", None], ["First", "replay"]]


def in_a_loop_of_its_own(work: Any) -> Any:
    """Run a coroutine to its end on an event loop of its own (the browser tests' Playwright
    may run one in this process already)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


class JsonPage:
    """What the page does with the worker's answers, without a browser: it keeps the view and
    takes every answer the game gives unasked, until the game has nothing under way (its pauses
    made instant)."""

    def __init__(self, languages: tuple[str, ...] = ("en",)) -> None:
        self.game = Game()
        self.game.fetch = self._fetch  # type: ignore[method-assign]
        self.game.pause = self._pause  # type: ignore[method-assign]
        self.view: Any = None
        self.pages: list[dict[str, Any]] = []
        self.effects: list[list[Any]] = []
        self.answers: list[dict[str, Any]] = []
        self.boot = {"query": "?seed=7&delay=0", "page_url": "http://127.0.0.1/luk-fu/index.html",
                     "languages": list(languages), "stored": {"lukfu.lesson": "0", "lukfu.coach": "off"},
                     "tab": {}, "storage": True, "touch": False, "reduced_motion": False,
                     "static": STATIC}

    @staticmethod
    async def _fetch(url: str) -> bytes | None:
        assert url.startswith("http://127.0.0.1/luk-fu/locales/"), url
        language = url.split("/")[5]
        return catalog_path(language).read_bytes()

    @staticmethod
    async def _pause(seconds: float) -> None:
        await asyncio.sleep(0)

    def send(self, message: list[Any]) -> None:
        in_a_loop_of_its_own(self._send(message))

    async def _send(self, message: list[Any]) -> None:
        seq = self.game.receive(json.dumps(message))
        assert seq == self.game.outbox[-1]["seq"]  # its answer, next in line
        while self.game.tasks or self.game.outbox:
            if self.game.outbox:
                self.take(await self.game.next_answer())
            else:
                await asyncio.sleep(0)

    def take(self, answer: str) -> None:
        data = json.loads(answer)
        assert set(data) <= {"seq", "view", "effects", "page", "thought"}
        assert not self.answers or data["seq"] > self.answers[-1]["seq"]
        self.answers.append(data)
        if data["view"] is not None:
            self.view = wrap(data["view"])
        if "page" in data:
            self.pages.append(data["page"])
        self.effects += data["effects"]


def test_a_deal_is_played_through_the_worker_in_json() -> None:
    page = JsonPage()
    page.send(["start", page.boot])
    assert len(page.view.table.hand) == 12
    assert page.pages == [{"language": "en", "direction": "ltr", "source": True,
                           "offered": ["en", "fi", "it", "fr", "fa", "zh-Hant"],
                           "max_import": page.pages[0]["max_import"],
                           "words": ["Rules", "Settings", "First"]}]
    for _ in range(200):
        session = page.game.model.table.session
        assert session is not None
        if session.is_over:
            break
        legal = session.observation(0).legal[0]
        for card in legal.cards if legal.kind in ("play", "discard") else ():
            page.send(["card", str(card)])
        page.send(["press", legal.kind])
    else:
        raise AssertionError("the deal did not end")
    assert page.view.table.result is not None  # the end of the deal, on the table
    assert any("thought" in answer for answer in page.answers)  # the computers, told unasked
    assert not any(effect[0] in ("think", "wait") for effect in page.effects)  # the game's own


def test_the_static_page_is_translated_when_the_language_arrives() -> None:
    page = JsonPage(languages=("fr-fr",))
    page.send(["start", page.boot])
    french = page.pages[-1]
    assert french["language"] == "fr" and not french["source"]
    assert french["words"][0] == "Règles" and french["words"][2] != "First"
    page.send(["setting", "language", "fa"])
    persian = page.pages[-1]
    assert persian["language"] == "fa" and persian["direction"] == "rtl"
    assert page.view.language == "fa"


def test_nothing_is_drawn_until_the_language_has_arrived() -> None:
    """A page in French: the answer to its start has no view (the page keeps its loading table
    in French, instead of an English one for a moment); the next, unasked, is in French."""
    page = JsonPage(languages=("fr-fr",))
    page.send(["start", page.boot])
    first, second = page.answers[:2]
    assert first["view"] is None and "page" not in first and not first["effects"]
    assert second["view"]["language"] == "fr" and second["page"]["language"] == "fr"


def test_sounds_come_with_their_recipe() -> None:
    page = JsonPage()
    page.send(["start", page.boot])
    page.send(["press", "call"])  # the player touched the page: sounds may play from here
    cards = [effect for effect in page.effects if effect[0] == "sound"]
    assert cards, page.effects
    for _sound, name, tones, gap, volume in cards:
        assert name and tones and gap > 0 and 0 < volume <= 1
        assert all(len(tone) == 5 and tone[0] for tone in tones)


def test_every_view_crosses_to_the_page_whole() -> None:
    """The page reads each field of the worker's named tuples as an attribute, whole."""
    page = JsonPage()
    page.send(["start", page.boot])
    page.send(["press", "call"])
    page.send(["press", "statistics"])

    def same(mine: object, theirs: object) -> None:
        if isinstance(mine, tuple) and hasattr(mine, "_fields"):
            assert isinstance(theirs, Data)
            for name in mine._fields:
                same(getattr(mine, name), getattr(theirs, name))
        elif isinstance(mine, list | tuple):
            assert isinstance(theirs, list) and len(theirs) == len(mine)
            for a, b in zip(mine, theirs, strict=True):
                same(a, b)
        else:
            assert mine == theirs

    view = page_view(page.game.model)
    same(view, wrap(json.loads(json.dumps(plain(view)))))
    same(view, page.view)


def test_the_snapshot_is_kept_once_the_hand_is_on_the_table_and_the_game_idle() -> None:
    """The interpreter's snapshot (static/pyodide.mjs) goes on the device once: after the first
    view (not while a French page still waits for its words), when nothing is under way."""
    page = JsonPage(languages=("fr-fr",))
    kept: list[tuple[int, int, bool]] = []

    async def keep() -> None:
        kept.append((page.game.seq, len(page.game.tasks), page.view is not None))

    page.game.keep_snapshot = keep  # type: ignore[method-assign]
    page.send(["start", page.boot])
    assert kept == [(page.game.seq, 1, True)]  # (the one task under way: the keeping itself)
    page.send(["press", "call"])
    assert len(kept) == 1
