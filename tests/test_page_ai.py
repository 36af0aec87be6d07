"""The computer level setting and the Hint button, in the page."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_page_game import READY

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from ai_latency import BUTTON_FOR, HINTED  # noqa: E402 (bench/ on the path above)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_a_whole_deal_played_by_hints(page: Page) -> None:
    """Each hint names the move and why, selects its cards, and the end counts the hints."""
    page.goto("index.html?seed=3&delay=0&master=0")
    page.wait_for_selector(READY, timeout=30_000)
    hint = page.locator("[data-action='hint']")
    used = 0
    while page.get_attribute("#table", "data-phase") != "over":
        if not (hint.is_visible() and hint.is_enabled()):
            page.wait_for_timeout(50)
            continue
        hint.click()
        page.wait_for_function(HINTED, timeout=30_000)
        used += 1
        said = page.text_content("#hint") or ""
        action = next(name for start, name in BUTTON_FOR if said.startswith(start))
        if action in ("play", "discard"):
            assert page.locator("#hand [aria-pressed='true']").count() >= 1, said
        page.click(f"[data-action='{action}']")
    assert used >= 2
    expected = f"You used {used}\u00a0hints in this deal."
    page.wait_for_function(f"document.querySelector('.result-hints').textContent === {expected!r}")
