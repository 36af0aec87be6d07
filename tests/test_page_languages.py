"""Languages in the page: each offered language end to end, switching mid-deal, a missing catalog.

Screenshots (artifacts/screenshots/): lang-<code>-desktop.png and lang-<code>-phone.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_game import READY, speak
from test_page_loading import record_the_loading, the_loading_panel_counted_the_bytes_in_persian

from lukfu.i18n import ALIASES, LANGUAGES, OFFERED, translator

if TYPE_CHECKING:
    from conftest import BrowserLog
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent

TRANSLATED = [code for code in OFFERED if code != "en"]
PHONE = {"width": 320, "height": 568}  # the smallest screen we fit: the narrowest cards
# Words of the English page that no translation keeps (names like "Mau Gung" and "fu" stay).
ENGLISH = re.compile(r"\b(?:Play this deal|Pass|Computer speed|How to play|You|Left|Right|"
                     r"Tricks?|Coins|Strings|Myriads|Tens|Master|Loading)\b")


def test_the_first_paint_script_offers_what_python_offers() -> None:
    """index.html picks the language before Python starts: its list must be Python's."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    offered = json.loads(re.search(r"const OFFERED = (\{.*?\});", html).group(1))  # type: ignore[union-attr]
    aliases = json.loads(re.search(r"const ALIASES = (\{.*?\});", html).group(1))  # type: ignore[union-attr]
    assert offered == {code: LANGUAGES[code].direction for code in OFFERED}
    assert aliases == ALIASES
    assert list(offered) == list(OFFERED)


def start(page: Page, query: str) -> None:
    page.goto(f"index.html?{query}")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function("() => document.getElementById('table').dataset.toMove === '0'",
                           timeout=20_000)


DESKTOP = {"width": 1280, "height": 720}


