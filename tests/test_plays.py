"""Plays and what beats what (RULES §3, §4): every play the engine knows, every pair of singles,
sets and runs, and what a follower must do with the runs they hold.

Expected answers are written out from the rules, never read back from the engine.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest

from lukfu import Action, IllegalAction, Play, State, beats, classify, parse_action, parse_cards
from lukfu.cards import ALL_CARDS
from lukfu.plays import PLAYS

SUIT_LETTERS = "CSMT"


def play(text: str) -> Play:
    found = classify(parse_cards(text))
    assert found is not None, text
    return found


def set_of(rank: int, suits: tuple[int, ...]) -> Play:
    return play(" ".join(f"{SUIT_LETTERS[suit]}{rank}" for suit in suits))


# --- Plays (RULES §3) ----------------------------------------------------------------------------


def test_there_are_193_plays_each_read_back_by_classify() -> None:
    """36 singles, 9 ranks x (four sets of 3 + one set of 4), and 4 suits x 28 runs of 3-9."""
    assert len(PLAYS) == 36 + 9 * 5 + 4 * 28 == 193
    assert len({play.mask for play in PLAYS}) == 193
    for index, play in enumerate(PLAYS):
        assert play.index == index and classify(play.cards) is play


def test_a_play_tells_its_kind_size_suit_and_rank() -> None:
    """``rank``: a single's or a set's rank, a run's top rank; ``suit``: -1 for a set."""
    for play in PLAYS:
        cards = play.cards
        ranks, suits = [c.rank for c in cards], {c.suit for c in cards}
        assert play.size == len(cards) and list(cards) == sorted(cards)
        if play.kind == "single":
            assert (play.suit, play.rank) == (cards[0].suit, cards[0].rank)
        elif play.kind == "set":
            assert len(cards) in (3, 4) and len(set(ranks)) == 1
            assert (play.suit, play.rank) == (-1, ranks[0])
        else:
            assert play.kind == "run" and len(suits) == 1 and ranks == list(range(ranks[0], ranks[-1] + 1))
            assert (play.suit, play.rank) == (cards[0].suit, max(ranks))
    assert (classify(parse_cards("M7")).rank, classify(parse_cards("M7")).suit) == (7, 2)  # type: ignore[union-attr]


@pytest.mark.parametrize("suit", "CSMT")
def test_a_caller_holding_a_whole_suit_may_lead_every_run_in_it(suit: str) -> None:
    """Nine cards of one suit hold 28 runs, from three cards up to all nine."""
    whole = [f"{suit}{rank}" for rank in range(1, 10)]
    rest = [str(c) for c in ALL_CARDS if str(c) not in whole]
    hands = [" ".join(whole + rest[:3]), " ".join(rest[3:15]), " ".join(rest[15:27])]
    state = State.from_hands(hands, master=0).apply(Action.call())  # the Master, seat 0, leads
    legal = {str(action) for action in state.legal_actions()}
    runs = {" ".join(whole[low : low + n]) for n in range(3, 10) for low in range(0, 10 - n)}
    assert len(runs) == 28 and runs <= legal and " ".join(whole) in legal


# --- Beating (RULES §4) --------------------------------------------------------------------------


def test_a_single_beats_only_a_higher_card_of_its_suit_and_the_special_ones_never() -> None:
    """Every pair of singles, led or following, including a card against itself."""
    special = {"C1", "T1"}
    for best, candidate in product(ALL_CARDS, repeat=2):
        for is_lead in (True, False):
            should = (
                str(candidate) not in special
                and not (is_lead and str(best) in special)
                and candidate.suit == best.suit
                and candidate.rank > best.rank
            )
            got = beats(classify([best]), classify([candidate]), is_lead)  # type: ignore[arg-type]
            assert got == should, f"{best} vs {candidate} (lead={is_lead})"


def test_no_play_beats_itself() -> None:
    for play in PLAYS:
        assert not beats(play, play, True) and not beats(play, play, False), play


