"""Statistics over many deals: tallies by computer level, recent net points, and their JSON form.

Each finished deal adds one line to the tally of the level the person played against: a win, a
draw, a loss (points paid) or a deal another player won without the person paying anything
(the third player when a non-caller beats the caller), the net points, whether the person called
and whether that call won, and the hints asked for.  The net points of the last `RECENT` deals
are kept in order for a chart.

`Statistics.to_json` writes the export; `Statistics.from_json` reads one back checking every
field, and refuses a file with anything wrong in it, naming each `Rejection` (the field's path
and what is wrong with it) so that the page can list them all at once.

>>> stats = Statistics()
>>> stats.add("beginner", Outcome(net=4, won=True, drawn=False, called=True, hints=1))
>>> stats.total().wins, Statistics.from_json(stats.to_json()) == stats
(1, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from .ai import LEVELS
from .scoring import MAX_NET
from .session import PERSON, Session

STATS_VERSION = 1
RECENT = 50  # the last deals' net points kept for the chart
MAX_COUNT = 10**9  # more deals than anybody plays
MAX_HINTS_PER_DEAL = 1000
MAX_REJECTIONS = 20  # a file wrong everywhere is not listed to the end

# What is wrong with a field of an import, as `Rejection.problem`.
NOT_JSON = "not-json"  # the file is not JSON at all
NOT_STATISTICS = "not-statistics"  # JSON, but not Luk Fu's statistics (or of another version)
MISSING = "missing"
UNKNOWN = "unknown"  # a field (or a computer level) this game does not know
NOT_OBJECT = "not-object"
NOT_LIST = "not-list"
NOT_WHOLE = "not-whole-number"
OUT_OF_RANGE = "out-of-range"
TOO_MANY = "too-many"  # more than allowed of something: wins than deals, calls won than calls…
TOO_LONG = "too-long"
DOES_NOT_ADD_UP = "does-not-add-up"  # wins, draws, losses and deals paid for by nobody are not the deals


class Rejection(NamedTuple):
    """One refused field of an import: its path ("levels.beginner.wins"), the problem, and the
    value as found (shortened), to show the player."""

    path: str
    problem: str
    value: str = ""


class StatisticsError(ValueError):
    """An import refused; ``rejections`` lists every field that is wrong (at most 20)."""

    def __init__(self, rejections: list[Rejection]) -> None:
        super().__init__("; ".join(f"{r.path or '(file)'}: {r.problem}" for r in rejections))
        self.rejections = rejections


class Outcome(NamedTuple):
    """One finished deal as the person at the page played it."""

    net: int
    won: bool
    drawn: bool
    called: bool
    hints: int


def outcome(session: Session, hints: int) -> Outcome:
    """How the finished deal at ``session`` went for the person."""
    state, seat = session.state, session.seats.index(PERSON)
    assert state.is_over, "only a finished deal counts"
    winner = state.winner
    return Outcome(state.net_points[seat], winner == seat, winner is None, state.caller == seat,
                   hints)


@dataclass
class Tally:
    """The deals played against one computer level."""

    deals: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0  # deals another player won and the person paid for
    spared: int = 0  # deals another player won and the person paid nothing for
    net: int = 0
    calls: int = 0
    calls_won: int = 0
    hints: int = 0

    def add(self, deal: Outcome) -> None:
        self.deals += 1
        self.wins += deal.won
        self.draws += deal.drawn
        lost = not (deal.won or deal.drawn)
        self.losses += lost and deal.net < 0
        self.spared += lost and deal.net >= 0
        self.net += deal.net
        self.calls += deal.called
        self.calls_won += deal.called and deal.won
        self.hints += deal.hints


COUNTS = tuple(f.name for f in fields(Tally))
OPTIONAL_COUNTS = ("spared",)  # an export from before it was counted has none (read as 0)


@dataclass
class Statistics:
    """Every deal counted so far: a `Tally` by computer level, and the recent net points."""

    levels: dict[str, Tally] = field(default_factory=dict)
    recent: list[int] = field(default_factory=list)  # oldest first, at most RECENT
    accuracy: list[int] = field(default_factory=list)  # the coach's, in %, of the last deals reviewed

    def add(self, level: str, deal: Outcome) -> None:
        self.levels.setdefault(level, Tally()).add(deal)
        self.recent = [*self.recent, deal.net][-RECENT:]

    def add_accuracy(self, percent: int) -> None:
        """The coach's accuracy (0–100) of a deal just reviewed."""
        self.accuracy = [*self.accuracy, max(0, min(100, percent))][-RECENT:]

    def total(self) -> Tally:
        total = Tally()
        for tally in self.levels.values():
            for name in COUNTS:
                setattr(total, name, getattr(total, name) + getattr(tally, name))
        return total

    def to_json(self) -> str:
        """The export: readable JSON, levels in the game's order."""
        levels = {level: vars(self.levels[level]) for level in LEVELS if level in self.levels}
        data: dict[str, object] = {"lukfu-statistics": STATS_VERSION, "levels": levels,
                                   "recent": self.recent}
        if self.accuracy:
            data["accuracy"] = self.accuracy
        return json.dumps(data, indent=2)

    @classmethod
    def from_json(cls, text: str) -> Statistics:
        """Statistics from an export; `StatisticsError` lists every field that is wrong."""
        try:
            data = json.loads(text.removeprefix("\ufeff"))  # a byte order mark some editors add
        except (ValueError, TypeError, RecursionError):
            raise StatisticsError([Rejection("", NOT_JSON)]) from None
        if not isinstance(data, dict) or data.get("lukfu-statistics") != STATS_VERSION:
            raise StatisticsError([Rejection("", NOT_STATISTICS)])
        problems: list[Rejection] = []
        problems += [Rejection(name, UNKNOWN) for name in data
                     if name not in ("lukfu-statistics", "levels", "recent", "accuracy")]
        stats = cls(_read_levels(data.get("levels"), problems), _read_recent(data, problems),
                    _read_accuracy(data, problems))
        deals = stats.total().deals
        if not problems and len(stats.recent) > deals:  # (a refused level would count 0)
            problems.append(Rejection("recent", TOO_MANY, shown(len(stats.recent))))
        if not problems and len(stats.accuracy) > deals:
            problems.append(Rejection("accuracy", TOO_MANY, shown(len(stats.accuracy))))
        if problems:
            raise StatisticsError(problems[:MAX_REJECTIONS])
        return stats


