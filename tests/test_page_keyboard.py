"""The keyboard alone: your hand is one tab stop, the arrow keys, Home and End move along it,
Space selects, Enter plays or discards, and letters press the table's buttons.  A whole deal is
played without the mouse; the test reads the page only to choose its cards.  Keys pressed
faster than the game's worker answers do what they do pressed one by one.
"""

from __future__ import annotations

import time
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import NEW_PLAYER
from settling import SETTLED
from test_page_access import MY_TURN, best_size, hand
from test_page_game import READY

from lukfu import classify, parse_cards

if TYPE_CHECKING:
    from playwright.sync_api import CDPSession, Page

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
    # In the replay the arrow keys, Home and End step through it, the keyboard on your hand
    # too (your cards of each step), and Escape ends it.
    page.click("[data-action='replay']")
    page.focus("#hand [data-card]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#prompt").startswith("Replay: step 2 of")
    page.keyboard.press("End")
    assert page.inner_text("#hint") and page.get_attribute("[data-action='replay-next']", "disabled") == ""
    page.keyboard.press("Home")
    assert page.inner_text("#prompt").startswith("Replay: step 0 of") and len(hand(page)) == 12
    page.keyboard.press("Escape")
    assert page.get_attribute("#table", "data-phase") == "over"
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


# Seed 8, you the Master, after your call: you lead, your hand C5 C9 S1 S2 S3 S4 S8 M5 M6 M7 M8 T2.
# Forty keys: five cards selected and Enter (not a play: nothing happens), all put back, M7
# alone selected and Enter on it (it is led), then on along the hand that is left.
FORTY_KEYS = [
    "ArrowRight", "ArrowRight", "Space", "ArrowRight", "Space", "End", "Space", "Home", "Space",
    "ArrowRight", "ArrowRight", "ArrowLeft", "Space", "Enter",  # C5 C9 S1 S2 T2: no play
    "Home", "Space", "ArrowRight", "Space", "ArrowDown", "Space", "ArrowDown", "Space", "End",
    "Space", "ArrowUp", "ArrowUp", "Space", "ArrowUp", "Space", "Space", "ArrowLeft",
    "ArrowRight", "ArrowRight", "Enter",  # M7 led
    "ArrowRight", "ArrowRight", "Home", "End", "ArrowLeft", "ArrowUp"]
DEALT = ["C5", "C9", "S1", "S2", "S3", "S4", "S8", "M5", "M6", "M7", "M8", "T2"]
# KeyboardEvent key, windowsVirtualKeyCode and the text typed, of each key pressed.
RAW_KEYS = {"ArrowLeft": ("ArrowLeft", 37, ""), "ArrowUp": ("ArrowUp", 38, ""),
            "ArrowRight": ("ArrowRight", 39, ""), "ArrowDown": ("ArrowDown", 40, ""),
            "Home": ("Home", 36, ""), "End": ("End", 35, ""), "Space": (" ", 32, " "),
            "Enter": ("Enter", 13, "\r")}
# The game's worker made slow, once window.slowWorker is set: each answer reaches the page
# 50-300 ms after the worker gave it (pseudo-random, the same each run), in the order the worker
# gave them, as a slow phone's.  (An init script: the page's Python takes the game's worker from
# PyScript's workers with Reflect.get, pyscript/workers.py; this hands it one whose answers wait.)
SLOW_WORKER = """(() => {
  const get = Reflect.get;
  let seed = 8, last = 0;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const late = (answer) => answer.then((given) => {
    if (!window.slowWorker) return given;
    const at = last = Math.max(last, performance.now() + 50 + 250 * random());
    return new Promise((resolve) => setTimeout(() => resolve(given), at - performance.now()));
  });
  Reflect.get = function (target, name, ...rest) {
    const value = get(target, name, ...rest);
    if (name !== "game" || !value || typeof value.then !== "function") return value;
    return value.then((game) => ({
      receive: (text) => late(game.receive(text)),
      next_answer: () => late(game.next_answer()),
    }));
  };
})();"""
# Each card of your hand the keyboard goes to, in order, and for each key that went down,
# whether the page was still waiting for an answer of the game's worker.
WATCH = """() => {
  window.focusTrail = [];
  window.keysUnanswered = [];
  document.getElementById('hand').addEventListener('focusin', (event) => {
    const card = event.target.closest('[data-card]');
    if (card && window.focusTrail.at(-1) !== card.dataset.card) window.focusTrail.push(card.dataset.card);
  });
  window.addEventListener('keydown', () => window.keysUnanswered.push(
    document.documentElement.hasAttribute('data-answering')), true);
}"""
OUTCOME = """() => ({
  hand: [...document.querySelectorAll('#hand [data-card]')].map((card) => card.dataset.card),
  selected: [...document.querySelectorAll('#hand [aria-pressed=true]')].map((card) => card.dataset.card),
  focused: document.activeElement.closest('#hand [data-card]')?.dataset.card ?? null,
  log: [...document.querySelectorAll('#log li')].map((line) => line.textContent),
  trail: window.focusTrail,
})"""


