"""Rules a player at the table would notice if the engine got them wrong.

Each test states one rule of RULES.md in its name and checks it through the public ``lukfu``
API (plus ``lukfu.cards`` / ``lukfu.plays``), so it keeps working however the engine is laid out
inside. Expected answers are written out from the rules, never read back from the engine.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, product

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
    random_playout,
)
from lukfu.cards import ALL_CARDS
from lukfu.plays import PLAYS

SUIT_LETTERS = "CSMT"


def play(text: str) -> Play:
    found = classify(parse_cards(text))
    assert found is not None, text
    return found


def set_of(rank: int, suits: tuple[int, ...]) -> Play:
    return play(" ".join(f"{SUIT_LETTERS[suit]}{rank}" for suit in suits))


def net_by_the_table(winner: int, S: int, caller: int) -> tuple[int, int, int]:
    """RULES §8, written out: the winner +2S; a winning caller is paid S by each other seat,
    a winning non-caller 2S by the caller alone."""
    net = [0, 0, 0]
    net[winner] = 2 * S
    for seat in range(3):
        if seat != winner and (winner == caller or seat == caller):
            net[seat] = -S if winner == caller else -2 * S
    return (net[0], net[1], net[2])


# ---------------------------------------------------------------------------------------------
# §4 Beating: sets and runs


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


# ---------------------------------------------------------------------------------------------
# §6 Old cards: your own face-down discards are not known cards


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


def claim_value(state: State, seat: int) -> int:
    """F from RULES §7 through the public API: fu won plus Old cards in hand."""
    return state.fu[seat] + len(old_cards(state.hands[seat], state.public))


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


# ---------------------------------------------------------------------------------------------
# §7 The end of the deal: the last trick's winner first


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


# ---------------------------------------------------------------------------------------------
# Fast playouts (``random_playout``) follow the same rules as the public API


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
