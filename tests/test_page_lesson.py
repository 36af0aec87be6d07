"""The guided first deal in the browser: offered to a new player, played with the keyboard alone,
in Persian on a 320 px phone and then in English on a desktop, axe-clean, read out, and never
over the cards it asks for; its end is remembered."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import NEW_PLAYER
from test_page_access import axe_violations
from test_page_game import speak

from lukfu.i18n import translator
from lukfu.lesson import LAST, STEPS
from lukfu.web.lesson import WORDS

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

READY = "#table[data-phase]:not([data-phase='loading']) [data-card]"
# The steps axe looks at: the suits' legend, a refused move's note, a run to lead on a phone,
# the desktop in English, the claim, the score (the panel's every form, in both directions).
AXE_AT = (1, 3, 8, 9, 14, 15)
UNCOVERED = """code => {
  const card = document.querySelector(`#hand [data-card="${code}"]`);
  card.scrollIntoView({ block: "center" });
  const box = card.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && card.contains(hit);
}"""


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    # The page's Content-Security-Policy would refuse the injected axe.
    return {"bypass_csp": True, "viewport": {"width": 320, "height": 640}, "has_touch": False}


def press_key_on(page: Page, selector: str, key: str = "Enter") -> None:
    page.focus(selector)
    page.keyboard.press(key)


def do_the_step(page: Page, number: int) -> None:
    """What the step asks, with the keyboard: a card is picked with Space and played with Enter,
    a button pressed with Enter."""
    asked = STEPS[number - 1].asks
    if asked is None:
        press_key_on(page, "#lesson [data-action='lesson-next']")
    elif asked.kind in ("play", "discard"):
        for card in asked.cards:
            press_key_on(page, f"#hand [data-card='{card}']", " ")
        page.keyboard.press("Enter")
    else:
        press_key_on(page, f"#actions [data-action='{asked.kind}']")


def test_the_guided_deal_step_by_step_with_the_keyboard(page: Page, screenshot_dir: Path) -> None:
    page.add_init_script(NEW_PLAYER)
    page.goto("index.html?lang=fa&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    fa, en = translator("fa"), translator("en")
    offer = page.locator("#notices [data-action='learn']")
    assert offer.is_visible()  # a new player is offered the lesson
    press_key_on(page, "#notices [data-action='learn']")
    problems: dict[int, list[str]] = {}
    for number in range(1, LAST + 2):
        page.wait_for_selector(f"#table[data-lesson-step='{number}']", timeout=20_000)
        step = STEPS[number - 1]
        if step.asks is None:  # (its Next shows once the computer players' moves are made)
            page.wait_for_selector("#lesson [data-action='lesson-next']:visible")
        if number == 9:  # halfway: a desktop, in English
            page.set_viewport_size({"width": 1280, "height": 800})
            speak(page, "en")
        tr = fa if number < 9 else en
        assert page.text_content("#lesson-text") == WORDS[step.topic](tr), number
        assert page.get_attribute("#lesson-text", "aria-live") == "polite"
        if number in (1, 5, 8, 9, 14, 15):
            page.screenshot(path=str(screenshot_dir / f"lesson-{tr.language}-{number}.png"))
        for card in step.asks.cards if step.asks else ():
            assert page.evaluate(UNCOVERED, str(card)), f"step {number} covers {card}"
        if number == 3:  # another legal move is refused with the step's reason
            press_key_on(page, "#actions [data-action='call']")
            page.wait_for_function("() => document.getElementById('lesson-note').textContent")
            assert page.get_attribute("#table", "data-phase") == "calling"
        if number in AXE_AT:
            found = axe_violations(page)
            if found:
                problems[number] = found
        if number <= LAST:  # (the last step's Next is Finish: below)
            do_the_step(page, number)
    assert not problems, problems
    press_key_on(page, "#lesson [data-action='lesson-next']")  # Finish
    page.wait_for_function("() => !document.getElementById('table').hasAttribute('data-lesson-step')")
    assert page.evaluate("() => localStorage.getItem('lukfu.lesson')") == "done"
    assert page.is_hidden("#lesson") and page.is_visible("#learn")
    page.reload()
    page.wait_for_selector(READY, timeout=30_000)
    assert page.locator("#notices [data-action='learn']").count() == 0  # not offered again
