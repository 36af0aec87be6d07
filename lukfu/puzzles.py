"""Puzzles from real deals: positions of self-play where one move is clearly best, as data.

``tools/puzzles.py`` makes them (fixed seeds, a budget far above Expert's: docs/puzzles.md) and
writes ``static/puzzles.json``; nothing here is written by hand. Each puzzle is a deal's record
(``Session.record_data``, the person at seat 0) up to the position, the answer, and for every
legal move what it loses against the answer (net points over many sampled deals) and the
coach's reason (``lukfu.reasons``) why the answer is better.

``read`` checks the file's shape: a damaged file is refused with the first bad entry named
(``PuzzleError``), never half-read. ``python -m lukfu.puzzles --check [--first N]`` judges every
puzzle's position again with the coach (``lukfu.coach.COACH``), which must find the answer the
best move, and ends with one JSON line: ``{"puzzles": N, "confirmed": N, "themes": {...}}``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action, parse_action
from .observation import Observation
from .records import RecordError
from .session import Session

if TYPE_CHECKING:  # (pathlib only under CPython: the page never imports it)
    from pathlib import Path

PUZZLES_VERSION = 1
CALL, CLAIM, CASH, DISCARD, LEAD, OLD = "call", "claim", "cash", "discard", "lead", "old"
THEMES = (CALL, CLAIM, CASH, DISCARD, LEAD, OLD)
"""Call or pass; claim now or play on; cash an unbeatable play first; which cards to discard
face down; what to lead as a non-caller; keep or spend an Old card."""
SEAT = 0
"""The puzzle's seat: the page's person sits there, so a puzzle plays on with no turning."""


class PuzzleError(ValueError):
    """A puzzle file that cannot be read; the message names the first bad entry."""


@dataclass(frozen=True)
class Move:
    """One legal move of the position: what it loses against the answer, why the answer is
    better (a ``lukfu.reasons`` code; empty for the answer itself), how often it won."""

    action: Action
    loss: float
    reason: str
    won: float  # the share of the sampled deals the seat won after it


@dataclass(frozen=True)
class Puzzle:
    """One position and its answer."""

    id: str
    theme: str
    record: dict[str, Any]  # Session.record_data() of the deal up to the position
    answer: Action
    moves: tuple[Move, ...]  # every legal move, the answer first, then by loss
    saves: float  # the smallest loss of any other move: what the answer saves
    found: tuple[float, float]  # the share of decisions in which Casual, Strong chose the answer
    rating: int  # Elo-like: harder is higher
    worlds: int  # sampled deals each move was measured on

    def session(self) -> Session:
        """The deal at the position (``RecordError`` if its record does not replay)."""
        session = Session.from_record_data(self.record)
        if session.to_move != SEAT or session.is_over:
            raise RecordError(f"puzzle {self.id}: seat {SEAT} is not to move")
        return session

    def observation(self) -> Observation:
        return self.session().observation(SEAT)

    def move(self, action: Action) -> Move | None:
        """The stored judgement of ``action`` (``None`` for a move that is not legal here)."""
        return next((move for move in self.moves if move.action == action), None)


def read(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of a ``puzzles.json`` text; ``PuzzleError`` for anything out of shape."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise PuzzleError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict) or data.get("puzzles") != PUZZLES_VERSION:
        raise PuzzleError("not a puzzle file of this version")
    items = data.get("items")
    if not isinstance(items, list) or not items:
        raise PuzzleError("items: expected a list of puzzles")
    puzzles = tuple(_puzzle(item, number) for number, item in enumerate(items, 1))
    if len({p.id for p in puzzles}) != len(puzzles):
        raise PuzzleError("two puzzles have the same id")
    return puzzles


def _puzzle(item: object, number: int) -> Puzzle:
    where = f"puzzle {number}"
    if not isinstance(item, dict):
        raise PuzzleError(f"{where}: expected an object")
    ident = item.get("id")
    if not isinstance(ident, str) or not ident:
        raise PuzzleError(f"{where}: id: expected a text")
    where = f"puzzle {ident}"
    theme, record, answer = item.get("theme"), item.get("record"), item.get("answer")
    if theme not in THEMES:
        raise PuzzleError(f"{where}: theme: expected one of {', '.join(THEMES)}")
    if not isinstance(record, dict) or not isinstance(record.get("deal"), dict):
        raise PuzzleError(f"{where}: record: expected a session record")
    moves = item.get("moves")
    if not isinstance(moves, list) or len(moves) < 2:
        raise PuzzleError(f"{where}: moves: expected two or more")
    try:
        answer_action = parse_action(answer) if isinstance(answer, str) else None
        parsed = tuple(_move(move) for move in moves)
    except (ValueError, TypeError, KeyError) as error:
        raise PuzzleError(f"{where}: moves: {error}") from None
    if answer_action is None or parsed[0].action != answer_action or parsed[0].loss != 0:
        raise PuzzleError(f"{where}: answer: expected the first move, with no loss")
    found, rating, worlds, saves = (item.get(key) for key in ("found", "rating", "worlds", "saves"))
    if not (isinstance(found, list) and len(found) == 2 and all(_number(f) and 0 <= f <= 1 for f in found)):
        raise PuzzleError(f"{where}: found: expected two shares")
    if not (isinstance(rating, int) and isinstance(worlds, int) and _number(saves)):
        raise PuzzleError(f"{where}: rating, worlds, saves: expected numbers")
    if min(move.loss for move in parsed[1:]) != saves:
        raise PuzzleError(f"{where}: saves: expected the smallest loss of another move")
    return Puzzle(ident, theme, record, answer_action, parsed, float(saves),
                  (float(found[0]), float(found[1])), rating, worlds)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _move(data: object) -> Move:
    if not isinstance(data, list) or len(data) != 4:
        raise ValueError("a move is [action, loss, reason, won]")
    action, loss, reason, won = data
    if not (isinstance(action, str) and _number(loss) and isinstance(reason, str) and _number(won)
            and 0 <= won <= 1):
        raise ValueError(f"bad move {data!r}")
    return Move(parse_action(action), float(loss), reason, float(won))


def write(puzzles: list[dict[str, Any]], about: dict[str, Any]) -> str:
    """The file's text: compact, keys sorted, so the same puzzles make the same bytes."""
    return json.dumps({"puzzles": PUZZLES_VERSION, "about": about, "items": puzzles},
                      separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n"


def themes_count(puzzles: tuple[Puzzle, ...]) -> dict[str, int]:
    """How many puzzles of each theme (every theme named, in ``THEMES``' order)."""
    return {theme: sum(1 for p in puzzles if p.theme == theme) for theme in THEMES}


# --- the player's progress (kept on the device) -------------------------------------------------

START_RATING = 1500
K = 32
"""How far one puzzle moves the rating (Elo's K)."""


@dataclass(frozen=True)
class Progress:
    """The player's puzzles: the first attempt at each (right or not: only it counts in the
    rating), the ones solved at last, and the rating, Elo-like against each puzzle's own."""

    rating: int = START_RATING
    first: tuple[tuple[str, bool], ...] = ()  # (puzzle id, right at the first attempt)
    solved: frozenset[str] = frozenset()

    @property
    def tried(self) -> frozenset[str]:
        return frozenset(ident for ident, _right in self.first)

    def answered(self, puzzle: Puzzle, right: bool) -> Progress:
        """After an answer to ``puzzle``: the first one moves the rating, a right one solves it.

        >>> p = Puzzle("p1", CALL, {}, parse_action("call"), (), 1.0, (0.5, 0.5), 1500, 400)
        >>> after = Progress().answered(p, False).answered(p, True)
        >>> after.rating, after.first, sorted(after.solved)
        (1484, (('p1', False),), ['p1'])
        """
        first, rating = self.first, self.rating
        if puzzle.id not in self.tried:
            expected = 1 / (1 + 10 ** ((puzzle.rating - rating) / 400))
            rating = round(rating + K * ((1 if right else 0) - expected))
            first = (*first, (puzzle.id, right))
        return Progress(rating, first, self.solved | {puzzle.id} if right else self.solved)

    def to_text(self) -> str:
        return json.dumps({"v": 1, "rating": self.rating, "first": [[i, r] for i, r in self.first],
                           "solved": sorted(self.solved)}, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str) -> Progress:
        """Progress read back from ``to_text``; ``PuzzleError`` for anything else.

        >>> Progress.from_text(Progress(1510, (("p1", True),), frozenset({"p1"})).to_text()).rating
        1510
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise PuzzleError(f"not valid JSON: {error}") from None
        if not isinstance(data, dict) or data.get("v") != 1:
            raise PuzzleError("not puzzle progress of this version")
        rating, first, solved = data.get("rating"), data.get("first"), data.get("solved")
        if not isinstance(rating, int) or isinstance(rating, bool) or not 0 < rating < 4000:
            raise PuzzleError("rating: expected a whole number")
        if not (isinstance(first, list) and all(
                isinstance(f, list) and len(f) == 2 and isinstance(f[0], str) and isinstance(f[1], bool)
                for f in first)):
            raise PuzzleError("first: expected [id, right] pairs")
        if not isinstance(solved, list) or not all(isinstance(i, str) for i in solved):
            raise PuzzleError("solved: expected puzzle ids")
        return cls(rating, tuple((f[0], f[1]) for f in first), frozenset(solved))


def path() -> Path:
    """Where the puzzles are, under CPython: ``static/puzzles.json`` in the repository."""
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "static" / "puzzles.json"


def confirms(puzzle: Puzzle) -> bool:
    """Whether the coach (``COACH``), judging the answer from the position, finds no better move."""
    from .ai.thinking import finish
    from .coach import COACH, judge

    session = puzzle.session()
    return finish(judge(session.observation(SEAT), puzzle.answer, session.deal_number, COACH)).loss == 0


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # (here: the page imports this module)
    import time
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m lukfu.puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="judge every answer again with the coach")
    parser.add_argument("--first", type=int, help="only the first N puzzles")
    parser.add_argument("--file", type=Path, help="the puzzle file (default: static/puzzles.json)")
    args = parser.parse_args(argv)
    try:
        puzzles = read((args.file or path()).read_text(encoding="utf-8"))
    except (OSError, PuzzleError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    chosen = puzzles[: args.first] if args.first else puzzles
    confirmed = 0
    for puzzle in chosen:
        if not args.check:
            print(f"{puzzle.id} {puzzle.theme}: {puzzle.answer} saves {puzzle.saves:.2f}")
            continue
        started = time.process_time()
        try:
            ok = puzzle.answer in puzzle.observation().legal and confirms(puzzle)
        except RecordError as error:
            print(f"{puzzle.id}: {error}")
            continue
        confirmed += ok
        print(f"{puzzle.id} {puzzle.theme}: {puzzle.answer} {'confirmed' if ok else 'NOT CONFIRMED'} "
              f"({time.process_time() - started:.1f} s)", flush=True)
    print(json.dumps({"puzzles": len(chosen), "confirmed": confirmed if args.check else None,
                      "themes": themes_count(chosen)}, separators=(",", ":")))
    return 0 if not args.check or confirmed == len(chosen) else 1


if __name__ == "__main__":
    raise SystemExit(main())
