"""What only a browser shows of a table that explains itself: a game word's explanation appears
on keyboard focus, hover and long press, is its accessible description, stays off the cards
you play and on a 320 px screen, right to left too; Escape hides it.

Screenshots (artifacts/screenshots/explain-*.png), in English and Persian at 390×844 and
1280×720: a seat's mark explained, an Old card explained, the risk of calling, the trick's
leader, the claimant's Old cards at the end.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_access import MY_TURN, move, play_to_the_end
from test_page_game import speak
from test_page_rules import SIZES, box, start

from lukfu.i18n import translator
from lukfu.web import explain

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)


def check_tip(page: Page, tip: Locator) -> None:
    """The explanation shows, on the screen, over none of your cards."""
    assert tip.is_visible()
    shown, width = box(tip), page.viewport_size["width"]  # type: ignore[index]
    assert shown["x"] >= -0.5 and shown["x"] + shown["width"] <= width + 0.5, shown
    for card in page.locator("#hand [data-card]").all():
        assert apart(shown, box(card)), "the explanation covers a card of your hand"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def tab_to(page: Page, selector: str) -> None:
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


LANGUAGES = ("en", "fa")


def test_a_word_explains_itself_then_old_cards_the_leader_and_the_claimant_s_old_cards(
        page: Page, screenshot_dir: Path) -> None:
    """One deal (seed 4), in English and in Persian (the picker switches): at your call, a
    word explains itself on focus, hover and long press; you pass, and the turns that show an
    Old card of yours or a computer's lead in progress are explained, and the end."""
    start(page, "seed=4&master=0&delay=0&lang=en")
    tip = page.locator("#tip-0-master")
    assert not tip.is_visible()
    for language in LANGUAGES:
        if language != "en":
            page.keyboard.press("Escape")  # (the long press's explanation, from before)
            page.mouse.move(0, 0)
            speak(page, language)
            assert not tip.is_visible()
        a_word_explains_itself(page, language, screenshot_dir)
    page.keyboard.press("Escape")
    page.mouse.move(0, 0)
    old_cards_the_leader_and_the_claimant_s_old_cards(page, screenshot_dir)


def a_word_explains_itself(page: Page, language: str, screenshot_dir: Path) -> None:
    tr = translator(language)
    master = page.locator("[data-seat='0'] .term.mark-master")
    tip = page.locator("#tip-0-master")
    # For screen readers: the mark is a button described by its explanation.
    expect_description(master, explain.term(tr, explain.MASTER))
    expect_description(page.locator("[data-action='call']"), explain.call_risk(tr))
    assert page.inner_text("#hint") == explain.call_risk(tr)  # the risk, under the prompt
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(screenshot_dir / f"explain-{language}-call-{width}x{height}.png"))
    for width, height in ((320, 568), *SIZES):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => document.activeElement.blur()")
        tab_to(page, "[data-seat='0'] .term.mark-master")
        check_tip(page, tip)
        if (width, height) in SIZES:
            page.screenshot(path=str(screenshot_dir / f"explain-{language}-master-{width}x{height}.png"))
        page.keyboard.press("Escape")
        assert not tip.is_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert tip.is_visible()  # the focus moved on and back: it shows again
    page.evaluate("() => document.activeElement.blur()")
    # Hover: the fu of the Right player, whose bubble opens below its words.
    page.hover("[data-seat='1'] .term-fu")
    fu = page.locator("#tip-1-fu")
    check_tip(page, fu)
    assert fu.inner_text() == explain.term(tr, explain.FU)
    assert page.evaluate("() => getComputedStyle(document.querySelector('#tip-1-fu')).direction") \
        == ("rtl" if language == "fa" else "ltr")
    page.mouse.move(0, 0)
    # A long press (a finger held on the word) shows it, and the press selects nothing.
    page.dispatch_event("[data-seat='0'] .term.mark-master", "pointerdown", {"pointerType": "touch"})
    page.wait_for_timeout(700)
    assert tip.is_visible()
    page.dispatch_event("[data-seat='0'] .term.mark-master", "pointerup", {"pointerType": "touch"})
    page.mouse.move(0, 0)
    assert tip.is_visible()


def old_cards_the_leader_and_the_claimant_s_old_cards(page: Page, screenshot_dir: Path) -> None:
    """At each turn that shows something, in English and then in Persian."""
    page.click("[data-action='pass']")
    led = False
    for _ in range(60):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.get_attribute("#table", "data-phase") == "over":
            break
        if page.locator("#hand .card.old").count():
            for language in LANGUAGES:
                speak(page, language)
                an_old_card_explains_itself(page, language, screenshot_dir)
        if not led and page.locator("#trick .slot.led").count() and page.locator(
                "#trick .slot-cards img").count() >= 2 and not page.locator("#trick.finished").count():
            led = True
            for language in LANGUAGES:
                speak(page, language)
                tr = translator(language)
                slot = page.locator("#trick .slot.led")
                assert slot.count() == 1
                number = page.locator("#history li").count() + 1
                name = slot.locator(".slot-name").inner_text()
                assert page.inner_text("#trick .trick-title") == tr.gettext(
                    "Trick {n}: {seat} led", n=number, seat=name)
                for width, height in SIZES:
                    page.set_viewport_size({"width": width, "height": height})
                    shot = f"explain-{language}-leader-{width}x{height}.png"
                    page.screenshot(path=str(screenshot_dir / shot))
        move(page)
    play_to_the_end(page)
    winner = page.locator(".result-table tr.winner").get_attribute("data-result-seat")
    marked = page.locator(f"[data-seat='{winner}'] .seat-cards.laid .laid-card.old .old-mark")
    if winner != "0":
        assert marked.count() >= 1  # F = fu + these (the Driver's tests count them)
    for language in LANGUAGES:
        speak(page, language)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(screenshot_dir / f"explain-{language}-over-{width}x{height}.png"))
    assert led, "no trick led by a computer player was seen in progress"


def an_old_card_explains_itself(page: Page, language: str, screenshot_dir: Path) -> None:
    tr = translator(language)
    old = page.locator("#hand .card.old")
    old_tip = page.locator("#old-tip")
    expect_description(old.first, explain.term(tr, explain.OLD))
    page.evaluate("() => document.activeElement.blur()")
    old.first.locator(".old-mark").hover()
    check_tip(page, old_tip)
    page.mouse.move(0, 0)
    # A long press on an Old card explains it and does not select it.
    old.first.dispatch_event("pointerdown", {"pointerType": "touch"})
    page.wait_for_timeout(700)
    check_tip(page, old_tip)
    old.first.dispatch_event("pointerup", {"pointerType": "touch"})
    old.first.dispatch_event("click")
    assert old.first.get_attribute("aria-pressed") == "false"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        old.first.locator(".old-mark").hover()
        page.screenshot(path=str(screenshot_dir / f"explain-{language}-old-{width}x{height}.png"))
    page.mouse.move(0, 0)


def expect_description(locator: Locator, words: str) -> None:
    from playwright.sync_api import expect
    expect(locator).to_have_accessible_description(words)
