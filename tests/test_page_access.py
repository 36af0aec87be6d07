"""Everyone can play: axe-core finds nothing serious in any phase or language, and the table's
text stands out from the felt (contrast at least 4.5:1 where the felt is lightest).

axe-core is pinned in package.json (npm) and injected into the page by the test; the page never
loads it itself.  A deal is driven through the page without reading any of its words, so the
same driver plays in every language.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_page_game import READY, speak

from lukfu import classify, parse_cards
from lukfu.i18n import LANGUAGES, OFFERED, translator
from lukfu.web import naming

if TYPE_CHECKING:
    from conftest import BrowserLog
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHASES = ("calling", "playing", "discard", "over")
MY_TURN = """() => { const t = document.getElementById('table');
                     return t.dataset.phase === 'over' || t.dataset.toMove === '0'; }"""

# axe's serious and critical findings, each with the first few elements it names.
AXE_RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => v.id + ": " + v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(" | "));
}"""

# Every piece of text shown in the table, with its colour and the solid colour behind it: the
# backgrounds of its ancestors laid over the felt at its lightest (the table's gradient starts
# from --felt-light), so the ratio is the worst the gradient gives.
CONTRASTS = """() => {
  const parse = c => { const m = c.match(/[\\d.]+/g).map(Number);
                       return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, bottom) => top.slice(0, 3).map((v, i) => v * top[3] + bottom[i] * (1 - top[3]));
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const table = document.getElementById("table");
  const probe = document.createElement("span");
  probe.style.color = "var(--felt-light)";
  table.appendChild(probe);
  const felt = parse(getComputedStyle(probe).color);
  probe.remove();
  const found = [];
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el.checkVisibility({ visibilityProperty: true })) continue;
    if (el.closest(".visually-hidden, :disabled, .notice, .suit-tip")) continue;
    const chain = [];
    for (let a = el; a && a !== table; a = a.parentElement) chain.push(a);
    let back = felt.slice(0, 3);
    for (const a of chain.reverse()) back = over(parse(getComputedStyle(a).backgroundColor), back);
    const fg = over(parse(getComputedStyle(el).color), back);
    const [hi, lo] = [lum(fg), lum(back)].sort((x, y) => y - x);
    found.push([el.className || el.tagName, node.textContent.trim().slice(0, 40),
                (hi + 0.05) / (lo + 0.05)]);
  }
  return found;
}"""


@pytest.fixture
def browser_context_args() -> dict[str, Any]:
    # The page's Content-Security-Policy (when it has one) would refuse the injected axe (the
    # same context as tests/test_page_review.py's, which injects it too).
    return {"bypass_csp": True}


WINDOW = {"width": 1280, "height": 800}


# Every run of words joined by no-break spaces (a formula, a number and its unit, a card's
# name) inside ``root`` that the browser laid out on more than one line.
BROKEN_RUNS = r"""root => {
  const bad = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    if (!node.parentElement.checkVisibility()) continue;
    // (each no-break space with a character either side: Chinese has no spaces to end a run)
    for (const found of node.data.matchAll(/.[\u00a0\u202f](?=.)/gu)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length + 1);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                        .map(r => Math.round(r.bottom)));
      if (lines.size > 1) bad.push(node.data.slice(Math.max(0, found.index - 12), found.index + 14));
    }
  }
  return bad;
}"""


def broken_runs(page: Page, selector: str) -> list[str]:
    """The formulas, counts and card names in ``selector`` that break across lines."""
    return page.eval_on_selector(selector, BROKEN_RUNS)  # type: ignore[no-any-return]


def axe_violations(page: Page) -> list[str]:
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)  # type: ignore[no-any-return]


def low_contrasts(page: Page) -> list[tuple[str, str, float]]:
    return [(cls, words, round(ratio, 2)) for cls, words, ratio in page.evaluate(CONTRASTS)
            if ratio < 4.5]


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")


