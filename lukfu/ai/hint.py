"""Hints for the person at the page: what Strong would do in their seat, and why, in one word.

The hint sees the person's observation only, like every computer player. Its reason is a code
(``REASONS``) the page words in the player's language; ``F`` goes with the claim's reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import CALL, CLAIM, DISCARD, PASS, Action
from ..cards import to_mask
from ..observation import Observation
from ..plays import classify
from .players import make_player, thinking
from .policy import F_after_winning, holds, unseen_by
from .thinking import Thinking

HINT_LEVEL = "strong"
"""The level that gives hints."""
REASONS = (
    "call",  # the hand can reach six fu
    "pass",  # it is unlikely to
    "claim",  # F already wins, and nothing led could raise it safely
    "cash",  # nobody can beat this lead, and it raises F
    "keep-lead",  # nobody can beat this lead: the lead stays
    "give-lead",  # a lead that may be beaten: the cheapest way to go on
    "win-cheap",  # the last to act: the cheapest play that wins the trick
    "win-holds",  # nobody after can beat this play
    "beat",  # a play must beat: this one keeps the best cards
    "discard",  # the cards least worth keeping
)


@dataclass(frozen=True)
class Hint:
    """A suggested action, the reason's code, and the seat's F (for the claim's reason)."""

    action: Action
    reason: str
    F: int


def hint_thinking(observation: Observation, deal_number: int) -> Thinking[Hint]:
    """Ask Strong for the seat of ``observation`` (in slices, like a computer player's move)."""
    action = yield from thinking(make_player(HINT_LEVEL, deal_number), observation)
    return Hint(action, reason(observation, action), observation.F)


def reason(obs: Observation, action: Action) -> str:
    """Why ``action`` is sound for the seat of ``obs``, as one of ``REASONS``."""
    kind = action.kind
    if kind in (CALL, PASS, CLAIM, DISCARD):
        return {CALL: "call", PASS: "pass", CLAIM: "claim", DISCARD: "discard"}[kind]
    play = classify(action.cards)
    assert play is not None
    hand, public = to_mask(obs.hand), to_mask(obs.public)
    safe = holds(play.index, unseen_by(hand, public, to_mask(obs.own_discards)))
    if obs.trick is None:
        if not safe:
            return "give-lead"
        after = F_after_winning(hand, public, obs.fu[obs.seat], play.index)
        return "cash" if after > obs.F else "keep-lead"
    if len(obs.trick.turns) == 2:
        return "win-cheap"
    return "win-holds" if safe else "beat"
