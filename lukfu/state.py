"""A deal of Luk Fu at one moment, as an immutable ``State``: the referee every player goes through.

A deal is a seed plus a list of actions. ``State.apply`` checks an action (``legality``), steps a
private copy of the position (``position``) and returns the next state; the receiver never
changes, and assigning to any attribute raises. Two states are equal when their positions are
(hands, calls, trick, fu, face-up and face-down cards, result, and the seed that decides any
redeal), however they were reached. ``observation(seat)`` is the only view a player gets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import legality
from .actions import Action, IllegalAction
from .cards import Card, cards_of, format_cards, parse_cards, to_mask
from .dealing import HAND_SIZE, deal
from .knowledge import old_mask
from .moves import is_passed_master
from .observation import CALLING, OVER, Observation, Result, Trick
from .position import Position, turn_action
from .records import RecordError, Start, read_record, write_record


class State:
    """One deal at one moment. Build with ``new_deal``, ``State.from_hands`` or ``from_record``."""

    __slots__ = ("_pos", "_first", "_start")

    _pos: Position
    _first: tuple[int, int, int]  # the hands first dealt, before any redeal
    _start: Start | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a State cannot change (set {name!r}): apply() returns the next one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a State cannot change (delete {name!r})")

    @classmethod
    def _of(cls, pos: Position, first: tuple[int, int, int], start: Start | None) -> State:
        state = object.__new__(cls)
        object.__setattr__(state, "_pos", pos)
        object.__setattr__(state, "_first", first)
        object.__setattr__(state, "_start", start)
        return state

    def _next(self, pos: Position) -> State:
        """A state of the same deal at another position (``pos`` is the new state's own)."""
        return State._of(pos, self._first, self._start)

    def position(self) -> Position:
        """A copy of where the deal stands, to step in place (fast playouts, searches)."""
        return self._pos.copy()

    def at(self, pos: Position) -> State:
        """This deal at ``pos``, a position stepped on from this state's ``position()`` by the
        rules: its record goes on from this one's, its history is read off ``pos``. ``pos``
        becomes the new state's own, not copied (the fast playouts end here): step it no more."""
        return self._next(pos)

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[int]],
        master: int,
        seed: int | None = None,
        *,
        caller: int | None = None,
        leader: int | None = None,
        fu: Sequence[int] = (0, 0, 0),
        public: str | Iterable[int] = (),
    ) -> State:
        """Any position: a new deal, or (given ``caller``) the start of a trick later in a deal.

        Without ``caller`` the hands are three 12-card hands that split the deck, in the calling
        phase. With ``caller`` the deal is under way: the hands are equal in size, ``leader``
        (default: the Master) is about to lead, ``fu`` is what each seat has won and ``public``
        the cards played face up so far; every other card was discarded face down.
        ``seed`` only decides the reshuffles after three passes; by default it comes from the
        hands, so the same hands always redeal the same way.
        """
        if master not in (0, 1, 2):
            raise ValueError(f"the Master is seat 0, 1 or 2, not {master!r}")
        if len(hands) != 3:
            raise ValueError(f"a deal has three hands, not {len(hands)}")
        parsed = [
            parse_cards(hand) if isinstance(hand, str) else tuple(Card(c) for c in hand) for hand in hands
        ]
        size = HAND_SIZE if caller is None else len(parsed[0])
        masks: list[int] = []
        for seat, cards in enumerate(parsed):
            mask = to_mask(cards)
            if len(cards) != size or mask.bit_count() != size or not 0 < size <= HAND_SIZE:
                raise ValueError(f"hand {seat} must hold {size} different cards, not {len(cards)}")
            if any(mask & other for other in masks):
                raise ValueError(f"hand {seat} shares cards with an earlier hand")
            masks.append(mask)
        public_mask = to_mask(parse_cards(public) if isinstance(public, str) else public)
        fu_list = [int(f) for f in fu]
        if caller is None:
            if leader is not None or any(fu_list) or public_mask:
                raise ValueError("leader, fu and public cards need a caller: the deal is under way")
        else:
            if caller not in (0, 1, 2) or (leader is not None and leader not in (0, 1, 2)):
                raise ValueError("the caller and the leader are seats 0, 1 or 2")
            if public_mask & (masks[0] | masks[1] | masks[2]):
                raise ValueError("a card cannot be both in a hand and played face up")
            if len(fu_list) != 3 or min(fu_list) < 0 or sum(fu_list) != HAND_SIZE - size:
                raise ValueError(f"fu must be three counts summing to {HAND_SIZE - size}, the tricks played")
            if public_mask.bit_count() > 3 * (HAND_SIZE - size):
                raise ValueError("more cards played face up than tricks played allow")
        first = (masks[0], masks[1], masks[2])
        seed = hash_hands(masks) if seed is None else seed
        if caller is None:
            return cls._of(Position.dealt(seed, master, first), first, None)
        # Every card in no hand and not face up went face down; whose is not known.
        pos = Position.under_way(
            seed, master, first, caller=caller, leader=leader, fu=fu_list, public=public_mask
        )
        return cls._of(pos, first, (caller, pos.leader, tuple(fu_list), public_mask))

    # --- public views -------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self._pos.seed

    @property
    def master(self) -> int:
        return self._pos.master

    @property
    def redeals(self) -> int:
        return self._pos.redeals

    @property
    def phase(self) -> str:
        return self._pos.phase

    @property
    def caller(self) -> int | None:
        return self._pos.caller

    @property
    def to_move(self) -> int | None:
        return self._pos.to_move

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        h = self._pos.hands
        return (cards_of(h[0]), cards_of(h[1]), cards_of(h[2]))

    @property
    def fu(self) -> tuple[int, int, int]:
        f = self._pos.fu
        return (f[0], f[1], f[2])

    @property
    def public(self) -> frozenset[Card]:
        """Every card played face up so far in this deal (U)."""
        return frozenset(cards_of(self._pos.public))

    @property
    def discards(self) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card]]:
        """Each seat's face-down discards in this deal: the referee's knowledge, in no observation."""
        d = self._pos.discards
        return (frozenset(cards_of(d[0])), frozenset(cards_of(d[1])), frozenset(cards_of(d[2])))

    @property
    def is_over(self) -> bool:
        return self._pos.phase == OVER

    @property
    def passed_master(self) -> bool:
        return is_passed_master(self._pos.master, self._pos.master, self._pos.caller)

    @property
    def winner(self) -> int | None:
        result = self._pos.result
        return result[0] if result else None

    @property
    def result(self) -> Result | None:
        return self._pos.outcome()

    @property
    def net_points(self) -> tuple[int, int, int]:
        result = self._pos.outcome()
        return result.net_points if result else (0, 0, 0)

    @property
    def trick(self) -> Trick | None:
        """The trick in progress, or ``None`` between tricks."""
        return self._pos.trick_in_progress()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._pos.finished_tricks()

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the deal so far, from the first call (or from the ``from_hands`` start)."""
        return tuple(self._pos.actions())

    def claim_value(self, seat: int) -> int:
        """F for a seat: fu won plus Old cards in hand."""
        return self._pos.claim_value(seat)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its hand, the public record, and its legal actions if to move."""
        pos = self._pos
        hand = pos.hands[seat]
        d = pos.discards
        h = pos.hands
        return Observation(
            seat=seat,
            phase=pos.phase,
            master=pos.master,
            to_move=pos.to_move,
            hand=cards_of(hand),
            old=frozenset(cards_of(old_mask(hand, pos.public))),
            hand_sizes=(h[0].bit_count(), h[1].bit_count(), h[2].bit_count()),
            calls=pos.calls,
            redeals=pos.redeals,
            caller=pos.caller,
            passed_master=self.passed_master,
            fu=self.fu,
            tricks=self.tricks,
            trick=self.trick,
            public=self.public,
            discarded=(d[0].bit_count(), d[1].bit_count(), d[2].bit_count()),
            legal=legality.legal_actions(pos) if pos.to_move == seat else (),
            result=pos.outcome(),
            revealed=self.hands if pos.phase == OVER else None,
            own_discards=frozenset(cards_of(d[seat])),
        )

    # --- acting -------------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to move; for a follower who cannot beat, every discard."""
        return legality.legal_actions(self._pos)

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` saying why, unless ``action`` is legal now."""
        legality.check(self._pos, action)

    def apply(self, action: Action) -> State:
        """The state after ``action`` by the seat to move; raises ``IllegalAction`` if illegal."""
        legality.check(self._pos, action)
        pos = self._pos.copy()
        pos.step(action)
        return self._next(pos)

    # --- records ------------------------------------------------------------------------------

    def record(self) -> str:
        """A compact JSON text of the deal: seed, Master, the hands dealt first, every action.

        A state built mid-deal by ``from_hands`` also records where it started (``position``).
        """
        return write_record(self._pos.seed, self._pos.master, self._first, self._start, self.history)

    @classmethod
    def from_record(cls, text: str) -> State:
        """Rebuild a state from ``record()``; a malformed or illegal record raises ``RecordError``."""
        record = read_record(text)
        try:
            state = cls.from_hands(record.hands, record.master, record.seed, **record.start)
        except (ValueError, TypeError) as error:
            raise RecordError(f"hands: {error}") from None
        for number, action in enumerate(record.actions, 1):
            try:
                state = state.apply(action)
            except IllegalAction as error:
                raise RecordError(f"action {number} ({str(action)!r}): {error}") from None
        return state

    # --- comparison: by position --------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._pos.key() == other._pos.key()

    def __hash__(self) -> int:
        return hash(self._pos.key())

    def __repr__(self) -> str:
        pos = self._pos
        hands = ", ".join(repr(format_cards(cards_of(h))) for h in pos.hands)
        parts = [f"seed={pos.seed}", f"master={pos.master}"]
        if pos.redeals:
            parts.append(f"redeals={pos.redeals}")
        parts += [f"phase={pos.phase}", f"to_move={pos.to_move}", f"caller={pos.caller}", f"hands=[{hands}]"]
        if pos.phase != CALLING:
            parts.append(f"fu={tuple(pos.fu)}")
            parts.append(f"tricks={len(pos.tricks)}")
            if pos.turns:
                parts.append(f"trick={' | '.join(str(turn_action(t)) for t in pos.turns)!r}")
        if pos.result is not None:
            parts.append(f"result={pos.outcome()}")
        return f"<State {' '.join(parts)}>"


def hash_hands(masks: Sequence[int]) -> int:
    """A stable seed for reshuffling hands that were given rather than dealt from a seed."""
    value = 0
    for mask in masks:
        value = (value * 0x100000001B3 ^ mask) & ((1 << 64) - 1)
    return value


def new_deal(seed: int, master: int | None = None) -> State:
    """A shuffled deal in the calling phase: the same seed always gives the same deal."""
    drawn, hands = deal(seed)
    if master is None:
        master = drawn
    elif master not in (0, 1, 2):
        raise ValueError(f"the Master is seat 0, 1 or 2, not {master!r}")
    return State._of(Position.dealt(seed, master, hands), hands, None)
