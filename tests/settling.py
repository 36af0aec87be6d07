"""Browser tests act, then look, as a player does: after each action the page has answered.

The page sends what the player does to the game's worker and draws the answer a few
milliseconds later (lukfu/web/dom/app.py), carrying ``data-answering`` on <html> until every
message it sent is answered.  `install` makes every Playwright action of the tests (a click, a
key, a setting changed, a script run in the page) wait for that attribute to go before it
returns, so that what a test reads next is what the player would see.  A computer player's
thinking is not waited for: tests wait for the table's state as before.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

SETTLED = "() => !document.documentElement.hasAttribute('data-answering')"
PAGE_ACTIONS = ("click", "dblclick", "tap", "fill", "press", "type", "select_option", "check",
                "uncheck", "set_checked", "dispatch_event", "set_input_files", "focus", "evaluate",
                "goto", "reload")
LOCATOR_ACTIONS = ("click", "dblclick", "tap", "fill", "press", "type", "select_option", "check",
                   "uncheck", "set_checked", "dispatch_event", "set_input_files", "focus",
                   "press_sequentially", "evaluate")
INPUT_ACTIONS = ("press", "type", "down", "up", "insert_text", "click", "dblclick", "tap")
PAGES: weakref.WeakSet[Any] = weakref.WeakSet()  # every page opened, for the keyboard's actions


def settle(page: Any) -> None:
    """Wait until ``page`` has drawn the answer to everything it sent (a page that navigated
    or closed meanwhile has nothing to wait for)."""
    if page.is_closed():
        return
    try:
        page.wait_for_function(SETTLED, timeout=15_000)
    except Exception as error:
        if "Timeout" in type(error).__name__ or "Timeout" in str(error)[:40]:
            raise
        # the page navigated or closed under the action: nothing of it to wait for


def settling(method: Callable[..., Any], pages: Callable[[Any], list[Any]]) -> Callable[..., Any]:
    def act(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        for page in pages(self):
            settle(page)
        return result
    act.__doc__ = method.__doc__
    return act


def install() -> None:
    """Patch Playwright's sync API once for the whole run."""
    from playwright.sync_api import BrowserContext, Keyboard, Locator, Mouse, Page, Touchscreen

    if getattr(Page, "_lukfu_settling", False):
        return
    Page._lukfu_settling = True  # type: ignore[attr-defined]
    for name in PAGE_ACTIONS:
        setattr(Page, name, settling(getattr(Page, name), lambda page: [page]))
    for name in LOCATOR_ACTIONS:
        setattr(Locator, name, settling(getattr(Locator, name), lambda locator: [locator.page]))
    for cls in (Keyboard, Mouse, Touchscreen):
        for name in INPUT_ACTIONS:
            if hasattr(cls, name):
                setattr(cls, name, settling(getattr(cls, name), lambda _input: list(PAGES)))
    opened = BrowserContext.new_page

    def new_page(self: Any, *args: Any, **kwargs: Any) -> Any:
        page = opened(self, *args, **kwargs)
        PAGES.add(page)
        return page

    BrowserContext.new_page = new_page  # type: ignore[method-assign]
