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
    new_deal,
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


# ---------------------------------------------------------------------------------------------
# An independent reading of RULES §3-§6 for the legality property: cards are read only by
# suit and rank, every subset of the hand is tried, and nothing comes from the engine's own
# plays, beating or Old-card code.

SPECIAL_ONES = {(0, 1), (3, 1)}  # C1 (Mau Gung) and T1 (Bak Chi)


def rule_play(cards: tuple[Card, ...]) -> tuple[str, int, int] | None:
    """RULES §3: ``(kind, suit, rank)`` of a play, or ``None`` when the cards are no play.

    ``rank`` is a single's or a set's rank and a run's top rank; ``suit`` is -1 for a set.
    """
    suits = {card.suit for card in cards}
    ranks = sorted(card.rank for card in cards)
    if len(cards) == 1:
        return ("single", cards[0].suit, cards[0].rank)
    if len(cards) in (3, 4) and ranks[0] == ranks[-1]:
        return ("set", -1, ranks[0])
    if len(cards) >= 3 and len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards))):
        return ("run", cards[0].suit, ranks[-1])
    return None


def rule_beats(best: tuple[Card, ...], candidate: tuple[Card, ...], best_is_lead: bool) -> bool:
    """RULES §4, for two plays given as cards."""
    mine, theirs = rule_play(candidate), rule_play(best)
    assert mine is not None and theirs is not None
    (kind, suit, rank), (best_kind, best_suit, best_rank) = mine, theirs
    if kind != best_kind or len(candidate) != len(best):
        return False
    if kind == "single":
        if (suit, rank) in SPECIAL_ONES:
            return False  # a special one never beats
        if best_is_lead and (best_suit, best_rank) in SPECIAL_ONES:
            return False  # a led special one cannot be beaten
        return suit == best_suit and rank > best_rank
    if kind == "set":
        return rank == 9 if best_rank == 1 else rank > best_rank
    return suit > best_suit or (suit == best_suit and rank > best_rank)


def rule_old(hand: tuple[Card, ...], public: frozenset[Card]) -> set[Card]:
    """RULES §6: a 9, a special one, or a card every higher rank of whose suit is known."""
    known = {(card.suit, card.rank) for card in hand} | {(card.suit, card.rank) for card in public}
    return {
        card
        for card in hand
        if card.rank == 9
        or (card.suit, card.rank) in SPECIAL_ONES
        or all((card.suit, higher) in known for higher in range(card.rank + 1, 10))
    }


def text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in sorted(cards))


def reference_legal(state: State) -> set[str]:
    """Every legal action of the seat to move, from RULES §2-§7 by trying every subset of the hand."""
    if state.phase == "calling":
        return {"call", "pass"}
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    subsets = [cards for size in range(1, len(hand) + 1) for cards in combinations(hand, size)]
    plays = [cards for cards in subsets if rule_play(cards) is not None]
    trick = state.trick
    if trick is None:  # leading (§5.1) or claiming (§7)
        old = rule_old(hand, state.public)
        legal = {"claim"} if state.fu[seat] + len(old) >= 6 else set()
        passed_master = seat == state.master and state.caller not in (None, state.master)
        free = [card for card in hand if card not in old]
        for cards in plays:
            if passed_master and len(cards) >= 4:
                continue
            if len(cards) == 1 and seat != state.caller and free:
                top_free_suit = max(card.suit for card in free)
                if cards[0] in old or cards[0].suit != top_free_suit:
                    continue
            legal.add(text(cards))
        return legal
    # Following (§5.2): beat the current best play if you can, else discard as many cards.
    assert trick.best is not None and trick.turns[0].play is not None
    best = tuple(trick.best.cards)
    best_is_lead = trick.best_seat == trick.leader
    beating = {text(cards) for cards in plays if rule_beats(best, cards, best_is_lead)}
    if beating:
        return beating
    size = len(trick.turns[0].play.cards)
    return {"discard " + text(cards) for cards in subsets if len(cards) == size}


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_legal_actions_match_a_brute_force_reading_of_the_rules(seed: int, choice_seed: int) -> None:
    for state in random_line(seed, random.Random(choice_seed))[:-1]:
        listed = {str(action) for action in state.legal_actions()}
        assert listed == reference_legal(state), state


@SETTINGS
@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_fast_playouts_end_like_real_deals(seed: int, rng: random.Random) -> None:
    end = random_playout(new_deal(seed), rng)
    assert end.is_over and sum(end.net_points) == 0
    assert sorted(accounted(end)) == list(ALL_CARDS)
    assert State.from_record(end.record()) == end
