"""The coach: planted blunders are flagged and their sound alternatives are not, the same deal
always gets the same review, hidden cards never change it, and `python -m lukfu.coach` prints it."""

from __future__ import annotations

import io
import json

import pytest
from test_ai_blunders import POSITIONS, REST, Position
from test_ai_levels import swapped

from lukfu import Action, Observation, State, new_deal, parse_action, parse_cards
from lukfu.ai.thinking import finish
from lukfu.coach import BLUNDERED, GOOD, MISTAKEN, Decision, judge, main, review
from lukfu.session import Session

NAMED = {position.name: position for position in POSITIONS}


def judged(observation: Observation, action: str, deal_number: int = 3) -> Decision:
    return finish(judge(observation, parse_action(action), deal_number))


def strong_deal_at(seed: int, moves: int) -> State:
    """Deal ``seed`` played by three Strong players, ``moves`` actions in."""
    session = Session(new_deal(seed), ("strong", "strong", "strong"), seed).run()
    state = session.start
    for action in session.state.history[:moves]:
        state = state.apply(action)
    return state


def seat_to_move(state: State) -> Observation:
    seat = state.to_move
    assert seat is not None
    return state.observation(seat)


KNOWN_BEATERS = Position("lead the Old 9, not a low card someone surely beats",
                         ("M9 C2 S3 S4", "C5 C6 S5 S6", "C7 C8 T3 T4"), master=0, caller=0,
                         fu=(3, 3, 2), public=REST)

# (what the blunder is, the position, the blunder, its sound alternative, the coach's reason)
PLANTED = [
    ("claiming before cashing an unbeatable lead",
     NAMED["a set of 6s nobody can beat raises F: lead it before claiming"].state(), "claim",
     "C6 S6 M6", ("cash-first", "lead-safe-first")),
    ("spending an Old card where a plain one wins (Strong self-play, deal 3)",
     strong_deal_at(3, 14), "T8", "T5", "old-spent"),
    ("calling a hand that cannot reach six",
     NAMED["the Master with low scattered cards passes"].state(), "call", "pass", "call-out-of-reach"),
    ("a discard that breaks a run (Strong self-play, deal 1: M4–M7)",
     strong_deal_at(1, 12), "discard M5", "discard S6", "breaks-combination"),
    ("leading into a known beater", KNOWN_BEATERS.state(), "C2", "M9", "beatable-lead"),
]


@pytest.mark.parametrize(("blunder", "state", "bad", "sound", "why"), PLANTED,
                         ids=[planted[0] for planted in PLANTED])
def test_a_planted_blunder_is_flagged_and_its_sound_alternative_is_not(
        blunder: str, state: State, bad: str, sound: str, why: str | tuple[str, ...]) -> None:
    observation = seat_to_move(state)
    flagged = judged(observation, bad)
    assert flagged.verdict in (MISTAKEN, BLUNDERED), flagged
    assert flagged.loss >= 0.25 and flagged.loss > 2 * flagged.error
    assert flagged.reason in ((why,) if isinstance(why, str) else why)
    assert flagged.best != flagged.move
    fine = judged(observation, sound)
    assert fine.verdict == GOOD and fine.loss < 0.25, fine


def test_the_move_made_is_judged_even_where_the_search_would_not_weigh_it() -> None:
    """Strong weighs only the three discards that keep the most: breaking the run is not one of
    them, and is judged all the same."""
    from lukfu.ai.search import discard_candidates
    from lukfu.cards import to_mask

    observation = seat_to_move(strong_deal_at(1, 12))
    weighed = discard_candidates(to_mask(observation.hand), to_mask(observation.public), 1)
    assert to_mask(parse_cards("M5")) not in weighed
    decision = judged(observation, "discard M5")
    assert decision.move == parse_action("discard M5") and decision.loss > 0


def test_hidden_cards_swapped_between_the_other_hands_give_the_same_verdict() -> None:
    for seed in range(2):
        deal = new_deal(seed)
        twin = swapped(deal, deal.master)
        assert twin != deal and twin.observation(deal.master) == deal.observation(deal.master)
        for action in ("call", "pass"):
            assert judged(deal.observation(deal.master), action, seed) == judged(
                twin.observation(deal.master), action, seed)


def finished_deal() -> Session:
    return Session(new_deal(11), ("beginner", "strong", "strong"), 11).run()


def test_the_same_deal_gets_the_same_review_and_its_numbers_add_up() -> None:
    one, other = review(finished_deal(), 0), review(finished_deal(), 0)
    assert one == other and one.decisions
    assert one.total_loss == round(sum(d.loss for d in one.decisions), 2)
    good = sum(1 for d in one.decisions if d.verdict == GOOD)
    assert one.accuracy == good / len(one.decisions)
    for decision in one.decisions:
        assert (decision.verdict == GOOD) == (decision.reason == "")
        if decision.verdict == GOOD and decision.best == decision.move:
            assert decision.loss == 0


def test_the_command_line_prints_the_review_and_ends_with_json(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    session = finished_deal()
    monkeypatch.setattr("sys.stdin", io.StringIO(session.record()))
    assert main(["--seat", "0"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    data = json.loads(lines[-1])
    expected = review(session, 0)
    assert [d["move"] for d in data["decisions"]] == [str(d.move) for d in expected.decisions]
    assert {"move", "best", "loss", "verdict"} <= set(data["decisions"][0])
    assert data["total_loss"] == expected.total_loss
    assert lines[0].startswith("Deal 11, seat 0:")


def test_the_command_line_refuses_a_deal_in_progress(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(Session.new(11).record()))
    assert main([]) == 2
    assert "not finished" in capsys.readouterr().err


def test_levels_playing_worse_lose_more_per_decision() -> None:
    """A quick version of bench/coach.py: Beginner's decisions lose more than Strong's."""
    loss = {}
    for level in ("beginner", "strong"):
        decisions = [d for seed in range(2) for d in review(
            Session(new_deal(seed), (level, "casual", "casual"), seed).run(), 0).decisions]
        loss[level] = sum(d.loss for d in decisions) / len(decisions)
    assert loss["beginner"] > loss["strong"] + 0.1, loss


def test_an_action_text_round_trips_through_the_search_moves() -> None:
    from lukfu.ai.players import from_action, to_action

    for text in ("call", "pass", "claim", "C5", "C6 S6 M6", "T4 T5 T6", "discard C2 M3 T4"):
        action: Action = parse_action(text)
        assert to_action(from_action(action)) == action
