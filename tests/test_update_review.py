"""The coach at the page, through `update` (no browser): a finished deal is reviewed in the
background, opened, cancelled and dropped with the next deal; the setting turns it off."""

from __future__ import annotations

import re

from driver import Driver

from lukfu.web.messages import Press, Review, ReviewProgress, Setting
from lukfu.web.review import ReviewView


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
        assert bool(decision.why) == (decision.verdict != "good")
    coaching = page.model.table.coaching
    assert coaching is not None and coaching.summary is not None
    assert review.summary.startswith(f"{coaching.summary['total_loss']:.2f} points lost in ")
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
    page.send(ReviewProgress(page.model.table.generation, 0.4))
    assert page.view.review is not None and "40%" in page.view.review.progress_text
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

