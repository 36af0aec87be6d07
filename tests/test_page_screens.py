"""Every screen, from a small phone to a large desktop, in every language: your hand, the trick
and the buttons fit without scrolling, every target is at least 24×24 CSS px (buttons 44 px
high), nothing overlaps, and right to left keeps the table's geometry.

One deal is played through the page; at your call, on your turn with cards on the table, when
you may claim and at the end, the picker switches to each language in turn, the window takes
each of the five sizes and the page is measured.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_access import MY_TURN, move, play_to_the_end
from test_page_game import READY, speak

from lukfu.i18n import OFFERED

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SIZES = ((320, 568), (390, 844), (1024, 600), (1280, 720), (1920, 1080))
SHOWN = ("en", "fa")  # every screen is kept for a person to look at; other languages' on a problem

# The table's regions, which must not overlap, and what each one holds.
MEASURE = """() => {
  const box = el => { const r = el.getBoundingClientRect();
                      return { x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
  const shown = el => el.checkVisibility();
  const all = (selector, root = document) => [...root.querySelectorAll(selector)].filter(shown);
  const one = selector => {
    const el = document.querySelector(selector);
    return el && shown(el) ? box(el) : null;
  };
  const slots = all("#trick .slot").map(slot => ({
    seat: slot.className,
    name: box(slot.querySelector(".slot-name")),
    things: all(".slot-cards > *", slot).map(box),
  }));
  return {
    width: innerWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    regions: {
      left: one("[data-seat='2']"), right: one("[data-seat='1']"), trick: one("#trick"),
      prompt: one(".prompt-box"), you: one("[data-seat='0'] .seat-label"), hand: one("#hand"),
      actions: one("#actions"),
    },
    cards: all("#hand [data-card]").map(box),
    buttons: all("#table button, .masthead a, .masthead select").map(el =>
      [el.getAttribute("data-action") || el.textContent.trim().slice(0, 20), box(el)]),
    slots,
    trickText: all("#trick .slot-note, #trick .slot-mark, #trick .trick-title, #trick .result *").map(box),
    revealed: all(".seat-cards.revealed img").map(box),
  };
}"""


# The settings' sliders whose middle is not level with their label's lines.
SLIDERS_BELOW = """() => [...document.querySelectorAll('.settings-panel input[type=range]')].filter(input => {
  const box = input.getBoundingClientRect(), label = input.closest('label').querySelector('span')
    .getBoundingClientRect(), middle = box.top + box.height / 2;
  return middle < label.top || middle > label.bottom;
}).map(input => input.id)"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two rectangles share (touching edges share none)."""
    return max(0.0, min(a["r"], b["r"]) - max(a["x"], b["x"])) * max(
        0.0, min(a["b"], b["b"]) - max(a["y"], b["y"]))


def problems_at(page: Page, phase: str, width: int, height: int, shots: Path) -> list[str]:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => document.getAnimations().length === 0")  # cards at rest
    m = page.evaluate(MEASURE)
    where = f"{phase} {width}×{height}"
    found = []
    if m["scrollWidth"] > width:
        found.append(f"{where}: the page scrolls sideways ({m['scrollWidth']}px)")
    regions = {name: r for name, r in m["regions"].items() if r is not None}
    for name in ("trick", "hand", "actions") + (("prompt",) if phase != "over" else ()):
        r = regions.get(name)
        if r is None:
            found.append(f"{where}: no {name}")
        elif r["x"] < -0.5 or r["y"] < -0.5 or r["r"] > width + 0.5 or r["b"] > height + 0.5:
            found.append(f"{where}: the {name} is not on the screen: {r}")
    names = sorted(regions)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if overlap(regions[a], regions[b]) > 1:
                found.append(f"{where}: {a} overlaps {b}")
    cards = m["cards"]
    for i, card in enumerate(cards):
        if card["w"] < 24 or card["h"] < 24:
            found.append(f"{where}: card {i} is {card['w']:.1f}×{card['h']:.1f}")
        if i and overlap(cards[i - 1], card) > 1:
            found.append(f"{where}: cards {i - 1} and {i} overlap")
    for name, r in m["buttons"]:
        if r["w"] < 24 or r["h"] < 24:
            found.append(f"{where}: the target {name!r} is {r['w']:.1f}×{r['h']:.1f}")
        if name in ("call", "pass", "play", "discard", "claim", "new-deal") and r["h"] < 43.5:
            found.append(f"{where}: the {name} button is {r['h']:.1f}px high")
    if phase == "calling":  # the three names on one line; their "Passes" / "Deciding…" apart
        tops = page.eval_on_selector_all(
            "#trick .slot .slot-name", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        if len(set(tops)) > 1:
            found.append(f"{where}: the calling screen's names stand at {tops}")
        notes = [t for slot in m["slots"] for t in slot["things"]]
        if any(overlap(a, b) > 0 for i, a in enumerate(notes) for b in notes[i + 1:]):
            found.append(f"{where}: the calling screen's words overlap: {notes}")
        if width >= 390:  # each slider beside its label, not below it
            below = page.evaluate(SLIDERS_BELOW)
            if below:
                found.append(f"{where}: {below} below their labels")
    trick = regions.get("trick")
    for slot in m["slots"]:
        for other in m["slots"]:
            if other is not slot and any(overlap(slot["name"], t) > 1 for t in other["things"]):
                found.append(f"{where}: {other['seat']}'s cards cover {slot['seat']}'s name")
    inside = [t for slot in m["slots"] for t in slot["things"]] + m["trickText"]
    if trick is not None:
        for t in inside:
            if t["x"] < trick["x"] - 0.5 or t["r"] > trick["r"] + 0.5 or t["b"] > trick["b"] + 0.5:
                found.append(f"{where}: something spills out of the trick area: {t} {trick}")
                break
    if m["revealed"] and min(r["w"] for r in m["revealed"]) < 20:
        found.append(f"{where}: a revealed hand's cards are "
                     f"{min(r['w'] for r in m['revealed']):.1f}px wide")
    language = page.get_attribute("html", "lang")
    if found or language in SHOWN:
        page.screenshot(path=str(shots / f"screen-{language}-{phase}-{width}x{height}.png"))
    return found


def in_every_language(page: Page, phase: str, shots: Path, claiming: bool = False) -> list[str]:
    """The page measured at every size in each language in turn (switched by the picker)."""
    found = []
    for language in OFFERED:
        speak(page, language)
        for size in SIZES:
            found += problems_at(page, phase, *size, shots)
            if claiming:
                found += one_row(page, size)
    return found


def test_every_screen_fits(page: Page, screenshot_dir: Path) -> None:
    """One deal (seed 21) measured at your call, on your turn with cards on the table, when you
    may claim (Claim makes five buttons, the most a turn shows: they must keep one row) and at
    the end."""
    shots = screenshot_dir
    page.add_init_script("localStorage.setItem('lukfu.suits-shown', '1')")  # seen already
    page.goto("index.html?seed=21&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=20_000)
    found = in_every_language(page, "calling", shots)
    move(page)  # call
    seen = set()
    for _ in range(60):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.is_visible("[data-action='claim']"):
            seen.add("claiming")
            found += in_every_language(page, "claiming", shots, claiming=True)
            break
        if "playing" not in seen and page.locator("#trick .slot-cards img").count() >= 3:
            seen.add("playing")  # your turn with cards on the table
            found += in_every_language(page, "playing", shots)
        move(page)
    assert seen == {"playing", "claiming"}, f"this deal no longer shows {seen ^ {'playing', 'claiming'}}"
    play_to_the_end(page)
    found += in_every_language(page, "over", shots)
    assert not found, "\n".join(found)


def one_row(page: Page, size: tuple[int, int]) -> list[str]:
    spans = page.eval_on_selector_all("#actions [data-action]", """els => els
        .filter(e => !e.hidden).map(e => e.getBoundingClientRect()).map(r => [r.top, r.bottom])""")
    if len(spans) < 4 or max(top for top, _ in spans) >= min(bottom for _, bottom in spans):
        return [f"claiming {size}: the buttons are not in one row: {spans}"]
    return []
