"""Nothing lost, in the browser's own storage: a reload while a computer thinks resumes the
deal, a full or refusing storage is survived, shared links deal the same cards in a fresh
browser, statistics go out as a download and come back from a chosen file, and the new panels
are looked at.  What the page decides about saves, links and imports is tested under CPython
(tests/test_update_page.py).

The player at the page is `test_page_game.Player`, which clicks as a person would and checks at
every decision that no hidden computer card reaches the page or the console.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from test_page_game import READY, Deal, Player, speak

from lukfu import Action, new_deal, parse_action
from lukfu.dealcode import deal_code
from lukfu.i18n import translator
from lukfu.saves import CHECK, read_save, write_save
from lukfu.session import Session
from lukfu.stats import Statistics, outcome
from lukfu.web import saving, statistics

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

tr = translator("en")
SNAPSHOT = """() => {
  const codes = sel => [...document.querySelectorAll(sel)].map(e => e.getAttribute('src') || e.dataset.card);
  const t = document.getElementById('table');
  return {
    phase: t.dataset.phase, toMove: t.dataset.toMove,
    hand: codes('#hand [data-card]'),
    trick: [...document.querySelectorAll('#trick .slot')].map(s => s.className + ':' +
      [...s.querySelectorAll('img')].map(i => i.getAttribute('src')).join(',')),
    title: document.querySelector('#trick .trick-title').textContent,
    seats: [...document.querySelectorAll('[data-seat]')].map(s =>
      s.querySelector('.seat-score').textContent + '/' + (s.querySelector('.seat-count') ?
      s.querySelector('.seat-count').textContent : '') + '/' + s.querySelector('.seat-marks').textContent),
    prompt: document.getElementById('prompt').textContent,
    buttons: [...document.querySelectorAll('#actions [data-action]')].filter(b => !b.hidden)
      .map(b => b.dataset.action + (b.disabled ? '-' : '+')),
    result: [...document.querySelectorAll('[data-result-seat]')].map(r => r.dataset.net),
  };
}"""
def start(player: Player, query: str) -> None:
    player.master = 0
    player.ai_hands = None
    player.page.goto("index.html" + query)
    player.page.wait_for_selector(READY, timeout=30_000)


def save_of(page: Page) -> Session:
    return read_save(page.evaluate("localStorage.getItem('lukfu.save')")).session


def test_a_reload_while_a_computer_thinks_lets_it_make_the_same_move(player: Player) -> None:
    page = player.page
    start(player, "?seed=31&master=1&delay=3000")  # Right is the Master and decides first
    assert player.attr("data-to-move") == "1"
    page.goto("index.html?delay=3000&master=9")  # a bad Master: noticed, and the deal resumed
    page.wait_for_selector(READY, timeout=30_000)
    assert player.attr("data-to-move") == "1" and save_of(page).state.history == ()
    log = page.locator("#log li").all_inner_texts()
    assert log[0].startswith("The Master in the address") and log[1].startswith("A new deal")
    assert log[2] == "Your deal goes on where you left it."
    page.wait_for_function("() => document.querySelector('[role=log]').ariaLive === 'polite'")
    player.wait_for_me()
    alone = Session.new(31, 1)
    alone = alone.run()
    assert save_of(page).record() == alone.record()


def edited_save() -> str:
    """A save of a deal in progress, edited by hand (its check no longer matches)."""
    session = Session.new(21, master=0).act(parse_action("call")).run()
    return write_save(session).replace('"deal_number":21', '"deal_number":22')


def statistics_sample() -> str:
    stats = Statistics()
    for number in range(3):
        session = Session.new(number, master=0)
        while not session.is_over:
            if session.waiting_for_person():
                session = session.act(session.observation(0).legal[0])
            else:
                session = session.step()
        stats.add("beginner", outcome(session, 0))
    return stats.to_json()


FULL = """Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""
OFF = """Object.defineProperty(window, 'localStorage', { get() {
  throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""


@pytest.mark.parametrize("storage", ["full", "off"])
def test_storage_full_or_off_is_survived_with_one_notice(player: Player, storage: str) -> None:
    """Full: a deal near its end, resumed from the save the page wrote before the storage filled
    up, goes on to its end; off: a whole deal, from its first call, with no storage at all."""
    page = player.page
    if storage == "full":
        deal = player.resume_near_the_end(3, 0)  # (its init script runs before FULL's)
        page.add_init_script(FULL)
        page.goto("index.html?delay=0")
        page.wait_for_selector(READY, timeout=30_000)
        assert save_of(page).deal_number == 3
    else:
        page.add_init_script(OFF)
        start(player, "?seed=3&master=0&delay=0")
        deal = Deal(3)
    for _ in range(200):
        player.wait_for_me()
        if player.attr("data-phase") == "over":
            break
        player.decide(deal, [True], claim=True)
    # (where nothing can be read back, each visit is a first one: the guided deal is offered)
    storage_notices = "#notices .notice:not(:has([data-action='learn']))"
    notices = page.locator(storage_notices)
    assert notices.count() == 1 and saving.storage_text(tr) in notices.inner_text()
    assert page.locator("[data-result-seat]").count() == 3  # the deal went on to its end
    assert "Deals" in page.inner_text("#stats-body")  # counted for this visit
    page.click("[data-action='new-deal']")
    player.wait_for_me()
    assert page.locator(storage_notices).count() == 1  # said once a visit


def finish(player: Player, seed: int, master: int = 0) -> Deal:
    """Deal ``seed`` resumed from a save a few of your moves before its end, played out by
    clicking (whole deals through the page are test_page_game's)."""
    deal = player.resume_near_the_end(seed, master)
    player.page.goto("index.html?delay=0")
    player.page.wait_for_selector(READY, timeout=30_000)
    assert save_of(player.page).deal_number == seed
    for _ in range(200):
        player.wait_for_me()
        if player.attr("data-phase") == "over":
            return deal
        assert not player.page.locator("#share-link").count(), "a share link before the end"
        assert deal_code(seed, master) not in player.page.content()
        player.decide(deal, [True], claim=True)
    raise AssertionError("the deal did not end")


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 720}
LANGUAGES = ("en", "fa")


