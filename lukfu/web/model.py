"""The page's model: everything the page shows or remembers, as one frozen value.

Plain Python (no ``js``).  A `Model` is three records, each holding what lives as long as it
does: the `Visit` (this opening of the page: its language, its address, its notices and log),
the `Player` (what is kept for the player: settings, statistics, the running score, the
guided deal's progress) and the `Table` (the deal on the table and all that lives and dies
with it).  `update` makes each new model from the last one and a message; the view (`page`)
reads it; nothing about the game lives in the DOM or in fields elsewhere.  The records are
NamedTuples: cheap to make under Pyodide, compared by value, changed with ``_replace``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lukfu import Card, IllegalAction
from lukfu.ai import DEFAULT_LEVEL
from lukfu.ai.hint import Hint
from lukfu.challenge import Challenge
from lukfu.days import Days
from lukfu.i18n import Translator, translator
from lukfu.puzzles import Progress, Puzzle
from lukfu.session import Event, Session, Step
from lukfu.stats import Statistics
from lukfu.web.kinds import FREE, TableKind
from lukfu.web.options import DEFAULT_SPEED, LOOKS, Options
from lukfu.web.saving import Totals

MAX_LOG = 200  # lines kept in the event log
MAX_NOTICES = 4  # notices kept beside the table (one per address parameter)
DEFAULT_LOOKS = tuple((name, default) for name, (_low, _high, default) in LOOKS.items())


class Boot(NamedTuple):
    """What the page read as it started, kept until the chosen language's catalog arrives."""

    options: Options  # the address's
    stored: dict[str, str | None]  # localStorage, by key
    storage: bool  # False: the browser refuses to store anything


class Settings(NamedTuple):
    """The player's choices in the Settings panel (kept in localStorage), and the address's
    delay, which wins over the speed until the player picks one."""

    speed: str = DEFAULT_SPEED
    level: str = DEFAULT_LEVEL
    marks: bool = True  # mark the cards that can take part in a legal play
    shapes: bool = False  # a plain suit shape on every face
    looks: tuple[tuple[str, int], ...] = DEFAULT_LOOKS
    delay: int | None = None  # milliseconds before a computer move, from ?delay=
    coach: bool = True  # review each finished deal in the background
    sound: bool = True  # the table's sounds (never before the player has interacted)


class Coaching(NamedTuple):
    """The coach's review of the deal dealt as ``generation`` (`lukfu.web.coaching`): its
    progress, its result, and whether the player opened it."""

    generation: int
    progress: float = 0.0  # 0–1
    summary: dict[str, Any] | None = None  # lukfu.coach.summary, once done
    judged: tuple[dict[str, Any], ...] = ()  # the decisions judged so far (lukfu.coach.decision_summary)
    open: bool = False
    counts: bool = False  # started as the deal ended: its accuracy goes into the statistics


class Notice(NamedTuple):
    """A notice beside the table: ``kind`` says which words (the view translates them, so a
    language switch rewords it), ``args`` fill them in; ``action`` is its button, if any."""

    id: int
    kind: str
    args: tuple[str, ...] = ()
    action: str = ""  # the data-action of its button ("resume-aside", "new-version")
    fleeting: bool = False  # news that asks for nothing: it goes by itself


class LogLine(NamedTuple):
    """A line of the event log: an event of a deal, a notice, or the page's own words."""

    id: int
    kind: str  # "event", "notice", "deal-number", "resumed"
    event: Event | None = None
    notice: Notice | None = None
    number: int = 0


class StatsNote(NamedTuple):
    """What the statistics panel says about an import: a message, the refused fields, or the
    question before an import replaces the player's statistics."""

    kind: str = ""  # "", "replaced", "kept", "too-large", "refused", "confirm"
    rejections: tuple[object, ...] = ()  # lukfu.stats.Rejection, for "refused"
    mine: int = 0  # deals now, and in the import, for "confirm"
    theirs: int = 0