def shown(value: object) -> str:
    """A found value as a rejection quotes it: JSON, its start only."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 24 else text[:24] + "…"


def _whole(value: object, path: str, low: int, high: int, problems: list[Rejection]) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else 0, with a rejection."""
    if not isinstance(value, int) or isinstance(value, bool):
        problems.append(Rejection(path, NOT_WHOLE, shown(value)))
        return 0
    if not low <= value <= high:
        problems.append(Rejection(path, OUT_OF_RANGE, shown(value)))
        return 0
    return value


def _read_levels(levels: object, problems: list[Rejection]) -> dict[str, Tally]:
    if levels is None:
        problems.append(Rejection("levels", MISSING))
        return {}
    if not isinstance(levels, dict):
        problems.append(Rejection("levels", NOT_OBJECT, shown(levels)))
        return {}
    read: dict[str, Tally] = {}
    for level, counts in levels.items():
        path = f"levels.{level}"
        if level not in LEVELS:
            problems.append(Rejection(path, UNKNOWN))
        elif not isinstance(counts, dict):
            problems.append(Rejection(path, NOT_OBJECT, shown(counts)))
        else:
            read[level] = _read_tally(counts, path, problems)
    return read


def _read_tally(counts: dict[str, Any], path: str, problems: list[Rejection]) -> Tally:
    problems += [Rejection(f"{path}.{name}", UNKNOWN) for name in counts if name not in COUNTS]
    problems += [Rejection(f"{path}.{name}", MISSING) for name in COUNTS
                 if name not in counts and name not in OPTIONAL_COUNTS]
    tally = Tally()
    deals = _whole(counts.get("deals", 0), f"{path}.deals", 0, MAX_COUNT, problems)
    tally.deals = deals
    for name in ("wins", "draws", "losses", "spared", "calls"):
        setattr(tally, name, _at_most(counts.get(name, 0), f"{path}.{name}", deals, problems))
    tally.calls_won = _at_most(counts.get("calls_won", 0), f"{path}.calls_won",
                               min(tally.calls, tally.wins), problems)
    tally.net = _whole(counts.get("net", 0), f"{path}.net", -MAX_NET * deals, MAX_NET * deals,
                       problems)
    tally.hints = _whole(counts.get("hints", 0), f"{path}.hints", 0,
                         MAX_HINTS_PER_DEAL * deals, problems)
    if tally.wins + tally.draws + tally.losses + tally.spared != deals and not any(
            r.path.startswith(path + ".") for r in problems):
        problems.append(Rejection(f"{path}.deals", DOES_NOT_ADD_UP, shown(deals)))
    return tally


def _at_most(value: object, path: str, high: int, problems: list[Rejection]) -> int:
    """A count that cannot exceed another (wins than deals): TOO_MANY if it does."""
    if isinstance(value, int) and not isinstance(value, bool) and high < value <= MAX_COUNT:
        problems.append(Rejection(path, TOO_MANY, shown(value)))
        return 0
    return _whole(value, path, 0, MAX_COUNT, problems)


def _read_recent(data: dict[str, Any], problems: list[Rejection]) -> list[int]:
    if "recent" not in data:
        problems.append(Rejection("recent", MISSING))
        return []
    return _read_list(data, "recent", -MAX_NET, MAX_NET, problems)


def _read_accuracy(data: dict[str, Any], problems: list[Rejection]) -> list[int]:
    """The coach's accuracies (an export from before the coach has none)."""
    return _read_list(data, "accuracy", 0, 100, problems) if "accuracy" in data else []


def _read_list(data: dict[str, Any], name: str, low: int, high: int,
               problems: list[Rejection]) -> list[int]:
    found = data[name]
    if not isinstance(found, list):
        problems.append(Rejection(name, NOT_LIST, shown(found)))
        return []
    if len(found) > RECENT:
        problems.append(Rejection(name, TOO_LONG, shown(len(found))))
        return []
    return [_whole(n, f"{name}.{i}", low, high, problems) for i, n in enumerate(found)]
