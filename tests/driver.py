"""A page without a browser: messages through `update`, effects carried out in memory.

`Driver` plays the part of the wiring and the effects (`lukfu.web.app`, `lukfu.web.effects`):
storage is two dicts, timers a queue that `settle` runs, computer players, hints and the coach
think at once, catalogs are read from locales/.  Tests drive whole games through it under CPython.

What they think depends only on the table (their decisions are seeded by the deal, the move and
the level: tests/test_ai_levels.py), so each thought is worked out once per test process and
remembered by the session's record: the tests that play the same deal share its moves and review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from lukfu import Action, Card
from lukfu.ai.hint import hint_thinking
from lukfu.ai.thinking import finish
from lukfu.coach import COACH, Judging, review, summary
from lukfu.daily import par
from lukfu.i18n import catalog_path
from lukfu.session import Session
from lukfu.web.effects import (
    LOCAL,
    Address,
    Copy,
    Download,
    Effect,
    FetchCatalog,
    FetchPuzzles,
    Forget,
    Review,
    Share,
    Store,
    Think,
    ThinkHint,
    ThinkPar,
    Wait,
)
from lukfu.web.messages import (
    Catalog,
    ComputerMoved,
    Copied,
    HandCard,
    HintReady,
    Message,
    NoticeGone,
    ParReady,
    Press,
    PuzzlesRead,
    ReviewProgress,
    ReviewReady,
    Said,
    Start,
    Stored,
    decode,
)
from lukfu.web.model import Model
from lukfu.web.page import PageView, enabled_buttons, page_view
from lukfu.web.update import update
from lukfu.web.view import TableView

ROOT = Path(__file__).resolve().parent.parent

_THOUGHT: dict[tuple[object, ...], Any] = {}

# The coach's review on a sixteenth of its sampled deals: the same code and the same kind of
# figures, for the tests that need a review but not the coach's own figures (a coach on only
# because a player's would be; reasons, given the same way whatever the budget).  The coach's
# own figures are tests/test_update_review.py's and tests/test_page_review.py's.
QUICK = COACH._replace(first_playouts=20, first_worlds=2, second_worlds=4, most_worlds=24)


def thought(what: str, session: Session, think: Callable[[], Any], *also: object) -> Any:
    """``think()``, or what it gave before for ``what`` at the same table."""
    key = (what, session.record(), *also)
    if key not in _THOUGHT:
        _THOUGHT[key] = think()
    return _THOUGHT[key]


class Driver:
    """The page, with ``stored`` (localStorage) and ``tab`` (sessionStorage) as dicts."""

    def __init__(self, query: str = "", stored: dict[str, str] | None = None,
                 tab: dict[str, str] | None = None, languages: Iterable[str] = ("en",),
                 storage: bool = True, entropy: int = 1, touch: bool = False,
                 unreachable: Iterable[str] = (), coach: bool = False,
                 new_player: bool = False, today: str = "2026-12-04",
                 puzzles: str | None = None, judging: Judging = COACH) -> None:
        """``unreachable`` names the languages whose catalog cannot be fetched (offline); the
        coach is off (as if set so) unless ``coach`` or ``stored`` says otherwise, so that only
        the tests about it spend time on its reviews; the guided deal was offered before
        unless ``new_player`` (its notice would be in the way of tests about other notices);
        the device's date is ``today``; the coach reviews with ``judging``."""
        self.model = Model()
        self.stored: dict[str, str] = dict(stored or {})
        if not coach:
            self.stored.setdefault("lukfu.coach", "off")
        if not new_player:
            self.stored.setdefault("lukfu.lesson", "0")
        self.tab: dict[str, str] = dict(tab or {})
        self.storage = storage
        self.unreachable = set(unreachable)
        self.puzzles = puzzles  # the puzzles' file (None: static/puzzles.json; "": unreachable)
        self.judging = judging
        self.timers: list[Message] = []  # what the page is waiting to send
        self.effects: list[Effect] = []  # every effect so far, in order
        self.address = query
        self.downloads: list[tuple[str, str]] = []
        self.clipboard: list[str] = []
        self.boot = {"query": query, "page_url": "http://127.0.0.1/luk-fu/",
                     "languages": list(languages), "stored": dict(self.stored) if storage else {},
                     "tab": dict(self.tab), "storage": storage, "touch": touch,
                     "reduced_motion": False, "entropy": entropy, "today": today}

    # --- the page's side ------------------------------------------------------------------------

    def start(self) -> Driver:
        self.send(Start(self.boot))
        return self

    def send(self, message: Message | list[Any] | tuple[Any, ...]) -> list[Effect]:
        """``message`` through `update` (as the page sends it, a JSON list, or as a `Message`);
        its effects carried out."""
        if not isinstance(message, Said):
            message = decode(message)
        self.model, effects = update(self.model, message)
        page_view(self.model)  # every model must be viewable
        self.effects += effects
        for effect in effects:
            self.run(effect)
        return effects

    def run(self, effect: Effect) -> None:
        if isinstance(effect, Store):
            if not self.storage:
                self.send(Stored(False))
            else:
                (self.stored if effect.area == LOCAL else self.tab)[effect.key] = effect.value
        elif isinstance(effect, Forget):
            (self.stored if effect.area == LOCAL else self.tab).pop(effect.key, None)
        elif isinstance(effect, Wait):
            self.timers.append(effect.message)
        elif isinstance(effect, Think):
            session = self.model.table.session
            assert session is not None
            action = thought("move", session, lambda: finish(session.thinking()))
            self.timers.append(ComputerMoved(effect.generation, str(action)))
        elif isinstance(effect, Review):
            session = self.model.table.session
            assert session is not None and session.person is not None
            person, judging = session.person, self.judging
            found = summary(thought("review", session, lambda: review(session, person, judging),
                                   person, judging))
            self.timers.append(ReviewProgress(effect.generation, 0.5, found["decisions"][:1]))
            self.timers.append(ReviewReady(effect.generation, found))
        elif isinstance(effect, ThinkHint):
            session = self.model.table.session
            assert session is not None
            hint = thought("hint", session, lambda: finish(
                hint_thinking(session.observation(0), session.deal_number)))
            self.timers.append(HintReady(effect.generation, len(session.state.history),
                                         str(hint.action), hint.reason, hint.F))
        elif isinstance(effect, FetchCatalog):
            path = catalog_path(effect.language)
            found = path.is_file() and effect.language not in self.unreachable
            self.send(Catalog(effect.language, path.read_bytes() if found else None))
        elif isinstance(effect, FetchPuzzles):
            found = ROOT / "static" / "puzzles.json"
            text = found.read_text(encoding="utf-8") if self.puzzles is None else self.puzzles or None
            self.send(PuzzlesRead(text))
        elif isinstance(effect, Address):
            self.address = effect.query
        elif isinstance(effect, Download):
            self.downloads.append((effect.name, effect.text))
        elif isinstance(effect, Copy):
            self.clipboard.append(effect.text)
            self.send(Copied(True))
        elif isinstance(effect, Share):  # (no Web Share here: the clipboard)
            self.clipboard.append(f"{effect.text} {effect.url}")
            self.send(Copied(True))
        elif isinstance(effect, ThinkPar):
            self.timers.append(ParReady(effect.generation, effect.day, par(effect.day)))

    def settle(self, only_computers: bool = False) -> None:
        """Let time pass until nothing is waiting (the computers move, hints arrive); with
        ``only_computers``, leave fleeting notices up."""
        while self.timers:
            message = self.timers.pop(0)
            if only_computers and isinstance(message, NoticeGone):
                continue
            self.send(message)

    # --- what the page shows ---------------------------------------------------------------------

    @property
    def view(self) -> PageView:
        return page_view(self.model)

    @property
    def table(self) -> TableView:
        table = self.view.table
        assert table is not None
        return table

    def enabled(self) -> frozenset[str]:
        return enabled_buttons(self.model)

    def log(self) -> list[str]:
        return [words for _id, words, _notice in self.view.log]

    def notices(self) -> list[str]:
        return [notice.text for notice in self.view.notices]

    # --- a player at the page ----------------------------------------------------------------------

    def press(self, name: str) -> None:
        self.send(Press(name))

    def select(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self.send(HandCard(str(card)))

    def act(self, action: Action) -> None:
        """Take ``action`` as a player would: select its cards, press its button."""
        if action.kind in ("play", "discard"):
            self.select(action.cards)
        self.press(action.kind)

    def call(self) -> None:
        """Call this deal, and let the computers move until it is your turn again."""
        self.press("call")
        self.settle(only_computers=True)

    def play_to_the_end(self, choose: Any = None) -> None:
        """Play the deal out: ``choose(observation)`` (else the first legal action) each turn."""
        for _ in range(200):
            self.settle(only_computers=True)
            session = self.model.table.session
            assert session is not None
            if session.is_over:
                return
            obs = session.observation(0)
            self.act(choose(obs) if choose else obs.legal[0])
        raise AssertionError("the deal did not end")
