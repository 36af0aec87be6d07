"""Cards move: a played card flies from your hand to the trick in well under half a second, at
the speed the "Card movement" setting asks, and not at all for a reader whose system asks for
reduced motion, nor at "Instant".

Screenshots (artifacts/screenshots/): move-<language>-<step>.png, a card's move frame by frame
(the page's animations paused and stepped).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_access import MY_TURN, hand
from test_page_game import READY

from lukfu.web import options

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

MOVES = """() => {
  window.moving = document.getAnimations();
  return window.moving.map(a => {
    a.pause();
    return [a.effect.target.getAttribute('data-flight'), a.effect.getTiming().duration];
  });
}"""
# The moving card's height on the page at a moment of its move (in ms).
AT = """(time) => { const a = window.moving[0];
                  a.currentTime = time;
                  return a.effect.target.getBoundingClientRect().y; }"""


def open_deal(page: Page, language: str = "en") -> None:
    """Deal 3, where you call and lead; the computer players wait two seconds, so nothing else
    moves while your card does."""
    page.add_init_script("localStorage.setItem('lukfu.suits-shown', '1')")  # seen already
    page.goto(f"index.html?lang={language}&seed=3&master=0&delay=2000")
    page.wait_for_selector(READY, timeout=30_000)


def lead_a_card(page: Page, motion: str) -> list[tuple[str, float]]:
    """At your next lead (after your call, if the deal is at it), lead the first card the page
    accepts at the speed ``motion``; the animations that began, paused."""
    page.select_option("#speed", motion)
    page.wait_for_function(MY_TURN, timeout=20_000)
    if page.is_visible("[data-action='call']"):
        page.click("[data-action='call']")
        page.wait_for_function("() => document.getElementById('table').dataset.phase === 'playing'")
    page.wait_for_function(MY_TURN, timeout=20_000)
    assert not page.locator("#trick:not(.finished) .slot.best").count(), "not your lead"
    for code in hand(page):
        page.click(f"#hand [data-card='{code}']")
        if page.is_enabled("[data-action='play']"):
            page.click("[data-action='play']")
            return [(key, duration) for key, duration in page.evaluate(MOVES)]
        page.click(f"#hand [data-card='{code}']")
    raise AssertionError("no card could be led")


def a_led_card_moves_from_your_hand_to_the_trick(page: Page, language: str, screenshot_dir: Path) -> None:
    moves = lead_a_card(page, "slow")
    assert len(moves) == 1, moves
    key, duration = moves[0]
    assert key.startswith("0 0 "), key  # your card, in your place in the trick
    assert duration == options.MOTIONS["slow"] < 500
    heights = []
    for step in range(5):  # frame by frame, from your hand to the trick
        heights.append(page.evaluate(AT, min(step * duration / 4, duration - 1)))
        page.screenshot(path=str(screenshot_dir / f"move-{language}-{step}.png"))
    assert heights == sorted(heights, reverse=True), heights  # up and up, never back
    assert heights[0] > heights[-1] + 50, "the card did not come up from your hand"
    page.evaluate("() => window.moving.forEach(a => a.finish())")


def test_a_led_card_moves_from_your_hand_to_the_trick_and_at_instant_nothing_moves(
    page: Page, screenshot_dir: Path
) -> None:
    """Your first lead of deal 3 moves; at "Instant", your next lead (both computer players
    discard to it) moves nothing, not even the finished trick.  Sounds: none before the first
    touch of the page, some after it, none once turned off (and the choice is kept).  A new deal
    in place of this one is dealt out."""
    page.add_init_script(COUNT_SOUNDS)
    open_deal(page)
    assert page.evaluate("window.soundsStarted") == 0, "a sound before any interaction"
    a_led_card_moves_from_your_hand_to_the_trick(page, "en", screenshot_dir)
    assert page.evaluate("window.soundsStarted") > 0  # the call, your card, your turn
    page.uncheck("#sound")
    heard = page.evaluate("window.soundsStarted")
    assert lead_a_card(page, "instant") == []
    page.wait_for_timeout(300)
    assert page.evaluate("window.soundsStarted") == heard
    assert page.evaluate("localStorage.getItem('lukfu.sound')") == "off"
    page.select_option("#speed", "normal")
    new_cards_are_dealt_out(page, "en-desktop", screenshot_dir)


def test_a_led_card_moves_on_a_phone_in_persian(page: Page, screenshot_dir: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_deal(page, "fa")
    a_led_card_moves_from_your_hand_to_the_trick(page, "fa", screenshot_dir)
    new_cards_are_dealt_out(page, "fa-phone", screenshot_dir)


DEALING = """() => {
  window.moving = document.getAnimations();
  return window.moving.map(a => { a.pause(); return a.effect.target.closest('#hand, .seat')
                                                   .getAttribute('data-seat') || 'hand'; });
}"""
# Records where each animation the page starts is (your hand, or a seat's number).
RECORD_ANIMATE = """() => {
  window.dealtTo = [];
  window.realAnimate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.dealtTo.push(this.closest('#hand') ? 'hand'
                        : (this.closest('.seat') || {getAttribute: () => '?'}).getAttribute('data-seat'));
    return window.realAnimate.apply(this, args);
  };
}"""
# Every dealing animation at one moment (ms from the first card's start).
DEALT_AT = "(time) => window.moving.forEach(a => { a.currentTime = time; })"


def new_cards_are_dealt_out(page: Page, name: str, screenshot_dir: Path) -> None:
    """A new deal in place of this one: your twelve cards and the side seats' backs come from the
    middle of the table, one after another (dealing-<name>-<ms>.png, frame by frame)."""
    page.evaluate(RECORD_ANIMATE)  # every animation asked for, even one over before we look
    page.click("[data-action='new-deal']")
    page.click("[data-action='abandon']")  # (the deal in progress: asked first)
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'calling'")
    page.evaluate(DEALING)  # the ones still moving, paused for the frames below
    movers = page.evaluate("() => { Element.prototype.animate = window.realAnimate; return window.dealtTo; }")
    assert movers.count("hand") == 12, movers
    assert movers.count("1") == 12 and movers.count("2") == 12, movers
    for time in (0, 150, 300, 600):
        page.evaluate(DEALT_AT, time)
        page.screenshot(path=str(screenshot_dir / f"dealing-{name}-{time}.png"))
    page.evaluate("() => window.moving.forEach(a => a.finish())")


# A finger dragging slider ``id`` from its lowest to its highest value, a step a task; returns
# the slider's value as seen at every task until the game has answered the last step.
DRAG = """async id => {
  const slider = document.getElementById(id), seen = [];
  let watching = true;
  const watch = () => { seen.push(+slider.value); if (watching) setTimeout(watch, 0); };
  const tick = () => new Promise(done => setTimeout(done, 0));
  for (let v = +slider.min; v <= +slider.max; v += +slider.step) {
    slider.value = String(v);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    if (!seen.length) watch();
    await tick();
  }
  while (document.documentElement.hasAttribute('data-answering')) await tick();
  watching = false;
  return seen;
}"""


def test_the_looks_apply_live_and_are_kept_and_reduced_motion_moves_nothing(page: Page) -> None:
    """Contrast, Grain and Colour temperature change the table at once, the suits can be marked
    by shapes, and every setting is there again on the next visit; on that visit the system
    asks for reduced motion, and a led card does not move, even at "Slow"."""
    page.goto("index.html?seed=3&master=0&delay=2000")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    table_filter = "() => getComputedStyle(document.getElementById('table')).filter"
    grain = "() => getComputedStyle(document.getElementById('table'), '::before').opacity"
    # Which faces in the page (hand, trick, legend) show their suit's shape, which do not.
    faces = """() => [...document.querySelectorAll("img[src*='cards/']:not([src$='back.svg'])")]
        .map(img => img.getAttribute('src').endsWith('.svg#shapes'))"""
    first_card = page.locator("#hand [data-card] img").first
    plain_card = first_card.screenshot()
    plain = page.evaluate(table_filter)
    assert page.evaluate(grain) == "0" and not any(page.evaluate(faces))
    # A slider dragged end to end never jumps back under the finger while the game answers.
    dragged = page.evaluate(DRAG, "warmth")
    assert dragged[-1] == 100 and dragged == sorted(dragged), dragged
    page.fill("#contrast", "120")
    page.fill("#grain", "60")
    page.fill("#warmth", "50")
    page.check("#suit-shapes")
    page.select_option("#speed", "fast")
    page.uncheck("#marks")
    looked = page.evaluate(table_filter)
    assert looked != plain and "contrast(1.2)" in looked and "sepia(0.225)" in looked, looked
    assert page.evaluate(grain) == "0.6"
    shown = page.evaluate(faces)
    assert len(shown) > 12 and all(shown)  # your hand and the suit legend at least
    assert first_card.screenshot() != plain_card  # the shape is drawn, not just asked for
    page.emulate_media(reduced_motion="reduce")  # (read as the page starts)
    page.reload()
    page.wait_for_selector(READY, timeout=30_000)
    values = page.evaluate("""() => ['contrast', 'grain', 'warmth', 'speed'].map(
        id => document.getElementById(id).value)""")
    assert values == ["120", "60", "50", "fast"]
    assert page.is_checked("#suit-shapes") and not page.is_checked("#marks")
    assert page.evaluate(table_filter) == looked
    page.wait_for_function(MY_TURN, timeout=20_000)
    assert all(page.evaluate(faces))
    page.uncheck("#suit-shapes")
    assert not any(page.evaluate(faces))
    assert lead_a_card(page, "slow") == []
    # Nor is a new deal dealt out.
    page.click("[data-action='new-deal']")
    page.click("[data-action='abandon']")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'calling'")
    assert page.evaluate(DEALING) == []


# Counts each sound source started (a note or a burst of noise) on the page's Web Audio.
COUNT_SOUNDS = """
window.soundsStarted = 0;
for (const kind of [window.OscillatorNode, window.AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...args) { window.soundsStarted += 1; return start.apply(this, args); };
}
"""
