"""The coach at the page, through `update` (no browser): a finished deal is reviewed in the
background, opened, cancelled and dropped with the next deal; the setting turns it off."""

from __future__ import annotations

import re

import pytest
from driver import Driver

from lukfu import parse_action
from lukfu.saves import SaveProblem, write_save
from lukfu.session import Session
from lukfu.web import practice
from lukfu.web.effects import Review
from lukfu.web.kinds import FREE, PRACTICE
from lukfu.web.messages import Press, ReviewProgress, Setting
from lukfu.web.review import DecisionView, ReviewView
from lukfu.web.saving import read_table


def finished(query: str = "?seed=5&master=0&delay=0", **kwargs: object) -> Driver:
    page = Driver(query, coach=True, **kwargs).start()  # type: ignore[arg-type]
    page.play_to_the_end()
    return page


def opened(page: Driver) -> ReviewView:
    page.press("review")
    page.settle(only_computers=True)
    review = page.view.review
    assert review is not None
    return review


def test_a_finished_deal_is_reviewed_in_the_background_and_opened_on_request() -> None:
    page = Driver("?seed=5&master=0&delay=0", coach=True).start()
    page.play_to_the_end()
    assert any(isinstance(effect, Review) for effect in page.effects), "the coach starts by itself"
    assert page.view.review is None  # until the player asks
    review = opened(page)
    assert review.progress is None and review.decisions
    assert review.title == "Review of this deal" and review.close_label == "Close"
    for decision in review.decisions:
        assert re.fullmatch(r"\d+\.\d\d", decision.loss)  # the page's data-loss
        assert decision.verdict in ("good", "mistake", "blunder")
        assert bool(decision.why) == (float(decision.loss) > 0)  # every loss is accounted for
        assert bool(decision.detail) == (float(decision.loss) > 0)
        if decision.verdict == "good" and decision.detail:
            assert "too little for a mistake" in decision.detail and decision.better in decision.detail
    coaching = page.model.table.coaching
    assert coaching is not None and coaching.summary is not None
    shown = sum(round(100 * float(decision.loss)) for decision in review.decisions) / 100
    assert f"{shown:.2f}\u00a0points lost in " in review.summary  # the total is the lines' sum
    assert review.summary.startswith(f"{coaching.summary['total_loss']:.2f}\u00a0points lost in ")
    assert "Accuracy:" in review.summary and review.accuracy_note.startswith("Accuracy is")
    page.press("review-close")
    assert page.view.review is None and page.model.table.coaching is not None  # kept: reopened at once
    page.press("review")
    assert page.view.review is not None and not any(
        isinstance(e, Review) for e in page.send(Press("review")))
    # "Show it on the cards": the replay at a decision found wanting (the first legal move each
    # turn makes mistakes), the better move's cards marked in your hand, and why it is better.
    wanting = [d for d in review.decisions if d.verdict != "good"
               and d.best not in ("call", "pass", "claim")]
    assert wanting and review.show_label == "Show it on the cards"
    decision = wanting[0]
    page.press(f"replay-at-{decision.move_number}")
    assert page.model.table.replay is not None and page.model.table.replay_at == decision.move_number
    table = page.table
    marked = {card.code for card in table.hand if card.better}
    assert marked == set(decision.best.removeprefix("discard ").split())
    assert f"Better: {decision.better}." in table.hint and decision.why in table.hint
    decided = {d.move_number for d in review.decisions}
    elsewhere = min(set(range(len(page.model.table.replay))) - decided)  # a computer's step
    page.press(f"replay-at-{elsewhere}")
    assert not any(card.better for card in page.table.hand) and "Better:" not in page.table.hint


