"""The coach's review in the browser: after a deal, "Review this deal" shows each of your
decisions with what it cost, the same figures as `lukfu.coach` under CPython, in English and
Persian, at phone and desktop size (screenshots: artifacts/screenshots/review-*.png), axe-clean."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import COACH_ON
from test_page_access import axe_violations
from test_page_game import Player, speak
from test_page_saves import finish

from lukfu.coach import review
from lukfu.saves import read_save

if TYPE_CHECKING:
    pass

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}


@pytest.fixture
def browser_context_args() -> dict[str, object]:
    return {"bypass_csp": True}  # axe is injected


def test_a_finished_deal_is_reviewed_with_the_coachs_own_figures(player: Player,
                                                                  screenshot_dir: Path) -> None:
    page = player.page
    page.add_init_script(COACH_ON)  # as a player finds it: the coach is on
    finish(player, 12)
    session = read_save(page.evaluate("localStorage.getItem('lukfu.save')")).session
    expected = review(session, 0)
    page.click("[data-action='review']")
    page.wait_for_selector("#review .review-decisions", timeout=60_000)
    shown = page.eval_on_selector_all(
        "#review [data-verdict]", "els => els.map(e => [e.dataset.loss, e.dataset.verdict])")
    assert shown == [[f"{d.loss:.2f}", d.verdict] for d in expected.decisions]
    assert f"{expected.total_loss:.2f} points lost" in page.inner_text("#review")
    assert axe_violations(page) == []
    # The statistics keep the review's accuracy.
    percent = round(100 * expected.accuracy)
    assert f"The coach's accuracy over your last deal: {percent}%." in page.inner_text("#stats-body")
    for language in ("en", "fa"):
        speak(page, language)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.locator("#review").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / f"review-{language}-{size}.png"))
            wide = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
            assert not wide, f"the review scrolls sideways ({language}, {size})"
    assert "points lost" not in page.inner_text("#review")  # Persian words, Persian digits
    assert axe_violations(page) == []  # the review in Persian, right to left
    # "Show it on the cards": the replay at the first decision found wanting (here, the call),
    # its better move's cards (if it has any) marked in your hand.
    wanting = next(d for d in expected.decisions if d.verdict != "good")
    page.click(f"#review [data-move='{wanting.move_number}'] .decision-show")
    page.wait_for_selector("#table[data-phase='replay']")
    marked = page.eval_on_selector_all("#hand [data-better]", "els => els.map(e => e.dataset.card)")
    assert marked == [str(card) for card in wanting.best.cards]
    loss = page.inner_text(f"#review [data-move='{wanting.move_number}'] .decision-detail")
    assert loss.split(".")[0] in page.inner_text("#hint")  # what it cost, in Persian, by the cards
    page.click("[data-action='replay-close']")
    assert page.eval_on_selector_all("#review [data-loss]", "els => els.map(e => e.dataset.loss)") == [
        f"{d.loss:.2f}" for d in expected.decisions]
    page.click("#review [data-action='review-close']")
    assert page.locator("#review").is_hidden()
