"""The Beginner's rules of thumb (``lukfu.ai.heuristic``): always legal, they claim when they can and
beat random play."""

from __future__ import annotations

import random

from lukfu import Action, State, new_deal
from lukfu.ai.heuristic import choose_action


def play_deal(seed: int, smart_seats: set[int], rng: random.Random) -> State:
    state = new_deal(seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        if seat in smart_seats:
            action = choose_action(observation, rng)
            assert action in observation.legal
        else:
            action = rng.choice(observation.legal)
        state = state.apply(action)
    return state


def test_the_beginner_makes_only_legal_moves_to_the_end() -> None:
    rng = random.Random(5)
    for seed in range(60):
        end = play_deal(seed, {0, 1, 2}, rng)
        assert end.is_over and sum(end.net_points) == 0


def test_the_beginner_outscores_random_play() -> None:
    rng = random.Random(11)
    total = 0
    for seed in range(300):
        smart = seed % 3
        total += play_deal(seed, {smart}, rng).net_points[smart]
    assert total > 100, total


def test_the_beginner_claims_when_it_can() -> None:
    state = State.from_hands(["M9 C1 S3", "S4 S5 M2", "C4 C5 T3"], master=0, caller=0, fu=(4, 3, 2))
    assert choose_action(state.observation(0), random.Random(0)) == Action.claim()
