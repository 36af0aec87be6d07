"""A new player's first visit fits every screen in every language: with the offer of the guided
deal and the suit legend shown, your whole hand and Call and Pass are on the screen without
scrolling, the two notices cover no part of the table, and the calling area's words ("Passes",
"Deciding…") never overlap.

One page, one deal (seed 21, Right the Master: Right and Left pass, then you decide, so that the
calling area shows three words at once); the picker switches the language, the window takes each
size in turn.  Screenshots (artifacts/screenshots/): first-visit-<language>-<size>.png in English
and Persian at 390×844 and 1366×768, and of any size and language found wanting.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import NEW_PLAYER
from test_page_game import speak
from test_page_screens import overlap

from lukfu.i18n import OFFERED, translator

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SIZES = ((320, 568), (390, 844), (1024, 600), (1366, 657), (1366, 768), (1920, 1080))
SHOWN = {("en", (390, 844)), ("en", (1366, 768)), ("fa", (390, 844)), ("fa", (1366, 768))}
YOUR_CALL = "#table[data-phase='calling'][data-to-move='0'] [data-action='call']:enabled"

MEASURE = """() => {
  const box = el => { const r = el.getBoundingClientRect();
                      return { x: r.left, y: r.top, r: r.right, b: r.bottom }; };
  const shown = el => el !== null && el.checkVisibility({ visibilityProperty: true });
  const all = selector => [...document.querySelectorAll(selector)].filter(shown).map(box);
  const one = el => shown(el) ? box(el) : null;
  return {
    width: innerWidth, height: innerHeight, scrolled: document.scrollingElement.scrollTop,
    cards: all("#hand [data-card]"),
    buttons: ["call", "pass"].map(action =>
      one(document.querySelector(`#actions [data-action='${action}']`))),
    offer: one(document.querySelector("#notices [data-action='learn']")?.closest(".notice") ?? null),
    legend: one(document.getElementById("suit-tip")),
    table: box(document.getElementById("table")),
    trick: box(document.getElementById("trick")),
    chips: all("#trick .slot-note"),
  };
}"""


def inside(r: dict[str, float], width: float, height: float) -> bool:
    return r["x"] >= -0.5 and r["y"] >= -0.5 and r["r"] <= width + 0.5 and r["b"] <= height + 0.5


def problems_at(page: Page, language: str, width: int, height: int) -> list[str]:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("() => document.getAnimations().length === 0")  # cards at rest
    m = page.evaluate(MEASURE)
    where = f"{language} {width}×{height}"
    found = []
    if m["scrolled"]:
        found.append(f"{where}: the page is scrolled by {m['scrolled']}px")
    if len(m["cards"]) != 12:
        found.append(f"{where}: {len(m['cards'])} cards in your hand")
    found += [f"{where}: card {i} is not wholly on the screen: {card}"
              for i, card in enumerate(m["cards"]) if not inside(card, width, height)]
    for action, button in zip(("call", "pass"), m["buttons"], strict=True):
        if button is None or not inside(button, width, height):
            found.append(f"{where}: the {action} button is not on the screen: {button}")
    for name in ("offer", "legend"):
        note = m[name]
        if note is None:
            found.append(f"{where}: no {name}")
            continue
        if overlap(note, m["table"]) > 0:
            found.append(f"{where}: the {name} covers part of the table")
        # Beside the table, or below it: wholly on the screen, but on the smallest phone, where
        # the table takes the whole screen and they follow it, a scroll away.
        if note["x"] < -0.5 or note["r"] > width + 0.5:
            found.append(f"{where}: the {name} is wider than the screen: {note}")
        elif height >= 600 and not inside(note, width, height):
            found.append(f"{where}: the {name} is not wholly on the screen: {note}")
    chips = m["chips"]
    found += [f"{where}: the calling area's words overlap: {a} {b}"
              for i, a in enumerate(chips) for b in chips[i + 1:] if overlap(a, b) > 0]
    trick = m["trick"]
    found += [f"{where}: a word spills out of the calling area: {chip} {trick}"
              for chip in chips if chip["x"] < trick["x"] - 0.5 or chip["r"] > trick["r"] + 0.5
              or chip["b"] > trick["b"] + 0.5]
    return found


def switch_to(page: Page, language: str) -> None:
    """The picker's language, once the table, the offer and the legend speak it (and its font
    has arrived)."""
    speak(page, language)
    tr = translator(language)
    words = [tr.gettext("How each suit looks, from low to high"), tr.gettext("Play this deal"),
             tr.gettext("Deciding…"), tr.gettext("Learn to play")]
    page.wait_for_function("""words => {
      const text = selector => document.querySelector(selector)?.textContent.trim();
      return text("#suit-tip figcaption") === words[0] && text("[data-action='call']") === words[1]
        && text("#trick .slot-0 .slot-note") === words[2]
        && text("#notices [data-action='learn']") === words[3]
        && document.fonts.status === "loaded";
    }""", arg=words)


def test_a_first_visit_fits_every_screen_in_every_language(page: Page, screenshot_dir: Path) -> None:
    page.add_init_script(NEW_PLAYER)
    page.goto("index.html?seed=21&master=1&delay=0")
    page.wait_for_selector(YOUR_CALL, timeout=30_000)
    chips = page.locator("#trick .slot-note").count()
    assert chips == 3, f"this deal no longer shows three words while you decide ({chips})"
    found = []
    for language in OFFERED:
        switch_to(page, language)
        for size in SIZES:
            problems = problems_at(page, language, *size)
            if problems or (language, size) in SHOWN:
                name = f"first-visit-{language}-{size[0]}x{size[1]}.png"
                page.screenshot(path=str(screenshot_dir / name))
            found += problems
    assert not found, "\n".join(found)
