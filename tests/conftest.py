"""Shared pytest fixtures: a local server for the built site and guarded Playwright pages.

Engine tests need none of this.  Playwright is imported lazily inside the fixtures, so this
module imports fine (and engine tests run) on a machine without Playwright or Chromium.

Fixtures for browser tests (mark them ``@pytest.mark.browser``):

- ``built_site``   (session) site/, built once for the whole run (the workers share it).
- ``site_url``     (session) "http://127.0.0.1:<port>/luk-fu/" serving site/ from a project
                   folder, as GitHub Pages serves it; the site is built first (tools/site.py).
- ``chromium``     (session) how to launch headless Chromium with the project's flags.
- ``browser``      (session) headless Chromium with a fresh profile, for contexts of a test's own.
- ``browser_context_args`` (function) extra ``new_context()`` options; override it in a test
                   module, e.g. ``{"locale": "fa-IR", "viewport": {...}}``.
- ``page``         (function) a page whose ``base_url`` is ``site_url`` (so
                   ``page.goto("index.html")`` works), with nothing stored, in a context shared
                   by the tests with the same ``browser_context_args`` (its HTTP cache warm,
                   the site's storage cleared each test); a fresh one if service workers run.
                   At teardown it asserts that no request went to another origin or outside
                   the site's folder, and that no console error or uncaught page error
                   happened.  Service workers are blocked unless ``browser_context_args`` says
                   ``service_workers="allow"``.  The coach is off (``COACH_ON`` turns it on), the
                   lesson already offered (``NEW_PLAYER`` undoes it).
- ``browser_log``  (function) what ``page`` recorded; call ``expect_console_error(regex)`` to
                   allow an error a test provokes on purpose.
- ``player``       (function) a ``test_page_game.Player`` driving ``page`` against Beginner.
- ``screenshot_dir`` (session) artifacts/screenshots/, created.  A failing browser test also
                   saves ``failed-<test>.png`` there.
"""

from __future__ import annotations

import fcntl
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn
from urllib.parse import urlsplit

import order
import pytest
import settling

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
def built_site() -> Path:
    """site/, built once for the whole run: the tests run in parallel (pytest-xdist), and the
    first worker builds while the others wait, so that no test rebuilds the site that another
    is serving.  Building fails with a clear message if node_modules is missing (run
    tools/test, which runs `npm ci`)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid {os.getpid()}"
    folder = ROOT / "artifacts"
    folder.mkdir(exist_ok=True)
    marker = folder / "site.built"  # the run that built site/ last
    with (folder / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if marker.is_file() and marker.read_text() == run:
            return site.SITE
        try:
            built = site.build_site(verbose=False)
        except runtime.BuildError as error:
            skip_or_fail(f"cannot build site/: {error}")
        marker.write_text(run)
        return built


@pytest.fixture(scope="session")
def site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve site/ under a project folder on 127.0.0.1 and a free port; yield its URL,
    "http://127.0.0.1:<port>/luk-fu/".  Caching is "no-cache", as in tools/serve.  MIME types
    are fixed in tools/devserver.py (.wasm, .mjs, ...).
    """
    server, url = devserver.start_in_folder(built_site, tmp_path_factory.mktemp("served"))
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """How to start headless Chromium, for the whole run: Playwright's sync API, with the
    system Chromium (tools/chromium.py; $CHROMIUM overrides) and the project's flags, else
    Playwright's own download.  Without any Chromium (or without Playwright) browser tests are
    skipped, except on CI (CI=true) where they fail."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("playwright is not installed (run tools/test)")
    settling.install()  # each action waits for the page's answer (tests/settling.py)
    executable = chromium_tool.find_chromium()
    with sync_playwright() as playwright:
        if executable is None and not os.path.isfile(playwright.chromium.executable_path):
            skip_or_fail("no Chromium found: apt-get install chromium, or set CHROMIUM=/path")
        yield Chromium(playwright.chromium, executable)


@dataclass
class Chromium:
    """Playwright's Chromium type and the executable to launch (None: Playwright's own)."""

    kind: Any
    executable: str | None

    @cached_property
    def options(self) -> dict[str, Any]:
        """The executable, the project's flags, and Chromium's features that tests turn off
        (tools/chromium.py: read once a run)."""
        plain = {"executable_path": self.executable, "args": chromium_tool.FLAGS, "headless": True}
        return chromium_tool.with_features_off(self.kind.launch, plain)

    def launch(self) -> Browser:
        from playwright.sync_api import Error as PlaywrightError

        try:
            return self.kind.launch(**self.options)  # type: ignore[no-any-return]
        except PlaywrightError as error:
            pytest.fail(f"Chromium ({self.executable or 'Playwright build'}) did not start: {error}")

    def profile(self, folder: Path, **options: Any) -> Any:
        """A browser of its own with a profile on disk (``folder``): its HTTP cache keeps
        Pyodide's 9.6 MB WebAssembly, which an in-memory context's cache does not, so each
        page boots from the cache and V8's code cache instead of compiling it again."""
        return self.kind.launch_persistent_context(str(folder), **self.options, **options)


@pytest.fixture(scope="session")
def browser(chromium: Chromium) -> Iterator[Browser]:
    """Headless Chromium with a fresh temporary profile, for tests that open contexts of their
    own (a friend's fresh browser, service workers)."""
    launched = chromium.launch()
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    """Extra keyword arguments for ``browser.new_context()``; override per module if needed."""
    return {}


@pytest.fixture
def browser_log(site_url: str) -> BrowserLog:
    """The foreign requests and console errors recorded by ``page`` (checked at teardown)."""
    return BrowserLog(site_origin=origin(site_url), site_folder=urlsplit(site_url).path)


