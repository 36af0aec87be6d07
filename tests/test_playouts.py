"""Fast playouts (``random_playout``): uniformly random legal actions, under the same rules as the
public API; a playout's end is a finished deal that agrees with the rules in every visible respect.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from test_scoring import claim_value, net_by_the_table

from lukfu import Action, Play, State, beats, new_deal, parse_action, random_playout
from lukfu.cards import ALL_CARDS


def test_a_playout_calls_or_passes_with_even_chances() -> None:
    """The Master calls about half the time, and all three pass (a redeal) about one deal in eight."""
    rng = random.Random(1)
    ends = [random_playout(new_deal(9), rng) for _ in range(400)]
    master_calls = sum(end.history[0] == Action.call() for end in ends) / len(ends)
    redealt = sum(end.redeals > 0 for end in ends) / len(ends)
    assert 0.4 < master_calls < 0.6 and 0.06 < redealt < 0.2


def test_a_playout_claims_as_often_as_any_one_lead() -> None:
    """Seat 0 may claim (6 fu) or lead its one card: each is chosen half the time."""
    state = State.from_hands(["C5", "S5", "M5"], 0, caller=1, fu=(6, 3, 2))
    assert state.legal_actions() == (Action.claim(), parse_action("C5"))
    rng = random.Random(2)
    claimed = sum(random_playout(state, rng).result.claimed for _ in range(1000))  # type: ignore[union-attr]
    assert 400 < claimed < 600


def test_a_playout_discards_any_card_with_even_chances() -> None:
    """Seat 1 cannot beat the lead (it holds only Coins): each of its three cards goes face down
    about a third of the time."""
    state = State.from_hands(["T9 M8 S7", "C2 C3 C5", "C4 C6 C7"], 0, caller=0, fu=(3, 3, 3))
    rng = random.Random(3)
    discards = Counter(str(random_playout(state, rng).history[1]) for _ in range(600))
    assert set(discards) == {"discard C2", "discard C3", "discard C5"}
    assert all(150 < count < 250 for count in discards.values()), discards


def check_playout(start: State, end: State) -> None:
    """A playout's end is a finished deal that agrees with the rules in every visible respect."""
    assert end.is_over and end.legal_actions() == ()
    # The playout's record replays through State.apply, which checks every action.
    again = State.from_record(end.record())
    assert again == end and again.result == end.result
    result = end.result
    assert result is not None and sum(result.net_points) == 0
    start_cards = {c for hand in start.hands for c in hand}
    played = set(end.public) - set(start.public)
    discarded = {c for seat in end.discards for c in seat}
    left = {c for hand in end.hands for c in hand}
    assert sorted(played | discarded | left) == sorted(start_cards)
    assert len(played) + len(discarded) + len(left) == len(start_cards)
    # Tricks: three turns in seat order; each play beats the best before it; fu as §5.3 says.
    fu = list(start.fu)
    leader = start.to_move
    assert end.tricks[: len(start.tricks)] == start.tricks
    for trick in end.tricks[len(start.tricks) :]:
        assert trick.leader == leader
        assert [turn.seat for turn in trick.turns] == [(leader + k) % 3 for k in range(3)]
        lead = trick.turns[0].play
        assert lead is not None
        best, best_seat = lead, trick.leader
        for turn in trick.turns[1:]:
            if turn.play is not None:
                assert beats(best, turn.play, best_seat == trick.leader), (best, turn.play)
                best, best_seat = turn.play, turn.seat
            else:
                assert turn.discarded == len(lead.cards)
        assert (trick.best, trick.best_seat, trick.winner) == (best, best_seat, best_seat)
        fu[best_seat] += len(best.cards)
        leader = best_seat
    assert list(end.fu) == fu
    if result.claimed:
        claimant = result.winner
        assert claimant == leader  # only the player about to lead claims
        assert claimant is not None and result.F == claim_value(end, claimant) >= 6
    else:
        assert not left and sum(end.fu) == 12
        # The last trick's winner first, then another seat with six fu (RULES §7).
        with_six = [seat for seat in (leader, (leader + 1) % 3, (leader + 2) % 3) if end.fu[seat] >= 6]
        if with_six:
            assert (result.winner, result.F) == (with_six[0], end.fu[with_six[0]])
        else:
            assert (result.winner, result.F) == (None, 0)
    if result.winner is None:
        assert (result.S, result.net_points) == (0, (0, 0, 0))
    else:
        assert result.S == result.F - 5 and 1 <= result.S <= 7
        assert result.net_points == net_by_the_table(result.winner, result.S, end.caller or 0)


CLAIMABLE = State.from_hands(
    ["M9 M8 C1 S3 S4", "S5 S6 M2 C4 C5", "C6 C7 T3 T4 T5"], master=0, caller=1, leader=0, fu=(3, 2, 2)
)


def test_a_fast_playout_claims_sometimes_when_the_leader_may_claim() -> None:
    assert CLAIMABLE.observation(0).F == 6 and Action.claim() in CLAIMABLE.legal_actions()
    claims = 0
    for seed in range(300):
        end = random_playout(CLAIMABLE, random.Random(seed))
        check_playout(CLAIMABLE, end)
        result = end.result
        assert result is not None
        claims += result.claimed
    assert claims >= 10, claims
    assert CLAIMABLE.legal_actions()[0] == Action.claim()  # the receiver is unchanged


