"""A deal of Luk Fu: calling, tricks, claims and the end, as an immutable ``State`` (RULES §2–8).

A deal is a seed plus a list of actions. ``State.apply`` returns the next state and leaves the
receiver unchanged; inside, a private copy is stepped in place, which is also how the fast
random playouts for search work (``random_playout``). Hands are bitmasks; plays are indices
into ``plays.PLAYS``; ``State.observation(seat)`` is the only view a player gets.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .actions import CALL, CLAIM, DISCARD, PASS, PLAY, Action, IllegalAction, parse_action
from .cards import DECK_SIZE, SUIT_MASK, SUITS, Card, cards_of, format_cards, parse_cards, to_mask
from .dealing import HAND_SIZE, deal
from .knowledge import old_mask
from .plays import BEATERS, PLAYS, RUNS_IN_SUIT, SETS_AT_RANK, Play, classify
from .scoring import CLAIM_THRESHOLD, score, settle

CALLING, PLAYING, OVER = "calling", "playing", "over"
RECORD_VERSION = 1

_PLAY_ACTIONS = tuple(Action(PLAY, play.cards) for play in PLAYS)
_PLAY_SIZES = tuple(play.size for play in PLAYS)


class RecordError(ValueError):
    """A deal record that cannot be read or replayed; the message names the first bad entry."""


# ---------------------------------------------------------------------------------------------
# What a seat sees


@dataclass(frozen=True)
class Turn:
    """One seat's part in a trick: a face-up ``play``, or ``discarded`` cards face down."""

    seat: int
    play: Play | None
    discarded: int


@dataclass(frozen=True)
class Trick:
    """A trick as everyone saw it: who led, each turn, whose play is best, who won it."""

    leader: int
    turns: tuple[Turn, ...]
    best_seat: int | None
    best: Play | None
    winner: int | None


@dataclass(frozen=True)
class Result:
    """How a deal ended: ``winner`` is ``None`` for a drawn deal."""

    winner: int | None
    claimed: bool
    F: int
    S: int
    net_points: tuple[int, int, int]


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


# ---------------------------------------------------------------------------------------------
# Legal plays, by mask tests


def lead_play_indices(hand: int, old: int, is_caller: bool, passed_master: bool) -> list[int]:
    """Indices of every play this hand may lead (RULES §5.1), singles first; ``old`` is its Old cards."""
    singles = hand
    if not is_caller:
        # A non-caller's single must be a non-Old card from its highest suit holding one.
        free = hand & ~old
        if free:
            top_suit = (free.bit_length() - 1) // 9
            singles = free & (SUIT_MASK << 9 * top_suit)
    indices: list[int] = list(cards_of(singles))  # a single's index is its card's
    a, b, c, d = hand & SUIT_MASK, hand >> 9 & SUIT_MASK, hand >> 18 & SUIT_MASK, hand >> 27
    three_of_a_rank = (a & b & (c | d)) | (c & d & (a | b))
    while three_of_a_rank:
        position = three_of_a_rank.bit_length() - 1
        three_of_a_rank ^= 1 << position
        bit = 1 << position
        pattern = bool(a & bit) | bool(b & bit) << 1 | bool(c & bit) << 2 | bool(d & bit) << 3
        indices.extend(SETS_AT_RANK[position + 1][pattern])
    for suit, pattern in enumerate((a, b, c, d)):
        if pattern & pattern >> 1 & pattern >> 2:
            indices.extend(RUNS_IN_SUIT[suit][pattern])
    if passed_master:
        # A passed Master may not lead a set of four or a run of four or more.
        indices = [i for i in indices if _PLAY_SIZES[i] < 4]
    return indices


def beating_play_indices(hand: int, best: int, best_is_lead: bool) -> list[int]:
    """Indices of the plays in ``hand`` that beat the current best play."""
    beaters = BEATERS[best]
    return [index for index, mask in beaters if mask & hand == mask]


# ---------------------------------------------------------------------------------------------
# The state


