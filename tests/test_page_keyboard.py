"""The keyboard alone: your hand is one tab stop, the arrow keys, Home and End move along it,
Space selects, Enter plays or discards, and letters press the table's buttons.  A whole deal is
played without the mouse; the test reads the page only to choose its cards.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_access import MY_TURN, best_size, hand
from test_page_game import READY

from lukfu import classify, parse_cards

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

FOCUSED_CARD = "() => document.activeElement.closest('#hand [data-card]')?.dataset.card ?? null"


def focused_card(page: Page) -> str | None:
    return page.evaluate(FOCUSED_CARD)  # type: ignore[no-any-return]


def go_to(page: Page, code: str) -> None:
    """Move along the hand with the arrow keys to ``code``."""
    cards = hand(page)
    here = cards.index(focused_card(page) or cards[0])
    there = cards.index(code)
    for _ in range(abs(there - here)):
        page.keyboard.press("ArrowRight" if there > here else "ArrowLeft")
    assert focused_card(page) == code


def toggle(page: Page, codes: tuple[str, ...]) -> None:
    for code in codes:
        go_to(page, code)
        before = page.get_attribute(f"#hand [data-card='{code}']", "aria-pressed")
        page.keyboard.press("Space")
        after = page.get_attribute(f"#hand [data-card='{code}']", "aria-pressed")
        assert {before, after} == {"true", "false"}


def try_cards(page: Page, codes: tuple[str, ...], button: str) -> bool:
    toggle(page, codes)
    if page.is_enabled(f"[data-action='{button}']"):
        count = len(hand(page))
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelectorAll('#hand [data-card]').length < {count}")
        assert focused_card(page) is not None or not hand(page), "the keyboard left your hand"
        return True
    toggle(page, codes)
    return False


def keyboard_move(page: Page) -> str:
    if page.is_visible("[data-action='call']"):
        page.keyboard.press("c")
        return "call"
    if page.is_visible("[data-action='claim']"):
        page.keyboard.press("k")
        return "claim"
    cards = hand(page)
    if page.is_visible("[data-action='discard']"):
        assert try_cards(page, tuple(cards[: best_size(page)]), "discard")
        return "discard"
    for codes in combinations(cards, best_size(page) or 1):
        if classify(parse_cards(" ".join(codes))) and try_cards(page, codes, "play"):
            return "play"
    raise AssertionError(f"no play accepted from {cards}")


def test_a_whole_deal_with_the_keyboard_alone(page: Page) -> None:
    page.goto("index.html?seed=8&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    # Tab from the top of the page to your hand: one tab stop, whichever card holds it.
    for _ in range(30):
        page.keyboard.press("Tab")
        if focused_card(page):
            break
    first = focused_card(page)
    assert first == hand(page)[0]
    page.keyboard.press("Tab")
    assert focused_card(page) is None, "the hand holds more than one tab stop"
    page.keyboard.press("Shift+Tab")
    assert focused_card(page) == first
    page.keyboard.press("End")
    assert focused_card(page) == hand(page)[-1]
    page.keyboard.press("Home")
    assert focused_card(page) == first
    page.keyboard.press("ArrowLeft")  # the first card stays the first
    assert focused_card(page) == first
    assert page.get_attribute("[data-action='call']", "aria-keyshortcuts") == "C"
    done = []
    for _ in range(80):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.get_attribute("#table", "data-phase") == "over":
            break
        assert focused_card(page), "the keyboard is no longer in your hand"
        if page.is_visible("[data-action='last-trick']") and "last trick" not in done:
            last = "[data-action='last-trick']"
            page.keyboard.press("t")  # the last trick again, and T once more to go back
            assert page.get_attribute(last, "aria-pressed") == "true"
            assert page.locator("#trick.finished .slot.best .slot-mark").count() == 1
            page.keyboard.press("t")
            assert page.get_attribute(last, "aria-pressed") == "false"
            done.append("last trick")
        done.append(keyboard_move(page))
    else:
        raise AssertionError("the deal did not end")
    assert {"call", "play", "last trick"} <= set(done), done
    # N starts the next deal.
    page.keyboard.press("n")
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'over'")
    assert len(hand(page)) == 12


def test_a_deal_is_abandoned_only_once_confirmed(page: Page, screenshot_dir: Path) -> None:
    page.goto("index.html?seed=8&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    dealt = hand(page)
    page.keyboard.press("n")  # asks first; Escape keeps the deal
    assert page.is_visible("#abandon")
    page.screenshot(path=str(screenshot_dir / "abandon.png"))
    assert page.evaluate("() => document.activeElement.dataset.action") == "keep-playing"
    page.keyboard.press("Escape")
    assert not page.is_visible("#abandon") and hand(page) == dealt
    page.click("[data-action='new-deal']")
    page.click("#abandon [data-action='keep-playing']")
    assert not page.is_visible("#abandon") and hand(page) == dealt
    lines = page.locator("#log li").count()
    page.click("[data-action='new-deal']")
    page.click("#abandon [data-action='abandon']")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {lines}")
    assert not page.is_visible("#abandon")
    assert page.locator("#log li").nth(lines).inner_text().startswith("A new deal")
