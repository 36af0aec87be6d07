"""Why the coach's better move is better: each reason with the condition that makes it true.

A reason is a sentence about the two moves (the one made, the better one) in the seat's
position, and it is given only where its condition holds of them: "nobody can beat this lead"
only of a lead no card the seat has not seen can beat, "a cheap lead" only of a lead lower than
the one made, "claim now" only where claiming is the better move.  ``why_better`` gives the first
reason whose condition holds; where none does, it says what the better move did in the coach's
sampled deals (won more of them, or scored more).  `bench/coach_reasons.py` checks every reason
given against the rules themselves, over hundreds of reviewed deals.

The words are `lukfu.web.review`'s, by code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from .actions import CALL, CLAIM, DISCARD, PASS, PLAY, Action
from .ai.policy import F_after_winning, combinations_value, holds, keep_value, unseen_by
from .cards import to_mask
from .knowledge import old_mask
from .observation import Observation
from .plays import classify

MOST_LIKELY = 0.5
"""A call "reaches six fu" when it won at least this share of the sampled deals."""


@dataclass(frozen=True)
class Choice:
    """The seat's position, the move made and the better one, and how each did in the coach's
    sampled deals (the share of them the seat won)."""

    obs: Observation
    made: Action
    best: Action
    won_made: float = 0.0
    won_best: float = 0.0

    @cached_property
    def hand(self) -> int:
        return to_mask(self.obs.hand)

    @cached_property
    def public(self) -> int:
        return to_mask(self.obs.public)

    @cached_property
    def old(self) -> int:
        return old_mask(self.hand, self.public)

    @property
    def leading(self) -> bool:
        return self.obs.trick is None

    @property
    def last(self) -> bool:
        """The seat is the last to act in the trick: a play that beats wins it."""
        return self.obs.trick is not None and len(self.obs.trick.turns) == 2

    def plays(self, action: Action) -> bool:
        return action.kind == PLAY

    def wins_for_sure(self, action: Action) -> bool:
        """A play nobody after the seat can beat: no card the seat has not seen makes a beater
        (or the seat acts last)."""
        if action.kind != PLAY:
            return False
        if self.last:
            return True
        unseen = unseen_by(self.hand, self.public, to_mask(self.obs.own_discards))
        play = classify(action.cards)
        assert play is not None
        return holds(play.index, unseen)

    def raises_F(self, action: Action) -> bool:
        """Winning the trick with this play raises F (not every card of it is Old)."""
        play = classify(action.cards)
        assert play is not None
        return F_after_winning(self.hand, self.public, self.obs.fu[self.obs.seat], play.index) > self.obs.F

    def old_spent(self, action: Action) -> int:
        return (to_mask(action.cards) & self.old).bit_count()

    def lower(self, action: Action, than: Action) -> bool:
        """``action``'s highest card is of a lower rank than ``than``'s: it keeps the higher."""
        return max(card.rank for card in action.cards) < max(card.rank for card in than.cards)

    def lowest(self, action: Action) -> bool:
        """No legal play is lower than ``action`` (see ``lower``)."""
        return not any(self.lower(other, action) for other in self.obs.legal if other.kind == PLAY)

    def kept(self, action: Action) -> float:
        """What the hand is worth keeping after ``action`` (``policy.keep_value``)."""
        mask = to_mask(action.cards)
        return keep_value(self.hand & ~mask, self.public | (mask if action.kind == PLAY else 0))

    def breaks(self, discard: Action) -> float:
        """What a discard takes from the hand's sets and runs."""
        return combinations_value(self.hand) - combinations_value(self.hand & ~to_mask(discard.cards))


def _both_play(c: Choice) -> bool:
    return c.made.kind == PLAY and c.best.kind == PLAY


CONDITIONS: dict[str, Callable[[Choice], bool]] = {
    # a call or a pass
    "call-out-of-reach": lambda c: c.made.kind == CALL and c.best.kind == PASS and c.won_made < MOST_LIKELY,
    "pass-strong": lambda c: c.made.kind == PASS and c.best.kind == CALL and c.won_best >= MOST_LIKELY,
    # claiming, or not
    "claim-now": lambda c: c.best.kind == CLAIM,
    "cash-first": lambda c: c.made.kind == CLAIM and c.wins_for_sure(c.best) and c.raises_F(c.best),
    "lead-safe-first": lambda c: c.made.kind == CLAIM and c.wins_for_sure(c.best),
    "raise-F-first": lambda c: c.made.kind == CLAIM and c.plays(c.best) and c.raises_F(c.best),
    # plays
    "old-spent": lambda c: (_both_play(c) and c.old_spent(c.made) > c.old_spent(c.best)
                            and c.wins_for_sure(c.best)),
    "beatable-lead": lambda c: (_both_play(c) and c.leading and c.wins_for_sure(c.best)
                                and not c.wins_for_sure(c.made)),
    "cash": lambda c: _both_play(c) and c.leading and c.wins_for_sure(c.best) and c.raises_F(c.best),
    "keep-lead": lambda c: _both_play(c) and c.leading and c.wins_for_sure(c.best),
    "give-lead": lambda c: (_both_play(c) and c.leading and not c.wins_for_sure(c.best)
                            and c.lower(c.best, c.made)),
    "win-cheap": lambda c: _both_play(c) and c.last and c.lowest(c.best),
    "win-holds": lambda c: (_both_play(c) and not c.leading and c.wins_for_sure(c.best)
                            and not c.wins_for_sure(c.made)),
    "beat": lambda c: _both_play(c) and not c.leading and c.lower(c.best, c.made),
    # face-down discards
    "breaks-combination": lambda c: (c.made.kind == DISCARD and c.best.kind == DISCARD
                                     and (c.breaks(c.made) > c.breaks(c.best)
                                          or c.old_spent(c.made) > c.old_spent(c.best))),
    "discard": lambda c: (c.made.kind == DISCARD and c.best.kind == DISCARD
                          and c.kept(c.best) > c.kept(c.made)),
    # what the better move did, where nothing above holds
    "won-more": lambda c: c.won_best > c.won_made,
    "scored-more": lambda c: True,
}
"""Each reason's condition, in the order they are tried: the first that holds is given."""
REASONS = tuple(CONDITIONS)


def why_better(choice: Choice) -> str:
    """Why ``choice.best`` is better than ``choice.made``: the first reason that holds."""
    return next(code for code, holds_ in CONDITIONS.items() if holds_(choice))

