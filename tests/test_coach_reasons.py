"""The coach's reasons are true of the moves they explain (a quick version of bench/coach_reasons.py).

Each reason is checked from the rules alone (``reason_checks``), for the reviews of a few
self-play deals and, without any play-out, for every pair of moves (made, better) in many
positions: whichever move the coach found better, the sentence it gives is true of the two.
"""

from __future__ import annotations

import random

from driver import QUICK
from reason_checks import contradiction

from lukfu import Action, State, new_deal
from lukfu.ai import LEVELS
from lukfu.coach import decisions_of, review, summary
from lukfu.lesson import SCRIPT, lesson_start
from lukfu.reasons import Choice, why_better
from lukfu.session import Session


def said(state: State, made: Action, best: Action, won: tuple[float, float],
         loss: float) -> dict[str, object]:
    """The decision as the coach's summary gives it, with the reason ``why_better`` picks."""
    obs = state.observation(state.to_move or 0)
    reason = why_better(Choice(obs, made, best, won_made=won[1], won_best=won[0]))
    return {"move": str(made), "best": str(best), "loss": loss, "reason": reason, "won": list(won),
            "F": obs.F}


def test_claiming_at_F_6_as_the_lesson_teaches_is_never_explained_by_a_false_reason() -> None:
    """The new player's case: a claim at F = 6 said to be worse than leading the highest card,
    "a cheap lead".  Whatever lead the coach finds better, its reason is true of it."""
    session = lesson_start()
    for action in SCRIPT[:-1]:
        session = session.take(action)
    state = session.state
    assert Action.claim() in state.legal_actions() and SCRIPT[-1] == Action.claim()
    obs = state.observation(0)
    for best in obs.legal:
        if best != Action.claim():
            decision = said(state, Action.claim(), best, (0.9, 1.0), 1.4)
            assert decision["reason"] not in ("give-lead", "beat", "win-cheap")
            assert contradiction(obs, decision) == "", decision


def test_whichever_move_is_better_its_reason_is_true_of_both_moves() -> None:
    rng = random.Random(35)
    checked = 0
    for number in range(4):
        session = Session(new_deal(number), (LEVELS[number], "strong", "strong"), number).run()
        for state, _made in decisions_of(session, 0):
            legal = state.legal_actions()
            if len(legal) > 10:  # (every pair of ten moves drawn: discards have hundreds)
                legal = rng.sample(legal, 10)
            for made in legal:
                for best in legal:
                    if made == best:
                        continue
                    won = (rng.random(), rng.random())
                    decision = said(state, made, best, won, 0.5)
                    assert contradiction(state.observation(0), decision) == "", decision
                    checked += 1
    assert checked > 500


def test_every_reason_in_reviewed_self_play_is_true() -> None:
    """Six deals, each level's decisions in one or two, reviewed on a sixteenth of the coach's
    sampled deals (driver.QUICK: the reasons are given the same way whatever the budget; at
    the coach's own, bench/coach_reasons.py reviews 300 deals)."""
    given = 0
    for number in range(100, 106):
        session = Session(new_deal(number), (LEVELS[number % 4], "strong", "strong"), number).run()
        decisions = summary(review(session, 0, QUICK))["decisions"]
        for (state, _action), decision in zip(decisions_of(session, 0), decisions, strict=True):
            assert contradiction(state.observation(0), decision) == "", decision
            given += bool(decision["reason"])
    assert given >= 3, given
