"""What a seat sees of a deal: the phases, tricks as seen, results, and one seat's ``Observation``.

An ``Observation`` is the only input of a computer player and of the page. Its compact text
form round-trips (``Observation.from_text(str(obs)) == obs``), so it can travel to a worker
that thinks for a computer player, or into a hint request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from .actions import Action, parse_action
from .cards import Card, format_cards, parse_cards
from .plays import Play, classify
from .scoring import score, settle

CALLING, PLAYING, OVER = "calling", "playing", "over"
"""The phases of a deal: seats call or pass, then tricks are played, then it is over."""
PHASES = (CALLING, PLAYING, OVER)


@dataclass(frozen=True)
class Turn:
    """One seat's part in a trick: a face-up ``play``, or ``discarded`` cards face down."""

    seat: int
    play: Play | None
    discarded: int


@dataclass(frozen=True)
class Trick:
    """A trick as everyone saw it: who led, each turn, whose play is best so far, who won it.

    ``winner`` is set once the trick is complete (the owner of the best play); for the trick
    in progress it is ``None`` and ``best_seat`` is who would win it now.
    """

    leader: int
    turns: tuple[Turn, ...]
    best_seat: int | None
    best: Play | None
    winner: int | None


@dataclass(frozen=True)
class Result:
    """How a deal ended: ``winner`` is ``None`` for a drawn deal; ``S = F - 5`` for a winner."""

    winner: int | None
    claimed: bool
    F: int
    S: int
    net_points: tuple[int, int, int]

    @classmethod
    def of(cls, winner: int | None, claimed: bool, F: int, caller: int | None) -> Result:
        """The result of a deal won by ``winner`` with ``F`` (RULES §8); a draw scores nothing."""
        if winner is None:
            return cls(None, claimed, F, 0, (0, 0, 0))
        return cls(winner, claimed, F, score(F), settle(winner, F, caller))


@dataclass(frozen=True)
class Observation:
    """Everything one seat may know, and nothing more (the only input of a computer player)."""

    seat: int
    phase: str
    master: int
    to_move: int | None
    hand: tuple[Card, ...]
    old: frozenset[Card]
    hand_sizes: tuple[int, int, int]
    calls: tuple[tuple[int, bool], ...]
    redeals: int
    caller: int | None
    passed_master: bool
    fu: tuple[int, int, int]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    """The trick in progress (``None`` between tricks: the seat to move leads)."""
    public: frozenset[Card]
    discarded: tuple[int, int, int]
    legal: tuple[Action, ...]
    result: Result | None
    revealed: tuple[tuple[Card, ...], ...] | None
    own_discards: frozenset[Card] = frozenset()
    """The cards this seat itself discarded face down (nobody else ever sees them)."""

    @property
    def F(self) -> int:
        """This seat's claim value: fu won plus Old cards in hand."""
        return self.fu[self.seat] + len(self.old)

    @property
    def leading(self) -> bool:
        """Whether the seat to move is about to lead a trick (and may claim)."""
        return self.phase == PLAYING and self.trick is None

    @property
    def move_number(self) -> int:
        """How many actions the deal has seen (since ``from_hands``, for a deal built mid-way)."""
        done = 3 * self.redeals + len(self.calls) + sum(len(t.turns) for t in self.tricks)
        if self.trick is not None:
            done += len(self.trick.turns)
        return done + (1 if self.result is not None and self.result.claimed else 0)

    def claim_result(self) -> Result | None:
        """The result if this seat claimed now, or ``None`` when it may not claim."""
        if Action.claim() not in self.legal:
            return None
        return Result.of(self.seat, True, self.F, self.caller)

    # --- the text form ---------------------------------------------------------------------

    def __str__(self) -> str:
        """One line of ``name=value`` fields separated by ``;`` (see ``from_text``)."""
        fields = (
            ("seat", str(self.seat)),
            ("phase", self.phase),
            ("master", str(self.master)),
            ("to_move", _opt(self.to_move)),
            ("hand", format_cards(self.hand)),
            ("old", format_cards(sorted(self.old))),
            ("sizes", _ints(self.hand_sizes)),
            ("calls", " ".join(f"{seat}{'c' if called else 'p'}" for seat, called in self.calls)),
            ("redeals", str(self.redeals)),
            ("caller", _opt(self.caller)),
            ("passed_master", str(int(self.passed_master))),
            ("fu", _ints(self.fu)),
            ("tricks", "/".join(_trick_text(t) for t in self.tricks)),
            ("trick", "-" if self.trick is None else _trick_text(self.trick)),
            ("public", format_cards(sorted(self.public))),
            ("discarded", _ints(self.discarded)),
            ("legal", ",".join(map(str, self.legal))),
            ("result", "-" if self.result is None else _result_text(self.result)),
            ("revealed", "-" if self.revealed is None else "/".join(map(format_cards, self.revealed))),
            ("own_discards", format_cards(sorted(self.own_discards))),
        )
        return ";".join(f"{name}={value}" for name, value in fields)

    @classmethod
    def from_text(cls, text: str) -> Observation:
        """Read the text form of ``str(observation)``; bad text raises ``ValueError`` naming the field."""
        values: dict[str, str] = {}
        for part in text.strip().split(";"):
            name, sep, value = part.partition("=")
            if not sep or name not in _FIELDS or name in values:
                raise ValueError(f"observation text: unexpected field {part[:30]!r}")
            values[name] = value
        missing = [name for name in _FIELDS if name not in values]
        if missing:
            raise ValueError(f"observation text: missing {', '.join(missing)}")

        def read(name: str, parse: Callable[[str], _T]) -> _T:
            try:
                return parse(values[name])
            except (ValueError, IndexError, KeyError) as error:
                raise ValueError(f"observation text: bad {name} {values[name][:40]!r}: {error}") from None

        phase = read("phase", _phase)
        return cls(
            seat=read("seat", _seat),
            phase=phase,
            master=read("master", _seat),
            to_move=read("to_move", lambda v: _read_opt(v, _seat)),
            hand=read("hand", parse_cards),
            old=read("old", lambda v: frozenset(parse_cards(v))),
            hand_sizes=read("sizes", _three),
            calls=read("calls", _read_calls),
            redeals=read("redeals", _count),
            caller=read("caller", lambda v: _read_opt(v, _seat)),
            passed_master=read("passed_master", lambda v: {"0": False, "1": True}[v]),
            fu=read("fu", _three),
            tricks=read("tricks", lambda v: tuple(_read_trick(t) for t in v.split("/")) if v else ()),
            trick=read("trick", lambda v: _read_opt(v, _read_trick)),
            public=read("public", lambda v: frozenset(parse_cards(v))),
            discarded=read("discarded", _three),
            legal=read("legal", lambda v: tuple(parse_action(a) for a in v.split(",")) if v else ()),
            result=read("result", lambda v: _read_opt(v, _read_result)),
            revealed=read("revealed", lambda v: _read_opt(v, _read_hands)),
            own_discards=read("own_discards", lambda v: frozenset(parse_cards(v))),
        )


