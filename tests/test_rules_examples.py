"""Every worked example of RULES.md §10, one test each, through the engine's public API."""

from __future__ import annotations

import pytest

from lukfu import (
    Action,
    IllegalAction,
    Play,
    State,
    beats,
    classify,
    new_deal,
    old_cards,
    parse_action,
    parse_cards,
)
from lukfu.cards import ALL_CARDS


def play(text: str) -> Play:
    result = classify(parse_cards(text))
    assert result is not None, text
    return result


def beats_lead(lead: str, candidate: str) -> bool:
    return beats(play(lead), play(candidate), best_is_lead=True)


def old(hand: str, public: str = "") -> set[str]:
    return {str(card) for card in old_cards(parse_cards(hand), parse_cards(public))}


def fill(partial: dict[int, str], master: int = 0) -> State:
    """A new deal in which the given seats hold these cards; the rest of the deck is dealt in order.

    Filler cards go to the seats that need them lowest first; tests choose partial hands so
    the fillers cannot change the answer.
    """
    taken = {card for text in partial.values() for card in parse_cards(text)}
    spare = [card for card in ALL_CARDS if card not in taken]
    hands = []
    for seat in range(3):
        cards = list(parse_cards(partial.get(seat, "")))
        while len(cards) < 12:
            cards.append(spare.pop(0))
        hands.append(cards)
    return State.from_hands(hands, master)


def lead_singles(hand: str, *, caller: bool, public: str = "") -> set[str]:
    """The singles seat 0 may lead from exactly this hand (the others hold the rest)."""
    cards = parse_cards(hand)
    taken = set(cards) | set(parse_cards(public))
    rest = [card for card in ALL_CARDS if card not in taken]
    size = len(cards)
    others = [rest[:size], rest[size : 2 * size]]
    played = 12 - size
    state = State.from_hands(
        [cards, others[0], others[1]],
        master=0,
        caller=0 if caller else 1,
        fu=(played, 0, 0),
        public=public,
    )
    return {str(a) for a in state.legal_actions() if a.kind == "play" and len(a.cards) == 1}


def test_example_01_a_pair_is_not_a_play() -> None:
    assert classify(parse_cards("C4 S4")) is None


def test_example_02_gaps_and_mixed_suits_are_not_plays() -> None:
    assert classify(parse_cards("M2 M3 M5")) is None
    assert classify(parse_cards("C3 S4 M5")) is None


def test_example_03_runs_and_sets() -> None:
    run = play("T7 T8 T9")
    assert (run.kind, run.rank) == ("run", 9)
    ones = play("C1 S1 M1 T1")
    assert (ones.kind, ones.size, ones.rank) == ("set", 4, 1)
    low = play("C1 C2 C3")
    assert (low.kind, low.rank) == ("run", 3)


def test_example_04_singles_beat_within_their_suit() -> None:
    assert beats_lead("M5", "M7")
    assert not beats_lead("M5", "T9")
    assert not beats_lead("M5", "M4")


def test_example_05_a_led_special_one_cannot_be_beaten() -> None:
    assert not beats_lead("C1", "C9")
    assert not beats_lead("T1", "T2")
    assert beats_lead("S1", "S2")


def test_example_06_a_special_one_never_beats() -> None:
    assert not beats_lead("C5", "C1")


def test_example_07_sets_beat_by_rank_and_size() -> None:
    assert beats_lead("C5 S5 M5", "C7 S7 T7")
    assert not beats_lead("C5 S5 M5", "C7 S7 M7 T7")


def test_example_08_a_set_of_ones_falls_only_to_nines() -> None:
    assert not beats_lead("C1 S1 M1", "C2 S2 M2")
    assert beats_lead("C1 S1 M1", "S9 M9 T9")


def test_example_09_four_nines_beat_four_ones() -> None:
    assert beats_lead("C1 S1 M1 T1", "C9 S9 M9 T9")


def test_example_10_runs_beat_by_top_card_and_length() -> None:
    assert beats_lead("S3 S4 S5", "S4 S5 S6")
    assert not beats_lead("S3 S4 S5", "C7 C8 C9")
    assert not beats_lead("S3 S4 S5", "S5 S6 S7 S8")


def test_example_11_any_run_of_a_higher_suit_beats() -> None:
    assert beats_lead("M3 M4 M5 M6", "T1 T2 T3 T4")


def test_example_12_a_follower_who_can_beat_must() -> None:
    state = fill({0: "M6", 1: "M8 C2 T4"}).apply(Action.call()).apply(parse_action("M6"))
    assert state.to_move == 1
    legal = state.legal_actions()
    assert parse_action("M8") in legal
    assert all(action.kind == "play" for action in legal)
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse_action("discard C2"))
    assert refused.value.code == "must-beat"


def test_example_13_nobody_beats_a_led_mau_gung() -> None:
    state = fill({0: "C1", 1: "C9", 2: "C8"}).apply(Action.call()).apply(parse_action("C1"))
    for seat in (1, 2):
        assert state.to_move == seat
        assert {a.kind for a in state.legal_actions()} == {"discard"}
        assert parse_action(["C9", "C8"][seat - 1]) not in state.legal_actions()
        state = state.apply(state.legal_actions()[0])
    assert state.fu == (1, 0, 0)
    assert state.to_move == 0


