"""Who wins a deal and what it pays (RULES §7, §8): claims, the end of the hands, and the score.

Expected nets are written out from the table of §8 (``net_by_the_table``), never read back from
the engine's ``settle``.
"""

from __future__ import annotations

import pytest

from lukfu import Action, IllegalAction, Result, State, old_cards, parse_action, settle


def net_by_the_table(winner: int, S: int, caller: int) -> tuple[int, int, int]:
    """RULES §8, written out: the winner +2S; a winning caller is paid S by each other seat,
    a winning non-caller 2S by the caller alone."""
    net = [0, 0, 0]
    net[winner] = 2 * S
    for seat in range(3):
        if seat != winner and (winner == caller or seat == caller):
            net[seat] = -S if winner == caller else -2 * S
    return (net[0], net[1], net[2])


def claim_value(state: State, seat: int) -> int:
    """F from RULES §7 through the public API: fu won plus Old cards in hand."""
    return state.fu[seat] + len(old_cards(state.hands[seat], state.public))


# --- Claims (RULES §7) ---------------------------------------------------------------------------


def test_a_states_claim_value_is_its_fu_plus_its_old_cards() -> None:
    """RULES §10 example 25: the caller to lead with 4 fu and M9 C1 S3 has F = 6 and may claim."""
    state = State.from_hands(["M9 C1 S3", "C2 C3 C4", "S4 S5 S6"], 0, caller=0, fu=(4, 3, 2))
    assert [state.claim_value(seat) for seat in range(3)] == [6, 3, 2]  # C2 C3 C4: C5-C9 unseen
    assert state.observation(0).F == 6 and Action.claim() in state.legal_actions()


def test_the_result_a_seat_would_get_by_claiming_is_the_claims_result() -> None:
    state = State.from_hands(["M9 C1 S3", "C2 C3 C4", "S4 S5 S6"], 0, caller=0, fu=(4, 3, 2))
    promised = state.observation(0).claim_result()
    assert promised == Result(0, True, 6, 1, (2, -1, -1)) == state.apply(Action.claim()).result
    assert state.observation(1).claim_result() is None  # not to move


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


# --- The end of the hands (RULES §7): the last trick's winner first ------------------------------


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


LAST_TRICK_CASES = [
    (winner, other, caller, beaten)
    for winner in range(3)
    for other in range(3)
    if other != winner
    for caller in range(3)
    for beaten in (False, True)
]


@pytest.mark.parametrize("winner, other, caller, beaten", LAST_TRICK_CASES)
def test_when_two_seats_have_six_fu_the_last_tricks_winner_wins(
    winner: int, other: int, caller: int, beaten: bool
) -> None:
    """One card each is left. ``other`` already has 6 fu; ``winner`` has 5 and takes the last
    trick, reaching 6 too: the last trick's winner wins, F = 6 (RULES §7).

    Either ``winner`` leads T9, which nobody can beat, or (``beaten``) the seat before
    ``winner`` leads S5 and ``winner`` beats it with S7.
    """
    third = 3 - winner - other
    fu = [0, 0, 0]
    fu[winner], fu[other], fu[third] = 5, 6, 0
    hands = ["", "", ""]
    if beaten:
        leader = (winner + 2) % 3
        hands[leader], hands[winner] = "S5", "S7"
        hands[3 - leader - winner] = "C2"
    else:
        leader = winner
        hands[winner] = "T9"
        hands[(winner + 1) % 3], hands[(winner + 2) % 3] = "C2", "S2"
    state = State.from_hands(hands, master=leader, caller=caller, leader=leader, fu=fu)
    while not state.is_over:
        legal = state.legal_actions()
        plays = [a for a in legal if a.kind == "play"]
        state = state.apply(plays[0] if plays else legal[0])
    fu_end = [0, 0, 0]
    fu_end[winner], fu_end[other] = 6, 6
    assert state.fu == tuple(fu_end)
    result = state.result
    assert result is not None
    assert (result.winner, result.claimed, result.F, result.S) == (winner, False, 6, 1)
    assert state.winner == winner
    assert state.net_points == net_by_the_table(winner, 1, caller)


# --- Scoring (RULES §8) ------------------------------------------------------------------------


@pytest.mark.parametrize("caller", [0, 1, 2, None])
def test_a_drawn_deal_pays_nobody(caller: int | None) -> None:
    assert settle(None, 0, caller) == (0, 0, 0)


def test_settling_a_win_needs_a_caller_and_six_fu() -> None:
    with pytest.raises(ValueError) as refused:
        settle(0, 6, None)
    assert str(refused.value) == "a deal with a winner has a caller"
    with pytest.raises(ValueError) as refused:
        settle(0, 5, 0)
    assert str(refused.value) == "a winner needs at least 6 fu, not 5"
