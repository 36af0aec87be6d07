"""Nothing hangs, nothing crashes: odd addresses, load failures and Python errors.

Browser tests (marked ``browser``; odd address values are tests/test_options.py's) break the
page on purpose (no
Pyodide, a game file missing, Python failing at start) and check that it says so in plain words,
offers Retry, and never shows a traceback.  Screenshots (artifacts/screenshots/):
failure-desktop.png, failure-phone.png, notice-phone.png.
"""

from __future__ import annotations

import io
import re
import time
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from conftest import BrowserLog
    from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parent.parent


# --- the page, broken on purpose (browser) ----------------------------------------------------

DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
FAILED = "#table[data-phase='error'] #failure"
PLAYABLE = "#table:not([data-phase='loading']):not([data-phase='error']) #hand [data-card]"
LOAD_ERROR = r"Failed to load resource"


@pytest.fixture
def browser_context_args(request: pytest.FixtureRequest) -> dict[str, object]:
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and callspec.params.get("size") == "phone":
        return {"viewport": PHONE, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
    return {}  # the shared default context: its viewport is DESKTOP's 1280×720


def in_viewport(page: Page, selector: str) -> None:
    """The element is wholly visible without scrolling."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], \
        (box, size)


def no_traceback(page: Page) -> None:
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error:" not in text and "PY0" not in text
    assert page.locator(".py-error").count() == 0


def wait_for_failure(page: Page, started: float) -> None:
    page.wait_for_selector(FAILED, state="visible", timeout=20_000)
    assert time.monotonic() - started < 20
    assert page.is_visible("#failure [data-action='retry']")
    assert page.is_visible("#failure [data-action='copy-details']")
    assert not page.is_visible("#hand")
    no_traceback(page)


def no_runtime_then_retry(page: Page, browser_log: BrowserLog, screenshot_dir: Path, size: str,
                          query: str) -> None:
    """Pyodide's WebAssembly never arrives (Pyodide itself would wait forever): the page says
    so; the download then comes through, and Retry deals (``query`` is the address)."""
    browser_log.expect_console_error(LOAD_ERROR)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    started = time.monotonic()
    page.goto("index.html" + query)
    wait_for_failure(page, started)
    assert page.inner_text("#failure-title") == "The game could not load"
    assert "connection" in page.inner_text("#failure-text")
    assert not page.is_visible("#failure [data-action='restart']")  # no game to restart
    in_viewport(page, "#failure")
    page.screenshot(path=str(screenshot_dir / f"failure-{size}.png"))
    page.unroute("**/pyodide.asm.wasm")
    page.click("#failure [data-action='retry']")
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    assert not page.is_visible("#failure")
    # The errors so far are the refused download's, and only those are allowed from here on.
    assert all(re.search(LOAD_ERROR, error) for error in browser_log.console_errors), \
        browser_log.console_errors
    browser_log.console_errors.clear()
    browser_log.allowed_errors.clear()


@pytest.mark.browser
def test_no_runtime_says_so_and_retry_deals_then_errors_in_play_offer_a_new_deal(
    page: Page, browser_log: BrowserLog, screenshot_dir: Path
) -> None:
    """One visit at a desktop's size: no runtime, then Retry; an exception in a click, then
    New deal; an uncaught Python error, then New deal."""
    no_runtime_then_retry(page, browser_log, screenshot_dir, "desktop", "?seed=5&delay=0&master=0")
    a_python_exception_in_a_click_shows_the_calm_panel_and_keeps_the_record(page)
    an_uncaught_python_error_in_play_offers_a_new_deal(page, browser_log)


@pytest.mark.browser
def test_a_missing_game_file_says_so(page: Page, browser_log: BrowserLog) -> None:
    browser_log.expect_console_error(LOAD_ERROR)
    page.route("**/lukfu.zip", lambda route: route.fulfill(status=404, body="Not found"))
    started = time.monotonic()
    page.goto("index.html")
    wait_for_failure(page, started)
    assert page.inner_text("#failure-title") == "The game could not load"
    details = page.get_attribute("#failure", "data-details") or ""
    assert "lukfu.zip" in details and "404" in details


def with_broken_main(built: Path) -> bytes:
    """The game's archive with its worker's entry point replaced by a source that fails at the
    first message (as source: zipimport compiles a .py member when no .pyc stands for it)."""
    broken = ('def receive(text):\n    raise RuntimeError("deliberately broken")\n'
              'async def next_answer():\n    raise RuntimeError("deliberately broken")\n')
    out = io.BytesIO()
    with zipfile.ZipFile(built / "lukfu.zip") as archive, zipfile.ZipFile(out, "w") as copy:
        for info in archive.infolist():
            if info.filename != "lukfu/web/worker.pyc":
                copy.writestr(info, archive.read(info))
        copy.writestr("lukfu/web/worker.py", broken)
    return out.getvalue()


@pytest.mark.browser
def test_a_python_error_at_start_says_so_and_copies_details(
    page: Page, browser_log: BrowserLog, built_site: Path
) -> None:
    browser_log.expect_console_error(r"(?s)PythonError.*deliberately broken")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    broken = with_broken_main(built_site)
    page.route("**/lukfu.zip", lambda route: route.fulfill(
        status=200, body=broken, content_type="application/zip"))
    started = time.monotonic()
    page.goto("index.html?seed=5")
    wait_for_failure(page, started)
    assert page.inner_text("#failure-title") == "The game could not start"
    assert "deliberately broken" not in page.inner_text("body")
    page.click("#failure [data-action='copy-details']")
    page.wait_for_selector("#failure-status:not(:empty)")
    if page.is_visible("#failure-details"):  # no clipboard here: the text is shown to copy
        copied = page.input_value("#failure-details")
    else:
        copied = page.evaluate("() => navigator.clipboard.readText()")
    assert "deliberately broken" in copied and "index.html?seed=5" in copied
    assert "Browser: Mozilla/" in copied


@pytest.mark.browser
@pytest.mark.parametrize("size", ["phone"])  # (what it says: tests/test_update_page.py)
def test_no_runtime_on_a_phone_then_a_5000_digit_seed_deals_a_random_deal_with_a_visible_notice(
    page: Page, browser_log: BrowserLog, screenshot_dir: Path, size: str
) -> None:
    # You are the Master, so the random deal waits for your call: dealt to a computer Master, it
    # may end at once (a claim with six Old cards), and its result fills a phone's first screen.
    no_runtime_then_retry(page, browser_log, screenshot_dir, size, "?delay=0&master=0&seed=" + "9" * 5000)
    notice = page.locator("#notices .notice")
    assert notice.count() == 1
    assert "(999999999999999999999999…)" in notice.inner_text()
    in_viewport(page, "#notices .notice")
    no_traceback(page)
    assert page.locator("#log li.notice").count() == 1  # and it is in the log, as before
    if size == "phone":
        page.screenshot(path=str(screenshot_dir / "notice-phone.png"))
    page.click("#notices [data-action='dismiss-notice']")
    assert page.locator("#notices .notice").count() == 0
    assert page.locator("#log li.notice").count() == 1


@pytest.mark.browser
def test_a_broken_runtime_download_says_so(page: Page, browser_log: BrowserLog) -> None:
    """The WebAssembly arrives broken (as when the connection drops mid-download): Pyodide only
    warns and would wait forever; the game's interpreter module (static/pyodide.mjs) says so."""
    browser_log.expect_console_error(LOAD_ERROR)
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(
        status=200, body=b"\0asm" + b"\0" * 64, content_type="application/wasm"))
    started = time.monotonic()
    page.goto("index.html")
    wait_for_failure(page, started)
    assert page.inner_text("#failure-title") == "The game could not load"
    assert "WebAssembly" in (page.get_attribute("#failure", "data-details") or "")


