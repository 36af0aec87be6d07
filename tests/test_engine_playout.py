"""The fast playout's contract (``lukfu/playout.py``), checked against the referee.

The fast path may skip checking its actions and building states on the way, but every action
it takes must be legal, and it must end at the very position ``State.apply`` reaches with the
same actions: the test replays each playout through the referee, one legal action at a time.
"""

from __future__ import annotations

import random

from lukfu import Action, State, new_deal, random_playout
from lukfu.position import Position

DEALS = 200


def replayed(start: State, end: State) -> State:
    """``end``'s actions since ``start``, applied by the referee, each checked to be legal first."""
    state = start
    for action in end.history[len(start.history) :]:
        assert action in state.legal_actions(), (state, action)
        state = state.apply(action)
    return state


def starts(seed: int) -> list[State]:
    """A new deal, and the same deal some random legal actions in (mid-trick, as often as not)."""
    rng = random.Random(seed)
    state = first = new_deal(seed)
    for _ in range(rng.randrange(40)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return [first] if state.is_over else [first, state]


def test_fast_playouts_take_legal_actions_to_the_referees_end() -> None:
    ends = claims = redeals = 0
    for seed in range(DEALS):
        for start in starts(seed):
            before = start.record()
            end = random_playout(start, random.Random(seed))
            assert start.record() == before  # the receiver is left as it was
            again = replayed(start, end)
            assert end.is_over and again == end and hash(again) == hash(end)
            assert (again.result, again.history, again.record()) == (end.result, end.history, end.record())
            assert again.legal_actions() == end.legal_actions() == ()
            ends += 1
            claims += bool(end.result and end.result.claimed)
            redeals += end.redeals > start.redeals
    assert ends > DEALS and claims > 20 and redeals > 5, (ends, claims, redeals)


def test_fast_playouts_from_a_position_set_up_mid_deal() -> None:
    start = State.from_hands(
        ["M9 M8 C1 S3 S4", "S5 S6 M2 C4 C5", "C6 C7 T3 T4 T5"], master=0, caller=1, leader=0, fu=(3, 2, 2)
    )
    for seed in range(DEALS):
        end = random_playout(start, random.Random(seed))
        assert replayed(start, end) == end
        assert State.from_record(end.record()) == end


def test_a_states_position_is_a_copy_and_at_goes_on_from_the_state() -> None:
    state = new_deal(3)
    pos = state.position()
    pos.step_call(True)
    assert state.phase == "calling" and state.history == ()
    later = state.at(pos)
    assert later.phase == "playing" and later.history == (Action.call(),)
    assert later == state.apply(Action.call()) and later.record() == state.apply(Action.call()).record()


def test_a_copied_position_has_every_slot_and_its_own_lists() -> None:
    state, rng = new_deal(5), random.Random(5)
    while not (len(state.tricks) >= 2 and state.trick is not None and any(state.discards)):
        state = state.apply(rng.choice(state.legal_actions()))  # to mid-trick, some cards down
    pos = state.position()
    copy = pos.copy()
    assert all(getattr(copy, name) == getattr(pos, name) for name in Position.__slots__)
    assert copy.key() == pos.key() and copy.turns
    assert all(getattr(copy, name) is not getattr(pos, name) for name in ("hands", "fu", "discards"))
