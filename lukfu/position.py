"""Stepping a deal (RULES §2, §5, §7): whose turn it is, what they may do, and each step, in place.

``Position.options`` is the one home of "who is to act and what may they do": the referee's
legal actions and refusals (``legality``), the fast playouts (``playout``) and the computer
players' searches all read it. ``State.apply`` steps a private copy of its ``Position``; the
fast playouts and the searches step one copy all the way to the end. A position needs no log
of its own: the actions that led to it can be read off it (``actions``), since every redeal
follows three passes and every trick keeps its turns. Nothing here checks legality:
``legality`` does that before a step, from the same ``options``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import CALL, CLAIM, DISCARD, PASS, PLAY_ACTIONS, Action
from .cards import cards_of, to_mask
from .dealing import deal
from .knowledge import old_mask
from .moves import beating_play_indices, is_passed_master, lead_play_indices
from .observation import CALLING, OVER, PLAYING, Result, Trick, Turn
from .plays import PLAY_MASKS, PLAY_SIZES, PLAYS, classify
from .scoring import reaches_six

RawTurn = tuple[int, int, int]
"""(seat, play index or -1, face-down mask)"""
RawTrick = tuple[int, tuple[RawTurn, ...], int, int]
"""(leader, turns, best play index, winner)"""

# What the seat to move is asked, the first part of ``Position.options``.
TO_CALL = "to-call"
"""Calling: the seat calls or passes."""
TO_LEAD = "to-lead"
"""The seat leads one of ``plays``, or claims if it may."""
TO_BEAT = "to-beat"
"""A follower holding plays that beat the best play: it must make one of ``plays``."""
TO_DISCARD = "to-discard"
"""A follower who cannot beat: it discards ``count`` cards face down, any cards."""
NOBODY = "nobody"
"""The deal is over: nobody is to act."""

Options = tuple[str, list[int], bool, int]
"""``(asked, plays, may_claim, count)``: what the seat to move is asked (``TO_LEAD``, ``TO_BEAT``,
``TO_DISCARD``, ``TO_CALL`` or ``NOBODY``), the play indices it may choose from (leads or
beating plays, else empty), whether it may claim instead (a leader only), and how many cards
it must discard face down (``TO_DISCARD`` only, else 0)."""


def turn_action(turn: RawTurn) -> Action:
    """The action a raw turn of a trick was (a discard with its hidden cards: referee's eyes only)."""
    _seat, index, mask = turn
    return PLAY_ACTIONS[index] if index >= 0 else Action.discard(cards_of(mask))


class Position:
    """Where a deal stands: hands, calls, the trick in progress, fu, face-up and face-down cards."""

    __slots__ = (
        "seed", "master", "redeals", "hands", "phase", "calls", "caller", "to_move", "fu",
        "public", "discards", "leader", "turns", "best", "best_seat", "tricks", "result",
    )

    seed: int  # decides the reshuffles after three passes
    master: int
    redeals: int
    hands: list[int]
    phase: str
    calls: tuple[tuple[int, bool], ...]
    caller: int | None
    to_move: int | None
    fu: list[int]
    public: int  # every card played face up (U)
    discards: list[int]  # each seat's face-down cards: the referee's knowledge only
    leader: int
    turns: tuple[RawTurn, ...]  # the trick in progress
    best: int  # index of its best play, -1 between tricks
    best_seat: int
    tricks: tuple[RawTrick, ...]
    result: tuple[int | None, bool, int] | None  # (winner, claimed, F)

    @classmethod
    def dealt(cls, seed: int, master: int, hands: tuple[int, int, int]) -> Position:
        """A deal in the calling phase."""
        pos = object.__new__(cls)
        pos.seed = seed
        pos.master = master
        pos.redeals = 0
        pos.deal(hands)
        return pos

    @classmethod
    def under_way(
        cls,
        seed: int,
        master: int,
        hands: tuple[int, int, int],
        *,
        redeals: int = 0,
        calls: Iterable[tuple[int, bool]] = (),
        caller: int | None = None,
        leader: int | None = None,
        fu: Iterable[int] = (0, 0, 0),
        public: int = 0,
        discards: Iterable[int] = (0, 0, 0),
        turns: Iterable[RawTurn] = (),
    ) -> Position:
        """A deal at any moment, from what is known of it; who is to act follows from it.

        Without ``caller``, seats are still calling (``calls`` so far, after ``redeals``
        redeals): the next seat after the Master's ``len(calls)`` turns is to act. With
        ``caller``, tricks are under way: ``leader`` (default: the Master) led ``turns`` of the
        trick in progress, or is about to lead when there are none; ``fu`` is what each seat has
        won, ``public`` the cards played face up and ``discards`` each seat's face-down cards.
        Tricks already finished are not kept: nothing from here on depends on them.
        """
        pos = cls.dealt(seed, master, hands)
        pos.redeals = redeals
        pos.calls = tuple(calls)
        if caller is None:
            pos.to_move = (master + len(pos.calls)) % 3
            return pos
        pos.phase = PLAYING
        pos.caller = caller
        pos.leader = master if leader is None else leader
        pos.fu = list(fu)
        pos.public = public
        pos.discards = list(discards)
        pos.turns = tuple(turns)
        for seat, index, _mask in pos.turns:
            if index >= 0:  # every play after the lead beat the one before it
                pos.best, pos.best_seat = index, seat
        pos.to_move = (pos.turns[-1][0] + 1) % 3 if pos.turns else pos.leader
        return pos

    def deal(self, hands: tuple[int, int, int]) -> None:
        self.hands = list(hands)
        self.phase = CALLING
        self.calls = ()
        self.caller = None
        self.to_move = self.master
        self.fu = [0, 0, 0]
        self.public = 0
        self.discards = [0, 0, 0]
        self.leader = self.master
        self.turns = ()
        self.best = -1
        self.best_seat = -1
        self.tricks = ()
        self.result = None

    def copy(self) -> Position:
        """A position to step apart from this one (written out, slot by slot: every
        ``State.apply`` makes one)."""
        other = object.__new__(Position)
        other.seed, other.master, other.redeals = self.seed, self.master, self.redeals
        other.hands, other.phase, other.calls = self.hands[:], self.phase, self.calls
        other.caller, other.to_move, other.fu = self.caller, self.to_move, self.fu[:]
        other.public, other.discards, other.leader = self.public, self.discards[:], self.leader
        other.turns, other.best, other.best_seat = self.turns, self.best, self.best_seat
        other.tricks, other.result = self.tricks, self.result
        return other

    def key(self) -> tuple[object, ...]:
        """Everything that decides the deal from here on (not how it got here): for ``==``."""
        return (
            self.seed, self.master, self.redeals, tuple(self.hands), self.phase, self.calls,
            self.caller, self.to_move, tuple(self.fu), self.public, tuple(self.discards),
            self.leader, self.turns, self.best, self.best_seat, self.tricks, self.result,
        )

    # --- what the seat to move may do --------------------------------------------------------

    def claim_value(self, seat: int) -> int:
        """F for a seat: fu won plus Old cards in hand."""
        return self.fu[seat] + old_mask(self.hands[seat], self.public).bit_count()

    def options(self) -> Options:
        """What the seat to move (``to_move``) may do now: see ``Options``.

        The one reading of the rules of a turn (RULES §2, §5.1, §5.2, §7): a seat calls or
        passes; a leader plays any lead ``moves`` allows it, or claims with F of six or more;
        a follower who holds a play beating the best play must make one; any other follower
        discards as many cards as the best play holds. On the playouts' hot path: one reading
        of the Old cards serves the leads and the claim.
        """
        seat = self.to_move
        if self.turns:  # a trick in progress: following, two turns in three (tested first)
            best = self.best
            beating = beating_play_indices(self.hands[seat], best)  # type: ignore[index]
            if beating:
                return (TO_BEAT, beating, False, 0)
            return (TO_DISCARD, beating, False, PLAY_SIZES[best])
        if seat is None:
            return (NOBODY, [], False, 0)
        if self.phase == CALLING:
            return (TO_CALL, [], False, 0)
        hand = self.hands[seat]
        old = old_mask(hand, self.public)
        passed = is_passed_master(seat, self.master, self.caller)
        plays = lead_play_indices(hand, old, seat == self.caller, passed)
        return (TO_LEAD, plays, reaches_six(self.fu[seat] + old.bit_count()), 0)

    # --- steps -------------------------------------------------------------------------------

    def step_call(self, called: bool) -> None:
        """A call or a pass; the third pass deals again (same seed, same Master: RULES §2)."""
        seat = self.to_move
        assert seat is not None
        self.calls = self.calls + ((seat, called),)
        if called:
            self.caller = seat
            self.phase = PLAYING
            self.to_move = self.master  # the Master leads, called or not
        elif len(self.calls) == 3:
            self.redeals += 1
            self.deal(deal(self.seed, self.redeals)[1])
        else:
            self.to_move = (seat + 1) % 3

    def step_claim(self) -> None:
        seat = self.to_move
        assert seat is not None
        self._finish(seat, True, self.claim_value(seat))

    def step_play(self, index: int) -> None:
        seat = self.to_move
        assert seat is not None
        mask = PLAY_MASKS[index]
        self.hands[seat] &= ~mask
        self.public |= mask
        if not self.turns:
            self.leader = seat  # the lead is the best play until someone beats it
        self.best = index
        self.best_seat = seat
        self.turns = self.turns + ((seat, index, 0),)
        self._next_turn(seat)

    def step_discard(self, mask: int) -> None:
        seat = self.to_move
        assert seat is not None
        self.hands[seat] &= ~mask
        self.discards[seat] |= mask
        self.turns = self.turns + ((seat, -1, mask),)
        self._next_turn(seat)

    def step(self, action: Action) -> None:
        """Take one (already checked) action by the seat to move."""
        kind = action.kind
        if kind in (CALL, PASS):
            self.step_call(kind == CALL)
        elif kind == CLAIM:
            self.step_claim()
        elif kind == DISCARD:
            self.step_discard(to_mask(action.cards))
        else:
            play = classify(action.cards)
            assert play is not None, action
            self.step_play(play.index)

    def _next_turn(self, seat: int) -> None:
        if len(self.turns) < 3:
            self.to_move = (seat + 1) % 3
            return
        # The trick is complete: its best play's owner wins fu for their own cards in it.
        winner = self.best_seat
        self.fu[winner] += PLAY_SIZES[self.best]
        self.tricks = self.tricks + ((self.leader, self.turns, self.best, winner),)
        self.turns = ()
        self.best = -1
        self.best_seat = -1
        self.leader = winner
        self.to_move = winner
        if not self.hands[winner]:
            self._end_of_hands(winner)

    def _end_of_hands(self, last_winner: int) -> None:
        """Hands ran out with no claim: six fu win, the last trick's winner first (RULES §7)."""
        for seat in (last_winner, (last_winner + 1) % 3, (last_winner + 2) % 3):
            if reaches_six(self.fu[seat]):
                self._finish(seat, False, self.fu[seat])
                return
        self._finish(None, False, 0)

    def _finish(self, winner: int | None, claimed: bool, F: int) -> None:
        self.phase = OVER
        self.to_move = None
        self.result = (winner, claimed, F)

    def actions(self) -> list[Action]:
        """Every action that led here: the passes before each redeal, this deal's calls, the
        turns of every trick (face-down cards included: the referee's eyes only), a claim."""
        done = [Action.pass_()] * (3 * self.redeals)
        done += [Action.call() if called else Action.pass_() for _seat, called in self.calls]
        for trick in self.tricks:
            done += [turn_action(turn) for turn in trick[1]]
        done += [turn_action(turn) for turn in self.turns]
        if self.result is not None and self.result[1]:
            done.append(Action.claim())
        return done

    # --- public views ------------------------------------------------------------------------

    def trick_in_progress(self) -> Trick | None:
        if not self.turns:
            return None
        return trick_of((self.leader, self.turns, self.best, self.best_seat), finished=False)

    def finished_tricks(self) -> tuple[Trick, ...]:
        return tuple(trick_of(raw, finished=True) for raw in self.tricks)

    def outcome(self) -> Result | None:
        if self.result is None:
            return None
        winner, claimed, F = self.result
        return Result.of(winner, claimed, F, self.caller)


def trick_of(raw: RawTrick, finished: bool) -> Trick:
    """The public view of a trick: discards become counts, hiding the cards."""
    leader, turns, best, best_seat = raw
    return Trick(
        leader,
        tuple(Turn(seat, PLAYS[i] if i >= 0 else None, hidden.bit_count()) for seat, i, hidden in turns),
        best_seat if best >= 0 else None,
        PLAYS[best] if best >= 0 else None,
        best_seat if finished else None,
    )