@pytest.mark.browser
def test_a_stalled_download_is_not_an_endless_spinner(page: Page) -> None:
    """Nothing arrives and nothing fails: the watchdog says so, and the game still starts if
    the download comes through after all."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.clock.install()
    page.goto("index.html?seed=5&delay=0")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for Pyodide"
    assert page.get_attribute("#table", "data-phase") == "loading"
    # The files fetched beside the held one still arrive, and each arrival rightly restarts the
    # watchdog's count: let them all land (no new resource for a second) before time jumps.
    loaded = -1
    for _ in range(60):
        now = page.evaluate("() => performance.getEntriesByType('resource').length")
        if now == loaded:
            break
        loaded = now
        page.wait_for_timeout(1_000)
    for _ in range(3):  # a late arrival's report may still restart the count once
        page.clock.run_for("00:40")  # the watchdog's timers run, and show the panel, in here
        if page.is_visible(FAILED):
            break
    assert page.is_visible(FAILED), "40 s without anything arriving, and no word of it"
    assert page.inner_text("#failure-title") == "This is taking too long"
    assert page.is_visible("#failure [data-action='retry']")
    no_traceback(page)
    for route in held:
        route.continue_()
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    assert not page.is_visible("#failure")


def a_python_exception_in_a_click_shows_the_calm_panel_and_keeps_the_record(page: Page) -> None:
    """The app's own guard (lukfu/web/app.py): an exception while handling a click stops the
    deal, keeps its record for "Copy details" (never in the page's markup), and New deal works."""
    page.wait_for_selector("#table[data-to-move='0'] [data-action='call']:not([hidden])", timeout=30_000)
    page.click("[data-action='call']")
    page.wait_for_selector("#table[data-phase='playing'][data-to-move='0'] #hand [data-card]:enabled")
    cards = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
    # Break the page under the app: the card's button disappears as it is clicked (once the
    # page has sent the click), so the render of its selection meets a card it cannot find.
    page.evaluate("""() => document.addEventListener("click", (event) => {
        const button = event.target.closest("#hand [data-card]");
        if (button) button.remove();
    }, { once: true })""")
    page.click(f"#hand [data-card='{cards[0]}']")
    page.wait_for_selector(FAILED, state="visible", timeout=5_000)
    # Whatever still moves behind it (here a setting, drawn again by Python) leaves it up.
    page.evaluate("""() => { const marks = document.getElementById('marks');
        marks.checked = !marks.checked; marks.dispatchEvent(new Event('change')); }""")
    page.wait_for_timeout(200)
    assert page.is_visible(FAILED)
    assert page.inner_text("#failure-title") == "Something went wrong"
    assert page.is_visible("#failure [data-action='restart']")
    details = page.evaluate("() => document.getElementById('failure').failureDetails || ''")
    assert "Traceback" in details and "Deal record:" in details and '"lukfu":1' in details
    assert "Deal record" not in page.content()  # the record (every hand) stays out of the page
    no_traceback(page)
    page.click("#failure [data-action='restart']")
    page.wait_for_selector(PLAYABLE, timeout=10_000)
    assert not page.is_visible("#failure")


def an_uncaught_python_error_in_play_offers_a_new_deal(page: Page, browser_log: BrowserLog) -> None:
    """The script's last resort for a Python error the app did not catch.  "New deal" is the
    app's (lukfu/web/app.py: "restart" hides the panel and deals again)."""
    browser_log.expect_console_error(r"a deliberate test error")
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    page.evaluate("""() => setTimeout(() => {
        const error = new Error("a deliberate test error");
        error.name = "PythonError";
        throw error;
    })""")
    page.wait_for_selector(FAILED, state="visible", timeout=5_000)
    assert page.inner_text("#failure-title") == "Something went wrong"
    assert page.is_visible("#failure [data-action='restart']")
    assert page.is_visible("#failure [data-action='retry']")
    no_traceback(page)
    page.click("#failure [data-action='restart']")
    page.wait_for_selector(PLAYABLE, timeout=10_000)
    assert not page.is_visible("#failure")
