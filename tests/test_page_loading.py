"""A first visit: the static page paints first, then the runtime downloads with a progress bar
that counts its bytes, in the player's language, before Python has started.  (The counting is
checked on test_page_languages' first visit, in Persian: `the_loading_panel_counted_the_bytes_in_persian`.)"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import NEW_PLAYER
from test_page_lesson import READY

from lukfu.i18n import LANGUAGES, translator

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent

# Every text the byte counter showed, and the bar's last value and maximum, however fast it went.
RECORD_PROGRESS = """
window.__progress = { labels: [], value: 0, max: 0 };
new MutationObserver(() => {
  const label = document.getElementById("loading-bytes");
  const bar = document.getElementById("loading-bar");
  if (!label || !bar) return;
  const text = label.textContent;
  const seen = window.__progress.labels;
  if (text && seen[seen.length - 1] !== text) seen.push(text);
  window.__progress.value = bar.value;
  window.__progress.max = bar.max;
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def persian_number(text: str) -> str:
    return text.translate(str.maketrans("0123456789.", LANGUAGES["fa"].digits + "\u066b"))


def record_the_loading(page: Page) -> list[str]:
    """Before the page's first load: record its byte counter and the URLs it requests."""
    page.add_init_script(RECORD_PROGRESS)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    return requested


def the_loading_panel_counted_the_bytes_in_persian(page: Page, requested: list[str]) -> None:
    """Once a first visit in Persian (``lang=fa``, `record_the_loading`) is ready: the bar
    counted every byte of the runtime, downloaded once, in Persian words and digits.  (Checked
    on test_page_languages' visit, which starts so.)"""
    boot = json.loads(page.evaluate("document.getElementById('boot').textContent"))
    total = sum(boot["downloads"].values())
    for url in boot["downloads"]:  # the loader's download is the one Pyodide uses: no second
        assert sum(seen.endswith("/" + url) for seen in requested) == 1, url
    progress = page.evaluate("window.__progress")
    assert progress["max"] == total and progress["value"] == total, "every byte counted"
    template = translator("fa").gettext("Downloaded {done} of {total}\u00a0MB")
    assert template != "Downloaded {done} of {total}\u00a0MB"
    shown = "\u2068" + persian_number(f"{total / 1e6:.1f}") + "\u2069"
    assert progress["labels"][-1] == template.format(done=shown, total=shown)
    assert all(not re.search(r"[0-9]|MB|Downloaded", label) for label in progress["labels"])


@pytest.mark.browser
def test_the_loading_panel_is_translated_before_python_starts(page: Page) -> None:
    """The panel's words come with the page: Python is held back, yet they read in Finnish."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # the runtime never arrives
    page.goto("index.html?lang=fi")
    tr = translator("fi")
    link = page.locator(".loading-rules")
    link.wait_for()
    assert link.inner_text() == tr.gettext("Read the rules while you wait")
    assert page.inner_text("#loading-text") == tr.gettext(
        "Shuffling the cards and starting Python in your browser…")
    assert page.locator(".loading-rules").is_visible()
    assert page.get_attribute("#table", "data-phase") == "loading"


# Every input event's delay and handling (Event Timing: from the input to the end of its handlers).
WATCH_THE_INPUTS = """
window.__events = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__events.push([e.name, e.processingEnd - e.startTime]);
}).observe({ type: "event", durationThreshold: 16, buffered: true });
"""


@pytest.mark.browser
@pytest.mark.alone
def test_the_page_answers_while_the_runtime_loads(page: Page) -> None:
    """While the game's worker downloads and boots Pyodide, the page stays the player's: the
    settings and the rules open, the language picker takes the focus, each within 100 ms of
    the input (its delay and handling), before the runtime arrives, while it boots, and once
    the hand is dealt.  (bench/long_tasks.py measures the page's main thread over whole deals.)"""
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.add_init_script(WATCH_THE_INPUTS)
    page.goto("index.html?seed=3&delay=0")

    def use_the_page() -> None:
        page.click("a.rules-link[href='#settings']")
        assert page.evaluate("location.hash") == "#settings"
        page.click("a.rules-link[href='#rules']")
        assert page.evaluate("location.hash") == "#rules"
        page.mouse.wheel(0, 300)  # the rules card scrolls
        page.click("#language")
        assert page.evaluate("document.activeElement.id") == "language"
        page.keyboard.press("Escape")

    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the game's worker never asked for Pyodide"
    use_the_page()  # the runtime on its way
    for route in held:
        route.continue_()
    use_the_page()  # Pyodide booting in the worker
    page.wait_for_selector("#table[data-phase='calling'] [data-action='call']:enabled", timeout=60_000)
    use_the_page()  # the hand dealt
    assert page.evaluate("PerformanceObserver.supportedEntryTypes.includes('event')")
    events = page.evaluate("window.__events")  # (those that took 16 ms or more to the paint)
    slow = [(name, round(ms)) for name, ms in events if ms > 100]
    assert not slow, f"inputs the page took more than 100 ms to handle: {slow}"


def let_the_runtime_in(page: Page, held: list) -> None:
    """Let the held download of Pyodide's WebAssembly go on (once the worker has asked for it),
    and wait for the dealt hand."""
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the game's worker never asked for Pyodide"
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("#table[data-phase='calling'] [data-action='call']:enabled", timeout=60_000)


def top_of(page: Page, selector: str) -> float:
    return float(page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().top"))


@pytest.mark.browser
def test_a_new_player_s_first_look_is_there_from_the_first_paint_and_stays_put(page: Page) -> None:
    """A first visit in Persian, the runtime held back: the offer of the guided deal and the
    suit legend are there already, in Persian words and faces, "Learn to play" waiting.  Once
    the hand is dealt, the game's own notices are in their places: the table and the prompt
    have not moved, and "Learn to play" starts the lesson."""
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.add_init_script(NEW_PLAYER)
    page.goto("index.html?seed=3&delay=0&lang=fa")
    tr = translator("fa")
    offer = page.locator("#notices .notice")
    offer.wait_for()
    assert offer.inner_text().startswith(
        tr.gettext("New to Luk Fu? A guided deal teaches you the game as you play it."))
    assert page.locator("#notices .notice-action").is_disabled()
    assert page.get_attribute("#notices .notice-close", "aria-label") == tr.gettext("Dismiss this notice")
    tip = page.locator("#suit-tip")
    assert tip.is_visible()
    assert tip.locator("figcaption").inner_text() == tr.gettext("How each suit looks, from low to high")
    assert [src for src in tip.locator("img").evaluate_all("els => els.map(e => e.getAttribute('src'))")] \
        == [f"static/cards/fa/suit-{suit}.svg" for suit in "CSMT"]
    before = top_of(page, "#table"), top_of(page, "#suit-tip"), top_of(page, "#prompt")
    let_the_runtime_in(page, held)
    assert (top_of(page, "#table"), top_of(page, "#suit-tip"), top_of(page, "#prompt")) == before
    assert page.locator("#notices .notice").count() == 1 and page.locator("#suit-tip").count() == 1
    assert not page.locator("[data-early]").count()  # the game's own, in their places
    page.click("#notices [data-action='learn']")
    page.wait_for_selector("#table[data-lesson-step]")


@pytest.mark.browser
def test_a_first_look_closed_while_loading_stays_closed_and_a_returning_player_has_none(page: Page) -> None:
    """The suit legend closed before the game is ready does not come back with the deal; on the
    next visit (the legend was shown, the lesson offered) the loading table shows neither."""
    shown = "els => els.filter(e => e.getClientRects().length).length"
    page.add_init_script(NEW_PLAYER)
    held: list = []
    for visit in ("first", "next"):
        held.clear()
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto("index.html?seed=3&delay=0")
        if visit == "first":
            page.click("#suit-tip .notice-close")
        else:
            page.wait_for_selector("#loading")
            assert page.locator("[data-early]").evaluate_all(shown) == 0
        let_the_runtime_in(page, held)
        assert page.locator("#suit-tip").count() == 0, "a legend closed or seen came back"
        assert page.locator("#notices [data-action='learn']").count() == (visit == "first")


@pytest.mark.browser
def test_a_language_picked_while_the_runtime_loads_is_the_game_s(page: Page) -> None:
    """The picker works before Python runs: Finnish chosen while Pyodide is on its way, the
    dealt game speaks Finnish."""
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto("index.html?seed=3&delay=0")
    page.select_option("#language", "fi")
    let_the_runtime_in(page, held)
    page.wait_for_function("document.documentElement.lang === 'fi'")
    assert page.inner_text(".rules-link[href='#rules']") == translator("fi").gettext("Rules")


# What PyScript made of the page's two Python scripts, once the game is on the table.
STARTED_BY_PYSCRIPT = """() => {
  const game = document.querySelector("script[type='py'][worker][name='game']");
  const page = document.querySelector("script[type='mpy']");
  return {worker: !!(game && game.xworker), config: game && JSON.parse(game.getAttribute("config")),
          page: !!(page && page.target),
          scripts: document.querySelectorAll("script[type='py'], script[type='mpy']").length};
}"""


@pytest.mark.browser
def test_pyscript_starts_the_game_s_worker_from_pyscript_toml_and_the_page_s_python(page: Page) -> None:
    """The game plays under PyScript: its named worker "game" was started by PyScript (its
    xworker) with pyscript.toml's configuration, and the page's MicroPython script was run by
    PyScript (its target); a hand is dealt through them."""
    with (ROOT / "pyscript.toml").open("rb") as f:
        configured = tomllib.load(f)
    page.goto("index.html?seed=4&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    started = page.evaluate(STARTED_BY_PYSCRIPT)
    assert started == {"worker": True, "config": configured, "page": True, "scripts": 2}
    page.click("[data-action='call']")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'playing'")
