"""Puzzles in the browser: the list opened beside "Learn to play", a puzzle answered wrong (its cost and
why, said to a screen reader), tried again and answered right (the reason and the points saved),
in Persian on a phone and in English on a 320 px phone and a desktop, axe-clean; played out
against the computers, and left for the deal it was opened over, which comes back as it was."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_page_access import axe_violations, hand
from test_page_game import speak

from lukfu.i18n import translator
from lukfu.puzzles import Puzzle, path, read
from lukfu.web.puzzle_view import verdict_words

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

READY = "#table[data-phase]:not([data-phase='loading']) [data-card]"


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    # The page's Content-Security-Policy would refuse the injected axe.
    return {"bypass_csp": True, "viewport": {"width": 390, "height": 844}, "has_touch": False}


def pick(theme_kinds: tuple[str, ...]) -> Puzzle:
    """The first puzzle whose answer and next best move are of these kinds of action."""
    return next(p for p in read(path().read_text(encoding="utf-8"))
                if p.answer.kind in theme_kinds and p.moves[1].action.kind in theme_kinds)


def answer(page: Page, puzzle: Puzzle, right: bool) -> None:
    """Make the puzzle's answer, or its next best move, with the table's own buttons."""
    action = puzzle.answer if right else puzzle.moves[1].action
    if action.kind in ("call", "pass", "claim"):
        page.click(f"#actions [data-action='{action.kind}']")
        return
    for card in action.cards:
        page.click(f"#hand [data-card='{card}']")
    page.click(f"#actions [data-action='{action.kind}']")


def solve(page: Page, puzzle: Puzzle, language: str, shots: Path, sizes: tuple[str, str]) -> None:
    """Open ``puzzle`` from the list, answer it wrong, then right; screenshots and axe at each."""
    tr = translator(language)
    page.click("#rules [data-action='puzzles']")
    page.wait_for_selector(f"#puzzles [data-action='puzzle-{puzzle.id}']")
    assert page.evaluate("() => document.activeElement.dataset.action") == "puzzles-next"
    page.screenshot(path=str(shots / f"puzzles-{language}-{sizes[0]}-list.png"))
    page.click(f"#puzzles [data-action='puzzle-{puzzle.id}']")
    page.wait_for_selector(f"#table[data-puzzle='{puzzle.id}']:not([data-verdict])")
    assert page.get_attribute("#table", "data-kind") == "puzzle"
    assert page.is_hidden("#puzzles") and page.is_visible("#puzzle-question")
    assert page.locator("#seat-1 [data-card], [data-seat='1'] .seat-cards img.face").count() == 0
    problems = axe_violations(page)
    answer(page, puzzle, right=False)
    page.wait_for_selector("#table[data-verdict='wrong']")
    obs_F = puzzle.observation().F
    line, detail = verdict_words(tr, puzzle, puzzle.moves[1].action, False, obs_F)
    assert page.text_content("#puzzle-verdict") == line
    assert page.text_content("#turn-news") == tr.sentences(line, detail)  # (the live region)
    assert page.evaluate("() => document.activeElement.dataset.action") == "puzzle-again"
    page.screenshot(path=str(shots / f"puzzle-{language}-{sizes[0]}-wrong.png"))
    problems += axe_violations(page)
    page.keyboard.press("Enter")  # Try again, the keyboard on it
    page.wait_for_selector(f"#table[data-puzzle='{puzzle.id}']:not([data-verdict])")
    answer(page, puzzle, right=True)
    page.wait_for_selector("#table[data-verdict='right']")
    line, detail = verdict_words(tr, puzzle, puzzle.answer, False, obs_F)
    assert page.text_content("#puzzle-verdict") == line and page.text_content("#puzzle-detail") == detail
    page.screenshot(path=str(shots / f"puzzle-{language}-{sizes[0]}-right.png"))
    page.set_viewport_size({"width": 1280, "height": 800} if sizes[1] == "desktop"
                           else {"width": 320, "height": 568})
    page.screenshot(path=str(shots / f"puzzle-{language}-{sizes[1]}-right.png"))
    problems += axe_violations(page)
    assert not problems, problems


def test_a_puzzle_answered_wrong_then_right_then_played_out(page: Page, screenshot_dir: Path) -> None:
    page.goto("index.html?lang=fa&delay=0&seed=12&master=1")
    page.wait_for_selector(READY, timeout=30_000)
    mine = hand(page)
    calling = pick(("call", "pass"))
    solve(page, calling, "fa", screenshot_dir, ("phone", "desktop"))
    # In English, on a 320 px phone then a desktop: a puzzle of cards.
    speak(page, "en")
    page.set_viewport_size({"width": 320, "height": 568})
    cards = pick(("play",))
    solve(page, cards, "en", screenshot_dir, ("phone320", "desktop"))
    page.click("#puzzle [data-action='puzzle-out']")  # played out against the computers
    page.wait_for_function("() => document.querySelectorAll('#history li').length > "
                           f"{len(cards.observation().tricks)} || "
                           "document.getElementById('table').dataset.phase === 'over'", timeout=20_000)
    assert page.get_attribute("#table", "data-verdict") == "right"
    page.click("#puzzle [data-action='puzzles-leave']")  # the deal it was opened over, as it was
    page.wait_for_function("() => !document.getElementById('table').hasAttribute('data-puzzle')")
    assert hand(page) == mine
    progress = page.evaluate("() => JSON.parse(localStorage.getItem('lukfu.puzzles'))")
    assert sorted(progress["solved"]) == sorted([calling.id, cards.id])
    assert progress["first"] == [[calling.id, False], [cards.id, False]] and progress["rating"] < 1500