def led_plays(state: State, seeds: range) -> list[tuple[int, Play]]:
    """(seat, play) of every lead in playouts from ``state``."""
    leads: list[tuple[int, Play]] = []
    for seed in seeds:
        end = random_playout(state, random.Random(seed))
        check_playout(state, end)
        for trick in end.tricks:
            lead = trick.turns[0].play
            assert lead is not None
            leads.append((trick.leader, lead))
    return leads


def big(play: Play) -> bool:
    """A set of 4 or a run of 4 or more: what a passed Master may not lead."""
    return len(play.cards) >= 4


FOURS = ["M1 M2 M3 M4 C9 S9", "C3 C4 C5 S1 S2 T9", "C6 S6 M6 T6 T7 T8"]


def test_in_fast_playouts_a_passed_master_never_leads_four() -> None:
    """Seat 0 is a passed Master holding a run of four (M1-M4) and leads first."""
    state = State.from_hands(FOURS, master=0, caller=1, leader=0, fu=(2, 2, 2))
    assert state.passed_master
    leads = led_plays(state, range(300))
    assert [p for seat, p in leads if seat == 0 and big(p)] == []
    assert sum(seat == 0 for seat, _ in leads) >= 300


def test_in_fast_playouts_another_seat_may_lead_four_when_the_master_passed() -> None:
    """Seat 2, an ordinary non-caller, holds a set of four and leads first."""
    state = State.from_hands(FOURS, master=0, caller=1, leader=2, fu=(2, 2, 2))
    assert state.passed_master
    leads = led_plays(state, range(300))
    assert sum(seat == 2 and str(p) == "C6 S6 M6 T6" for seat, p in leads) >= 10
    assert [p for seat, p in leads if seat == 0 and big(p)] == []


def test_in_fast_playouts_a_master_who_called_may_lead_four() -> None:
    state = State.from_hands(FOURS, master=0, caller=0, leader=0, fu=(2, 2, 2))
    assert not state.passed_master
    leads = led_plays(state, range(300))
    assert sum(seat == 0 and str(p) == "M1 M2 M3 M4" for seat, p in leads) >= 10


def first_action(start: State, end: State) -> Action | str:
    """The first action a playout took from ``start``, as far as the end state shows it
    ("discard" for a face-down discard, whose cards are hidden)."""
    trick = start.trick
    done = len(trick.turns) if trick is not None else 0
    result = end.result
    if done == 0 and result is not None and result.claimed and len(end.tricks) == len(start.tricks):
        return Action.claim()
    turn = end.tricks[len(start.tricks)].turns[done]
    return "discard" if turn.play is None else Action.play(turn.play.cards)


def public_api_states(seed: int, rng: random.Random) -> list[State]:
    """The playing-phase states of one deal played with the public API, never claiming."""
    state = new_deal(seed)
    states = []
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == "playing":
            states.append(state)
        choices = [a for a in legal if a.kind != "claim"] or list(legal)
        state = state.apply(rng.choice(choices))
    return states


def test_fast_playouts_choose_each_legal_action_equally_often() -> None:
    """From states reached through the public API, a playout's first action is one of
    ``legal_actions()``, and each legal play (and claim) comes up about equally often:
    a chi-squared statistic summed over all states stays near its degrees of freedom."""
    samples = 60
    chi2 = 0.0
    dof = 0
    for seed in range(8):
        for state in public_api_states(seed, random.Random(seed)):
            legal = state.legal_actions()
            kinds = [a if a.kind != "discard" else "discard" for a in legal]
            options = set(kinds)
            counts = Counter(
                first_action(state, random_playout(state, random.Random(1000 * seed + k)))
                for k in range(samples)
            )
            assert set(counts) <= options, (state, set(counts) - options)
            if len(options) > 1:
                expected = samples / len(options)
                chi2 += sum((counts[o] - expected) ** 2 / expected for o in options)
                dof += len(options) - 1
    assert dof > 200
    assert chi2 < dof + 6 * math.sqrt(2 * dof), (chi2, dof)


def test_fast_playouts_and_public_api_deals_both_account_for_every_card() -> None:
    """Full deals from a seed, fast and through the API: every card in a hand, face up or
    face down; fu sum to 12 when nobody claimed; the same rates of claims, roughly."""
    claimed = {"fast": 0, "api": 0}
    for seed in range(150):
        rng = random.Random(seed)
        ends = {"fast": random_playout(new_deal(seed), rng)}
        state = new_deal(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        ends["api"] = state
        for kind, end in ends.items():
            assert end.is_over
            cards = [c for hand in end.hands for c in hand] + list(end.public)
            cards += [c for seat in end.discards for c in seat]
            assert sorted(cards) == list(ALL_CARDS)
            result = end.result
            assert result is not None and sum(result.net_points) == 0
            if result.claimed:
                claimed[kind] += 1
            else:
                assert sum(end.fu) == 12 and not any(end.hands)
    # Both draw claims from the same rule; 150 deals each keep the rates within a wide band.
    assert claimed["fast"] > 20 and claimed["api"] > 20
    assert abs(claimed["fast"] - claimed["api"]) < 45, claimed