def best_size(page: Page) -> int:
    return page.locator("#trick:not(.finished) .slot.best .slot-cards img").count()


def phase_now(page: Page) -> str:
    """Which of PHASES the table is in, on your turn (or at the end)."""
    phase = page.get_attribute("#table", "data-phase") or ""
    if phase == "playing" and page.is_visible("[data-action='discard']"):
        return "discard"
    return phase


def choose(page: Page, codes: tuple[str, ...], button: str) -> bool:
    """Select ``codes`` and press ``button`` if the page enables it; else select nothing again."""
    for code in codes:
        page.click(f"#hand [data-card='{code}']")
    if page.is_enabled(f"[data-action='{button}']"):
        page.click(f"[data-action='{button}']")
        return True
    for code in codes:
        page.click(f"#hand [data-card='{code}']")
    return False


def move(page: Page) -> None:
    """One legal move for you, read from the page's cards and buttons, never from its words."""
    if page.is_visible("[data-action='call']"):
        page.click("[data-action='call']")
        return
    if page.is_visible("[data-action='claim']"):
        page.click("[data-action='claim']")
        return
    cards = hand(page)
    if page.is_visible("[data-action='discard']"):
        assert choose(page, tuple(cards[: best_size(page)]), "discard")
        return
    size = best_size(page) or 1
    for codes in combinations(cards, size):
        if classify(parse_cards(" ".join(codes))) and choose(page, codes, "play"):
            return
    raise AssertionError(f"no play accepted from {cards}")


def play_to_the_end(page: Page, moves: int = 80) -> None:
    """Make your moves (`move`) until the deal is over."""
    for _ in range(moves):
        page.wait_for_function(MY_TURN, timeout=20_000)
        if page.get_attribute("#table", "data-phase") == "over":
            return
        move(page)
    raise AssertionError("the deal did not end")


def test_every_phase_in_every_language_passes_axe_and_your_turn_is_announced(
        page: Page, screenshot_dir: Path) -> None:
    """Calling, playing, your discard and the end of a deal, in all six languages (at each phase
    the picker switches to each in turn, as a player would): axe finds no serious or critical
    violation, and no text on the table is below 4.5:1.  Each phase leaves a screenshot:
    phase-<language>-<phase>.png.  In the first deal, each of your turns is also read in
    English and in Persian from the live region that announces it (`your_turn_is_announced`)."""
    problems: dict[str, list[str]] = {}
    page.set_viewport_size(WINDOW)
    page.goto("index.html?seed=1&master=0&delay=0")
    page.wait_for_selector(READY, timeout=30_000)
    assert page.get_attribute("#turn-news", "aria-live") == "polite"
    assert page.eval_on_selector("#log", "e => e.closest('[aria-live=polite]') !== null")
    # axe does look: a picture without words is found.
    page.evaluate("() => document.getElementById('settings').append(new Image(10, 10))")
    assert any(found.startswith("image-alt") for found in axe_violations(page))
    page.evaluate("() => document.querySelector('#settings > img').remove()")
    seen: set[str] = set()
    followed = {"en": 0, "fa": 0}
    for deal in range(30):
        if deal:  # the next deals are random
            page.click("[data-action='new-deal']")
            if page.is_visible("#abandon [data-action='abandon']"):
                page.click("#abandon [data-action='abandon']")
        for _ in range(60):
            page.wait_for_function(MY_TURN, timeout=20_000)
            phase = phase_now(page)
            if phase not in seen:
                seen.add(phase)
                for language in OFFERED:
                    speak(page, language)
                    page.screenshot(path=str(screenshot_dir / f"phase-{language}-{phase}.png"))
                    found = axe_violations(page) + [str(c) for c in low_contrasts(page)]
                    if found:
                        problems[f"{language} {phase}"] = found
            if phase == "over":
                break
            if deal == 0:
                your_turn_is_announced(page, followed)
            move(page)
            seat, said = page.evaluate("""() => [document.getElementById('table').dataset.toMove,
                                                 document.getElementById('turn-news').textContent]""")
            if deal == 0 and seat not in ("0", ""):
                assert said == "", "the region speaks while it is not your turn"
        if seen == set(PHASES):
            break
    assert seen == set(PHASES), f"only {sorted(seen)} seen"
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert all(followed.values()), f"never asked to beat a play: {followed}"


