"""Offline after one visit (every file a page fetches is precached), new versions between deals, and a
page locked to its own site.

Each test serves its own copy of site/ under /luk-fu/ (as GitHub Pages serves a project), with
service workers allowed, so that it may stop the server or publish a changed copy.  The guarded
``page`` fixture (tests/conftest.py) still fails a test on any request outside /luk-fu/ or any
console error.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from test_page_game import READY, Player, speak

from lukfu.i18n import translator
from tools import devserver, service_worker

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READY_OFFLINE = "#offline-status:text-is('Ready to play offline.')"
UPDATE = "#notices [data-action='new-version']"
CARD_NAMES = [f"{suit}{rank}" for suit in "CSMT" for rank in range(1, 10)] + ["back"]

# Every card face, loaded as an image: the names that did not load.
BROKEN_CARDS = """async (names) => {
  const load = (name) => new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0 ? null : name);
    img.onerror = () => resolve(name);
    img.src = `static/cards/${name}.svg`;
  });
  return (await Promise.all(names.map(load))).filter(Boolean);
}"""
# Images on the page that did not load (a broken card shows as a broken image).
BROKEN_IMAGES = """() => [...document.images]
  .filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src)"""
# Every picture of the page loads now, however far below: none may be missing offline.
EVERY_IMAGE_NOW = """() => document.querySelectorAll('img[loading=lazy]')
  .forEach((img) => { img.loading = 'eager'; })"""


@dataclass
class Served:
    """One copy of the site, served under /luk-fu/ by a server the test may stop."""

    root: Path
    link: Path  # <parent>/luk-fu: point it at another copy to publish a new version
    server: ThreadingHTTPServer
    url: str

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served(tmp_path: Path, built_site: Path) -> Iterator[Served]:
    root = tmp_path / "v1"
    shutil.copytree(built_site, root)
    parent = tmp_path / "served"
    parent.mkdir()
    server, url = devserver.start_in_folder(root, parent)
    served = Served(root, parent / devserver.PROJECT_FOLDER, server, url)
    yield served
    served.stop()


@pytest.fixture
def site_url(served: Served) -> str:
    return served.url


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    return {"service_workers": "allow"}


def first_visit(page: Page) -> None:
    """Open the game and wait until it says, once, that it is ready to play offline: news in
    the settings panel, covering nothing, so the table does not move for it."""
    page.goto("index.html?delay=0")
    page.wait_for_selector(READY, timeout=60_000)
    table_top = "() => document.getElementById('table').getBoundingClientRect().top"
    before = page.evaluate(table_top)
    page.wait_for_selector(READY_OFFLINE, timeout=90_000)
    assert page.locator(READY_OFFLINE).count() == 1
    assert page.evaluate(table_top) == before


def precached(root: Path) -> set[str]:
    """The paths of the files in the service worker's precache (root/sw.js, as Workbox writes it)."""
    return set(re.findall(r'\{url:"([^"]+)",revision:', (root / "sw.js").read_text(encoding="utf-8")))


def fetched_files(urls: set[str], site_url: str) -> set[str]:
    """The site's files among ``urls``, by their paths in the site, without the query string
    (the folder itself is its index.html); the service worker itself left out."""
    folder = urlsplit(site_url)
    paths = set()
    for url in urls:
        parts = urlsplit(url)
        if (parts.scheme, parts.netloc) == (folder.scheme, folder.netloc) and \
                parts.path.startswith(folder.path):
            paths.add(parts.path[len(folder.path):] or "index.html")
    return paths - {"sw.js"}


def publish_new_version(served: Served) -> Path:
    """A changed copy of the site, rebuilt's worker included, served from now on."""
    root = served.root.parent / "v2"
    shutil.copytree(served.root, root)
    style = root / "static" / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n:root { --version-mark: 2; }\n",
                     encoding="utf-8")
    service_worker.generate(root)
    served.link.unlink()
    served.link.symlink_to(root, target_is_directory=True)
    return root


def waiting_worker(page: Page) -> None:
    """Ask for an update and wait until the new service worker waits.  (Polled: to
    page.wait_for_function a promise is a true value, whatever it resolves to.)"""
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    for _ in range(360):
        if page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting))"):
            return
        page.wait_for_timeout(250)
    raise AssertionError("no new service worker waiting after 90 s")


VERSION_MARK = "getComputedStyle(document.documentElement).getPropertyValue('--version-mark').trim()"


