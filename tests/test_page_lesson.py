"""The guided first deal in the browser: offered to a new player, played with the keyboard alone
(the keyboard is where each step needs it: Next, your hand, the move's button; Enter goes on),
in Persian on a 320 px phone and then in English on a desktop, axe-clean, read out, never over
the cards it asks for, nobody "thinking" while a step is read; its end is remembered, and leaves
a new deal of your own at its start."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import NEW_PLAYER
from test_page_access import axe_violations, broken_runs, hand
from test_page_game import speak
from test_page_keyboard import go_to

from lukfu.i18n import translator
from lukfu.lesson import LAST, STEPS
from lukfu.web.lesson import WORDS

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

READY = "#table[data-phase]:not([data-phase='loading']) [data-card]"
# The steps axe looks at: the suits' legend, a refused move's note, a set to play on a phone,
# the desktop in English, the claim, the score (the panel's every form, in both directions).
AXE_AT = (1, 4, 9, 11, 16, 17)
HALFWAY = 10  # from here on a desktop, in English
NEXT = "#lesson [data-action='lesson-next']"
UNCOVERED = """code => {
  const card = document.querySelector(`#hand [data-card="${code}"]`);
  card.scrollIntoView({ block: "center" });
  const box = card.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && card.contains(hit);
}"""
TOUCHED = """() => document.getElementById("lesson-title").dispatchEvent(
  new PointerEvent("pointerdown", { pointerType: "touch", bubbles: true }))"""
HINT_SAYS = "words => document.getElementById('hint').textContent === words"
# What has the keyboard: "hand" (a card of your hand), a button's data-action, or the element.
KEYBOARD_ON = """() => { const a = document.activeElement;
  if (!a || a === document.body) return "body";
  if (a.closest("#hand [data-card]")) return "hand";
  return a.dataset.action || a.id || a.tagName; }"""


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    # The page's Content-Security-Policy would refuse the injected axe.
    return {"bypass_csp": True, "viewport": {"width": 320, "height": 640}, "has_touch": False}


def keyboard_on(page: Page) -> str:
    return page.evaluate(KEYBOARD_ON)  # type: ignore[no-any-return]


def expected_keyboard(number: int) -> str:
    """Where step ``number`` puts the keyboard: Next, your hand, or the move's button."""
    asked = STEPS[number - 1].asks
    if asked is None:
        return "lesson-next"
    return "hand" if asked.kind in ("play", "discard") else asked.kind


def do_the_step(page: Page, number: int) -> None:
    """What the step asks, with the keyboard where the step put it: Enter on Next or on the
    move's button; on your hand, the arrow keys to each card, Space to pick it, Enter to play."""
    asked = STEPS[number - 1].asks
    if asked is not None and asked.kind in ("play", "discard"):
        for card in asked.cards:
            go_to(page, str(card))
            page.keyboard.press(" ")
    page.keyboard.press("Enter")


def test_the_guided_deal_step_by_step_with_the_keyboard(page: Page, screenshot_dir: Path) -> None:
    page.add_init_script(NEW_PLAYER)
    page.goto("index.html?lang=fa&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    fa, en = translator("fa"), translator("en")
    offer = page.locator("#notices [data-action='learn']")
    assert offer.is_visible()  # a new player is offered the lesson
    page.focus("#notices [data-action='learn']")
    page.keyboard.press("Enter")
    problems: dict[int, list[str]] = {}
    for number in range(1, LAST + 2):
        page.wait_for_selector(f"#table[data-lesson-step='{number}']", timeout=20_000)
        step = STEPS[number - 1]
        if step.asks is None:  # (its Next shows once the computer players' moves are made)
            page.wait_for_selector(f"{NEXT}:visible")
        if number == HALFWAY:  # a desktop, in English (the keyboard taken to the picker, back)
            page.set_viewport_size({"width": 1280, "height": 800})
            speak(page, "en")
            page.focus(NEXT)
        tr = fa if number < HALFWAY else en
        assert page.text_content("#lesson-text") == WORDS[step.topic](tr), number
        assert page.get_attribute("#lesson-text", "aria-live") == "polite"
        assert broken_runs(page, "#lesson") == [], number  # (a phone's 320 px, then a desktop)
        # The keyboard is on what the step asks for, after "Learn to play" and every move.
        assert keyboard_on(page) == expected_keyboard(number), number
        if step.asks is None:
            assert page.text_content("#lesson-key") == tr.gettext("Press Enter to go on.")
        if number in (1, 4, 6, 9, 10, 14, 15, 16, 17):
            page.screenshot(path=str(screenshot_dir / f"lesson-{tr.language}-{number}.png"))
        for card in step.asks.cards if step.asks else ():
            assert page.evaluate(UNCOVERED, str(card)), f"step {number} covers {card}"
        if number == 4:  # another legal move (C: play this deal) is refused with the step's reason
            page.keyboard.press("c")
            page.wait_for_function("() => document.getElementById('lesson-note').textContent")
            assert page.get_attribute("#table", "data-phase") == "calling"
            assert keyboard_on(page) == "pass"
        if step.topic == "single":  # the hint line speaks the device last used: tap, or select
            assert page.text_content("#hint") == tr.gettext("Select the cards you want to play.")
            page.evaluate(TOUCHED)
            page.wait_for_function(HINT_SAYS, arg=tr.gettext("Tap cards to select them."))
            page.keyboard.press("Shift")
            page.wait_for_function(HINT_SAYS, arg=tr.gettext("Select the cards you want to play."))
        if step.topic == "beaten":  # the computers wait for Next: nobody is thinking
            assert page.get_attribute("#table", "data-to-move") == "1"
            assert page.text_content("#prompt") == tr.gettext("Read this step first, then press Next.")
            assert page.locator(".seat.to-move").count() == 0
        if step.topic == "fu":  # Enter goes on from your hand too, a Tab or two from Next
            for _ in range(6):
                page.keyboard.press("Tab")
                if keyboard_on(page) == "hand":
                    break
            assert keyboard_on(page) == "hand"
        if number in AXE_AT:
            found = axe_violations(page)
            if found:
                problems[number] = found
        if number <= LAST:  # (the last step's Next is Finish: below)
            do_the_step(page, number)
    assert not problems, problems
    page.keyboard.press("Enter")  # Finish, the keyboard on it
    page.wait_for_function("() => !document.getElementById('table').hasAttribute('data-lesson-step')")
    assert page.evaluate("() => localStorage.getItem('lukfu.lesson')") == "done"
    assert page.is_hidden("#lesson") and page.is_visible("#learn")
    # A new deal of your own, at your first decision, nothing said over it, the keyboard on
    # your hand.
    page.wait_for_selector("#table[data-to-move='0']:not([data-phase='over'])", timeout=20_000)
    assert len(hand(page)) == 12 and page.locator("#history li").count() == 0
    assert page.locator("#notices .notice:visible").count() == 0 and page.is_hidden("#suit-tip")
    assert keyboard_on(page) == "hand"
    page.screenshot(path=str(screenshot_dir / "lesson-en-finished.png"))
    page.reload()
    page.wait_for_selector(READY, timeout=30_000)
    assert page.locator("#notices [data-action='learn']").count() == 0  # not offered again
