"""The coach's review in the browser: after a deal, "Review this deal" shows each of your
decisions with what it cost, the same figures as `lukfu.coach` under CPython, in English and
Persian, at phone and desktop size (screenshots: artifacts/screenshots/review-*.png), axe-clean;
"Play from here" on a decision puts the table back there, as practice (practice-*.png).
One deal, reviewed once: the coach's review is the slowest thing the page does."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import COACH_ON
from test_page_access import axe_violations, broken_runs
from test_page_game import Player, speak
from test_page_saves import click, finish, finish_in_any_language, save_of

from lukfu.coach import review
from lukfu.saves import read_save
from lukfu.web.saving import read_table

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from lukfu.coach import Review
    from lukfu.session import Session

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}


@pytest.fixture
def browser_context_args() -> dict[str, object]:
    return {"bypass_csp": True}  # axe is injected


def shoot(page: Page, where: str, name: Path, sizes: dict[str, dict[str, int]],
          languages: tuple[str, ...] = ("en", "fa")) -> None:
    """Screenshots of ``where`` in each language and size, ``<name>-<language>-<size>.png``;
    the page never scrolls sideways."""
    for language in languages:
        speak(page, language)
        for size, viewport in sizes.items():
            page.set_viewport_size(viewport)
            page.locator(where).scroll_into_view_if_needed()
            page.screenshot(path=f"{name}-{language}-{size}.png")
            wide = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
            assert not wide, f"{name.name} scrolls sideways ({language}, {size})"
            assert broken_runs(page, where) == [], f"{name.name} ({language}, {size})"


def test_a_finished_deal_is_reviewed_with_the_coachs_own_figures_then_played_from_a_decision(
        player: Player, screenshot_dir: Path) -> None:
    page = player.page
    page.add_init_script(COACH_ON)  # as a player finds it: the coach is on
    finish(player, 11)
    session = read_save(page.evaluate("localStorage.getItem('lukfu.save')")).session
    expected = review(session, 0)
    page.click("[data-action='review']")
    page.wait_for_selector("#review .review-summary", timeout=180_000)  # (the whole review)
    shown = page.eval_on_selector_all(
        "#review [data-verdict]", "els => els.map(e => [e.dataset.loss, e.dataset.verdict])")
    assert shown == [[f"{d.loss:.2f}", d.verdict] for d in expected.decisions]
    assert f"{expected.total_loss:.2f}\u00a0points lost" in page.inner_text("#review")
    assert axe_violations(page) == []
    # The statistics keep the review's accuracy.
    percent = round(100 * expected.accuracy)
    assert f"The coach's accuracy over your last deal: {percent}%." in page.inner_text("#stats-body")
    shoot(page, "#review", screenshot_dir / "review", SIZES)
    assert "points lost" not in page.inner_text("#review")  # Persian words, Persian digits
    numbering = page.eval_on_selector("#review ol", "ol => getComputedStyle(ol).listStyleType")
    assert numbering == "persian"  # the decisions counted ۱، ۲، ۳
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
    play_from_here(player, session, expected, screenshot_dir)


PRACTICE_SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def play_from_here(player: Player, done: Session, expected: Review, screenshot_dir: Path) -> None:
    """"Play from here" on a decision of the review puts the table back at that decision."""
    page = player.page
    speak(page, "en")
    page.click("[data-action='review']")  # (opened again: the review was kept)
    page.wait_for_selector("#review .review-summary")
    stats = page.evaluate("localStorage.getItem('lukfu.statistics')")  # (the review's accuracy in)
    # On every decision, named by its move and in words for a screen reader.
    labels = page.eval_on_selector_all("#review .decision-play",
                                       "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == len(expected.decisions)
    assert all(label.startswith("Play from here: move ") for label in labels)
    # (one in the play found wanting if any, else the last: the button is on good ones too)
    decision = max(expected.decisions,
                   key=lambda d: (d.move_number > 0, d.verdict != "good", d.move_number))
    n = decision.move_number
    button = f"#review [data-move='{n}'] .decision-play"
    assert page.inner_text(button) == "Play from here"
    assert page.get_attribute(button, "aria-label").startswith(f"Play from here: move {n + 1}, ")
    shoot(page, button, screenshot_dir / "practice-review", PRACTICE_SIZES)
    speak(page, "en")
    page.focus(button)  # by the keyboard
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-practice]")
    page.wait_for_function("() => document.activeElement.id === 'table'")  # the keyboard too
    assert page.locator("#review").is_hidden()
    assert page.inner_text("#practice") == f"Practice from move {n + 1}: not counted in your statistics."
    then = done.steps()[n].state
    assert sorted(player.hand()) == sorted(str(card) for card in then.hands[0])  # as it was
    assert page.get_attribute("#table", "data-to-move") == "0"
    saved = read_table(page.evaluate("localStorage.getItem('lukfu.save')"))
    assert saved[0].name == "practice" and saved[1].session.state.history == done.state.history[:n]
    assert axe_violations(page) == []
    shoot(page, "#table", screenshot_dir / "practice-table", PRACTICE_SIZES)
    assert "Practice" not in page.inner_text("#practice")  # in Persian
    speak(page, "en")
    # Play a move: the coach's better one; the computers answer as the deal goes on.
    click(page, decision.best)
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('lukfu.save')).body.session.deal.actions.length > {n}")
    played = read_save(page.evaluate("localStorage.getItem('lukfu.save')")).session
    assert played.state.history[:n + 1] == (*done.state.history[:n], decision.best)
    # Its end offers the same decision again; the statistics never heard of it.
    finish_in_any_language(page)
    assert page.inner_text("#practice") == "Practice over: not counted in your statistics."
    again = "[data-action='practice-again']"
    assert page.inner_text(again) == f"Play from move {n + 1} again"
    assert page.evaluate("localStorage.getItem('lukfu.statistics')") == stats
    shoot(page, "#table", screenshot_dir / "practice-over", PRACTICE_SIZES, ("en",))
    page.click(again)
    page.wait_for_selector("#table[data-to-move='0']:not([data-phase='over'])")
    assert save_of(page).state.history == done.state.history[:n]