def press_raw(session: CDPSession, name: str) -> None:
    """Press ``name`` as the keyboard does, without waiting for the page to answer (Playwright's
    own keyboard waits for it: tests/settling.py)."""
    key, code, text = RAW_KEYS[name]
    keys = {"key": key, "code": name, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
    typed = {"text": text, "unmodifiedText": text} if text else {}
    session.send("Input.dispatchKeyEvent", {"type": "keyDown" if text else "rawKeyDown", **keys, **typed})
    session.send("Input.dispatchKeyEvent", {"type": "keyUp", **keys})


def lead_with_the_keyboard_in_hand(page: Page) -> list[str]:
    """Deal 8 with you the Master, call, and put the keyboard on your hand's first card."""
    page.goto("index.html?seed=8&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    page.keyboard.press("c")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'playing'")
    page.wait_for_function(MY_TURN, timeout=20_000)
    page.evaluate(WATCH)
    dealt = hand(page)
    page.focus(f"#hand [data-card='{dealt[0]}']")
    return dealt


def outcome(page: Page) -> dict[str, Any]:
    """What the keys did, once the page has answered them and the computers have played."""
    page.wait_for_function(SETTLED, timeout=15_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    page.wait_for_function(SETTLED, timeout=15_000)
    return page.evaluate(OUTCOME)  # type: ignore[no-any-return]


def test_keys_faster_than_the_game_answers_do_what_they_do_one_by_one(page: Page) -> None:
    """Forty keys 5 ms apart on a worker whose answers arrive 50-300 ms late: the keyboard moves at
    once (the page's own), Space and Enter act on the card it is on as they go down, keys after
    an Enter wait for its answer; the same cards selected and played, the keyboard on the same
    card (by the same way), the same log, as the same keys pressed one by one."""
    assert len(FORTY_KEYS) == 40
    page.add_init_script(SLOW_WORKER)
    dealt = lead_with_the_keyboard_in_hand(page)
    assert dealt == DEALT
    page.evaluate("() => { window.slowWorker = true; }")
    session = page.context.new_cdp_session(page)
    began = time.perf_counter()
    for name in FORTY_KEYS:
        press_raw(session, name)
        time.sleep(0.005)
    pressed = time.perf_counter() - began
    session.detach()
    unanswered = page.evaluate("() => window.keysUnanswered")
    fast = outcome(page)
    answered = time.perf_counter() - began
    assert len(unanswered) == 40 and sum(unanswered) >= 25, unanswered  # ahead of the answers

    page.evaluate("() => localStorage.clear()")  # (the deal saved: dealt afresh, not put aside)
    assert lead_with_the_keyboard_in_hand(page) == dealt
    for name in FORTY_KEYS:
        page.keyboard.press(name)  # (each waits for the page's answer: tests/settling.py)
    slow = outcome(page)

    assert fast == slow, (fast, slow)
    assert slow["hand"] == [code for code in dealt if code != "M7"]  # M7 led, alone
    assert "You lead 7\u00a0of\u00a0Myriads." in slow["log"]
    assert slow["selected"] == [] and slow["focused"] == "M6"
    assert slow["trail"][:4] == ["C5", "C9", "S1", "S2"]  # the keyboard's way along the hand
    # M7 led, the keyboard on the card after it, M8, and on from there
    assert slow["trail"][-9:] == ["M5", "M6", "M7", "M8", "T2", "C5", "T2", "M8", "M6"]
    print(f"40 keys pressed in {pressed * 1000:.0f} ms, answered and played on in {answered:.1f} s")


def test_a_notice_said_again_keeps_the_keyboard_on_its_button(page: Page) -> None:
    """A new player's keyboard on "Learn to play" when the offer is said again (here in
    Persian, the language changed without moving the keyboard): it stays on the button, and
    Enter starts the lesson (the keyboard fell to the page's top before, and Enter did nothing)."""
    page.add_init_script(NEW_PLAYER)
    page.goto("index.html?delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.focus("#notices [data-action='learn']")
    page.evaluate("""() => { const picker = document.getElementById('language');
        picker.value = 'fa'; picker.dispatchEvent(new Event('change', { bubbles: true })); }""")
    page.wait_for_function("() => document.documentElement.lang === 'fa'")
    offer = "#notices [data-action='learn']"
    page.wait_for_function(f"() => document.querySelector(\"{offer}\").textContent === 'آموزش بازی'")
    assert page.evaluate("() => document.activeElement.dataset.action") == "learn"
    page.keyboard.press("Enter")
    page.wait_for_selector("#table[data-lesson-step='1']", timeout=20_000)
