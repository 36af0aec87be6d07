"""Dealing (RULES §2): a seed always deals the same cards, three passes redeal with the same
Master, and a position set up by hand (``State.from_hands``) must be one that can happen.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from test_refusals import refusal

from lukfu import Action, State, new_deal
from lukfu.cards import ALL_CARDS

DECK = [str(card) for card in ALL_CARDS]
SPLIT = [" ".join(DECK[0:12]), " ".join(DECK[12:24]), " ".join(DECK[24:36])]
"""Three hands that split the deck: all Coins and S1-S3; S4-S9 and M1-M6; M7-M9 and all Tens."""


# --- A seed deals the same cards ------------------------------------------------------------------


def test_a_seed_always_gives_the_same_deal() -> None:
    # Fixed here so that any platform (CPython, Pyodide in the page) must agree.
    state = new_deal(42)
    assert state.master == 1
    assert [" ".join(map(str, hand)) for hand in state.hands] == [
        "C1 C2 C5 C9 S5 S6 S7 M3 M9 T1 T3 T9",
        "C7 S2 S9 M2 M4 M5 M7 M8 T2 T4 T5 T8",
        "C3 C4 C6 C8 S1 S3 S4 S8 M1 M6 T6 T7",
    ]
    assert new_deal(42, master=0).hands == state.hands
    assert new_deal(43).hands != state.hands


def test_a_seed_is_read_as_64_bits() -> None:
    """Seeds are 64-bit (shared deals name them): a seed and the same seed plus 2**64, or a
    negative seed and its 64-bit two's complement, deal the same cards."""
    for seed in (0, 42, 2**63 + 1):
        assert new_deal(seed + 2**64).hands == new_deal(seed).hands
        assert new_deal(seed - 2**64).hands == new_deal(seed).hands
    assert new_deal(-1).hands == new_deal(2**64 - 1).hands


# --- Redeals -------------------------------------------------------------------------------------


def test_hands_given_without_a_seed_redeal_by_a_64_bit_seed_of_their_own() -> None:
    """The same hands always redeal the same way; other hands redeal otherwise (RULES §2: three
    passes reshuffle), and the seed a record saves is a 64-bit number like any deal's."""
    orders = [[SPLIT[a], SPLIT[b], SPLIT[c]] for a, b, c in ((0, 1, 2), (1, 0, 2), (2, 1, 0), (0, 2, 1))]
    seeds, redealt = set(), set()
    for hands in orders:
        state = State.from_hands(hands, 0)
        assert state.seed == State.from_hands(hands, 0).seed
        assert 0 <= state.seed < 2**64
        assert json.loads(state.record())["seed"] == state.seed
        seeds.add(state.seed)
        passed = state.apply(Action.pass_()).apply(Action.pass_()).apply(Action.pass_())
        assert passed.redeals == 1 and passed.hands != state.hands
        redealt.add(passed.hands)
    assert len(seeds) == len(redealt) == len(orders)


def test_every_redeal_is_a_new_shuffle_with_the_same_master() -> None:
    """RULES §2: three passes reshuffle and redeal, same Master; a second redeal is another shuffle."""
    deals = [new_deal(3, master=1)]
    for _ in range(2):
        state = deals[-1]
        for _ in range(3):
            state = state.apply(Action.pass_())
        deals.append(state)
    assert [state.redeals for state in deals] == [0, 1, 2]
    assert len({state.hands for state in deals}) == 3
    assert all(state.master == state.to_move == 1 and state.phase == "calling" for state in deals)
    assert State.from_record(deals[-1].record()) == deals[-1]


# --- Setting up a position (State.from_hands, new_deal) -----------------------------------------


def mid_deal(**changes: object) -> Callable[[], State]:
    """Seat 0 (the caller) about to lead the last trick: one card each, 11 tricks played."""
    given: dict[str, object] = {"caller": 0, "fu": (4, 4, 3)}
    given.update(changes)
    hands = given.pop("hands", ["C1", "C2", "C3"])
    return lambda: State.from_hands(hands, 0, **given)  # type: ignore[arg-type]


NEEDS_A_CALLER = "leader, fu and public cards need a caller: the deal is under way"


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: State.from_hands(SPLIT, 3), "the Master is seat 0, 1 or 2, not 3"),
        (lambda: new_deal(1, master=5), "the Master is seat 0, 1 or 2, not 5"),
        (lambda: State.from_hands(SPLIT[:2], 0), "a deal has three hands, not 2"),
        (lambda: State.from_hands(SPLIT[:1] + SPLIT, 0), "a deal has three hands, not 4"),
        # A card twice in one hand: twelve cards given, but not twelve different ones.
        (
            lambda: State.from_hands([SPLIT[0].replace("C2", "C1"), SPLIT[1], SPLIT[2]], 0),
            "hand 0 must hold 12 different cards, not 12",
        ),
        (lambda: State.from_hands(SPLIT[:1] * 2 + SPLIT[2:], 0), "hand 1 shares cards with an earlier hand"),
        # The calling phase: nothing has been played yet.
        (lambda: State.from_hands(SPLIT, 0, leader=1), NEEDS_A_CALLER),
        (lambda: State.from_hands(SPLIT, 0, fu=(1, 0, 0)), NEEDS_A_CALLER),
        (lambda: State.from_hands(SPLIT, 0, public="C1"), NEEDS_A_CALLER),
        (mid_deal(caller=3), "the caller and the leader are seats 0, 1 or 2"),
        (mid_deal(leader=3), "the caller and the leader are seats 0, 1 or 2"),
        (mid_deal(fu=(4, 4, 2)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(fu=(-1, 6, 6)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(fu=(5, 6)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(hands=["C1 C4", "C2 C5", "C3 C6"], fu=(4, 4, 1)), "fu must be three counts summing to 10, "
         "the tricks played"),
    ],
)
def test_a_position_that_cannot_happen_is_refused_saying_why(make: Callable[[], State], message: str) -> None:
    assert refusal(make) == message


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_card_in_any_hand_cannot_also_have_been_played_face_up(seat: int) -> None:
    held = ["C1", "C2", "C3"][seat]
    assert refusal(mid_deal(public=f"C4 {held}")) == "a card cannot be both in a hand and played face up"
    assert {str(card) for card in mid_deal(public="C4")().public} == {"C4"}  # in no hand: it may be


def test_a_position_with_no_cards_left_cannot_be_set_up_the_deal_would_be_over() -> None:
    """(The hands ran out: the deal ended with the last trick, RULES §7.)"""
    with pytest.raises(ValueError, match="hand 0 must hold"):
        mid_deal(hands=["", "", ""], fu=(4, 4, 4))()