def test_a_review_in_progress_shows_its_progress_and_can_be_cancelled() -> None:
    page = Driver("?seed=5&master=0&delay=0", stored={"lukfu.coach": "off"}).start()
    page.play_to_the_end()
    assert not any(isinstance(effect, Review) for effect in page.effects), "the coach is off"
    effects = page.send(Press("review"))
    assert Review(page.model.table.generation) in effects
    review = page.view.review
    assert review is not None and review.progress == 0 and review.close_label == "Cancel"
    assert "0%" in review.progress_text
    page.send(ReviewProgress(page.model.table.generation, 0.4, []))
    assert page.view.review is not None and "40%" in page.view.review.progress_text
    judged = {"move": "call", "best": "pass", "loss": 1.5, "verdict": "blunder", "error": 0.2,
              "reason": "call-out-of-reach", "move_number": 0, "won": [0.6, 0.25], "F": 2}
    page.send(ReviewProgress(page.model.table.generation, 0.5, [judged]))  # shown as it is judged
    review = page.view.review
    assert review is not None and review.progress == 0.5 and len(review.decisions) == 1
    assert review.decisions[0].why == ("With this call you won only 25% of the coach's sampled deals. "
                                       "Your Old cards count in F from the start, but only tricks won "
                                       "with your other cards raise it.")
    page.press("review-close")  # cancelled: what the coach says later is dropped
    page.settle(only_computers=True)
    assert page.view.review is None and page.model.table.coaching is None


def test_the_next_deal_drops_the_review() -> None:
    page = finished()
    opened(page)
    page.press("new-deal")
    page.settle(only_computers=True)
    assert page.view.review is None and page.model.table.coaching is None
    page.press("review")  # the deal in play is not finished: nothing to review
    assert page.view.review is None


def test_the_coach_setting_is_kept() -> None:
    page = Driver("?seed=5&master=0&delay=0", coach=True).start()
    page.settle(only_computers=True)
    assert page.model.player.settings.coach  # on for a new player
    page.send(Setting("coach", "off"))
    assert page.stored["lukfu.coach"] == "off" and not page.model.player.settings.coach
    assert not Driver("", stored=page.stored).start().model.player.settings.coach


def test_the_reviews_accuracy_goes_into_the_statistics_once() -> None:
    page = finished()
    opened(page)
    coaching = page.model.table.coaching
    assert coaching is not None and coaching.summary is not None
    percent = round(100 * float(coaching.summary["accuracy"]))
    assert page.model.player.stats.accuracy == [percent]
    assert f'"accuracy": [\n    {percent}\n  ]' in page.stored["lukfu.statistics"]
    assert page.view.stats.accuracy == f"The coach's accuracy over your last deal: {percent}%."
    again = Driver("", stored=page.stored, coach=True).start()  # a reload: the deal is back
    again.settle(only_computers=True)
    opened(again)
    assert again.model.player.stats.accuracy == [percent]  # asked for again, not counted again


def test_the_review_speaks_persian_with_plain_data_for_the_page() -> None:
    page = finished("?seed=5&master=0&delay=0&lang=fa")
    review = opened(page)
    assert review.title != "Review of this deal"
    lost = [d for d in review.decisions if d.verdict != "good"]
    for decision in lost:
        assert re.fullmatch(r"\d+\.\d\d", decision.loss)
        assert not re.search(r"[0-9]", decision.loss_text)  # Persian digits in the words



# --- "Play from here": practice from a decision of the review -----------------------------------


def practised(page: Driver, decision: DecisionView) -> Session:
    """Press "Play from here" on ``decision``; the practice table's deal."""
    page.press(f"{practice.AT}{decision.move_number}")
    session = page.model.table.session
    assert session is not None
    return session


