"""A first visit: the static page paints first, then the runtime downloads with a progress bar
that counts its bytes, in the player's language, before Python has started.  (The counting is
checked on test_page_languages' first visit, in Persian: `the_loading_panel_counted_the_bytes_in_persian`.)"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from lukfu.i18n import LANGUAGES, translator

if TYPE_CHECKING:
    from playwright.sync_api import Page

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
    template = translator("fa").gettext("Downloaded {done} of {total} MB")
    assert template != "Downloaded {done} of {total} MB"
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
