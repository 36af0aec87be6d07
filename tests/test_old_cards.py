"""Old cards (RULES §6), judged from one player's knowledge: what makes a card Old, and that a
card its owner discarded face down is no known card (so the claim's F counts only what is Old).
"""

from __future__ import annotations

import pytest
from test_scoring import claim_value, net_by_the_table

from lukfu import Action, IllegalAction, State, old_cards, parse_action, parse_cards


@pytest.mark.parametrize("suit", "CSMT")
def test_the_one_of_a_suit_is_old_once_every_higher_card_is_known(suit: str) -> None:
    higher = [f"{suit}{rank}" for rank in range(2, 10)]
    for split in range(len(higher) + 1):
        held, seen = " ".join(higher[:split]), " ".join(higher[split:])
        old = old_cards(parse_cards(f"{suit}1 {held}"), parse_cards(seen))
        assert old == set(parse_cards(f"{suit}1 {held}")), (suit, held, seen)
    # One higher card unseen (face down somewhere): the 1 is Old only if special.
    old = old_cards(parse_cards(f"{suit}1"), parse_cards(" ".join(higher[1:])))
    assert (parse_cards(f"{suit}1")[0] in old) == (suit in "CT")


def discard_line(fu0: int) -> list[State]:
    """Seat 0 (caller) holds M9 M8 S7 and discards M9 face down; then wins a trick with S7.

    Trick 1: seat 1 leads T5 (the only lead its non-caller single rule allows), seats 2 and 0
    cannot beat it; seat 0 discards M9. Trick 2: seat 1 leads S6, seat 2 discards, seat 0 must
    beat with S7 and wins. Seat 0 is then to lead with M8, which is no longer Old: M9 is
    neither in hand nor played face up.
    """
    state = State.from_hands(
        ["M9 M8 S7", "T5 S6 C3", "C4 C5 M2"], master=1, caller=0, leader=1, fu=(fu0, 7 - fu0, 2)
    )
    states = [state]
    for text in ("T5", "discard C4", "discard M9", "S6", "discard C5", "S7"):
        assert parse_action(text) in state.legal_actions(), (text, state.legal_actions())
        state = state.apply(parse_action(text))
        states.append(state)
    return states


def test_a_card_stops_being_old_when_its_owner_discards_the_higher_card_face_down() -> None:
    states = discard_line(fu0=4)
    start, after_discard, end = states[0], states[3], states[-1]
    assert start.observation(0).old == frozenset(parse_cards("M9 M8"))
    assert start.observation(0).F == 6
    # Right after the face-down discard of M9, M8 is no longer Old.
    assert after_discard.observation(0).old == frozenset()
    assert after_discard.observation(0).F == claim_value(after_discard, 0) == 4
    # Seat 0 won trick 2 and leads with M8: 5 fu and nothing Old is F = 5, no claim.
    assert end.to_move == 0 and end.fu[0] == 5 and end.hands[0] == parse_cards("M8")
    assert end.observation(0).F == claim_value(end, 0) == 5
    assert Action.claim() not in end.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        end.apply(Action.claim())
    assert refused.value.code == "cannot-claim"


def test_a_claim_counts_only_old_cards_not_cards_its_owner_discarded() -> None:
    end = discard_line(fu0=5)[-1]
    assert end.to_move == 0 and end.fu[0] == 6 and end.observation(0).F == claim_value(end, 0) == 6
    assert Action.claim() in end.legal_actions()
    result = end.apply(Action.claim()).result
    assert result is not None
    assert (result.winner, result.claimed, result.F, result.S) == (0, True, 6, 1)
    assert result.net_points == net_by_the_table(0, 1, caller=0) == (2, -1, -1)
