"""The computer levels: legal to the end, blind to hidden cards, seeded, sound in what they infer,
and stronger level by level (a quick duplicate-deal run of the arena)."""

from __future__ import annotations

import json
import random

import pytest

from lukfu import Observation, State, new_deal
from lukfu.ai import LEVELS, make_player
from lukfu.ai.players import BUDGETS, SEER, Seer
from lukfu.ai.worlds import Evidence, sample
from lukfu.arena import main, play, run
from lukfu.cards import cards_of, to_mask
from lukfu.session import Session

SEARCH_LEVELS = ("strong", "expert")


def casual_deal(seed: int) -> list[State]:
    """Every state of a deal played by three Casual players."""
    state = new_deal(seed)
    states = [state]
    players = [make_player("casual", seed) for _ in range(3)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.apply(players[seat].choose(state.observation(seat)))
        states.append(state)
    return states


def test_every_level_plays_legal_moves_to_the_end() -> None:
    for seed in range(4):
        seats = (LEVELS[seed % 4], LEVELS[(seed + 1) % 4], LEVELS[(seed + 2) % 4])
        end = play(new_deal(seed), seats, seed, {})
        assert end.is_over and sum(end.net_points) == 0


def test_the_seer_plays_legal_moves_to_the_end() -> None:
    end = play(new_deal(3), (SEER, "casual", "casual"), 3, {})
    assert end.is_over and sum(end.net_points) == 0


def swapped(state: State, seat: int) -> State:
    """The same position but for one card swapped between the two hands ``seat`` cannot see."""
    a, b = (seat + 1) % 3, (seat + 2) % 3
    hands = [list(hand) for hand in state.hands]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    if state.phase == "calling":
        return State.from_hands(hands, state.master)
    return State.from_hands(hands, state.master, caller=state.caller, leader=state.to_move, fu=state.fu,
                            public=state.public)


def trick_starts(seed: int) -> list[State]:
    """Positions at the start of tricks of a Casual deal, set up afresh (``from_hands``)."""
    starts = []
    for state in casual_deal(seed):
        if state.phase == "playing" and state.trick is None and len(state.tricks) in (1, 3, 5, 7):
            starts.append(State.from_hands(state.hands, state.master, caller=state.caller,
                                           leader=state.to_move, fu=state.fu, public=state.public))
    return starts


@pytest.mark.parametrize("level", LEVELS)
def test_a_player_sees_only_its_observation(level: str) -> None:
    """Two positions that differ only in cards hidden from the seat to move get the same choice."""
    pairs: list[tuple[State, State, int]] = []
    for seed in range(5):
        deal = new_deal(seed)
        pairs.append((deal, swapped(deal, deal.master), deal.master))
        for start in trick_starts(seed):
            leader = start.to_move
            assert leader is not None
            pairs.append((start, swapped(start, leader), leader))
            # A follower: the same lead in both, then the next seat decides.
            lead = make_player("casual", seed).choose(start.observation(leader))
            follower = (leader + 1) % 3
            twin = swapped(start, follower)
            if lead.cards and lead in twin.legal_actions():
                pairs.append((start.apply(lead), twin.apply(lead), follower))
    assert len(pairs) >= 18
    for one, other, seat in pairs:
        assert one != other
        observation = one.observation(seat)
        assert observation == other.observation(seat)
        choice = make_player(level, 5).choose(observation)
        assert choice == make_player(level, 5).choose(other.observation(seat))


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_seeded_by_deal_move_and_level(level: str) -> None:
    """A replayed deal replays the same moves, also from the observation's text (the worker's message)."""
    states = [s for s in casual_deal(8) if not s.is_over][::4]
    for state in states:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        first = make_player(level, 8).choose(observation)
        assert first in observation.legal
        assert make_player(level, 8).choose(Observation.from_text(str(observation))) == first


def test_what_public_play_proves_holds_in_the_real_deal() -> None:
    """The evidence read off an observation is never broken by the true hands: it is sound."""
    checked = 0
    for seed in range(40):
        for state in casual_deal(seed):
            if state.is_over or state.to_move is None:
                continue
            seat = state.to_move
            evidence = Evidence.of(state.observation(seat))
            hands = [to_mask(hand) for hand in state.hands]
            discards = [to_mask(d) for d in state.discards]
            assert not any(hands[s] & evidence.forbidden[s] for s in range(3) if s != seat)
            assert evidence.broken(hands, discards, hands[seat] | discards[seat]) == 0
            checked += 1
    assert checked > 600


def test_sampled_deals_keep_to_the_evidence() -> None:
    rng = random.Random(3)
    for seed in range(6):
        for state in casual_deal(seed)[5:-1:3]:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            evidence = Evidence.of(observation)
            world = sample(observation, rng)
            assert world.hands[seat] == to_mask(observation.hand)
            assert tuple(h.bit_count() for h in world.hands) == observation.hand_sizes
            for other in range(3):
                if other != seat:
                    assert not world.hands[other] & (to_mask(observation.public) | to_mask(observation.hand))
                    assert not world.hands[other] & evidence.forbidden[other]
            assert world.public == to_mask(observation.public)
            assert len(cards_of(world.public)) == len(observation.public)


def test_the_seer_sees_what_honest_players_cannot() -> None:
    """The Seer is no level on offer, and it is given the whole state."""
    assert SEER not in LEVELS
    state = new_deal(4)
    seat = state.to_move
    assert seat is not None
    assert Seer(4, BUDGETS["expert"]).choose_in(state) in state.legal_actions()


@pytest.mark.slow
def test_arena_strong_beats_beginner_on_average() -> None:
    """100 duplicate deals (about 35 s on two cores): Strong's whole 95% interval is above 0."""
    result = run("strong", "beginner", deals=100, seed=5, jobs=2)
    low, _high = result["ci95"]  # type: ignore[misc]
    assert float(result["mean"]) > 0.5 and low > 0, result  # type: ignore[arg-type]


def test_arena_prints_a_report_ending_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--candidate", "casual", "--baseline", "beginner", "--deals", "30", "--seed", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    low, high = result["ci95"]
    assert low <= result["mean"] <= high
    assert result["deals"] == 30 and set(result["decision_ms"]) == {"casual", "beginner"}


def test_a_session_thinks_in_slices_to_the_same_move() -> None:
    """The page runs a computer player's thinking in slices: same move as thinking at once."""
    sliced, at_once = (Session.new(9, master=1, level="strong") for _ in range(2))
    work = sliced.thinking()
    slices = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            action = done.value
            break
        slices += 1
    assert slices > 1
    after = at_once.step()
    assert action == after.state.history[-1] and sliced.take(action).state == after.state