class SharedContexts:
    """Browser contexts shared by the tests that ask for the same options: each context's HTTP
    cache stays warm (Pyodide's 14 MB are not fetched and compiled afresh for every test),
    while each test gets a new page, with the site's storage cleared before it starts and the
    context's permissions and network put back after it.  Each context is a browser with a
    profile on disk (see `Chromium.profile`).  A test that lets service workers in gets a
    context of its own."""

    def __init__(self, chromium: Chromium, profiles: Path) -> None:
        self.chromium = chromium
        self.profiles = profiles
        self.contexts: dict[str, Any] = {}
        self.log: BrowserLog | None = None  # the log of the test now running

    def new_page(self, site_url: str, args: dict[str, Any], log: BrowserLog) -> tuple[Any, Page]:
        # A test's window size is its page's: it needs no browser of its own (nor does asking
        # for no touch screen, which none has unless asked).
        viewport = args.get("viewport")
        shared = {name: value for name, value in args.items()
                  if name != "viewport" and (name, value) != ("has_touch", False)}
        key = repr((site_url, sorted(shared.items())))
        context = self.contexts.get(key)
        if context is None:
            options = {"base_url": site_url, "service_workers": "block", **shared}
            folder = self.profiles / f"profile-{len(self.contexts)}"
            context = self.contexts[key] = self.chromium.profile(folder, **options)
            watch(context, lambda: self.log)
        self.log = log
        for blank in context.pages:  # the window a profile opens with
            blank.close()
        page = context.new_page()
        if viewport is not None:
            page.set_viewport_size(viewport)
        session = context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {
            "origin": origin(site_url),
            "storageTypes": "local_storage,session_storage,indexeddb,cache_storage,service_workers"})
        session.detach()
        return context, page

    def after(self, context: Any) -> None:
        for page in context.pages:  # the test's page and any tab it opened
            page.close()
        context.clear_permissions()
        context.set_offline(False)
        self.log = None

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


def watch(context: Any, log: Any) -> None:
    """Record on ``log()`` every request, console error and page error of ``context``'s pages
    (workers and service workers included)."""

    def on_request(url: str) -> None:
        if (current := log()) is not None:
            current.on_request(url)

    def on_error(text: str) -> None:
        if (current := log()) is not None:
            current.on_error(text)

    context.on("request", lambda req: on_request(req.url))
    context.on("websocket", lambda ws: on_request(ws.url))
    context.on("console", lambda msg: on_error(
        f"console.error: {msg.text} ({msg.location.get('url')})") if msg.type == "error" else None)
    context.on("weberror", lambda err: on_error(f"page error: {err.error}"))


@pytest.fixture(scope="session")
def shared_contexts(chromium: Chromium,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedContexts]:
    shared = SharedContexts(chromium, tmp_path_factory.mktemp("profiles"))
    try:
        yield shared
    finally:
        shared.close()


COACH_OFF = "try { localStorage.setItem('lukfu.coach', 'off'); } catch (error) {}"
COACH_ON = "try { localStorage.removeItem('lukfu.coach'); } catch (error) {}"
# The guided first deal is offered to a new player (a notice): as if it had been offered before,
# unless a test is about it (NEW_PLAYER, added after, undoes it on the page's first load only).
LESSON_OFFERED = """try { if (localStorage.getItem('lukfu.lesson') === null)
  localStorage.setItem('lukfu.lesson', '0'); } catch (error) {}"""
NEW_PLAYER = """try { if (!sessionStorage.getItem('lukfu.test-new-player')) {
  localStorage.removeItem('lukfu.lesson'); sessionStorage.setItem('lukfu.test-new-player', '1'); }
} catch (error) {}"""


@pytest.fixture
def page(
    request: pytest.FixtureRequest,
    site_url: str,
    browser_context_args: dict[str, Any],
    browser_log: BrowserLog,
    screenshot_dir: Path,
    shared_contexts: SharedContexts,
) -> Iterator[Page]:
    """A page with nothing stored, guarded: no other origin, no console error.

    Tests that ask for the same ``browser_context_args`` share a browser context (its HTTP cache
    warm, the site's storage cleared for each test); one that lets service workers in gets a
    fresh context of its own.
    Requests are watched on the whole context, so service-worker and worker fetches count
    too.  The assertions run at teardown; a failing test also leaves a screenshot.
    """
    own = shared = None
    if browser_context_args.get("service_workers") == "allow":
        browser: Browser = request.getfixturevalue("browser")
        own = browser.new_context(base_url=site_url, **browser_context_args)
        watch(own, lambda: browser_log)
        new_page = own.new_page()
    else:
        shared, new_page = shared_contexts.new_page(site_url, browser_context_args, browser_log)
    # The coach reviews each finished deal in the background: off unless a test is about it
    # (test_page_review turns it on again), so that no other test spends its time on it; the
    # lesson's offer is not in the way of tests about other things.
    new_page.add_init_script(COACH_OFF)
    new_page.add_init_script(LESSON_OFFERED)
    crashed: list[bool] = []
    new_page.on("crash", lambda _page: crashed.append(True))
    try:
        yield new_page
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed and not new_page.is_closed() and not crashed:
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            new_page.screenshot(path=str(screenshot_dir / f"failed-{name}.png"))
    finally:
        if own is not None:
            own.close()
        else:
            shared_contexts.after(shared)
    problems = [f"request outside the site: {url}" for url in browser_log.foreign_requests]
    problems += browser_log.unexpected_errors()
    assert not problems, "the page broke a project promise:\n  " + "\n  ".join(problems)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--weigh", action="store_true", help=order.HELP)


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--weigh") and not hasattr(config, "workerinput"):  # (xdist's controller)
        config.pluginmanager.register(order.Scales(), "weigh")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    order.longest_first(items)  # (the same order on every worker, as xdist requires)


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
