"""The same visit in Firefox and in WebKit as in Chromium: what tests/test_firefox.py and test_webkit.py run.

One browser of the engine, with a profile of its own, makes one visit as a new player would, in
order (each step opens the page it needs; a browser that died is replaced by a fresh one):

1. a first visit boots (the guided deal offered, the suit legend shown), and its service worker
   takes the site in;
2. a whole deal against Beginner, played by clicking, ends with the engine's own result, and the
   coach's review, opened at once, shows the coach at work (its bar and words move on).  The
   whole review, and its figures against `lukfu.coach`'s under CPython, take half a minute to a
   minute of the machine in these engines: bench/engines.py checks them there, and
   tests/test_page_review.py in Chromium;
3. the guided deal's first six steps (three Nexts, a refused Call, a Pass, a led single), then
   "Leave the lesson";
4. a Persian page whose letters join: two fixed lines (one of joining letters, one with
   zero-width non-joiners) are as wide as in Chromium, within 3 %;
5. once idle, the game's Python is kept as a snapshot (static/pyodide.mjs); with the server gone,
   a reload resumes the deal from the service worker's copy, and the game answers (you call).

The site is served by a server of the module's own (step 5 stops it).  Screenshots:
artifacts/screenshots/<engine>-*.png.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pytest
from conftest import skip_or_fail
from engines import Engine, EngineMissing, launch
from test_page_access import MY_TURN as YOUR_TURN
from test_page_lesson import READY as DEALT
from test_page_snapshot import SHELF

from lukfu import PLAYING
from lukfu.i18n import translator
from lukfu.lesson import STEPS
from lukfu.saves import read_save
from lukfu.session import Session
from lukfu.web.lesson import WORDS
from tools import devserver

if TYPE_CHECKING:
    from playwright.sync_api import Browser

READY = f"!!document.querySelector({json.dumps(DEALT)})"  # (expressions, for every engine)
MY_TURN = f"({YOUR_TURN})()"
SAVE = "localStorage.getItem('lukfu.save')"
VISIBLE = "(s => { const e = document.querySelector(s); return !!e && !!e.offsetParent && !e.disabled; })"
# Persian lines whose letters must join: one of joining letters (the page's own words), one with
# zero-width non-joiners (کارت‌های "your cards", ده‌تایی "Tens", ده‌هزاری "Myriads").
PERSIAN_LINES = ("بازی قوانین تنظیمات فارسی سکه رشته", "کارت‌های ده‌تایی ده‌هزاری می‌توانید")
WIDTHS = """(lines => document.fonts.ready.then(async () => {
  const widths = [];
  for (const line of lines) {
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; inset-block-start: 0; white-space: nowrap; font-size: 32px';
    probe.textContent = line;
    document.body.append(probe);
    await document.fonts.load('32px Vazirmatn', line);
    widths.push(probe.getBoundingClientRect().width);
    probe.remove();
  }
  return widths;
}))"""
LEVEL = "beginner"
# What of your hand and of the buttons you may press lies outside the window (a first visit must
# fit the screen: tests/test_page_first_visit.py measures it in Chromium at six sizes).
OUTSIDE = """[...document.querySelectorAll('#hand [data-card], #actions button')]
  .filter(e => e.offsetParent && !e.disabled)
  .filter(e => { const r = e.getBoundingClientRect();
                 return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; })
  .map(e => e.dataset.card || e.dataset.action)"""


def persian_widths(engine_js: Any) -> list[float]:
    return [float(w) for w in engine_js(f"{WIDTHS}({json.dumps(PERSIAN_LINES)})")]


def play_deal(web: Engine, url: str, seed: int, at: Callable[[str], None] | None = None,
              query: str = "") -> tuple[list[str], float, Session]:
    """Deal ``seed`` against Beginner with the coach on, played to its end by clicking (you
    claim when you may, else make the first legal move, read from the page's own save); return
    the kinds of your moves, the seconds it took and the finished session.  ``at(phase)`` is
    called once as the calling and once as a trick to beat first show; ``query`` is added to
    the address (e.g. "&lang=fa")."""
    if not str(web.js("location.href")).startswith(url):  # (a fresh browser: the site's storage)
        web.goto(f"{url}index.html?delay=0")
        web.wait(READY, 60, "the page")
    if web.js("!!document.getElementById('table')?.dataset.toMove"):
        # The computer players' moves save the deal on the page as they come: it is cleared
        # once they have made theirs and your turn has come.
        web.wait(MY_TURN, 60, "your turn")
        web.settle()
    web.js(f"(localStorage.removeItem('lukfu.save'), localStorage.setItem('lukfu.level', '{LEVEL}'),"
           " localStorage.removeItem('lukfu.coach'), true)")
    web.goto(f"{url}index.html?seed={seed}&master=0&delay=0{query}")
    web.wait(READY, 60, "the dealt hand")
    started, kinds, seen = time.monotonic(), [], set()
    for _ in range(60):
        web.wait(MY_TURN, 60, "your turn")
        web.settle()
        session = read_save(web.js(SAVE)).session
        if session.is_over:
            break
        seat = session.observation(0)
        phase = "calling" if seat.phase != PLAYING else "" if seat.leading else "trick"
        if at is not None and phase and phase not in seen:
            seen.add(phase)
            at(phase)
        legal = seat.legal
        action = next((a for a in legal if a.kind == "claim"), legal[0])
        for card in action.cards:
            web.act(f"#hand [data-card='{card}']")
        web.act(f"#actions [data-action='{action.kind}']")
        kinds.append(action.kind)
    else:
        raise AssertionError(f"{web.name}: the deal did not end")
    web.wait("document.getElementById('table').dataset.phase === 'over'", 30, "the end")
    return kinds, time.monotonic() - started, session


def open_review(web: Engine) -> None:
    """Open the coach's review of the deal just over (offered once the deal ends; the coach
    reviews in the background)."""
    web.wait(f"{VISIBLE}(\"[data-action='review']\")", 120, "the coach's review")
    web.act("[data-action='review']")


def the_coach_at_work(web: Engine) -> float:
    """Open the coach's review as the coach begins it: its bar moves on, with its words; return
    the seconds from the end of the deal until it had."""
    started = time.monotonic()
    open_review(web)
    web.wait("document.querySelector('#review .review-bar')?.value > 0"
             " && !!document.getElementById('review-status').textContent", 120, "the coach's progress")
    return time.monotonic() - started


def wait_for_the_precache(web: Engine) -> None:
    """Until the service worker is active, with the whole site in its cache."""
    web.wait("navigator.serviceWorker.ready.then(r => !!r.active)", 90, "the service worker")
    web.wait("caches.keys().then(async keys => { for (const k of keys) {"
             " const c = await caches.open(k); if ((await c.keys()).length > 50) return true; }"
             " return false; })", 120, "the precache")


def responds(web: Engine) -> bool:
    try:
        return bool(web.js("true"))
    except Exception:
        return False


class EngineChecks:
    """The visit, for ``engine`` ("firefox" or "webkit"): subclassed by a test module each."""

    engine: ClassVar[str] = ""
    # A deal in which you (playing the first legal move, or claiming) call, lead and follow,
    # discard face down and claim, in nine moves against Beginner.
    seed: ClassVar[int] = 1

    @pytest.fixture(scope="class")
    @classmethod
    def served(cls, built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
        server, url = devserver.start_in_folder(built_site, tmp_path_factory.mktemp("served"))
        try:
            yield server, url
        finally:
            server.shutdown()
            server.server_close()

    @pytest.fixture(scope="class")
    @classmethod
    def browsers(cls, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Engine]]:
        """The engine's browser, shared by the steps: a list of one, which `web` fills again
        with a fresh browser if the last one died (WebKitGTK's page, under load, now and then)."""
        alive: list[Engine] = []
        try:
            yield alive
        finally:
            for engine in alive:
                engine.close()

    @pytest.fixture
    def web(self, request: pytest.FixtureRequest, browsers: list[Engine], screenshot_dir: Path,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
        """The engine, checked after each step: no error in the page (a screenshot if it failed)."""
        if browsers and not responds(browsers[0]):
            browsers.pop().close()
        if not browsers:
            try:
                browsers.append(launch(self.engine, tmp_path_factory.mktemp(f"{self.engine}-profile")))
            except EngineMissing as error:
                skip_or_fail(str(error))
        yield browsers[0]
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed and responds(browsers[0]):
            browsers[0].screenshot(screenshot_dir / f"failed-{request.node.name}-{self.engine}.png")
        errors = browsers[0].errors()
        assert not errors, f"{self.engine}: errors in the page: {errors}"

    def shot(self, web: Engine, screenshot_dir: Path, name: str) -> None:
        web.screenshot(screenshot_dir / f"{self.engine}-{name}.png")

    # --- 1 -------------------------------------------------------------------------------------

    def test_1_a_first_visit_boots_and_keeps_the_site(self, web: Engine, served: Any,
                                                      screenshot_dir: Path) -> None:
        _, url = served
        started = time.monotonic()
        web.open(f"{url}index.html?delay=0", 1366, 768)
        web.wait(READY, 90, "the dealt hand")
        booted = time.monotonic() - started
        print(f"\n{self.engine}: first visit to a playable hand {booted:.2f} s")
        assert web.js(f"{VISIBLE}(\"#notices [data-action='learn']\")"), "the guided deal is not offered"
        assert web.js("document.querySelectorAll('#hand [data-card]').length") == 12
        web.settle()
        assert web.js("scrollY") == 0 and web.js(OUTSIDE) == [], "a first visit does not fit 1366×768"
        self.shot(web, screenshot_dir, "first-visit")
        wait_for_the_precache(web)  # (for step 5)

    # --- 2 -------------------------------------------------------------------------------------

    def test_2_a_whole_deal_then_the_coach_at_work(self, web: Engine, served: Any,
                                                   screenshot_dir: Path) -> None:
        _, url = served
        kinds, played, session = play_deal(web, url, self.seed)
        assert {"call", "play", "discard", "claim"} <= set(kinds), kinds
        # The page's result is the engine's: each seat's net points, as settled under CPython.
        nets = web.js("[...document.querySelectorAll('[data-result-seat]')].map(e => +e.dataset.net)")
        assert nets == list(session.state.net_points), nets
        self.shot(web, screenshot_dir, "deal-over")
        at_work = the_coach_at_work(web)
        self.shot(web, screenshot_dir, "review")
        print(f"\n{self.engine}: a deal of {len(kinds)} moves {played:.1f} s, "
              f"the coach at work {at_work:.1f} s")

    # --- 3 -------------------------------------------------------------------------------------

    def test_3_the_guided_deal_first_steps(self, web: Engine, served: Any, screenshot_dir: Path) -> None:
        _, url = served
        tr = translator("en")
        web.goto(f"{url}index.html?delay=0")
        web.wait(READY, 60, "the page")
        web.act("#learn")
        for number in range(1, 7):
            web.wait(f"document.getElementById('table').dataset.lessonStep === '{number}'", 30,
                     f"lesson step {number}")
            step = STEPS[number - 1]
            if step.asks is None:
                web.wait(f"{VISIBLE}(\"#lesson [data-action='lesson-next']\")", 30, "Next")
            assert web.js("document.getElementById('lesson-text').textContent") == WORDS[step.topic](tr)
            if number == 4:  # another legal move is refused, with the step's reason
                web.act("#actions [data-action='call']")
                assert web.js("document.getElementById('lesson-note').textContent")
                assert web.js("document.getElementById('table').dataset.phase") == "calling"
                self.shot(web, screenshot_dir, "lesson-4")
            if step.asks is None:
                web.act("#lesson [data-action='lesson-next']")
                continue
            for card in step.asks.cards:
                web.act(f"#hand [data-card='{card}']")
            web.act(f"#actions [data-action='{step.asks.kind}']")
        web.wait("document.getElementById('table').dataset.lessonStep === '7'", 30, "lesson step 7")
        web.act("#lesson [data-action='lesson-leave']")  # back to the deal it put aside
        web.wait("!document.getElementById('table').hasAttribute('data-lesson-step')", 30, "the deal")

    # --- 4 -------------------------------------------------------------------------------------

    def test_4_persian_letters_join_as_in_chromium(self, web: Engine, served: Any, browser: Browser,
                                                   screenshot_dir: Path) -> None:
        _, url = served
        web.goto(f"{url}index.html?lang=fa&delay=0")
        web.wait(READY, 60, "the Persian page")
        assert web.js("document.documentElement.dir") == "rtl"
        widths = persian_widths(web.js)
        self.shot(web, screenshot_dir, "fa")
        context = browser.new_context(service_workers="block")
        try:  # (the same page's fonts and styles: no game needed, so no Pyodide either)
            context.route("**/runtime/pyodide-*/**", lambda route: route.abort())
            page = context.new_page()
            page.goto(f"{url}index.html?lang=fa&delay=0")
            reference = persian_widths(lambda expression: page.evaluate(expression))
        finally:
            context.close()
        print(f"\n{self.engine}: Persian lines {widths} px, Chromium {reference} px")
        for line, width, chromium in zip(PERSIAN_LINES, widths, reference, strict=True):
            assert abs(width - chromium) <= 0.03 * chromium, (
                f"{self.engine} draws «{line}» {width:.1f} px wide, Chromium {chromium:.1f} px:"
                " letters that do not join, or a letter dropped")

    # --- 5 -------------------------------------------------------------------------------------

    def test_5_offline_a_reload_plays_on(self, web: Engine, served: Any) -> None:
        server, url = served
        web.goto(f"{url}index.html?seed=5&master=0&delay=0&lang=en")
        web.wait(READY, 60, "the page")
        wait_for_the_precache(web)
        # Once idle, the game keeps its Python as a snapshot for the next visit (static/pyodide.mjs).
        web.wait(f"caches.open('{SHELF}').then(c => c.keys()).then(k => k.length === 1)", 60,
                 "the snapshot kept")
        server.shutdown()
        server.server_close()
        web.goto(f"{url}index.html")
        web.wait(READY, 90, "the page, offline")
        assert web.js("!!navigator.serviceWorker.controller")
        assert web.js("document.documentElement.lang") == "en"
        # The game's worker answers offline: you call, and the log says so.
        web.wait(MY_TURN, 30, "your turn")
        logged = web.js("document.querySelectorAll('#log li').length")
        web.act("#actions [data-action='call']")
        web.wait(f"document.querySelectorAll('#log li').length > {logged}", 30, "your call, offline")
