"""The rules card's pictures in a browser: a single, a set, a run, a run beaten by a higher
suit's run and an Old chain, in the game's own faces (in Persian digits for Persian); they load,
are named in the page's language, and never make the page scroll sideways, from 320 px wide.

Screenshots: artifacts/screenshots/explain-{en,fa}-rules*-{390x844,1280x720}.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_access import MY_TURN, broken_runs
from test_page_game import READY, speak

from lukfu.i18n import OFFERED, translator

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

SIZES = ((390, 844), (1280, 720))
SEEN = "localStorage.setItem('lukfu.suits-shown', '1'); localStorage.setItem('lukfu.level', 'beginner')"
# How many of the rules card's pictures had asked for their faces when the hand came.
AT_THE_HAND = """new MutationObserver((_changes, observer) => {
  if (!document.querySelector('#hand [data-card]')) return;
  window.rulesPicturesAtTheHand = document.querySelectorAll('#rules img[data-face][src]').length;
  observer.disconnect();
}).observe(document, { subtree: true, childList: true });"""


def start(page: Page, query: str) -> None:
    page.add_init_script(SEEN)
    page.goto(f"index.html?{query}")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return found


def test_the_rules_card_shows_its_plays_in_pictures(page: Page, screenshot_dir: Path) -> None:
    """In English, then in Persian (the picker switches it).  Their downloads wait until the
    hand is on the table (bench/boot.py counts a first visit's requests until then)."""
    page.add_init_script(AT_THE_HAND)
    start(page, "seed=3&master=0&delay=0&lang=en")
    assert page.evaluate("window.rulesPicturesAtTheHand") == 0
    for language in ("en", "fa"):
        speak(page, language)
        page.set_viewport_size({"width": 1280, "height": 720})  # (where a page opens)
        page.evaluate("() => window.scrollTo(0, 0)")
        the_rules_card_shows_its_plays_in_pictures(page, screenshot_dir, language)


def test_on_a_320_px_phone_no_formula_or_count_of_the_rules_card_breaks_in_any_language(
        page: Page, screenshot_dir: Path) -> None:
    """S = F − 5, 2 × S, "12 cards": each on one line, and the card never scrolls sideways
    (screenshots of the whole card, rules-en-320.png and rules-fa-320.png, to look at)."""
    start(page, "seed=3&master=0&delay=0&lang=en")
    page.set_viewport_size({"width": 320, "height": 568})
    for language in OFFERED:
        speak(page, language)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, language
        assert broken_runs(page, "#rules") == [], language
        if language in ("en", "fa"):
            page.locator("#rules").screenshot(path=str(screenshot_dir / f"rules-{language}-320.png"))


def the_rules_card_shows_its_plays_in_pictures(page: Page, screenshot_dir: Path, language: str) -> None:
    tr = translator(language)
    pictures = page.locator("#rules .example-cards[role='img']")
    assert pictures.count() == 5
    names = [str(page.evaluate(
        "el => document.getElementById(el.getAttribute('aria-labelledby')).textContent", p))
        for p in pictures.element_handles()]
    assert names[0] == tr.gettext("A single: the 7 of Myriads.")
    for picture in pictures.all():
        picture.scroll_into_view_if_needed()
    page.wait_for_function("""() => [...document.querySelectorAll('#rules img[data-face]')]
        .every(img => img.complete && img.naturalWidth > 0)""")
    faces = page.eval_on_selector_all("#rules img[data-face]",
                                      "els => els.map(e => e.getAttribute('src'))")
    assert len(faces) == 17
    assert all(("/fa/" in src) == (language == "fa") for src in faces)
    for width, height in ((320, 568), *SIZES):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        for picture in pictures.all():
            shown = box(picture)
            assert shown["x"] >= 0 and shown["x"] + shown["width"] <= width
        if (width, height) in SIZES:
            page.locator("#rules .rules-examples").first.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / f"explain-{language}-rules-{width}x{height}.png"))
            page.locator("#rules .rules-examples").nth(1).scroll_into_view_if_needed()
            shot = f"explain-{language}-rules-beaten-{width}x{height}.png"
            page.screenshot(path=str(screenshot_dir / shot))
            page.locator("#rules .rules-examples").last.scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / f"explain-{language}-rules-old-{width}x{height}.png"))