@pytest.mark.browser
def test_every_language_on_the_page_and_a_whole_deal_in_persian(page: Page, screenshot_dir: Path) -> None:
    """One visit, one deal (seed 12): the language of the address (Persian: the loading panel
    counts the runtime's bytes in it, tests/test_page_loading.py), then each language through
    the picker, everywhere on the page, the table's words whole at a desktop's size and at the
    smallest phone's; a new player's suit bubble in Persian, then in English; a switch mid-deal
    keeps the deal; the deal played to its end in Persian; and the choice kept for the next
    visit, where the bubble does not come back."""
    requested = record_the_loading(page)
    start(page, "lang=fa&seed=12&master=0&delay=0")
    the_loading_panel_counted_the_bytes_in_persian(page, requested)
    tip = page.locator("#suit-tip")
    assert tip.is_visible()  # first use
    for code in TRANSLATED:
        page.set_viewport_size(DESKTOP)
        speak(page, code)
        if code == "fa":
            suit_tip_in_persian(page, screenshot_dir)
        the_suit_tip_covers_nothing(page, code)
        the_whole_page_speaks(page, code, screenshot_dir)
    page.set_viewport_size(DESKTOP)
    # The bubble follows the language, closes with its button, and never comes back (below).
    speak(page, "en")
    the_suit_tip_covers_nothing(page, "en")
    page.set_viewport_size(DESKTOP)
    assert tip.locator("li").all_inner_texts() == ["Coins", "Strings", "Myriads", "Tens"]
    assert tip.locator("img").first.get_attribute("src") == "static/cards/suit-C.svg"
    tip.locator("[data-action='dismiss-notice']").click()
    assert page.locator("#suit-tip").count() == 0
    # Switching language mid-deal keeps the deal.
    page.click("[data-action='call']")
    page.wait_for_function("() => document.getElementById('table').dataset.toMove === '0'")
    hand = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
    lines = page.locator("#log li").count()
    code = TRANSLATED[0]
    speak(page, code)
    assert page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)") == hand
    assert page.get_attribute("#table", "data-phase") == "playing"
    assert page.locator("#log li").count() == lines  # the same events, told again
    assert page.inner_text("[data-action='play']") == translator(code).gettext("Play")
    assert page.evaluate("() => localStorage.getItem('lukfu.language')") == code
    # The rest of the deal in Persian: no Latin digit, no English word, in the table or the log.
    speak(page, "fa")
    for _ in range(60):
        page.wait_for_function("""() => { const t = document.getElementById('table');
                                          return t.dataset.phase === 'over' || t.dataset.toMove === '0'; }""",
                               timeout=20_000)
        if page.get_attribute("#table", "data-phase") == "over":
            break
        take_a_turn(page)
    else:
        raise AssertionError("the deal did not end")
    assert page.locator("[data-result-seat]").count() == 3
    past_tricks_keep_the_tables_geometry(page)
    shown = page.inner_text("#table") + page.inner_text("#log")
    assert not re.search(r"[0-9]", shown), "Latin digits in the Persian table or log"
    leftovers = ENGLISH.findall(shown)
    assert not leftovers, sorted(set(leftovers))
    page.screenshot(path=str(screenshot_dir / "lang-fa-result.png"), full_page=True)
    # The next visit (an address that names no language) speaks the language last chosen.
    assert page.evaluate("() => localStorage.getItem('lukfu.language')") == "fa"
    page.goto("index.html?delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    assert page.get_attribute("html", "lang") == "fa"  # the choice persists
    page.wait_for_timeout(300)
    assert page.locator("#suit-tip").count() == 0


def past_tricks_keep_the_tables_geometry(page: Page) -> None:
    """In every past trick, as on the table: Left on the left, then You, then Right, and the
    cards of a play in the table's order from left to right (a run low to high), in a
    right-to-left page too."""
    tricks = page.evaluate("""() => [...document.querySelectorAll('#history .history-trick')].map(
        trick => Object.fromEntries([...trick.querySelectorAll('.slot')].map(slot => [
            slot.className.match(/slot-(\\d)/)[1],
            [slot.getBoundingClientRect().x,
             [...slot.querySelectorAll('.slot-cards img')].map(img => img.getBoundingClientRect().x)],
        ])))""")
    assert tricks, "no past trick shown"
    for trick in tricks:
        (left, left_cards), (you, your_cards), (right, right_cards) = (trick[s] for s in "201")
        assert left < you < right, trick
        for cards in (left_cards, your_cards, right_cards):
            assert cards == sorted(cards), f"a play's cards run backwards: {trick}"


def the_whole_page_speaks(page: Page, code: str, screenshot_dir: Path) -> None:
    """The language ``code`` everywhere on the page; the table's words whole at a desktop's size
    and at the smallest phone's."""
    info = LANGUAGES[code]
    assert page.get_attribute("html", "lang") == code
    assert page.get_attribute("html", "dir") == info.direction
    tr = translator(code)
    pass_label = tr.gettext("Pass")
    assert pass_label != "Pass" and page.inner_text("[data-action='pass']") == pass_label
    assert page.inner_text("#rules-title") == tr.gettext("How to play")
    body = page.inner_text("body")
    leftovers = ENGLISH.findall(body)
    assert not leftovers, f"English words left on the {code} page: {sorted(set(leftovers))}"
    if info.digits != "0123456789":
        table = page.inner_text("#table") + page.inner_text("#rules")
        assert not re.search(r"[0-9]", table), "Latin digits in a language with its own digits"
    assert page.input_value("#language") == code
    for size in ("desktop", "phone"):
        if size == "phone":
            page.set_viewport_size(PHONE)
        words_are_whole(page, tr.gettext("Old").replace("\u00ad", ""))
        page.screenshot(path=str(screenshot_dir / f"lang-{code}-{size}.png"), full_page=size == "phone")


def words_are_whole(page: Page, old: str) -> None:
    """Seed 12 deals you two Old cards: the word on them is whole, even on 24 px cards, and is
    the word in the card's name; no word on the table is cut short."""
    marks = page.eval_on_selector_all("#hand .old-mark", """marks => marks.map(mark => {
        const card = mark.closest('.card').getBoundingClientRect(), box = mark.getBoundingClientRect();
        return {text: mark.textContent, label: mark.closest('.card').getAttribute('aria-label'),
                fits: mark.scrollWidth <= mark.clientWidth && mark.scrollHeight <= mark.clientHeight
                      && box.left >= card.left && box.right <= card.right && box.bottom <= card.bottom};
    })""")
    assert len(marks) == 2
    for mark in marks:
        assert mark["text"] == old and old.casefold() in mark["label"].casefold() and mark["fits"], mark
    cut = page.evaluate("""() => [...document.querySelectorAll('#table *')].filter(e =>
        getComputedStyle(e).textOverflow === 'ellipsis' && e.clientWidth > 2
        && e.scrollWidth > e.clientWidth).map(e => e.textContent)""")
    assert not cut, f"words cut short on the table: {cut}"


# What the suit tip must never cover: a card (yours, the trick's, the side seats'), the prompt,
# a trick slot, a seat's count.
UNCOVERED = "#hand [data-card], #prompt, #trick .slot, .seat-cards img, .seat-count"
COVERS = """(selector) => {
  const tip = document.getElementById('suit-tip').getBoundingClientRect();
  return [...document.querySelectorAll(selector)].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width && r.height && r.left < tip.right && tip.left < r.right
      && r.top < tip.bottom && tip.top < r.bottom;
  }).map(el => el.id || el.className || el.getAttribute('data-card'));
}"""


def the_suit_tip_covers_nothing(page: Page, code: str) -> None:
    """At each of the five screen sizes, the suit tip's box meets no card, prompt, trick slot or
    seat count."""
    from test_page_screens import SIZES

    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.is_visible("#suit-tip")
        covered = page.evaluate(COVERS, UNCOVERED)
        assert not covered, (code, width, height, covered)


def suit_tip_in_persian(page: Page, screenshot_dir: Path) -> None:
    """First use: a note shows which card face is which suit, in the player's language and
    digits, beside the table, leaving the prompt and your cards uncovered."""
    tip = page.locator("#suit-tip")
    assert tip.is_visible()
    persian = translator("fa")
    names = [persian.gettext(suit) for suit in ("Coins", "Strings", "Myriads", "Tens")]
    assert tip.locator("li").all_inner_texts() == names
    assert persian.gettext("How each suit looks, from low to high") in tip.inner_text()
    faces = tip.locator("img").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    assert faces == [f"static/cards/fa/suit-{suit}.svg" for suit in "CSMT"]
    # Persian cards write their corner index in Persian digits: the hand and the legend too.
    hand = page.eval_on_selector_all("#hand img", "els => els.map(e => e.getAttribute('src'))")
    assert hand and all(src.startswith("static/cards/fa/") for src in hand)
    assert page.eval_on_selector_all(
        "#rules img[data-suit]", "els => els.every(e => e.getAttribute('src').includes('/fa/'))")
    # Beside the table (a desktop's): the prompt and every card of your hand stay uncovered.
    box, table = tip.bounding_box(), page.locator("#table").bounding_box()
    assert box and table
    assert box["x"] >= table["x"] + table["width"] or box["x"] + box["width"] <= table["x"]
    page.screenshot(path=str(screenshot_dir / "suit-tip-fa.png"))


@pytest.mark.browser
def test_a_catalog_that_does_not_arrive_leaves_the_game_in_english(
        page: Page, browser_log: BrowserLog) -> None:
    browser_log.expect_console_error(r"Failed to load resource|ERR_FAILED|net::")
    page.route("**/locales/**", lambda route: route.abort())
    start(page, f"lang={TRANSLATED[0]}&seed=3&master=0&delay=0")
    assert page.get_attribute("html", "lang") == "en"
    assert page.get_attribute("#table", "data-phase") != "error"
    notice = page.locator("#notices").inner_text()
    assert "could not be loaded" in notice and page.locator("#notices").is_visible()


def rules_visible(page: Page) -> bool:
    return bool(page.evaluate(
        "() => getComputedStyle(document.querySelector('#rules h3')).visibility === 'visible'"))


@pytest.mark.browser
@pytest.mark.parametrize("how", ["address", "browser"])
def test_persian_is_right_to_left_from_the_first_paint_with_no_english_shown(
        browser: Browser, site_url: str, how: str, screenshot_dir: Path) -> None:
    """Persian asked for by the address or by the browser: right to left from the first paint,
    and the static page, rules card included, in Persian before Python has started (Python is
    held back here: its WebAssembly never arrives)."""
    context = browser.new_context(base_url=site_url, locale="fa-IR" if how == "browser" else "en-US")
    page = context.new_page()
    try:
        page.route("**/pyodide.asm.wasm", lambda _route: None)  # held: never answered
        page.goto("index.html?seed=4&delay=0" + ("&lang=fa" if how == "address" else ""))
        page.wait_for_selector("#table[data-phase='loading']")
        assert page.get_attribute("html", "lang") == "fa"
        assert page.get_attribute("html", "dir") == "rtl"
        # The page translates its static text itself, before Python (locales/fa/page.json).
        page.wait_for_function("() => !document.documentElement.hasAttribute('data-translating')")
        assert rules_visible(page)
        assert page.inner_text("#rules-title") == translator("fa").gettext("How to play")
        assert page.get_attribute("#table", "data-phase") == "loading"  # Python has not run
        page.screenshot(path=str(screenshot_dir / f"lang-fa-first-paint-{how}.png"))
    finally:
        context.close()


def take_a_turn(page: Page) -> None:
    """One legal move for seat 0, read from the page's data attributes only (no words)."""
    from itertools import combinations

    from lukfu import classify, parse_cards

    def visible(action: str) -> bool:
        return page.is_visible(f"[data-action='{action}']")

    if visible("call"):
        page.click("[data-action='call']")
        return
    if visible("claim"):
        page.click("[data-action='claim']")
        return
    hand = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
    # (a finished trick still on the table means that you lead: there is nothing to beat)
    best = page.locator("#trick:not(.finished) .slot.best .slot-cards img").count()
    if visible("discard"):
        for code in hand[:best]:
            page.click(f"#hand [data-card='{code}']")
        page.click("[data-action='discard']")
        return
    sizes = [best] if best else [1, 3, 4, 5]
    for size in sizes:
        for cards in combinations(hand, size):
            if classify(parse_cards(" ".join(cards))) is None:
                continue
            for code in cards:
                page.click(f"#hand [data-card='{code}']")
            if page.is_enabled("[data-action='play']"):
                page.click("[data-action='play']")
                return
            for code in cards:
                page.click(f"#hand [data-card='{code}']")
    raise AssertionError(f"no legal play found in {hand}")