class State:
    """One deal at one moment. Build with ``new_deal``, ``State.from_hands`` or ``from_record``."""

    __slots__ = (
        "_seed",
        "master",
        "redeals",
        "_first",
        "_hands",
        "phase",
        "_calls",
        "caller",
        "to_move",
        "_fu",
        "_public",
        "_discard_masks",
        "_leader",
        "_turns",
        "_best",
        "_best_seat",
        "_tricks",
        "_result",
        "_history",
        "_position",
    )

    _seed: int
    master: int
    redeals: int
    _first: tuple[int, int, int]  # the hands first dealt, before any redeal
    _hands: list[int]
    phase: str
    _calls: tuple[tuple[int, bool], ...]
    caller: int | None
    to_move: int | None
    _fu: list[int]
    _public: int
    _discard_masks: list[int]
    _leader: int
    _turns: tuple[tuple[int, int, int], ...]  # (seat, play index or -1, face-down mask)
    _best: int
    _best_seat: int
    _tricks: tuple[tuple[int, tuple[tuple[int, int, int], ...], int, int, int], ...]  # raw, see _trick_of
    _result: tuple[int | None, bool, int] | None  # (winner, claimed, F)
    _history: tuple[object, Action] | None  # a linked list, newest first
    _position: tuple[int, int, tuple[int, ...], int] | None  # (caller, leader, fu, public) if mid-deal

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def _start(cls, seed: int, master: int, hands: tuple[int, int, int], redeals: int = 0) -> State:
        state = object.__new__(cls)
        state._seed = seed
        state.master = master
        state.redeals = redeals
        state._history = None
        state._first = hands
        state._position = None
        state._deal(hands)
        return state

    def _deal(self, hands: tuple[int, int, int]) -> None:
        self._hands = list(hands)
        self.phase = CALLING
        self._calls = ()
        self.caller = None
        self.to_move = self.master
        self._fu = [0, 0, 0]
        self._public = 0
        self._discard_masks = [0, 0, 0]
        self._leader = self.master
        self._turns = ()
        self._best = -1
        self._best_seat = -1
        self._tricks = ()
        self._result = None

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
        if seed is None:
            seed = hash_hands(masks)
        state = cls._start(seed, master, (masks[0], masks[1], masks[2]))
        if caller is not None:
            state.phase = PLAYING
            state.caller = caller
            state.to_move = state._leader = master if leader is None else leader
            state._fu = fu_list
            state._public = public_mask
            state._position = (caller, state._leader, tuple(fu_list), public_mask)
        return state

    def _copy(self) -> State:
        other = object.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = self._hands[:]
        other._fu = self._fu[:]
        other._discard_masks = self._discard_masks[:]
        return other

    # --- public views -------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        h = self._hands
        return (cards_of(h[0]), cards_of(h[1]), cards_of(h[2]))

    @property
    def fu(self) -> tuple[int, int, int]:
        return (self._fu[0], self._fu[1], self._fu[2])

    @property
    def public(self) -> frozenset[Card]:
        """Every card played face up so far in this deal (U)."""
        return frozenset(cards_of(self._public))

    @property
    def discards(self) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card]]:
        """Each seat's face-down discards in this deal: the referee's knowledge, in no observation."""
        d = self._discard_masks
        return (frozenset(cards_of(d[0])), frozenset(cards_of(d[1])), frozenset(cards_of(d[2])))

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def passed_master(self) -> bool:
        return self.caller is not None and self.caller != self.master

    @property
    def winner(self) -> int | None:
        return self._result[0] if self._result else None

    @property
    def result(self) -> Result | None:
        if self._result is None:
            return None
        winner, claimed, F = self._result
        S = score(F) if winner is not None else 0
        return Result(winner, claimed, F, S, settle(winner, F, self.caller))

    @property
    def net_points(self) -> tuple[int, int, int]:
        result = self.result
        return result.net_points if result else (0, 0, 0)

    @property
    def trick(self) -> Trick | None:
        """The trick in progress, or ``None`` between tricks."""
        if not self._turns:
            return None
        return _trick_of(self._leader, self._turns, self._best, self._best_seat, None)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(_trick_of(*raw) for raw in self._tricks)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action of the deal so far, from the first call."""
        actions: list[Action] = []
        node = self._history
        while node is not None:
            parent, action = node
            actions.append(action)
            node = parent  # type: ignore[assignment]
        return tuple(reversed(actions))

    def claim_value(self, seat: int) -> int:
        """F for a seat: fu won plus Old cards in hand."""
        return self._fu[seat] + old_mask(self._hands[seat], self._public).bit_count()

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its hand, the public record, and its legal actions if to move."""
        hand = self._hands[seat]
        d = self._discard_masks
        over = self.phase == OVER
        return Observation(
            seat=seat,
            phase=self.phase,
            master=self.master,
            to_move=self.to_move,
            hand=cards_of(hand),
            old=frozenset(cards_of(old_mask(hand, self._public))),
            hand_sizes=(self._hands[0].bit_count(), self._hands[1].bit_count(), self._hands[2].bit_count()),
            calls=self._calls,
            redeals=self.redeals,
            caller=self.caller,
            passed_master=self.passed_master,
            fu=self.fu,
            tricks=self.tricks,
            trick=self.trick,
            public=self.public,
            discarded=(d[0].bit_count(), d[1].bit_count(), d[2].bit_count()),
            legal=self.legal_actions() if self.to_move == seat else (),
            result=self.result,
            revealed=self.hands if over else None,
            own_discards=frozenset(cards_of(self._discard_masks[seat])),
        )

    # --- legal actions ------------------------------------------------------------------------

    def _leading(self) -> bool:
        return not self._turns

    def _can_claim(self) -> bool:
        seat = self.to_move
        assert seat is not None
        return self.claim_value(seat) >= CLAIM_THRESHOLD

    def _lead_indices(self) -> list[int]:
        seat = self.to_move
        assert seat is not None
        hand = self._hands[seat]
        return lead_play_indices(
            hand,
            old_mask(hand, self._public),
            seat == self.caller,
            seat == self.master and self.passed_master,
        )

    def _beating_indices(self) -> list[int]:
        seat = self.to_move
        assert seat is not None
        return beating_play_indices(self._hands[seat], self._best, self._best_seat == self._leader)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to move; for a follower who cannot beat, every discard."""
        if self.phase == CALLING:
            return (Action.call(), Action.pass_())
        if self.phase == OVER:
            return ()
        if self._leading():
            plays = tuple(_PLAY_ACTIONS[i] for i in self._lead_indices())
            return ((Action.claim(),) + plays) if self._can_claim() else plays
        beating = self._beating_indices()
        if beating:
            return tuple(_PLAY_ACTIONS[i] for i in beating)
        assert self.to_move is not None
        hand = cards_of(self._hands[self.to_move])
        return tuple(Action(DISCARD, cards) for cards in combinations(hand, _PLAY_SIZES[self._best]))

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` saying why, unless ``action`` is legal now."""
        kind = action.kind
        if self.phase == OVER:
            raise IllegalAction("wrong-phase", "the deal is over")
        if self.phase == CALLING:
            if kind not in (CALL, PASS):
                raise IllegalAction("wrong-phase", "first each seat in turn calls or passes")
            return
        if kind in (CALL, PASS):
            raise IllegalAction("wrong-phase", "calling is over")
        seat = self.to_move
        assert seat is not None
        hand = self._hands[seat]
        if kind == CLAIM:
            if not self._leading():
                raise IllegalAction("cannot-claim", "only the player about to lead may claim")
            if not self._can_claim():
                F = self.claim_value(seat)
                raise IllegalAction("cannot-claim", f"a claim needs F of 6 or more, not {F}", F=F)
            return
        mask = to_mask(action.cards)
        if mask & ~hand:
            missing = [str(c) for c in action.cards if not c.bit & hand]
            raise IllegalAction("not-in-hand", f"not in hand: {' '.join(missing)}", cards=missing)
        if self._leading():
            self._check_lead(action)
        else:
            self._check_follow(action)

    def _check_lead(self, action: Action) -> None:
        if action.kind == DISCARD:
            raise IllegalAction("not-a-discard", "the leader makes a play; only followers discard")
        play = classify(action.cards)
        if play is None:
            raise IllegalAction("not-a-play", f"{action} is not a play: a single, a set or a run")
        if play.index not in self._lead_indices():
            if play.size >= 4 and self.passed_master and self.to_move == self.master:
                raise IllegalAction(
                    "passed-master-limit", "a passed Master may not lead a set of 4 or a run of 4 or more"
                )
            seat = self.to_move
            assert seat is not None
            hand = self._hands[seat]
            free = hand & ~old_mask(hand, self._public)
            suit = (free.bit_length() - 1) // 9
            raise IllegalAction(
                "single-lead-rule",
                f"a non-caller leading a single must lead a card that is not Old from {SUITS[suit]}",
                suit=suit,
            )

    def _check_follow(self, action: Action) -> None:
        best = PLAYS[self._best]
        beating = self._beating_indices()
        if action.kind == DISCARD:
            if len(action.cards) != best.size:
                raise IllegalAction("wrong-count", f"discard exactly {best.size} cards", count=best.size)
            if beating:
                raise IllegalAction("must-beat", f"you hold a play that beats {best}: you must play it")
            return
        play = classify(action.cards)
        if play is None:
            raise IllegalAction("not-a-play", f"{action} is not a play: a single, a set or a run")
        if play.index not in beating:
            raise IllegalAction("does-not-beat", f"{play} does not beat {best}", best=str(best))

    # --- stepping -----------------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action`` by the seat to move; raises ``IllegalAction`` if illegal."""
        self.check(action)
        nxt = self._copy()
        nxt._history = (self._history, action)
        kind = action.kind
        if kind in (CALL, PASS):
            nxt._step_call(kind == CALL)
        elif kind == CLAIM:
            nxt._step_claim()
        elif kind == PLAY:
            nxt._step_play(classify(action.cards).index)  # type: ignore[union-attr]
        else:
            nxt._step_discard(to_mask(action.cards))
        return nxt

    def _step_call(self, called: bool) -> None:
        seat = self.to_move
        assert seat is not None
        self._calls = self._calls + ((seat, called),)
        if called:
            self.caller = seat
            self.phase = PLAYING
            self.to_move = self.master  # the Master leads, called or not
        elif len(self._calls) == 3:
            self.redeals += 1
            self._deal(deal(self._seed, self.redeals)[1])
        else:
            self.to_move = (seat + 1) % 3

    def _step_claim(self) -> None:
        seat = self.to_move
        assert seat is not None
        self._finish(seat, True, self.claim_value(seat))

    def _step_play(self, index: int) -> None:
        seat = self.to_move
        assert seat is not None
        mask = PLAYS[index].mask
        self._hands[seat] &= ~mask
        self._public |= mask
        if not self._turns:
            self._leader = seat  # the lead is the best play until someone beats it
        self._best = index
        self._best_seat = seat
        self._turns = self._turns + ((seat, index, 0),)
        self._next_turn(seat)

    def _step_discard(self, mask: int) -> None:
        seat = self.to_move
        assert seat is not None
        self._hands[seat] &= ~mask
        self._discard_masks[seat] |= mask
        self._turns = self._turns + ((seat, -1, mask),)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        if len(self._turns) < 3:
            self.to_move = (seat + 1) % 3
            return
        # The trick is complete: its best play's owner wins fu for their own cards in it.
        winner = self._best_seat
        self._fu[winner] += _PLAY_SIZES[self._best]
        self._tricks = self._tricks + ((self._leader, self._turns, self._best, winner, winner),)
        self._turns = ()
        self._best = -1
        self._best_seat = -1
        self._leader = winner
        self.to_move = winner
        if not self._hands[winner]:
            self._end_of_hands(winner)

    def _end_of_hands(self, last_winner: int) -> None:
        """Hands ran out with no claim: six fu win, the last trick's winner first (RULES §7)."""
        for seat in (last_winner, (last_winner + 1) % 3, (last_winner + 2) % 3):
            if self._fu[seat] >= CLAIM_THRESHOLD:
                self._finish(seat, False, self._fu[seat])
                return
        self._finish(None, False, 0)

    def _finish(self, winner: int | None, claimed: bool, F: int) -> None:
        self.phase = OVER
        self.to_move = None
        self._result = (winner, claimed, F)

    # --- records ------------------------------------------------------------------------------

    def record(self) -> str:
        """A compact JSON text of the deal: seed, Master, the hands dealt first, every action.

        A state built mid-deal by ``from_hands`` also records where it started (``position``).
        """
        data: dict[str, object] = {
            "lukfu": RECORD_VERSION,
            "seed": self._seed,
            "master": self.master,
            "hands": [" ".join(map(str, cards_of(h))) for h in self._first],
        }
        if self._position is not None:
            caller, leader, fu, public = self._position
            data["position"] = {
                "caller": caller,
                "leader": leader,
                "fu": list(fu),
                "public": format_cards(cards_of(public)),
            }
        data["actions"] = [str(a) for a in self.history]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_record(cls, text: str) -> State:
        """Rebuild a state from ``record()``; a malformed or illegal record raises ``RecordError``."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise RecordError("the record is not a JSON object")
        if data.get("lukfu") != RECORD_VERSION:
            raise RecordError(f"unknown record version {data.get('lukfu')!r}")
        seed, master, hands, actions = (data.get(k) for k in ("seed", "master", "hands", "actions"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"seed: expected an integer, not {seed!r}")
        if master not in (0, 1, 2) or isinstance(master, bool):
            raise RecordError(f"master: expected 0, 1 or 2, not {master!r}")
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise RecordError("hands: expected three texts of 12 cards")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions: expected a list of action texts")
        position = data.get("position", {})
        if not isinstance(position, dict) or not set(position) <= {"caller", "leader", "fu", "public"}:
            raise RecordError("position: expected an object with caller, leader, fu and public")
        try:
            state = cls.from_hands(hands, master, seed, **position)
        except (ValueError, TypeError) as error:
            raise RecordError(f"hands: {error}") from None
        for number, text_action in enumerate(actions, 1):
            try:
                state = state.apply(parse_action(text_action))
            except ValueError as error:  # IllegalAction is a ValueError too
                raise RecordError(f"action {number} ({text_action!r}): {error}") from None
        return state

    # --- comparison ---------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self._seed, self.master, self.record())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"State.from_record({self.record()!r})"


def _trick_of(
    leader: int, turns: tuple[tuple[int, int, int], ...], best: int, best_seat: int, winner: int | None
) -> Trick:
    """The public view of a trick from its raw form: discards become counts, hiding the cards."""
    return Trick(
        leader,
        tuple(Turn(seat, PLAYS[i] if i >= 0 else None, hidden.bit_count()) for seat, i, hidden in turns),
        best_seat if best >= 0 else None,
        PLAYS[best] if best >= 0 else None,
        winner,
    )


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
    return State._start(seed, master, hands)


def random_playout(state: State, rng: random.Random) -> State:
    """Play uniformly random legal actions to the end of the deal (the fast path for search).

    Each legal action is equally likely, as with ``rng.choice(state.legal_actions())``, but
    discards are drawn directly instead of listing every choice of cards, and legal plays are
    generated straight from the tables.
    """
    s = state._copy()
    uniform = rng.random  # int(uniform() * n) is a uniform choice in range(n)
    hands = s._hands
    while s.phase != OVER:
        seat: int = s.to_move  # type: ignore[assignment]
        if s.phase == CALLING:
            s._step_call(uniform() < 0.5)
        elif not s._turns:
            hand = hands[seat]
            old = old_mask(hand, s._public)
            options = lead_play_indices(
                hand, old, seat == s.caller, seat == s.master and s.caller != s.master
            )
            if s._fu[seat] + old.bit_count() >= CLAIM_THRESHOLD and int(uniform() * (len(options) + 1)) == 0:
                s._step_claim()
            else:
                s._step_play(options[int(uniform() * len(options))])
        else:
            best = s._best
            hand = hands[seat]
            options = beating_play_indices(hand, best, s._best_seat == s._leader)
            if options:
                s._step_play(options[int(uniform() * len(options))])
            elif best < DECK_SIZE:  # a single: discard one card
                s._step_discard(1 << cards_of(hand)[int(uniform() * hand.bit_count())])
            else:
                s._step_discard(to_mask(rng.sample(cards_of(hand), _PLAY_SIZES[best])))
        hands = s._hands  # a redeal replaces the hands
    return s
