"""The referee: every legal action of the seat to move, and why any other action is refused.

A refusal is an ``IllegalAction`` with a stable ``code`` the page translates, an English
reason, and the parameters the message needs (RULES §5, §7).
"""

from __future__ import annotations

from itertools import combinations

from .actions import CALL, CLAIM, DISCARD, PASS, Action, IllegalAction
from .cards import SUITS, cards_of, to_mask
from .knowledge import old_mask
from .moves import highest_free_suit, is_passed_master, passed_master_may_lead
from .observation import CALLING, OVER
from .plays import PLAYS, classify
from .position import Position

_PLAY_ACTIONS = tuple(Action.play(play.cards) for play in PLAYS)


def legal_actions(pos: Position) -> tuple[Action, ...]:
    """Every legal action of the seat to move; for a follower who cannot beat, every discard."""
    if pos.phase == CALLING:
        return (Action.call(), Action.pass_())
    if pos.phase == OVER:
        return ()
    if not pos.turns:
        indices, may_claim = pos.lead_choices()
        plays = tuple(_PLAY_ACTIONS[i] for i in indices)
        return ((Action.claim(),) + plays) if may_claim else plays
    beating = pos.beating_indices()
    if beating:
        return tuple(_PLAY_ACTIONS[i] for i in beating)
    assert pos.to_move is not None
    hand = cards_of(pos.hands[pos.to_move])
    return tuple(Action.discard(cards) for cards in combinations(hand, PLAYS[pos.best].size))


def check(pos: Position, action: Action) -> None:
    """Raise ``IllegalAction`` saying why, unless ``action`` is legal now."""
    kind = action.kind
    if pos.phase == OVER:
        raise IllegalAction("wrong-phase", "the deal is over")
    if pos.phase == CALLING:
        if kind not in (CALL, PASS):
            raise IllegalAction("wrong-phase", "first each seat in turn calls or passes")
        return
    if kind in (CALL, PASS):
        raise IllegalAction("wrong-phase", "calling is over")
    seat = pos.to_move
    assert seat is not None
    if kind == CLAIM:
        if pos.turns:
            raise IllegalAction("cannot-claim", "only the player about to lead may claim")
        if not pos.may_claim():
            F = pos.claim_value(seat)
            raise IllegalAction("cannot-claim", f"a claim needs F of 6 or more, not {F}", F=F)
        return
    hand = pos.hands[seat]
    if to_mask(action.cards) & ~hand:
        missing = [str(c) for c in action.cards if not c.bit & hand]
        raise IllegalAction("not-in-hand", f"not in hand: {' '.join(missing)}", cards=missing)
    if pos.turns:
        _check_follow(pos, action)
    else:
        _check_lead(pos, seat, action)


def _check_lead(pos: Position, seat: int, action: Action) -> None:
    if action.kind == DISCARD:
        raise IllegalAction("not-a-discard", "the leader makes a play; only followers discard")
    play = classify(action.cards)
    if play is None:
        raise IllegalAction("not-a-play", f"{action} is not a play: a single, a set or a run")
    if play.index in pos.lead_indices():
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


def _check_follow(pos: Position, action: Action) -> None:
    best = PLAYS[pos.best]
    beating = pos.beating_indices()
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
