"""The referee: every legal action of the seat to move, and why any other action is refused.

Both read what the seat to move may do from ``Position.options``, the one home of a turn's
rules. A refusal is an ``IllegalAction`` with a stable ``code`` the page translates, an English
reason, and the parameters the message needs (RULES §5, §7).
"""

from __future__ import annotations

from itertools import combinations

from .actions import CALL, CLAIM, DISCARD, PASS, PLAY_ACTIONS, Action, IllegalAction
from .cards import SUITS, cards_of, to_mask
from .knowledge import old_mask
from .moves import highest_free_suit, is_passed_master, passed_master_may_lead
from .plays import PLAYS, classify
from .position import NOBODY, TO_BEAT, TO_CALL, TO_DISCARD, TO_LEAD, Position


def legal_actions(pos: Position) -> tuple[Action, ...]:
    """Every legal action of the seat to move; for a follower who cannot beat, every discard."""
    asked, plays, may_claim, count = pos.options()
    if asked == TO_LEAD:
        leads = tuple(PLAY_ACTIONS[i] for i in plays)
        return ((Action.claim(),) + leads) if may_claim else leads
    if asked == TO_BEAT:
        return tuple(PLAY_ACTIONS[i] for i in plays)
    if asked == TO_DISCARD:
        assert pos.to_move is not None
        hand = cards_of(pos.hands[pos.to_move])
        return tuple(Action.discard(cards) for cards in combinations(hand, count))
    if asked == TO_CALL:
        return (Action.call(), Action.pass_())
    return ()


def check(pos: Position, action: Action) -> None:
    """Raise ``IllegalAction`` saying why, unless ``action`` is legal now."""
    asked, plays, may_claim, _count = pos.options()
    kind = action.kind
    if asked == NOBODY:
        raise IllegalAction("wrong-phase", "the deal is over")
    if asked == TO_CALL:
        if kind not in (CALL, PASS):
            raise IllegalAction("wrong-phase", "first each seat in turn calls or passes")
        return
    if kind in (CALL, PASS):
        raise IllegalAction("wrong-phase", "calling is over")
    seat = pos.to_move
    assert seat is not None
    if kind == CLAIM:
        if asked != TO_LEAD:
            raise IllegalAction("cannot-claim", "only the player about to lead may claim")
        if not may_claim:
            F = pos.claim_value(seat)
            raise IllegalAction("cannot-claim", f"a claim needs F of 6 or more, not {F}", F=F)
        return
    hand = pos.hands[seat]
    if to_mask(action.cards) & ~hand:
        missing = [str(c) for c in action.cards if not c.bit & hand]
        raise IllegalAction("not-in-hand", f"not in hand: {' '.join(missing)}", cards=missing)
    if asked == TO_LEAD:
        _check_lead(pos, seat, action, plays)
    else:
        _check_follow(pos, action, plays)


def _check_lead(pos: Position, seat: int, action: Action, leads: list[int]) -> None:
    if action.kind == DISCARD:
        raise IllegalAction("not-a-discard", "the leader makes a play; only followers discard")
    play = classify(action.cards)
    if play is None:
        raise IllegalAction("not-a-play", f"{action} is not a play: a single, a set or a run")
    if play.index in leads:
        return
    if is_passed_master(seat, pos.master, pos.caller) and not passed_master_may_lead(play.size):
        raise IllegalAction(
            "passed-master-limit", "a passed Master may not lead a set of 4 or a run of 4 or more"
        )
    hand = pos.hands[seat]
    suit = highest_free_suit(hand, old_mask(hand, pos.public))
    assert play.size == 1 and suit is not None  # only a non-caller's single is otherwise limited
    raise IllegalAction(
        "single-lead-rule",
        f"a non-caller leading a single must lead a card that is not Old from {SUITS[suit]}",
        suit=suit,
    )


def _check_follow(pos: Position, action: Action, beating: list[int]) -> None:
    best = PLAYS[pos.best]
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