def test_a_set_beats_only_a_higher_set_of_its_size_and_only_nines_beat_ones() -> None:
    """Every pair of ranks, every choice of suits, sets of 3 and of 4 (RULES §4, examples 8, 9)."""
    for size in (3, 4):
        for low, high in product(range(1, 10), repeat=2):
            should = high == 9 if low == 1 else high > low
            for suits_a, suits_b in product(combinations(range(4), size), repeat=2):
                for is_lead in (True, False):
                    got = beats(set_of(low, suits_a), set_of(high, suits_b), is_lead)
                    assert got == should, f"set of {size} {low}s vs {high}s (lead={is_lead}): {got}"
    # Sizes never mix: four of a rank neither beats nor is beaten by three.
    for low, high in product(range(1, 10), repeat=2):
        assert not beats(set_of(low, (0, 1, 2)), set_of(high, (0, 1, 2, 3)), True)
        assert not beats(set_of(low, (0, 1, 2, 3)), set_of(high, (1, 2, 3)), True)


def all_runs() -> list[Play]:
    runs = [p for p in PLAYS if p.kind == "run"]
    assert len(runs) == 4 * sum(range(1, 8))  # lengths 3-9 in each of four suits
    return runs


def test_a_run_beats_only_a_run_of_its_length_with_a_higher_top_card_or_a_higher_suit() -> None:
    """Every pair of runs, including a run against itself and against a same-suit run with the
    same top card: neither beats (RULES §4, examples 10, 11)."""
    for best, candidate in product(all_runs(), repeat=2):
        top_best, top_candidate = best.cards[-1], candidate.cards[-1]
        should = len(best.cards) == len(candidate.cards) and (
            top_candidate.suit > top_best.suit
            or (top_candidate.suit == top_best.suit and top_candidate.rank > top_best.rank)
        )
        for is_lead in (True, False):
            assert beats(best, candidate, is_lead) == should, f"{best} vs {candidate}"
    for run in all_runs():
        assert not beats(run, run, True) and not beats(run, run, False)
    assert not beats(play("S5 S6 S7"), play("S5 S6 S7"), True)
    assert not beats(play("S5 S6 S7 S8"), play("S6 S7 S8"), True)  # same top card, other length


def following_a_run(lead: str, follower: str) -> State:
    """Seat 0 (the caller) leads ``lead``; seat 1 holds ``follower``; seat 2 holds low Coins."""
    cards = parse_cards(lead)
    mine = parse_cards(follower)
    taken = set(cards) | set(mine)
    rest = [c for c in ALL_CARDS if c not in taken]
    size = max(len(cards), len(mine))
    hand0 = list(cards) + rest[: size - len(cards)]
    rest = rest[size - len(cards) :]
    hand1 = list(mine) + rest[: size - len(mine)]
    rest = rest[size - len(mine) :]
    hands = [hand0, hand1, rest[:size]]
    state = State.from_hands(hands, master=0, caller=0, fu=(12 - size, 0, 0))
    return state.apply(Action.play(cards))


@pytest.mark.parametrize(
    "lead, follower",
    [
        ("S4 S5 S6", "S1 S2 S3"),  # same suit, lower top card
        ("S4 S5 S6", "S1 S2 S3 S7"),  # ... and a single that is no run
        ("M5 M6 M7", "S7 S8 S9"),  # higher top card, lower suit
        ("S7 S8 S9", "S3 S4 S5 S6"),  # same suit, lower, and longer
    ],
)
def test_a_follower_whose_runs_do_not_beat_the_lead_must_discard(lead: str, follower: str) -> None:
    """(A same-suit run of the lead's length with its top card is the led run itself, which no
    follower can hold: ``beats`` is checked for it above.)"""
    state = following_a_run(lead, follower)
    assert state.to_move == 1
    legal = state.legal_actions()
    assert legal and all(a.kind == "discard" for a in legal), legal
    run = parse_cards(follower)[: len(parse_cards(lead))]
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action.play(run))
    assert refused.value.code in ("does-not-beat", "not-a-play")


@pytest.mark.parametrize(
    "lead, follower, beater",
    [
        ("S4 S5 S6", "S7 S8 S9", "S7 S8 S9"),  # same suit, higher top card
        ("T3 T4 T5", "T6 T7 T8", "T6 T7 T8"),
        ("S7 S8 S9", "M1 M2 M3", "M1 M2 M3"),  # any run of a higher suit
    ],
)
def test_a_follower_holding_a_beating_run_must_play_it(lead: str, follower: str, beater: str) -> None:
    state = following_a_run(lead, follower)
    assert state.legal_actions() == (parse_action(beater),)
