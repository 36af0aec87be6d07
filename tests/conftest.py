"""Shared pytest fixtures: a local server for the built site and guarded Playwright pages.

Engine tests need none of this.  Playwright is imported lazily inside the fixtures, so this
module imports fine (and engine tests run) on a machine without Playwright or Chromium.

Fixtures for browser tests (mark them ``@pytest.mark.browser``):

- ``site_url``     (session) "http://127.0.0.1:<port>/luk-fu/" serving site/ from a project
                   folder, as GitHub Pages serves it; the site is built first (tools/site.py).
- ``browser``      (session) headless Chromium with the project's flags and a fresh profile.
- ``browser_context_args`` (function) extra ``new_context()`` options; override it in a test
                   module, e.g. ``{"locale": "fa-IR", "viewport": {...}}``.
- ``page``         (function) a page in a FRESH context whose ``base_url`` is ``site_url``
                   (so ``page.goto("index.html")`` works).  At teardown it asserts that no
                   request went to another origin or outside the site's folder, and that no
                   console error or uncaught page error happened.  Service workers are blocked
                   unless ``browser_context_args`` says ``service_workers="allow"``.
- ``browser_log``  (function) what ``page`` recorded; call ``expect_console_error(regex)`` to
                   allow an error a test provokes on purpose.
- ``player``       (function) a ``test_page_game.Player`` driving ``page`` against Beginner.
- ``screenshot_dir`` (session) artifacts/screenshots/, created.  A failing browser test also
                   saves ``failed-<test>.png`` there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn
from urllib.parse import urlsplit

import pytest

from tools import chromium as chromium_tool
from tools import devserver, runtime, site

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent


def on_ci() -> bool:
    """True on CI (env CI=true), where a missing browser must fail instead of skip."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def skip_or_fail(reason: str) -> NoReturn:
    """Skip the test locally, fail it on CI."""
    if on_ci():
        pytest.fail(f"{reason} (CI=true: browser tests may not be skipped)", pytrace=False)
    pytest.skip(reason)


def origin(url: str) -> str:
    """scheme://host:port of a URL; for blob: URLs, the origin of the URL inside."""
    if url.startswith("blob:"):
        url = url[len("blob:") :]
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(parts.scheme)
    return f"{parts.scheme}://{parts.hostname}:{port}"


@dataclass
class BrowserLog:
    """Everything a guarded ``page`` saw that would break the project's promises."""

    site_origin: str
    site_folder: str = "/"  # the path every request must stay under
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    allowed_errors: list[re.Pattern[str]] = field(default_factory=list)

    def expect_console_error(self, pattern: str) -> None:
        """Allow console/page errors matching ``pattern`` (re.search) for this test."""
        self.allowed_errors.append(re.compile(pattern))

    def on_request(self, url: str) -> None:
        # data: URLs never leave the browser; everything else must stay on the site's origin.
        if url.startswith(("data:", "about:")):
            return
        # A blob: URL names its origin only; anything else must also stay in the site's folder.
        inside = url.startswith("blob:") or urlsplit(url).path.startswith(self.site_folder)
        if origin(url) != self.site_origin or not inside:
            self.foreign_requests.append(url)

    def on_error(self, text: str) -> None:
        self.console_errors.append(text)

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.console_errors if not any(p.search(e) for p in self.allowed_errors)]


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """artifacts/screenshots/ (git-ignored), created if needed."""
    path = ROOT / "artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Build site/ and serve it under a project folder on 127.0.0.1 and a free port; yield its
    URL, "http://127.0.0.1:<port>/luk-fu/".

    Building fails with a clear message if node_modules is missing (run tools/test, which runs
    `npm ci`).  Caching is "no-cache", as in tools/serve.  MIME types are fixed in
    tools/devserver.py (.wasm, .mjs, ...).
    """
    try:
        built = site.build_site(verbose=False)
    except runtime.BuildError as error:
        pytest.fail(f"cannot build site/: {error}", pytrace=False)
    server, url = devserver.start_in_folder(built, tmp_path_factory.mktemp("served"))
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium (fresh temporary profile) driven by Playwright's sync API.

    Uses the system Chromium (tools/chromium.py; $CHROMIUM overrides) with the project's
    flags, else Playwright's own download.  Without any Chromium (or without Playwright)
    browser tests are skipped, except on CI (CI=true) where they fail.
    """
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed (run tools/test)")
    executable = chromium_tool.find_chromium()
    with sync_playwright() as playwright:
        if executable is None and not os.path.isfile(playwright.chromium.executable_path):
            skip_or_fail("no Chromium found: apt-get install chromium, or set CHROMIUM=/path")
        try:
            chromium = playwright.chromium.launch(
                executable_path=executable, args=chromium_tool.FLAGS, headless=True
            )
        except PlaywrightError as error:
            pytest.fail(f"Chromium ({executable or 'Playwright build'}) did not start: {error}")
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    """Extra keyword arguments for ``browser.new_context()``; override per module if needed."""
    return {}


@pytest.fixture
def browser_log(site_url: str) -> BrowserLog:
    """The foreign requests and console errors recorded by ``page`` (checked at teardown)."""
    return BrowserLog(site_origin=origin(site_url), site_folder=urlsplit(site_url).path)


@pytest.fixture
def page(
    request: pytest.FixtureRequest,
    browser: Browser,
    site_url: str,
    browser_context_args: dict[str, Any],
    browser_log: BrowserLog,
    screenshot_dir: Path,
) -> Iterator[Page]:
    """A page in a fresh browser context, guarded: no other origin, no console error.

    Requests are watched on the whole context, so service-worker and worker fetches count
    too.  The assertions run at teardown; a failing test also leaves a screenshot.
    """
    options = {"base_url": site_url, "service_workers": "block", **browser_context_args}
    context = browser.new_context(**options)
    context.on("request", lambda req: browser_log.on_request(req.url))
    context.on("websocket", lambda ws: browser_log.on_request(ws.url))
    context.on(
        "console",
        lambda msg: (
            browser_log.on_error(f"console.error: {msg.text} ({msg.location.get('url')})")
            if msg.type == "error"
            else None
        ),
    )
    context.on("weberror", lambda err: browser_log.on_error(f"page error: {err.error}"))
    new_page = context.new_page()
    crashed: list[bool] = []
    new_page.on("crash", lambda _page: crashed.append(True))
    try:
        yield new_page
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed and not new_page.is_closed() and not crashed:
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            new_page.screenshot(path=str(screenshot_dir / f"failed-{name}.png"))
    finally:
        context.close()
    problems = [f"request outside the site: {url}" for url in browser_log.foreign_requests]
    problems += browser_log.unexpected_errors()
    assert not problems, "the page broke a project promise:\n  " + "\n  ".join(problems)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so ``page`` knows whether the test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def player(page: Page) -> Iterator[Any]:
    """A `test_page_game.Player` at the page, which plays against Beginner
    (`test_page_game.LEVEL`): the deals are checked against ``Session.new`` (Beginner too)."""
    from test_page_game import LEVEL, Player

    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text))
    page.add_init_script(f"localStorage.setItem('lukfu.level', '{LEVEL}')")
    yield Player(page, console)