def test_offline_after_one_visit_new_versions_between_deals_and_no_other_origin(
        page: Page, served: Served, browser_log: Any) -> None:
    """One visit (the service worker installs once): it says once that it is ready to play
    offline; a new version waits for the end of the deal in progress; a whole deal then plays
    offline, and a new tab opens offline in another language; every file of the site that the
    pages fetched meanwhile is in the service worker's precache (a file left out would be
    missing offline); and the page refuses, whatever a script tries, to contact another
    origin."""
    requested: set[str] = set()  # every URL the pages ask for (not the worker's own downloads)
    page.context.on("request", lambda request: request.service_worker or requested.add(request.url))
    player = Player(page, [])
    deal = player.resume_near_the_end(5, 0)  # a deal in progress (near its end)
    sent: list[str] = []  # what the server sent from now on, the service worker's downloads too
    devserver.record_sent(served.server, sent)
    first_visit(page)
    # The precache took from the HTTP cache what the page had just loaded: nothing came twice.
    twice = sorted(path for path, times in Counter(sent).items() if times > 1)
    assert not twice, f"downloaded twice on the first visit: {twice}"
    origin = served.url.removesuffix(urlsplit(served.url).path)
    assert precached(served.root) <= fetched_files({origin + path for path in sent}, served.url)
    # No game event: neither a notice over the page nor a line of the log.
    assert "Ready to play offline." not in page.inner_text("#log") + page.inner_text("#notices")
    page.reload()  # a second visit does not say it again (the deal resumes from its save)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_timeout(1000)
    assert page.locator(READY_OFFLINE).count() == 0

    # A new version waits for the end of the deal.
    assert page.evaluate(VERSION_MARK) == ""
    page.evaluate("window.sameDeal = true")
    publish_new_version(served)
    waiting_worker(page)
    page.wait_for_timeout(500)
    assert page.locator(UPDATE).count() == 0, "no offer in the middle of a deal"
    for _ in range(20):
        player.wait_for_me()
        if player.attr("data-phase") == "over":
            break
        player.decide(deal, [True], claim=True)
    assert page.evaluate("window.sameDeal") is True, "the deal was not interrupted"
    assert page.evaluate(VERSION_MARK) == ""
    page.wait_for_selector(UPDATE)  # the deal is over: now the page offers the new version
    assert page.inner_text(UPDATE) == "New version — reload"
    page.select_option("#language", "fi")  # the offer follows the language, and stays one
    page.wait_for_function("document.documentElement.lang === 'fi'")
    finnish = translator("fi").gettext("New version — reload")
    page.wait_for_selector(f"#notices [data-action='new-version']:text-is('{finnish}')")
    assert page.locator(UPDATE.replace("#notices", "#notices .notice")).count() == 1
    page.click(UPDATE)
    page.wait_for_function(f"{VERSION_MARK} === '2'", timeout=60_000)
    page.wait_for_selector(READY, timeout=60_000)
    assert page.evaluate("window.sameDeal") is None, "the page reloaded into the new version"
    # The old version's files are gone from the caches: one stylesheet is kept, the new one.
    kept = page.evaluate("""async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.filter((url) => url.includes("/static/style.css"));
    }""")
    assert len(kept) == 1, kept
    speak(page, "en")  # (the test player reads English)

    # A whole deal offline: the server is gone.
    served.stop()
    page.context.set_offline(True)
    deal = player.play_deal(3, 0, [True], claim=True)  # index.html?seed=3&delay=0&master=0
    assert deal.net and page.evaluate(BROKEN_IMAGES) == []
    assert page.evaluate(BROKEN_CARDS, CARD_NAMES) == [], "every card face is kept offline"
    other = page.context.new_page()  # a new tab, offline, in another language
    other.goto("?lang=fa")  # the folder itself: its index.html, from the cache
    other.wait_for_selector(READY, timeout=60_000)
    assert other.evaluate("document.documentElement.dir") == "rtl"
    assert other.inner_text("#table-title") != "The card table", "the Persian catalog is kept"
    other.evaluate(EVERY_IMAGE_NOW)  # the rules card's, far below, too
    other.wait_for_function("() => [...document.images].every((img) => img.complete)")
    assert other.evaluate(BROKEN_IMAGES) == []
    other.close()
    fetched = fetched_files(requested, served.url)
    assert {"index.html", "lukfu.zip", "static/cards/back.svg",
            "locales/fa/LC_MESSAGES/messages.mo"} <= fetched, sorted(fetched)
    missing = fetched - precached(served.root)
    assert not missing, f"fetched but not precached (so missing offline): {sorted(missing)}"

    # The Content-Security-Policy lets nothing leave the site, whatever a script tries: the
    # browser blocks the request before sending it (back online, in case it would not).
    page.context.set_offline(False)
    csp = [error for error in browser_log.console_errors if "Content Security Policy" in error]
    assert not csp, csp  # (allowed from here on only)
    browser_log.expect_console_error(r"Content Security Policy")
    failures: dict[str, str] = {}
    page.on("requestfailed", lambda request: failures.update({request.url: request.failure or ""}))
    elsewhere = "http://localhost:9/"  # another origin (another host name, another port)
    outcome = page.evaluate(
        """(url) => fetch(url + "data.json").then(() => "fetched", (error) => error.name)""", elsewhere)
    assert outcome == "TypeError"
    violation = page.evaluate(
        """(url) => new Promise((resolve) => {
          document.addEventListener("securitypolicyviolation",
            (event) => resolve(event.effectiveDirective + " " + event.blockedURI), { once: true });
          const img = new Image();
          img.src = url + "pixel.png";
        })""", elsewhere)
    assert violation == f"img-src {elsewhere}pixel.png"
    page.wait_for_timeout(300)
    # Playwright reports the attempts; each failed with the CSP's refusal, none reached a server.
    for url in (f"{elsewhere}data.json", f"{elsewhere}pixel.png"):
        if url in browser_log.foreign_requests:
            assert failures.get(url) == "csp", (url, failures)
            browser_log.foreign_requests.remove(url)
