"""An honest State: equality, hash and repr say where the deal stands; nothing can change one."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_dealing import SPLIT
from test_refusals import refusal

from lukfu import Action, State, new_deal, parse_action, random_playout

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def played_line(seed: int, rng: random.Random) -> list[State]:
    states = [new_deal(seed)]
    while not states[-1].is_over:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_a_playout_ends_somewhere_else_and_its_record_replays_there(seed: int, choice_seed: int) -> None:
    start = new_deal(seed)
    end = random_playout(start, random.Random(choice_seed))
    assert end.is_over and not start.is_over
    assert end != start
    assert repr(end) != repr(start)
    replayed = State.from_record(end.record())
    assert replayed == end and hash(replayed) == hash(end)
    assert replayed.history == end.history and len(end.history) >= 2
    assert replayed.result == end.result


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_every_state_of_a_deal_differs_from_the_one_before(seed: int, choice_seed: int) -> None:
    states = played_line(seed, random.Random(choice_seed))
    for before, after in zip(states, states[1:], strict=False):
        assert before != after
    assert len(set(states)) == len(states)


def test_completed_tricks_are_part_of_the_position() -> None:
    # The same hands, fu and face-up cards, rebuilt with from_hands at the start of the next trick.
    state = State.from_hands(["C1 S2 M3", "C9 S3 T4", "C8 S4 T5"], master=0, caller=0, fu=(3, 3, 3))
    after = state.apply(parse_action("S2")).apply(parse_action("S3")).apply(parse_action("S4"))
    rebuilt = State.from_hands(
        ["C1 M3", "C9 T4", "C8 T5"], master=0, seed=state.seed, caller=0, leader=2, fu=(3, 3, 4),
        public="S2 S3 S4",
    )
    assert after.hands == rebuilt.hands and after.to_move == rebuilt.to_move == 2
    # Reached by play, the trick history is known; rebuilt, it is not: not the same position.
    assert after != rebuilt
    assert after.apply(parse_action("T5")) != rebuilt.apply(parse_action("T5"))


def test_a_redeal_seed_is_part_of_the_position() -> None:
    hands = new_deal(5).hands
    assert State.from_hands(hands, 0, seed=1) != State.from_hands(hands, 0, seed=2)
    assert State.from_hands(hands, 0, seed=1) == State.from_hands(hands, 0, seed=1)


PUBLIC_NAMES = sorted(name for name in dir(State) if not name.startswith("_"))
"""Everything a State offers: its views of the deal and its methods."""


@pytest.mark.parametrize("name", [*PUBLIC_NAMES, "x"])
def test_a_state_cannot_be_changed_through_any_attribute(name: str) -> None:
    """Setting or deleting any attribute, one it has or a new one, is refused saying that
    apply() returns the next state; the deal is left as it was."""
    state = new_deal(3)
    before = state.record(), repr(state), hash(state)
    assert refusal(lambda: setattr(state, name, 1), AttributeError) == (
        f"a State cannot change (set {name!r}): apply() returns the next one"
    )
    assert refusal(lambda: delattr(state, name), AttributeError) == f"a State cannot change (delete {name!r})"
    assert (state.record(), repr(state), hash(state)) == before


def test_repr_shows_the_position_and_hides_nothing_from_the_developer() -> None:
    state = new_deal(11, master=0).apply(parse_action("call"))
    text = repr(state)
    assert "phase=playing" in text and "caller=0" in text and "seed=11" in text
    for hand in state.hands:
        assert " ".join(map(str, hand)) in text


def test_apply_leaves_the_state_unchanged() -> None:
    state = new_deal(9)
    before = state.record()
    state.apply(state.legal_actions()[0])
    assert state.record() == before


def test_a_states_repr_tells_where_the_deal_stands() -> None:
    """Calling (no fu or tricks yet), after a redeal, mid-trick (turns, face-down cards shown to the
    developer), between tricks, and over (the result)."""
    state = State.from_hands(SPLIT, 0, seed=7)
    hands = "'C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3', 'S4 S5 S6 S7 S8 S9 M1 M2 M3 M4 M5 M6', " \
        "'M7 M8 M9 T1 T2 T3 T4 T5 T6 T7 T8 T9'"
    assert repr(state) == f"<State seed=7 master=0 phase=calling to_move=0 caller=None hands=[{hands}]>"
    redealt = state.apply(Action.pass_()).apply(Action.pass_()).apply(Action.pass_())
    assert repr(redealt).startswith("<State seed=7 master=0 redeals=1 phase=calling to_move=0 caller=None ")
    start = State.from_hands(["C9 S6 S7", "C1 C2 M3", "T2 T3 T4"], 0, seed=5, caller=0, fu=(3, 3, 3))
    line = ["C9", "discard C1", "discard T2", "S7", "discard C2", "discard T3", "S6", "discard M3"]
    line.append("discard T4")
    states = [start]
    for text in line:
        states.append(states[-1].apply(parse_action(text)))
    head = "<State seed=5 master=0 phase=playing"
    assert repr(states[2]) == (
        f"{head} to_move=2 caller=0 hands=['S6 S7', 'C2 M3', 'T2 T3 T4'] fu=(3, 3, 3) tricks=0 "
        "trick='C9 | discard C1'>"
    )
    assert repr(states[3]) == (
        f"{head} to_move=0 caller=0 hands=['S6 S7', 'C2 M3', 'T3 T4'] fu=(4, 3, 3) tricks=1>"
    )
    assert repr(states[-1]) == (
        "<State seed=5 master=0 phase=over to_move=None caller=0 hands=['', '', ''] fu=(6, 3, 3) tricks=3 "
        "result=Result(winner=0, claimed=False, F=6, S=1, net_points=(2, -1, -1))>"
    )
