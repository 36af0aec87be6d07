"""The page's shape: the static page before Python, a phone, right-to-left, bad addresses, a
claimant's hand laid down at the end.

Screenshots (artifacts/screenshots/): loading.png, phone-calling.png, phone-trick.png,
phone-result.png, rtl.png, claim-<deal>-<language>-<size>.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_page_game import LEVEL, READY, Player, speak
from test_page_screens import overlap

from lukfu import Card, Observation, parse_cards
from lukfu.i18n import translator
from lukfu.knowledge import old_cards
from lukfu.saves import write_save
from lukfu.session import Session
from lukfu.web import text

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# The regions whose size is reserved before Python runs.
REGIONS = ["[data-seat='0']", "[data-seat='1']", "[data-seat='2']", "#trick", ".prompt-box",
           "#hand", "#actions", "#table"]

RECTS = """(selectors) => selectors.map(s => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [s, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
})"""


def test_static_page_reserves_the_tables_space_and_right_to_left_keeps_its_geometry(
        page: Page, screenshot_dir: Path) -> None:
    """Before Python is ready: the table frame, the rules and a progress indicator; and no
    region of the table moves or changes size when Python takes over.  Then, at your turn in
    play, the same table right to left."""
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.set_viewport_size(DESKTOP)
    page.route("**/pyodide.asm.wasm", hold)
    # (a player who has seen the suit legend: a new player's first-use legend stands beside the
    # table, tests/test_page_first_visit.py)
    page.add_init_script("localStorage.setItem('lukfu.suits-shown', '1')")
    page.goto("index.html?seed=5&delay=0&master=1")
    page.wait_for_selector("#table[data-phase='loading'] #loading progress")
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    assert page.is_visible("#rules") and page.is_visible("[data-seat='1']")
    assert page.inner_text("#prompt") == "Loading the game…"
    before = page.evaluate(RECTS, REGIONS)
    page.screenshot(path=str(screenshot_dir / "loading.png"), full_page=True)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for Pyodide"
    released = True
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_selector("#hand [data-card]")
    after = page.evaluate(RECTS, REGIONS)
    assert after == before
    right_to_left_keeps_the_tables_geometry(page, screenshot_dir)


@pytest.fixture
def browser_context_args(request: pytest.FixtureRequest) -> dict[str, Any]:
    if "phone" in request.node.name:
        return {"viewport": PHONE, "has_touch": True, "is_mobile": True,
                "device_scale_factor": 2}
    return {}  # the shared default context (its HTTP cache warm); the window is sized below


@pytest.fixture
def phone(page: Page) -> Iterator[Player]:
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text))
    yield Player(page, console)


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


def test_phone(phone: Player, screenshot_dir: Path) -> None:
    """A whole deal on a 390px-wide phone: nothing sticks out, twelve cards fit in a row."""
    page = phone.page
    page.goto("index.html?seed=3&delay=0&master=0")
    page.wait_for_selector(READY, timeout=30_000)
    no_sideways_scroll(page)
    cards = page.locator("#hand [data-card]")
    assert cards.count() == 12
    boxes = [cards.nth(i).bounding_box() for i in range(12)]
    assert all(b is not None and b["width"] >= 24 for b in boxes)
    assert all(a["y"] == b["y"] for a, b in zip(boxes, boxes[1:], strict=False))  # type: ignore[index]
    page.screenshot(path=str(screenshot_dir / "phone-calling.png"))
    shots = {"trick": screenshot_dir / "phone-trick.png",
             "result": screenshot_dir / "phone-result.png"}
    phone.play_deal(3, 0, [True], claim=True, shots=shots, full_page=False)
    no_sideways_scroll(page)


def right_to_left_keeps_the_tables_geometry(page: Page, screenshot_dir: Path) -> None:
    """Your turn in play (after your call, if the deal asks you), right to left."""
    my_turn = "() => document.getElementById('table').dataset.toMove === '0'"
    page.wait_for_function(my_turn, timeout=20_000)
    page.evaluate("() => document.documentElement.setAttribute('dir', 'rtl')")
    if page.is_visible("[data-action='call']"):
        page.click("[data-action='call']")
    playing = "document.getElementById('table').dataset.phase === 'playing'"
    page.wait_for_function(f"() => ({my_turn})() && {playing}", timeout=20_000)
    right = page.locator("[data-seat='1']").bounding_box()
    left = page.locator("[data-seat='2']").bounding_box()
    you = page.locator("[data-seat='0']").bounding_box()
    assert right and left and you
    assert right["x"] > you["x"] + you["width"] / 2 > left["x"] + left["width"]
    assert right["y"] < you["y"] and left["y"] < you["y"]
    # Cards still run low to high, left to right; the text runs right to left.
    xs = page.eval_on_selector_all(
        "#hand [data-card]", "els => els.map(e => e.getBoundingClientRect().x)")
    assert xs == sorted(xs)
    direction = page.eval_on_selector("#prompt", "e => getComputedStyle(e).direction")
    assert direction == "rtl"
    assert page.eval_on_selector(".rules", "e => getComputedStyle(e).direction") == "rtl"
    page.screenshot(path=str(screenshot_dir / "rtl.png"), full_page=True)


LOG_TIMES = """
window.logTimes = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(records => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeName === "LI") window.logTimes.push(performance.now());
      }
    }
  }).observe(document.getElementById("log"), { childList: true });
});
"""



# A deal that Right claims before you play a card (seven Old cards): against Beginner, the level
# the tests' player is seated with, and as the page deals it from this number.
CLAIMED_AT_ONCE = 946_387_641


def test_phone_a_deal_over_before_you_play(phone: Player) -> None:
    """The end of a deal with your twelve cards still in hand fits the phone's width too (they
    are shown smaller at the end; they stuck out before when all twelve were left)."""
    page = phone.page
    page.add_init_script(f"localStorage.setItem('lukfu.level', '{LEVEL}')")
    page.goto(f"index.html?seed={CLAIMED_AT_ONCE}&delay=0")
    page.wait_for_selector("#table[data-phase='over']", timeout=30_000)
    assert page.locator("#hand [data-card]").count() == 12
    no_sideways_scroll(page)


# Deals a computer player wins by a claim, played out under CPython as the page plays them (you
# make your first legal move that is not a claim): deal 4, which Right claims with F = 3 fu + 3
# of its 8 cards Old, as the player who reported it saw; deal 11, which Left claims at once,
# its 12 cards in hand and 6 of them Old.
CLAIMED = ((4, 0), (11, 2))
END_SIZES = ((320, 568), (1280, 800))

# The claimant's seat and the cards laid down in it, each with its word Old if it has one.
LAID = """(seat) => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const panel = document.querySelector(`[data-seat="${seat}"]`);
  return {
    panel: box(panel), width: innerWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    laid: document.querySelectorAll('.seat-cards.laid').length,
    cards: [...panel.querySelectorAll('.seat-cards.laid > .laid-card')].map(card => {
      const mark = card.querySelector('.old-mark');
      return {box: box(card), src: card.querySelector('img').getAttribute('src'),
              old: card.classList.contains('old'),
              mark: mark && {text: mark.textContent, box: box(mark), shown: mark.checkVisibility(),
                             fits: mark.scrollWidth <= mark.clientWidth
                                   && mark.scrollHeight <= mark.clientHeight}};
    }),
  };
}"""


def finished_deal(seed: int, master: int) -> tuple[str, Observation]:
    """Deal ``seed`` played to its end against `LEVEL`: its save, and what you see at the end."""
    session = Session.new(seed, master, level=LEVEL)
    while not session.is_over:
        if session.waiting_for_person():
            legal = session.observation(0).legal
            session = session.act(next(action for action in legal if action.kind != "claim"))
        else:
            session = session.step()
    return write_save(session, counted=True), session.observation(0)


@pytest.mark.parametrize(("seed", "master"), CLAIMED)
def test_a_claimants_hand_is_laid_down_card_by_card(
        page: Page, screenshot_dir: Path, seed: int, master: int) -> None:
    """At the end of a deal won by a claim, in English and in Persian, on a 320×568 phone and a
    1280×800 desktop: every card of the claimant's hand is seen whole (none under another, each
    inside its seat and the screen, the seat no taller than the screen), each Old card says Old
    in the page's words and the others do not, and the Old cards are as many as the result's
    F = fu + Old says.  Screenshots: claim-<deal>-<language>-<size>.png."""
    save, obs = finished_deal(seed, master)
    result = obs.result
    assert result is not None and result.claimed and result.winner in (1, 2) and obs.revealed
    claimant = result.winner
    hand = obs.revealed[claimant]
    old = old_cards(hand, obs.public)
    assert 0 < len(old) == result.F - obs.fu[claimant] < len(hand)
    page.add_init_script(f"""localStorage.setItem('lukfu.suits-shown', '1');
        localStorage.setItem('lukfu.level', '{LEVEL}');
        localStorage.setItem('lukfu.save', {json.dumps(save)});""")
    page.goto("index.html")
    page.wait_for_selector("#table[data-phase='over']", timeout=30_000)
    for language in ("en", "fa"):
        speak(page, language)
        tr = translator(language)
        word = tr.gettext("Old").replace("\u00ad", "")
        assert page.inner_text("#trick .result-detail >> nth=0") == \
            text.result_explanation(tr, obs)[0]
        for width, height in END_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("() => document.getAnimations().length === 0")
            page.screenshot(path=str(screenshot_dir / f"claim-{seed}-{language}-{width}x{height}.png"),
                            full_page=True)
            laid_down_whole(page.evaluate(LAID, claimant), hand, old, word,
                            f"deal {seed}, {language}, {width}×{height}")


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (outer["x"] <= inner["x"] and inner["r"] <= outer["r"]
            and outer["y"] <= inner["y"] and inner["b"] <= outer["b"])


def laid_down_whole(m: dict[str, Any], hand: tuple[Card, ...], old: frozenset[Card], word: str,
                    where: str) -> None:
    """The claimant's seat as `LAID` measured it: its ``hand`` in order, each card whole and
    apart, inside the seat and the screen; the ``old`` ones say ``word``, the others nothing."""
    assert m["laid"] == 1 and m["scrollWidth"] <= m["width"], where
    codes = [re.search(r"([CSMT][1-9])\.svg", card["src"]).group(1)  # type: ignore[union-attr]
             for card in m["cards"]]
    assert codes == [str(card) for card in hand], where
    panel = m["panel"]
    assert panel["b"] - panel["y"] <= m["height"], f"{where}: the claimant's seat is taller"
    boxes = [card["box"] for card in m["cards"]]
    for code, card, box in zip(codes, m["cards"], boxes, strict=True):
        assert box["r"] - box["x"] >= 24, f"{where}: {code} is narrower than 24 px"
        assert box["x"] >= 0 and box["r"] <= m["width"], f"{where}: {code} is off the screen"
        assert inside(box, panel), f"{where}: {code} is outside its seat"
        assert card["old"] == (parse_cards(code)[0] in old), where
        mark = card["mark"]
        if card["old"]:
            assert mark and mark["text"] == word and mark["shown"] and mark["fits"], \
                f"{where}: {code}'s word Old: {mark}"
            assert inside(mark["box"], box), f"{where}: {code}'s word Old is off the card"
        else:
            assert mark is None, f"{where}: {code} is not Old but says so"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert overlap(a, b) == 0, f"{where}: two of the claimant's cards overlap: {a} {b}"
