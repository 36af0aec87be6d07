"""The engine's own rule tests beyond RULES §10: dealing, the end of the deal, errors and views."""

from __future__ import annotations

import pytest

from lukfu import (
    Action,
    IllegalAction,
    RecordError,
    State,
    new_deal,
    parse_action,
    parse_cards,
    settle,
)


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


def test_bad_card_text_names_the_token() -> None:
    with pytest.raises(ValueError, match="'X7'"):
        parse_cards("C7 X7 C9")
    with pytest.raises(ValueError, match="'C10'"):
        parse_action("C10")
    with pytest.raises(ValueError, match="twice"):
        parse_action("discard C7 C7 C8")


def test_the_last_tricks_winner_with_six_fu_wins_automatically() -> None:
    state = State.from_hands(["T9", "C4", "S4"], master=0, caller=1, fu=(5, 4, 2))
    for action in ("T9", "discard C4", "discard S4"):
        state = state.apply(parse_action(action))
    result = state.result
    assert result is not None and (result.winner, result.claimed, result.F) == (0, False, 6)
    assert state.net_points == settle(0, 6, 1) == (2, -2, 0)


def test_another_seat_with_six_fu_wins_when_the_last_winner_has_fewer() -> None:
    state = State.from_hands(["S4", "C4", "T9"], master=0, caller=0, leader=2, fu=(6, 3, 2))
    for action in ("T9", "discard S4", "discard C4"):
        state = state.apply(parse_action(action))
    assert (state.winner, state.fu) == (0, (6, 3, 3))
    assert state.net_points == (2, -1, -1)


def test_a_claim_counts_old_cards_in_hand_and_ends_the_deal() -> None:
    state = State.from_hands(["M9 M8 S2", "S4 S5 M2", "C4 C5 T3"], master=1, caller=1, leader=0, fu=(4, 3, 2))
    assert state.observation(0).F == 6
    over = state.apply(Action.claim())
    assert over.is_over and over.legal_actions() == ()
    assert over.net_points == (2, -2, 0)
    with pytest.raises(IllegalAction) as refused:
        over.apply(parse_action("S2"))
    assert refused.value.code == "wrong-phase"


def test_only_the_leader_claims_and_only_before_leading() -> None:
    state = State.from_hands(["M9 M8 S2", "S4 S5 M2", "C4 C5 T3"], master=0, caller=0, fu=(4, 3, 2))
    state = state.apply(parse_action("S2"))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action.claim())
    assert refused.value.code == "cannot-claim"


def test_illegal_follows_say_why() -> None:
    state = State.from_hands(["M5 M6 S2", "M7 C2 C3", "T1 T2 T3"], master=0, caller=0, fu=(3, 3, 3))
    state = state.apply(parse_action("M5"))
    codes = {}
    for text in ("C2", "C2 C3", "discard C2 C3", "discard C2", "S2"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(parse_action(text))
        codes[text] = refused.value.code
    assert codes == {
        "C2": "does-not-beat",
        "C2 C3": "not-a-play",
        "discard C2 C3": "wrong-count",
        "discard C2": "must-beat",
        "S2": "not-in-hand",
    }


def test_the_single_lead_rule_names_the_suit() -> None:
    state = State.from_hands(
        ["T9 T4 M7 M2", "S1 S2 S3 S4", "C2 C3 C4 C5"], master=1, caller=1, leader=0, fu=(3, 3, 2)
    )
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse_action("M7"))
    assert (refused.value.code, refused.value.params["suit"]) == ("single-lead-rule", 3)


def test_a_leader_cannot_discard_and_calling_is_over_once_play_starts() -> None:
    state = new_deal(3, master=0).apply(Action.call())
    for text, code in (("discard " + str(state.hands[0][0]), "not-a-discard"), ("pass", "wrong-phase")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(parse_action(text))
        assert refused.value.code == code


def test_apply_leaves_the_state_unchanged() -> None:
    state = new_deal(9)
    before = state.record()
    state.apply(state.legal_actions()[0])
    assert state.record() == before


def test_face_down_discards_reach_no_observation_as_cards() -> None:
    state = State.from_hands(["C1 S2", "C9 S3", "C8 S4"], master=0, caller=0, fu=(4, 3, 3))
    state = state.apply(parse_action("C1")).apply(parse_action("discard S3"))
    for seat in (0, 2):
        view = state.observation(seat)
        assert view.trick is not None and view.trick.turns[1].play is None
        assert view.trick.turns[1].discarded == 1
        assert "S3" not in repr(view)
    own = state.observation(1)
    assert own.hand == parse_cards("C9") and own.own_discards == frozenset(parse_cards("S3"))


def test_a_broken_record_names_the_first_bad_entry() -> None:
    good = new_deal(5, master=0).apply(Action.call()).record()
    with pytest.raises(RecordError, match="JSON"):
        State.from_record("{not json")
    with pytest.raises(RecordError, match="hands"):
        State.from_record(good.replace('"hands":["', '"hands":["C1 '))
    broken = good.replace('"actions":["call"]', '"actions":["call","X9","pass"]')
    with pytest.raises(RecordError, match=r"action 2 \('X9'\)"):
        State.from_record(broken)
    illegal = good.replace('"actions":["call"]', '"actions":["call","pass"]')
    with pytest.raises(RecordError, match=r"action 2 \('pass'\): calling is over"):
        State.from_record(illegal)