def test_play_from_here_sets_the_table_back_to_that_decision_and_never_counts() -> None:
    page = finished()
    review = opened(page)
    done = page.model.table.session
    assert done is not None
    stats, totals, tab = page.stored["lukfu.statistics"], page.model.player.totals, dict(page.tab)
    # Every decision offers it, named by its move (from 1) and in words, for a screen reader.
    assert review.play_from_label == "Play from here"
    assert [d.play_from for d in review.decisions] == [
        f"Play from here: move {d.move_number + 1}, {d.move}" for d in review.decisions]
    decision = next(d for d in review.decisions if d.verdict != "good" and d.move_number > 0)
    session = practised(page, decision)
    table = page.model.table
    assert table.kind == PRACTICE and table.step == decision.move_number and not table.counted
    # The same deal just before that decision: its hidden hands, its computer players, your turn.
    assert session.state.history == done.state.history[:decision.move_number]
    assert session.start == done.start and session.seats == done.seats
    assert session.deal_number == done.deal_number and session.waiting_for_person()
    assert session.observation(0) == done.steps()[decision.move_number].state.observation(0)
    assert page.view.review is None and page.model.table.coaching is None
    assert page.table.practice == (
        f"Practice from move {decision.move_number + 1}: not counted in your statistics.")
    assert "hint" in page.enabled() and "new-deal" in page.enabled()
    assert "practice-again" not in page.enabled()  # (offered at its end)
    # Saved as practice: a reload resumes it there.
    kind, saved = read_table(page.stored["lukfu.save"])
    assert kind == PRACTICE and saved.step == decision.move_number and saved.session.state == session.state
    again = Driver("", stored=page.stored, coach=True).start()
    again.settle(only_computers=True)
    assert again.model.table.kind == PRACTICE and again.model.table.step == decision.move_number
    assert again.table.practice == page.table.practice
    # Played on with the better move, to its end: reviewed, but counted nowhere.
    page.act(parse_action(decision.best))
    page.play_to_the_end()
    assert page.model.table.session is not None and page.model.table.session.is_over
    assert page.stored["lukfu.statistics"] == stats and page.model.player.totals == totals
    assert page.tab == tab and not page.model.table.counted
    assert page.table.result is not None and not page.table.result.totals_text  # no running score
    assert opened(page).decisions and page.stored["lukfu.statistics"] == stats  # its accuracy too
    # Its end offers the same decision again (and a new deal); so does its own review.
    assert page.table.practice == "Practice over: not counted in your statistics."
    assert {"practice-again", "new-deal", "review"} <= page.enabled()
    assert next(b for b in page.table.buttons if b.action == practice.AGAIN).label == (
        f"Play from move {decision.move_number + 1} again")
    page.press(practice.AGAIN)
    again_session = page.model.table.session
    assert again_session is not None and again_session.state == session.state
    page.press("new-deal")
    page.press("abandon")
    assert page.model.table.kind == FREE


def test_the_computer_players_act_from_there_as_they_did() -> None:
    page = finished()
    done = page.model.table.session
    assert done is not None
    review = opened(page)
    assert len(review.decisions) > 2
    session = practised(page, review.decisions[2])
    made = done.state.history
    page.play_to_the_end(lambda obs: made[obs.move_number])  # your moves as you made them
    replayed = page.model.table.session
    assert replayed is not None and replayed.state.history == made and session.start == replayed.start


def test_a_practice_save_must_start_at_a_decision_of_yours() -> None:
    page = finished()
    done = page.model.table.session
    assert done is not None
    theirs = next(n for n, step in enumerate(done.steps()) if step.state.to_move not in (0, None))
    bad = write_save(done, table="practice", step=theirs)
    with pytest.raises(SaveProblem) as refused:
        read_table(bad)
    assert refused.value.kind == "impossible"
    again = Driver("", stored={**page.stored, "lukfu.save": bad}).start()
    assert again.model.table.kind == FREE and any("cannot happen" in n for n in again.notices())
    assert read_table(write_save(done))[0] == FREE  # (and a free deal's save reads as it did)


def test_play_from_here_speaks_persian() -> None:
    page = finished("?seed=5&master=0&delay=0&lang=fa")
    review = opened(page)
    assert review.play_from_label and review.play_from_label != "Play from here"
    assert all(not re.search(r"[0-9]", d.play_from) for d in review.decisions)  # Persian digits
    practised(page, review.decisions[0])
    assert page.table.practice and not re.search(r"[0-9A-Za-z]", page.table.practice)