def test_a_link_opened_mid_deal_keeps_the_unfinished_deal_to_go_back_to(player: Player,
                                                                        screenshot_dir: Path) -> None:
    page = player.page
    start(player, "?seed=7&master=0&delay=0")
    deal = Deal(7)
    for _ in range(2):  # a few moves into deal 7
        player.wait_for_me()
        player.decide(deal, [True], claim=False)
    player.wait_for_me()
    assert player.attr("data-phase") == "playing"
    before = page.evaluate(SNAPSHOT)
    page.goto(f"index.html?deal={deal_code(41, 1)}&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    assert save_of(page).deal_number == 41
    notice = page.locator("#notices .notice")
    assert notice.count() == 1 and saving.aside_text(tr) in notice.inner_text()
    shoot(page, screenshot_dir / "saves-aside-en.png")
    page.click("[data-action='resume-aside']")
    player.wait_for_me()
    assert page.evaluate(SNAPSHOT) == before  # deal 7, exactly where it was left
    assert save_of(page).deal_number == 7 and not page.locator("#notices .notice").count()
    assert page.evaluate("localStorage.getItem('lukfu.save.aside')") is None
    # A link to the same deal, or opened after a finished one, puts nothing aside.
    page.goto("index.html?seed=7&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    assert not page.locator("#notices .notice").count()


SIZES = {"phone": PHONE, "desktop": DESKTOP}


def shoot_everywhere(page: Page, folder: Path, language: str, panel: str, selector: str) -> None:
    """``selector`` scrolled into view and shot at each size: panels-<language>-<size>-<panel>."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.locator(selector).scroll_into_view_if_needed()
        # A card still in flight (a computer's move, from where its seat was before the resize)
        # may reach past the page's edge for a moment: measure the page at rest.
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
        shoot(page, folder / f"panels-{language}-{size}-{panel}.png")
        wide = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
        assert not wide, f"the page scrolls sideways ({language}, {size}, {panel})"


def replay_step(page: Page) -> int:
    """The step the replay's prompt names (Persian digits read too)."""
    digits = page.inner_text("#prompt").translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    return int(re.findall(r"\d+", digits)[0])


DAMAGED = """if (!sessionStorage.getItem('test.damaged')) {
  sessionStorage.setItem('test.damaged', '1');
  localStorage.setItem('lukfu.save', %s); }"""


def test_a_finished_deal_s_link_statistics_and_replay(
        player: Player, site_url: str, screenshot_dir: Path) -> None:
    """One visit, one deal: a damaged save is noticed; a deal resumed near its end is finished
    by clicking; its link is shared (to the clipboard, or selected in its box to copy by hand
    when there is no clipboard) and deals the same cards in a fresh browser; the statistics go
    out as a download and come back from a chosen file; and the new panels (the notice, the
    share box, the statistics and the replay) are looked at in English and Persian (the picker
    switches them) on a phone and a desktop, by a person (artifacts/screenshots/
    panels-<language>-<size>-*.png); nothing there may overflow the page."""
    page = player.page
    page.add_init_script(DAMAGED % json.dumps(edited_save()))
    page.goto("index.html?delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    for language in LANGUAGES:
        speak(page, language)
        assert saving.save_problem_text(translator(language), CHECK) in page.inner_text("#notices")
        shoot_everywhere(page, screenshot_dir, language, "notice", "#notices")
    speak(page, "en")
    page.set_viewport_size(DESKTOP)
    # The new deal the damaged save gave way to is a random one, which may end by itself (a
    # computer player claiming at once) and count: the statistics below are deal 77's alone.
    page.evaluate(f"localStorage.removeItem('{saving.STATS_KEY}')")
    finish(player, 77, master=2)
    # The link, to share: in its box, to the clipboard, or selected to copy by hand.
    link = page.input_value("#share-link")
    code = deal_code(77, 2)
    assert link == f"{site_url}index.html?deal={code}"
    page.screenshot(path=str(screenshot_dir / "saves-share-en.png"), full_page=True)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("[data-action='copy-link']")
    page.wait_for_function("() => document.getElementById('share-status').textContent !== ''")
    assert page.inner_text("#share-status") == "The link is copied."
    assert page.evaluate("navigator.clipboard.readText()") == link
    again = page.get_attribute("#trick .result .replay a", "href")
    assert again == f"?delay=0&deal={code}"
    page.evaluate("Object.defineProperty(navigator, 'clipboard', { get() { return undefined; } })")
    page.click("[data-action='copy-link']")
    page.wait_for_function(
        "() => document.getElementById('share-status').textContent !== 'The link is copied.'")
    assert page.inner_text("#share-status") == "Copy the link from the box."
    selected = page.evaluate("""() => { const box = document.getElementById('share-link');
        return document.activeElement === box && box.selectionEnd - box.selectionStart; }""")
    assert selected == len(link)
    # The statistics: out as a download, back from a chosen file.
    net = int(page.get_attribute("[data-result-seat='0']", "data-net") or "x")
    assert page.inner_text("#stats-body").split("\n")[0:1] != ["No deals yet"]
    with page.expect_download() as info:
        page.click("[data-action='export-stats']")
    download = info.value
    assert download.suggested_filename == saving.STATS_FILE
    exported = Path(download.path()).read_text(encoding="utf-8")
    stats = Statistics.from_json(exported)
    assert stats.total().deals == 1 and stats.recent == [net]
    # A bad file: every wrong field listed, nothing changed.
    bad = json.loads(exported)
    bad["levels"]["beginner"]["wins"] = 5
    bad["levels"]["beginner"]["hints"] = -1
    bad["recent"] = "lots"
    page.set_input_files("#stats-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                "buffer": json.dumps(bad).encode()}])
    problems = page.locator("#stats-problems li")
    problems.first.wait_for()
    listed = problems.all_inner_texts()
    assert len(listed) == 3
    assert any(t.startswith("levels.beginner.wins: 5") for t in listed)
    assert any(t.startswith("levels.beginner.hints: ") for t in listed)
    assert any(t.startswith("recent: ") for t in listed)
    assert page.evaluate("localStorage.getItem('lukfu.statistics')") == exported.replace("\r", "") \
        or Statistics.from_json(page.evaluate("localStorage.getItem('lukfu.statistics')")) == stats
    page.screenshot(path=str(screenshot_dir / "saves-import-refused-en.png"), full_page=True)
    # A good file waits for a yes: "Keep mine" keeps, "Replace mine" replaces.
    theirs = Statistics.from_json(statistics_sample())
    upload = [{"name": "theirs.json", "mimeType": "application/json",
               "buffer": theirs.to_json().encode()}]
    page.set_input_files("#stats-file", files=upload)
    page.wait_for_selector("#stats-confirm:not([hidden])")
    assert page.inner_text("#stats-question") == statistics.confirm_text(tr, 1, 3)
    assert not page.locator("#stats-problems li").count()
    page.screenshot(path=str(screenshot_dir / "saves-import-confirm-en.png"), full_page=True)
    page.click("[data-action='import-keep']")
    assert Statistics.from_json(page.evaluate("localStorage.getItem('lukfu.statistics')")) == stats
    page.set_input_files("#stats-file", files=upload)
    page.click("[data-action='import-replace']")
    assert Statistics.from_json(page.evaluate("localStorage.getItem('lukfu.statistics')")) == theirs
    assert "3" in page.inner_text("#stats-body")
    with page.expect_download() as info:
        page.click("[data-action='export-stats']")
    assert Statistics.from_json(Path(info.value.path()).read_text(encoding="utf-8")) == theirs
    page.screenshot(path=str(screenshot_dir / "saves-statistics-en.png"), full_page=True)
    # The share box and the statistics (the three deals just brought in) in both languages.
    for language in LANGUAGES:
        speak(page, language)
        shoot_everywhere(page, screenshot_dir, language, "share", ".share")
        shoot_everywhere(page, screenshot_dir, language, "statistics", "#stats")
        first, last = page.evaluate("""() => {
            const line = document.querySelector('.chart-line'), ctm = line.getScreenCTM();
            const at = i => line.points.getItem(i).matrixTransform(ctm).x;
            return [at(0), at(line.points.numberOfItems - 1)];
        }""")
        assert (first > last) == (language == "fa"), "the chart's time runs against the reading"
        view = statistics.stats_view(translator(language), Statistics.from_json(
            page.evaluate("localStorage.getItem('lukfu.statistics')")))
        assert view.rows[0].label in page.inner_text("#stats") and view.chart is not None
        scale = page.eval_on_selector_all(".chart-scale span", "spans => spans.map(s => s.textContent)")
        assert scale == [view.chart.high, view.chart.low]  # the highest total above the lowest
    # The replay.
    speak(page, "en")
    page.click("[data-action='replay']")
    page.evaluate("() => document.activeElement.blur()")  # the keys go to the table
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert replay_step(page) == 7
    for language in LANGUAGES:  # the replay stays at its step when the language changes
        speak(page, language)
        assert replay_step(page) == 7, language
        shoot_everywhere(page, screenshot_dir, language, "replay", "#table")
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowRight")  # back, in a right-to-left page
    assert replay_step(page) == 6
    # The link in a fresh browser, another person's: nothing stored (this visit's page is
    # closed and the site's storage cleared first), no cookies.
    context = page.context
    page.close()
    context.clear_cookies()
    other = context.new_page()
    session = context.new_cdp_session(other)
    session.send("Storage.clearDataForOrigin", {
        "origin": f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}",
        "storageTypes": "local_storage,session_storage,indexeddb,cache_storage,service_workers"})
    session.detach()
    errors: list[str] = []
    other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    other.goto(link)
    other.wait_for_selector(READY, timeout=30_000)
    state = new_deal(77, 2)
    hand = other.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
    assert hand == [str(c) for c in state.hands[0]]
    assert other.inner_text("#log").startswith("A new deal: Left is the Master.")
    assert "deal=" not in other.url  # a reload resumes the friend's deal
    assert not errors


def shoot(page: Page, path: Path) -> None:
    """A screenshot once every card image has arrived (a lazy one comes only when scrolled to)."""
    page.wait_for_function("""() => [...document.images]
        .every(image => image.complete || image.loading === 'lazy')""")
    page.screenshot(path=str(path))


def finish_in_any_language(page: Page) -> None:
    """Play seat 0 to the end from the save's own record: call, then the first legal action."""
    for _ in range(200):
        page.wait_for_function("""() => { const t = document.getElementById('table');
                                          return t.dataset.phase === 'over' || t.dataset.toMove === '0'; }""")
        if page.get_attribute("#table", "data-phase") == "over":
            return
        session = save_of(page)
        action = next(a for a in session.observation(0).legal if a.kind != "claim")
        click(page, action)
    raise AssertionError("the deal did not end")


def click(page: Page, action: Action) -> None:
    if action.kind in ("call", "pass"):
        page.click(f"[data-action='{action.kind}']")
        return
    for card in action.cards:
        page.click(f"#hand [data-card='{card}']")
    page.click(f"[data-action='{action.kind}']")