class Visit(NamedTuple):
    """This visit of the page: what it was opened with, the language it speaks, what it says
    beside the table (the notices, the log) and how it stands with the browser."""

    tr: Translator = translator()
    booted: bool = False  # the game is on the table (the catalog arrived, a deal was dealt)
    boot: Boot | None = None  # what the page read as it started, until the catalog arrives
    switching_to: str = ""  # a language whose catalog is on its way
    query: str = ""  # the address's ?… as it is now
    page_url: str = ""  # origin and path of the page, for share links
    touch: bool = False  # played with a finger: its words say tap
    reduced_motion: bool = False  # the system asks for no movement
    entropy: int = 0  # where random deal numbers come from (the wiring's, once a visit)
    today: str = ""  # the device's date, YYYY-MM-DD (the wiring's, kept up to date): today's deal
    deals_dealt: int = 0  # random deals dealt so far on this visit
    notices: tuple[Notice, ...] = ()
    log: tuple[LogLine, ...] = ()
    next_id: int = 1  # of the next notice or log line
    suit_tip: bool = False  # the first-use legend of the suits is up
    dismissed: frozenset[str] = frozenset()  # the first look's notices closed (update.FIRST_LOOK)
    aside: str | None = None  # the save of a deal in progress that a shared link's deal replaced
    puzzles: tuple[Puzzle, ...] | None = None  # read once the player opens the puzzles
    puzzles_open: str = ""  # the puzzles' list: "" closed, "loading", "open"
    storage_told: bool = False  # the "storage is full or off" notice, once a visit
    interacted: bool = False  # the player pressed, clicked or typed: sounds may play
    offline_ready: bool = False  # the service worker holds the whole game: it plays offline
    newer_version: bool = False  # a new version waits (the service worker says)
    version_offered: bool = False


class Player(NamedTuple):
    """What the page keeps for the player from deal to deal and visit to visit: their settings,
    statistics and running score, and how far they got in the guided deal."""

    settings: Settings = Settings()
    stats: Statistics = Statistics()
    importing: Statistics | None = None  # an import waiting for the player's yes
    stats_note: StatsNote = StatsNote()
    totals: Totals = Totals((0, 0, 0), 0)  # this tab's running score
    lesson_step: int = 0  # where the guided deal goes on from (kept in localStorage)
    lesson_done: bool = False  # the guided deal was played to its end once
    days: Days = Days()  # each day's deal you finished on its day, and its par (kept)
    puzzling: Progress = Progress()  # the puzzles tried and solved, and the rating


class Asked(NamedTuple):
    """A puzzle on the table (`puzzling`): which, and how your answers went."""

    id: str
    verdict: str = ""  # "", "right" or "wrong": your last answer's
    tried: str = ""  # that answer, an action's text
    shown: bool = False  # "Show the answer" was pressed
    out: bool = False  # "Play it out": your moves are taken as in a deal


class Table(NamedTuple):
    """The deal on the table and everything that lives and dies with it: each deal dealt or
    resumed is a new `Table`, so nothing of the last one (a selection, a hint, a replay, a
    review, a refusal) is left over."""

    kind: TableKind = FREE  # a free deal, a shared one, the lesson: what it is, what it is for
    session: Session | None = None
    generation: int = 0  # one more for each table: a stale computer turn or hint is dropped
    hints: int = 0  # hints asked for in this deal (kept in the save, counted at its end)
    counted: bool = False  # whether this finished deal is in the statistics
    step: int = 0  # a scripted table's (the lesson's) step, of lukfu.lesson.STEPS; a practice's
    #                start: the moves made before it (`practice`)
    aside: str | None = None  # the save of the deal this table was opened over (the lesson's),
    #                           back on the table when this one is left
    off_script: str = ""  # the lesson: "other", you made another move than the step asks;
    #                       "read", you moved before reading the step
    selected: frozenset[Card] = frozenset()
    advice: Hint | None = None  # the hint on display, until the player acts or reselects
    hinting: bool = False  # a hint is being worked out
    refusal: IllegalAction | None = None  # the refusal of the last refused action, until reselection
    last_trick: bool = False  # the player asked to see the last trick again
    replay: tuple[Step, ...] | None = None  # a finished deal told again, step by step
    replay_at: int = 0
    replay_of: str = ""  # "" this deal's replay; `challenging.REPLAY`: the challenger's deal
    coaching: Coaching | None = None  # the coach's review of the finished deal
    confirming: bool = False  # "Abandon this deal?" is asked
    share_status: str = ""  # "", "copied" or "select": how copying the share link went
    failure: str | None = None  # what stopped this deal (a traceback and the deal's record)
    par: int | None = None  # a day's deal, once over: Expert's score in your seat (`dailies`)
    challenge: Challenge | None = None  # a friend's challenge: their deal as they played it
    challenge_link: str = ""  # "Challenge a friend" pressed: the link that carries this deal
    asked: Asked | None = None  # a puzzle's table: the puzzle and your answers


class Model(NamedTuple):
    """Everything the page shows or remembers: the visit, the player's own, the table."""

    visit: Visit = Visit()
    player: Player = Player()
    table: Table = Table()
