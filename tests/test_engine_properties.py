"""Properties of random legal play (Hypothesis): conservation, scoring, legality, secrecy, records."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lukfu import (
    Action,
    IllegalAction,
    State,
    beats,
    classify,
    new_deal,
    old_cards,
    parse_action,
    random_playout,
)
from lukfu.cards import ALL_CARDS, Card

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def random_line(seed: int, choices: random.Random, steps: int = 200) -> list[State]:
    """The states of one deal played with uniformly random legal actions."""
    states = [new_deal(seed)]
    while not states[-1].is_over and len(states) < steps:
        states.append(states[-1].apply(choices.choice(states[-1].legal_actions())))
    return states


def accounted(state: State) -> list[Card]:
    """Every card, wherever it is: in hand, face up, or face down."""
    cards = [card for hand in state.hands for card in hand]
    cards += list(state.public) + [card for seat in state.discards for card in seat]
    return cards


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_random_deals_keep_every_card_and_score_to_zero(seed: int, choice_seed: int) -> None:
    states = random_line(seed, random.Random(choice_seed))
    for state in states:
        assert sorted(accounted(state)) == list(ALL_CARDS)
        assert sum(state.net_points) == 0
    end = states[-1]
    assert end.is_over
    result = end.result
    assert result is not None
    if not result.claimed:
        assert sum(end.fu) == 12
    if result.winner is not None:
        assert 1 <= result.S <= 7 and result.F == result.S + 5
        assert result.net_points[result.winner] == 2 * result.S


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32), junk=st.randoms(use_true_random=False))
def test_listed_actions_apply_and_all_others_are_refused_with_a_reason(
    seed: int, choice_seed: int, junk: random.Random
) -> None:
    for state in random_line(seed, random.Random(choice_seed))[:-1]:
        legal = set(state.legal_actions())
        for action in legal:
            state.apply(action)  # must not raise
            assert parse_action(str(action)) == action
        for _ in range(8):
            candidate = random_action(state, junk)
            if candidate in legal:
                continue
            try:
                state.apply(candidate)
            except IllegalAction as refused:
                assert refused.reason and refused.code in IllegalAction.CODES
            else:
                raise AssertionError(f"{candidate} was applied but is not listed as legal")


def random_action(state: State, rng: random.Random) -> Action:
    """A plausible action for the seat to move: mostly cards from its hand, sometimes not."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice([Action.call(), Action.pass_(), Action.claim()])
    pool = list(ALL_CARDS) if roll < 0.2 or state.to_move is None else list(state.hands[state.to_move])
    cards = rng.sample(pool, min(len(pool), rng.randint(1, 4)))
    return Action.discard(cards) if rng.random() < 0.3 else Action.play(cards)


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_records_rebuild_the_same_state(seed: int, choice_seed: int) -> None:
    for state in random_line(seed, random.Random(choice_seed))[::7]:
        again = State.from_record(state.record())
        assert again == state
        assert again.hands == state.hands and again.fu == state.fu
        assert again.legal_actions() == state.legal_actions()


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32), viewer=st.integers(0, 2), shuffle=st.randoms())
def test_observations_are_blind_to_hidden_cards(
    seed: int, choice_seed: int, viewer: int, shuffle: random.Random
) -> None:
    """Re-deal the cards the viewer never sees between the other two seats: nothing it sees changes."""
    line = random_line(seed, random.Random(choice_seed))
    assume(line[-1].redeals == 0)
    actions = line[-1].history
    first = line[0]
    face_up = {card for state in line for card in state.public}
    a, b = [seat for seat in range(3) if seat != viewer]
    hidden_a = [card for card in first.hands[a] if card not in face_up]
    hidden_b = [card for card in first.hands[b] if card not in face_up]
    pool = hidden_a + hidden_b
    shuffle.shuffle(pool)
    swap = dict(zip(hidden_a + hidden_b, pool, strict=True))
    hands = [[swap.get(card, card) for card in hand] for hand in first.hands]
    other = State.from_hands(hands, first.master, first.seed)
    for state, action in zip(line, actions, strict=False):
        assert other.observation(viewer) == state.observation(viewer)
        moved = Action(action.kind, [swap.get(card, card) for card in action.cards])
        try:
            other = other.apply(moved)
        except IllegalAction:
            return  # the swapped hands allow other choices from here on: nothing more to compare


def reference_plays(hand: tuple[Card, ...]) -> set[str]:
    """Every play in a hand, by trying every subset (no tables)."""
    found = set()
    for size in (1, 3, 4, 5, 6, 7, 8, 9):
        for cards in combinations(hand, size):
            play = classify(cards)
            if play is not None:
                found.add(str(play))
    return found


def reference_legal(state: State) -> set[str]:
    """The legal plays of the seat to move, read straight from RULES §5 with subsets."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    plays = {p: classify(parse_action(p).cards) for p in reference_plays(hand)}
    trick = state.trick
    if trick is None:
        old = old_cards(hand, state.public)
        legal = set()
        for text, play in plays.items():
            assert play is not None
            if state.passed_master and seat == state.master and play.size >= 4 and play.kind != "single":
                continue
            if play.kind == "single" and seat != state.caller:
                free = [card for card in hand if card not in old]
                if free:
                    top = max(card.suit for card in free)
                    if play.cards[0] in old or play.cards[0].suit != top:
                        continue
            legal.add(text)
        return legal
    best, is_lead = trick.best, trick.best_seat == trick.leader
    assert best is not None
    return {t for t, p in plays.items() if p is not None and beats(best, p, is_lead)}


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_legal_plays_match_a_brute_force_reading_of_the_rules(seed: int, choice_seed: int) -> None:
    for state in random_line(seed, random.Random(choice_seed))[:-1]:
        if state.phase != "playing":
            continue
        listed = {str(a) for a in state.legal_actions() if a.kind == "play"}
        assert listed == reference_legal(state)


@SETTINGS
@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_fast_playouts_end_like_real_deals(seed: int, rng: random.Random) -> None:
    end = random_playout(new_deal(seed), rng)
    assert end.is_over and sum(end.net_points) == 0
    assert sorted(accounted(end)) == list(ALL_CARDS)
    assert State.from_record(end.record()) == end
