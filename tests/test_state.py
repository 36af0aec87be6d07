"""An honest State: equality, hash and repr say where the deal stands; nothing can change one."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lukfu import Observation, State, new_deal, parse_action, random_playout

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


NAMES = ["master", "to_move", "phase", "caller", "redeals", "hands", "fu", "_pos", "x"]


@pytest.mark.parametrize("name", NAMES)
def test_a_state_cannot_be_changed(name: str) -> None:
    state = new_deal(3)
    before = state.record()
    with pytest.raises(AttributeError):
        setattr(state, name, 1)
    with pytest.raises(AttributeError):
        delattr(state, name)
    assert state.record() == before


def test_repr_shows_the_position_and_hides_nothing_from_the_developer() -> None:
    state = new_deal(11, master=0).apply(parse_action("call"))
    text = repr(state)
    assert "phase=playing" in text and "caller=0" in text and "seed=11" in text
    for hand in state.hands:
        assert " ".join(map(str, hand)) in text


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_observation_text_round_trips_at_every_step(seed: int, choice_seed: int) -> None:
    for state in played_line(seed, random.Random(choice_seed)):
        for seat in range(3):
            obs = state.observation(seat)
            text = str(obs)
            assert "\n" not in text
            assert Observation.from_text(text) == obs


def test_observation_text_is_compact() -> None:
    state = random_playout(new_deal(8), random.Random(1))
    assert len(str(new_deal(8).observation(0))) < 400
    assert len(str(state.observation(0))) < 1500


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: t.replace("seat=0", "seat=4"),
        lambda t: t.replace("phase=calling", "phase=lunch"),
        lambda t: t + ";extra=1",
        lambda t: t.replace(";fu=0 0 0", ""),
        lambda t: t.replace("hand=", "hand=Z9 "),
        lambda t: t.replace("legal=call,pass", "legal=call,jump"),
        lambda t: "",
    ],
)
def test_bad_observation_text_is_refused_with_a_reason(damage: object) -> None:
    text = str(new_deal(8, master=0).observation(0))
    assert callable(damage)
    with pytest.raises(ValueError, match="observation text"):
        Observation.from_text(damage(text))
