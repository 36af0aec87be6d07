"""Today's deal and a friend's challenge, in the browser, as players meet them: "Today's deal"
played to its end beside its par, its result sent as a challenge, and the link played in a
second, fresh browser profile in Persian on a phone, where both results stand side by side at
the end and the friend's deal can be replayed.  Screenshots in English and Persian, at desktop
and phone sizes; axe finds nothing serious.  What the page decides is tested under CPython
(tests/test_daily.py).

The player plays a twin of the deal in CPython (the same cards, the same seeded computer
players), so each of its moves is a legal one found without reading the page's words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from settling import settle
from test_page_access import AXE, AXE_RUN, broken_runs
from test_page_game import READY, Player

from lukfu import CALLING
from lukfu.actions import CALL, CLAIM, DISCARD, PASS
from lukfu.challenge import read_challenge
from lukfu.daily import LEVEL, daily_deal, par, today
from lukfu.session import PERSON, Session

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    return {"bypass_csp": True, "viewport": DESKTOP}  # (axe is injected)


# The page shows the twin's moment: your hand, your turn (or the end), the calling or not.
AT_TWIN = """([hand, calling, over]) => {
  const t = document.getElementById('table');
  if (over) return t.dataset.phase === 'over';
  const shown = [...document.querySelectorAll('#hand [data-card]')].map(c => c.dataset.card);
  return t.dataset.toMove === '0' && (t.dataset.phase === 'calling') === calling
    && shown.sort().join(' ') === hand;
}"""


def play_out(page: Page, twin: Session) -> Session:
    """Play the deal on the page to its end, each of your moves the first legal one of the
    twin's (the computers answer alike on both); the twin at the end."""
    twin = twin.run()
    for _ in range(60):
        hand = " ".join(sorted(str(card) for card in twin.state.hands[0]))
        page.wait_for_function(AT_TWIN, arg=[hand, twin.state.phase == CALLING, twin.is_over],
                               timeout=30_000)
        if twin.is_over:
            return twin
        action = twin.observation(0).legal[0]
        if action.kind in (CALL, PASS, CLAIM):
            page.click(f"#actions [data-action='{action.kind}']")
        else:
            for card in action.cards:
                page.click(f"#hand [data-card='{card}']")
            page.click(f"#actions [data-action='{'discard' if action.kind == DISCARD else 'play'}']")
        twin = twin.act(action).run()
    raise AssertionError("the deal did not end")


def axe_clean(page: Page) -> None:
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(AXE_RUN) == []


def test_todays_deal_beside_its_par_then_a_friend_plays_the_challenge(
        page: Page, browser: Browser, site_url: str, screenshot_dir: Path) -> None:
    day = today()
    number, master = daily_deal(day)
    page.goto("index.html?delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    page.click("[data-action='daily']")  # "Today's deal", beside "Learn to play"
    page.wait_for_function("() => document.getElementById('table').dataset.kind === 'daily'")
    assert "Today's deal" in page.inner_text("#practice")
    twin = play_out(page, Session.new(number, master, LEVEL))
    you = twin.state.net_points[0]
    # The par comes from the worker once the deal is over: Expert in your seat, the same Strong.
    versus = page.wait_for_selector("#trick .versus[data-par]", timeout=60_000)
    assert versus.get_attribute("data-par") == str(par(day))
    assert [int(n.get_attribute("data-points") or "x") for n in versus.query_selector_all("td")] \
        == [you, par(day)]
    shared = page.inner_text("#daily-share")
    assert day in shared and not re.search(r"\b[1-9] of ", shared)  # no card given away
    page.screenshot(path=str(screenshot_dir / "daily-en-desktop.png"), full_page=True)
    axe_clean(page)
    # Your day is kept: the statistics say it, with the par beside your result.
    assert "Days played: 1." in page.inner_text("#stats-body")
    # "Challenge a friend", in the result: the link, shown in [data-challenge].
    page.click("#trick [data-action='challenge']")
    link = page.get_attribute("[data-challenge]", "href") or ""
    code = re.search(r"\?challenge=([\w-]+)$", link)
    assert code and read_challenge(code.group(1)).net == you
    page.screenshot(path=str(screenshot_dir / "challenge-link-en-desktop.png"), full_page=True)

    # The friend: a fresh profile, a phone, Persian; their own deal in progress is not touched.
    friend_context = browser.new_context(base_url=site_url, viewport=PHONE, bypass_csp=True,
                                         service_workers="block", locale="fa-IR")
    try:
        friend = friend_context.new_page()
        friend.goto("index.html?lang=fa&delay=0")
        friend.wait_for_selector(READY, timeout=30_000)
        friend.evaluate("() => { localStorage.setItem('lukfu.coach', 'off'); }")
        # Their deal as it stands once the computer players have made their moves (each one
        # saved as it comes) and it is the friend's turn.
        Player(friend, []).wait_for_me()
        settle(friend)
        own_save = friend.evaluate("() => localStorage.getItem('lukfu.save')")
        friend.goto(link[link.index("?"):] + "&delay=0")
        friend.wait_for_function("() => document.getElementById('table').dataset.kind === 'challenge'",
                                 timeout=30_000)
        assert friend.locator("#trick .versus").count() == 0  # nothing of yours before the end
        challenge = read_challenge(code.group(1))
        start = challenge.session.start
        friend_twin = play_out(friend, Session(start, (PERSON, challenge.level, challenge.level),
                                               challenge.session.deal_number))
        rows = friend.query_selector_all("#trick .versus td")
        assert [int(r.get_attribute("data-points") or "x") for r in rows] \
            == [friend_twin.state.net_points[0], you]
        assert any(ch in friend.inner_text("#trick .versus") for ch in PERSIAN_DIGITS)
        assert friend.evaluate("() => localStorage.getItem('lukfu.save')") == own_save
        assert broken_runs(friend, "#trick") == []
        friend.screenshot(path=str(screenshot_dir / "challenge-fa-phone.png"), full_page=True)
        axe_clean(friend)
        # How you played it: the replay of your deal, from its start.
        friend.click("[data-action='challenge-replay']")
        friend.click("#actions [data-action='replay-last']")
        shown = [int(r.get_attribute("data-net") or "x") for r in
                 friend.query_selector_all("[data-result-seat]")]
        assert shown == list(twin.state.net_points)
        friend.screenshot(path=str(screenshot_dir / "challenge-replay-fa-phone.png"), full_page=True)
    finally:
        friend_context.close()