_T = TypeVar("_T")
_FIELDS = (
    "seat", "phase", "master", "to_move", "hand", "old", "sizes", "calls", "redeals", "caller",
    "passed_master", "fu", "tricks", "trick", "public", "discarded", "legal", "result", "revealed",
    "own_discards",
)


def _opt(value: int | None) -> str:
    return "-" if value is None else str(value)


def _ints(values: Iterable[int]) -> str:
    return " ".join(map(str, values))


def _read_opt(text: str, parse: Callable[[str], _T]) -> _T | None:
    return None if text == "-" else parse(text)


def _count(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise ValueError("expected a small whole number")
    return int(text)


def _seat(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise ValueError("expected a seat 0, 1 or 2")
    return int(text)


def _phase(text: str) -> str:
    if text not in PHASES:
        raise ValueError(f"expected one of {', '.join(PHASES)}")
    return text


def _three(text: str) -> tuple[int, int, int]:
    a, b, c = (_count(word) for word in text.split())
    return (a, b, c)


def _read_calls(text: str) -> tuple[tuple[int, bool], ...]:
    return tuple((_seat(call[:-1]), {"c": True, "p": False}[call[-1]]) for call in text.split())


def _read_hands(text: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(parse_cards(hand) for hand in text.split("/"))


def _trick_text(trick: Trick) -> str:
    """``leader|turn,turn,…|best seat|winner``; a turn is ``seat:C7 C8 C9`` or ``seat:x2`` (face down)."""
    turns = ",".join(
        f"{t.seat}:{t.play}" if t.play is not None else f"{t.seat}:x{t.discarded}" for t in trick.turns
    )
    return f"{trick.leader}|{turns}|{_opt(trick.best_seat)}|{_opt(trick.winner)}"


def _read_turn(text: str) -> Turn:
    seat, _, what = text.partition(":")
    if what.startswith("x"):
        return Turn(_seat(seat), None, _count(what[1:]))
    play = classify(parse_cards(what))
    if play is None:
        raise ValueError(f"{what!r} is not a play")
    return Turn(_seat(seat), play, 0)


def _read_trick(text: str) -> Trick:
    leader, turns_text, best_seat_text, winner_text = text.split("|")
    turns = tuple(_read_turn(t) for t in turns_text.split(",")) if turns_text else ()
    best_seat = _read_opt(best_seat_text, _seat)
    best = next((t.play for t in turns if t.seat == best_seat), None) if best_seat is not None else None
    return Trick(_seat(leader), turns, best_seat, best, _read_opt(winner_text, _seat))


def _result_text(result: Result) -> str:
    net = _ints(result.net_points)
    return f"{_opt(result.winner)}|{int(result.claimed)}|{result.F}|{result.S}|{net}"


def _read_result(text: str) -> Result:
    winner, claimed, F, S, net = text.split("|")
    a, b, c = (int(n) for n in net.split())
    return Result(_read_opt(winner, _seat), {"0": False, "1": True}[claimed], _count(F), int(S), (a, b, c))