def news(page: Page) -> str:
    return page.text_content("#turn-news") or ""


def your_turn_is_announced(page: Page, followed: dict[str, int]) -> None:
    """A polite live region says, in the page's language, that your turn has come, what you
    must do and the play to beat; the log (a polite live region too) tells your own call.
    Read in each language of ``followed``, which counts the plays to beat it was told."""
    for language in followed:
        speak(page, language)
        tr = translator(language)
        said = news(page)
        if page.get_attribute("#table", "data-phase") == "calling":
            assert said == tr.gettext("Your call: play this deal, or pass?")
            continue
        assert tr.gettext("You play this deal.") in page.inner_text("#log")
        assert said == page.inner_text("#prompt")
        best = page.eval_on_selector_all(
            "#trick:not(.finished) .slot.best .slot-cards img",
            "els => els.map(e => e.getAttribute('src').match(/([CSMT][1-9])\\.svg$/)[1])")
        if best:
            play = classify(parse_cards(" ".join(best)))
            assert play is not None and naming.play_text(tr, play) in said, said
            followed[language] += 1
        else:
            assert said.startswith(tr.gettext("Your lead: choose cards to lead.")[:8]), said


# Each data-i18n element: its context, its English (data-msgid), its text, whether it is inside
# a [hidden] element, and its computed visibility.
STATIC_TEXT = """() => [...document.querySelectorAll('[data-i18n]')].map(node => [
    node.getAttribute('data-i18n') || '', node.getAttribute('data-msgid') || '',
    node.textContent.replace(/[ \\t\\n\\r\\f]+/g, ' ').trim(), !!node.closest('[hidden]'),
    getComputedStyle(node).visibility])"""


@pytest.mark.browser
def test_with_no_runtime_every_language_shows_its_whole_page_and_failure_panel(
        page: Page, browser_log: BrowserLog, screenshot_dir: Path) -> None:
    """Python never starts (its WebAssembly is refused): still, in every language, the whole
    static page (header, settings, rules card, failure panel) is in that language and direction,
    nothing is hidden waiting for Python, and axe finds nothing serious."""
    browser_log.expect_console_error(r"Failed to load resource")
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    for code in [c for c in OFFERED if c != "en"]:
        tr = translator(code)
        page.goto(f"index.html?lang={code}&seed=4")
        page.wait_for_selector("#table[data-phase='error'] #failure", state="visible", timeout=20_000)
        page.wait_for_function("() => !document.documentElement.hasAttribute('data-translating')")
        assert page.get_attribute("html", "dir") == LANGUAGES[code].direction
        assert page.inner_text("#failure-title") == tr.gettext("The game could not load")
        assert page.inner_text("#failure [data-action='retry']") == tr.gettext("Try again")
        assert page.inner_text("#rules-title") == tr.gettext("How to play")
        for context, english, shown, in_hidden, visibility in page.evaluate(STATIC_TEXT):
            assert english, f"{code}: {shown!r} was left as it is"
            wanted = tr.pgettext(context, english) if context else tr.gettext(english)
            assert shown == re.sub("[ \t\n\r\f]+", " ", wanted).strip(), (code, english, shown)
            assert in_hidden or visibility == "visible", (code, shown)
        if LANGUAGES[code].digits != "0123456789":  # the rules card's pictures in its own faces
            assert "/fa/" in str(page.get_attribute("#rules img[data-face]", "src"))
        assert axe_violations(page) == [], code
        page.screenshot(path=str(screenshot_dir / f"lang-{code}-no-runtime.png"), full_page=True)
