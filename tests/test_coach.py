"""The coach: planted blunders are flagged and their sound alternatives are not, the same deal
always gets the same review, hidden cards never change it, and `python -m lukfu.coach` prints it."""

from __future__ import annotations

import io
import json
import random

import pytest
from test_ai_blunders import POSITIONS, REST, Position
from test_ai_levels import swapped

from lukfu import Action, Observation, State, new_deal, parse_action, parse_cards
from lukfu.ai.thinking import finish
from lukfu.coach import BLUNDERED, GOOD, MISTAKEN, Decision, decisions_of, judge, main, review
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
    seed = 0
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


def test_the_beginner_s_choices_lose_more_than_strong_s_in_the_same_positions() -> None:
    """A quick version of bench/coach.py, paired: at each of seat 0's decisions in a deal, the
    coach judges what Beginner would have done and what Strong would have done there."""
    from lukfu.ai import make_player

    session = Session(new_deal(17), ("strong", "strong", "strong"), 17).run()
    lost = {"beginner": 0.0, "strong": 0.0}
    differed = 0
    for state, _action in decisions_of(session, 0):
        observation = state.observation(0)
        choices = {level: make_player(level, 17).choose(observation) for level in lost}
        if choices["beginner"] == choices["strong"]:
            continue  # (the same move, judged with the same dice, loses the same for both)
        differed += 1
        for level, choice in choices.items():
            lost[level] += finish(judge(observation, choice, 17)).loss
    assert differed >= 2 and lost["beginner"] > lost["strong"] + 0.5, (differed, lost)


def test_an_action_text_round_trips_through_the_search_moves() -> None:
    from lukfu.ai.players import from_action, to_action

    for text in ("call", "pass", "claim", "C5", "C6 S6 M6", "T4 T5 T6", "discard C2 M3 T4"):
        action: Action = parse_action(text)
        assert to_action(from_action(action)) == action


def test_the_review_shows_each_decision_as_it_is_judged_and_its_bar_is_honest() -> None:
    """The page's bar is the share of the planned play-outs done: it never goes back, ends
    full, never claims a play-out not made, and each decision is shown once judged."""
    from lukfu.ai import search
    from lukfu.coach import Judgement, Judging, decisions_of, review_progress

    made = 0

    def counted(pos: search.Position, rng: random.Random, noise: float) -> tuple[int, int, int]:
        nonlocal made
        made += 1
        return search.play_out(pos, rng, noise)

    judging = Judging(60, 6, 12, counted, "quick", most_worlds=48)
    session = Session(new_deal(16), ("casual", "strong", "strong"), 16).run()
    planned = sum(Judgement(state.observation(0), action, 16, judging).playouts
                  for state, action in decisions_of(session, 0))
    work = review_progress(session, 0, judging)
    shares, shown = [], []
    try:
        while True:
            progress = next(work)
            shares.append(progress.share)
            shown.append(len(progress.judged))
            assert made <= progress.share * planned + 1e-6  # (skipped work counts as done)
    except StopIteration as done:
        found = done.value
    assert shares == sorted(shares) and shares[-1] == 1.0 and made <= planned
    assert shown == sorted(shown) and shown[-1] == len(found.decisions) > 1
    assert all(b - a <= 1 for a, b in zip(shown, shown[1:], strict=False))  # one at a time


@pytest.mark.parametrize("claim", ["the lesson's, at F = 6", "before cashing an unbeatable set"])
def test_a_claim_gets_the_verdict_a_judge_of_eight_times_the_budget_gives(claim: str) -> None:
    """A quick version of bench/coach_judge.py, for claims (where Casual's play-outs misjudged
    most): the coach's verdict is the strong judge's.  At the lesson's F = 6 both find the
    claim the better move: playing on, you must lead 6 of Coins, which 8 or 9 of Coins, both
    unseen, can beat."""
    from lukfu.coach import STRONG_JUDGE
    from lukfu.lesson import SCRIPT, lesson_start

    if claim.startswith("the lesson"):
        session = lesson_start()
        for action in SCRIPT[:-1]:
            session = session.take(action)
        observation, number = session.state.observation(0), 0
    else:
        observation, number = seat_to_move(PLANTED[0][1]), 3
    coach = finish(judge(observation, Action.claim(), number))
    strong = finish(judge(observation, Action.claim(), number, STRONG_JUDGE))
    assert coach.verdict == strong.verdict, (coach, strong)
    assert coach.best == strong.best or coach.verdict == GOOD


def test_every_move_the_lesson_asks_for_is_the_one_the_coach_finds_best() -> None:
    """The lesson and the coach teach the same game: a beginner who does as a step says is
    never told by the coach that it cost something."""
    from lukfu.lesson import STEPS, session_at

    for number, step in enumerate(STEPS):
        if step.asks is not None:
            found = finish(judge(session_at(number).state.observation(0), step.asks, number))
            assert (found.verdict, found.loss) == (GOOD, 0.0), (step.topic, found)