def test_example_14_a_beating_set_must_be_played() -> None:
    state = fill({0: "C8 S8 T8", 1: "C9 S9 M9"}).apply(Action.call()).apply(parse_action("C8 S8 T8"))
    assert state.legal_actions() == (parse_action("C9 S9 M9"),)


def test_example_15_nines_and_special_ones_are_old() -> None:
    assert old("S8 S7 S5 M9 C1 T2") == {"M9", "C1"}


def test_example_16_a_held_sequence_below_a_played_nine_is_old() -> None:
    assert old("S8 S7 S5", "S9") == {"S8", "S7"}


def test_example_17_played_cards_close_gaps() -> None:
    assert old("M9 M8 M7 M5") == {"M9", "M8", "M7"}
    assert old("M8 M6", "M9 M7") == {"M8", "M6"}


def test_example_18_low_cards_become_old() -> None:
    assert old("C3 C2", "C4 C5 C6 C7 C8 C9") == {"C3", "C2"}
    assert old("T8 T3", "T9") == {"T8"}


def test_example_19_a_non_caller_leads_a_single_from_the_highest_suit() -> None:
    assert lead_singles("T9 T4 M7 M2 C1", caller=False) == {"T4"}
    assert lead_singles("T9 M7 M2 S5", caller=False) == {"M7", "M2"}


def test_example_20_old_cards_are_skipped_unless_only_old_cards_are_left() -> None:
    assert lead_singles("T9 M9 M5 S2", caller=False) == {"M5"}
    assert lead_singles("T9 C1", caller=False) == {"T9", "C1"}


def test_example_21_the_caller_leads_any_single() -> None:
    assert lead_singles("T9 C1 S3", caller=True) == {"T9", "C1", "S3"}
    hand = "T4 M3 S3 C3"
    assert lead_singles(hand, caller=False) == {"T4"}
    others = ["S1 S2 S4 S5", "S6 S7 S8 S9"]
    state = State.from_hands([hand, *others], master=0, caller=1, fu=(8, 0, 0))
    assert parse_action("C3 S3 M3") in state.legal_actions()


def test_example_22_only_a_passed_master_is_limited_in_sets_of_four() -> None:
    hands = ["C6 S6 M6 T6", "C1 C2 C3 C4", "C5 C7 C8 C9"]
    ordinary = State.from_hands(hands, master=1, caller=2, leader=0, fu=(8, 0, 0))
    assert parse_action("C6 S6 M6 T6") in ordinary.legal_actions()
    passed_master = State.from_hands(hands, master=0, caller=2, fu=(8, 0, 0))
    assert parse_action("C6 S6 M6 T6") not in passed_master.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        passed_master.apply(parse_action("C6 S6 M6 T6"))
    assert refused.value.code == "passed-master-limit"


def test_example_23_calling_stops_at_the_first_call() -> None:
    state = new_deal(7, master=0).apply(Action.call())
    assert (state.phase, state.caller, state.to_move, state.passed_master) == ("playing", 0, 0, False)
    state = new_deal(7, master=0).apply(Action.pass_()).apply(Action.call())
    assert (state.phase, state.caller, state.to_move, state.passed_master) == ("playing", 1, 0, True)


def test_example_24_three_passes_redeal_with_the_same_master() -> None:
    first = new_deal(7, master=2)
    state = first.apply(Action.pass_()).apply(Action.pass_()).apply(Action.pass_())
    assert (state.phase, state.master, state.to_move, state.redeals) == ("calling", 2, 2, 1)
    assert state.hands != first.hands
    assert state.net_points == (0, 0, 0)


def test_example_25_a_caller_claims_with_six() -> None:
    state = State.from_hands(["M9 C1 S3", "S4 S5 M2", "C4 C5 T3"], master=0, caller=0, fu=(4, 3, 2))
    assert Action.claim() in state.legal_actions()
    result = state.apply(Action.claim()).result
    assert result is not None
    assert (result.winner, result.F, result.S, result.net_points) == (0, 6, 1, (2, -1, -1))


def test_example_26_five_is_not_enough_to_claim() -> None:
    state = State.from_hands(["S4 S5", "M9 C1", "C4 C5"], master=0, caller=0, leader=1, fu=(4, 3, 3))
    assert Action.claim() not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action.claim())
    assert refused.value.code == "cannot-claim"


def test_example_27_a_non_caller_wins_from_the_caller_alone() -> None:
    state = State.from_hands(["S4 S5", "M9 C1", "C4 C5"], master=0, caller=0, leader=1, fu=(3, 4, 3))
    assert state.apply(Action.claim()).net_points == (-2, 2, 0)


def test_example_28_a_winning_caller_is_paid_by_both() -> None:
    state = State.from_hands(["S4 S5", "M9 C1", "C4 C5"], master=0, caller=1, leader=1, fu=(2, 5, 3))
    over = state.apply(Action.claim())
    assert (over.result.F if over.result else None, over.net_points) == (7, (-2, 4, -2))


def test_example_29_nobody_reaches_six_fu() -> None:
    state = State.from_hands(["S4", "C4", "T9"], master=0, caller=0, leader=2, fu=(5, 4, 2))
    for action in ("T9", "discard S4", "discard C4"):
        state = state.apply(parse_action(action))
    assert state.is_over and state.winner is None
    assert state.fu == (5, 4, 3)
    assert state.net_points == (0, 0, 0)
