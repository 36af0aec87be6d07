"""Whole deals played through the page by clicking, as a person would.

The test player reads only the page (your hand, the trick, which buttons show) and clicks; it
calls in one deal and passes in another, discards face down when it cannot beat, and claims
when it may.  Along the way it checks that no computer player's hidden card (its hand, or a
card it discarded face down) ever reaches the page or the console before the deal is over,
and at the end that the net points shown sum to zero.  Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from lukfu import PLAYING, Action, Card, State, classify, new_deal, parse_cards, settle
from lukfu.ai import make_player
from lukfu.dealcode import read_deal_code
from lukfu.saves import write_save
from lukfu.session import Session

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

READY = "#table:not([data-phase='loading'])"
SUIT_WORDS = {"Coins": "C", "Strings": "S", "Myriads": "M", "Tens": "T"}
# Card names as the page writes them: "7 of Coins", a run "3–5 of Myriads", a set
# "7 of Coins, Strings and Tens".
SUIT = r"(?:Coins|Strings|Myriads|Tens)"
NAME = re.compile(rf"\b([1-9])(?:–([1-9]))?[ \u00a0]of[ \u00a0]({SUIT}(?:(?:, | and ){SUIT})*)")
CODE = re.compile(r"(?<![A-Za-z0-9])([CSMT][1-9])(?![A-Za-z0-9])")
PUBLIC_LINE = re.compile(r"^(?:Right|Left) (?:leads|plays) (.+)\.$")

# The page without the rules card (static text that names cards, e.g. "1 of Coins") and the
# suit legend (a 5 of each suit, to show the suits: no card of the deal).
SNAPSHOT = """() => {
  const copy = document.documentElement.cloneNode(true);
  copy.querySelector('#rules').remove();
  copy.querySelectorAll('.suit-legend').forEach(legend => legend.remove());
  const log = [...document.querySelectorAll('#log li')].map(li => li.textContent);
  return [copy.outerHTML, log];
}"""


def names_to_cards(text: str) -> set[Card]:
    found: set[Card] = set()
    for low, high, suits in NAME.findall(text):
        for suit in re.split(", | and ", suits):
            for rank in range(int(low), int(high or low) + 1):
                found.add(parse_cards(f"{SUIT_WORDS[suit]}{rank}")[0])
    return found


def cards_in(text: str) -> set[Card]:
    """Every card the text mentions, by code (C7, also in file names) or by name."""
    return {parse_cards(code)[0] for code in CODE.findall(text)} | names_to_cards(text)


@dataclass
class Deal:
    """What one deal through the page did."""

    seed: int
    called: bool = False
    passed: bool = False
    discarded: bool = False
    claimed: bool = False
    redealt: bool = False
    illegal_checked: bool = False
    hidden_checks: int = 0
    net: list[int] = field(default_factory=list)


class Player:
    """Plays seat 0 through the page: reads the DOM, clicks cards and buttons."""

    def __init__(self, page: Page, console: list[str]) -> None:
        self.page = page
        self.console = console
        self.ai_hands: set[Card] | None = None

    # --- reading the page ------------------------------------------------------------------

    def attr(self, name: str) -> str:
        return self.page.get_attribute("#table", name) or ""

    def wait_for_me(self) -> None:
        self.page.wait_for_function(
            """() => { const t = document.getElementById('table');
                       return t.dataset.phase === 'over' || t.dataset.toMove === '0'; }""",
            timeout=20_000,
        )

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")

    def best(self) -> list[str]:
        """The best play of the trick in progress (not of the finished one still shown)."""
        srcs = self.page.eval_on_selector_all(
            "#trick:not(.finished) .slot.best .slot-cards img", "els => els.map(e => e.getAttribute('src'))")
        return [re.search(r"([CSMT][1-9])\.svg$", s).group(1) for s in srcs]  # type: ignore[union-attr]

    def visible(self, action: str) -> bool:
        return self.page.is_visible(f"[data-action='{action}']")

    def enabled(self, action: str) -> bool:
        return self.page.is_enabled(f"[data-action='{action}']")

    def click_card(self, code: str) -> None:
        from playwright.sync_api import expect

        button = self.page.locator(f"#hand [data-card='{code}']")
        before = button.get_attribute("aria-pressed")
        button.click()  # the worker answers, and the page draws the card pressed (or not)
        expect(button).to_have_attribute("aria-pressed", "false" if before == "true" else "true")

    def selected(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand [aria-pressed='true']", "els => els.map(e => e.dataset.card)")

    def deselect_all(self) -> None:
        for code in self.selected():
            self.click_card(code)

    # --- the hidden-information promise ----------------------------------------------------

    def check_hidden(self, deal: Deal) -> None:
        """No computer player's card that has not been played face up is in the page/console."""
        if self.ai_hands is None or self.attr("data-phase") == "over":
            return
        html, log = self.page.evaluate(SNAPSHOT)
        public: set[Card] = set()
        for line in log:
            match = PUBLIC_LINE.match(line)
            if match:
                public |= names_to_cards(match.group(1))
        hidden = self.ai_hands - public
        leaked = cards_in(html) & hidden
        assert not leaked, f"hidden cards in the page: {sorted(map(str, leaked))}"
        leaked = cards_in("\n".join(self.console)) & hidden
        assert not leaked, f"hidden cards in the console: {sorted(map(str, leaked))}"
        deal.hidden_checks += 1

    def learn_ai_hands(self, seed: int, master: int | None) -> None:
        """The computer players' hands at the first trick, from the engine (after any redeals)."""
        mine = set(parse_cards(" ".join(self.hand())))
        state: State = new_deal(seed, master)
        for _ in range(20):
            if set(state.hands[0]) == mine:
                self.ai_hands = set(state.hands[1]) | set(state.hands[2])
                return
            for _ in range(3):  # three passes: the engine redeals the same way the page did
                state = state.apply(Action.pass_())
        raise AssertionError("the hand on the page is not one of this seed's deals")

    # --- one decision ----------------------------------------------------------------------

    def decide(self, deal: Deal, calls: list[bool], claim: bool) -> None:
        page = self.page
        phase = self.attr("data-phase")
        if phase == "calling":
            assert self.visible("call") and self.visible("pass")
            assert "play" in page.inner_text("#prompt").lower()
            if "All three passed" in page.inner_text("#log"):
                assert "after 1\u00a0redeal" in page.inner_text("#trick .trick-title")
            call = calls.pop(0) if len(calls) > 1 else calls[0]
            page.click("[data-action='call']" if call else "[data-action='pass']")
            deal.called |= call
            deal.passed |= not call
            return
        if self.ai_hands is None:
            self.learn_ai_hands(deal.seed, self.master)
        self.check_hidden(deal)
        if self.visible("claim") and claim:
            self.check_claim_button()
            page.click("[data-action='claim']")
            deal.claimed = True
            return
        if self.visible("discard"):
            self.discard(deal)
            return
        assert self.visible("play") and not self.enabled("play")
        # The last trick stays on the table until the next lead: its best play is not yours to beat.
        finished = self.page.eval_on_selector("#trick", "e => e.classList.contains('finished')")
        best = [] if finished else self.best()
        if not best:
            if not deal.illegal_checked:
                self.check_illegal_selection()
                deal.illegal_checked = True
            self.lead()
        else:
            self.follow(best)

    def check_claim_button(self) -> None:
        sub = self.page.inner_text("[data-action='claim'] .btn-sub")
        match = re.search(r"F\s=\s(\d+), S\s=\s(\d+), \+(\d+)\spoints", sub)
        assert match, sub
        F, S, points = map(int, match.groups())
        assert F >= 6 and S == F - 5 and points in (2 * S,)
        hint = self.page.inner_text("#hint")
        assert f"F\u00a0=\u00a0{F}" in hint and f"+{points}" in hint

    def check_illegal_selection(self) -> None:
        """Two cards of different suits and ranks are not a play: the page says why."""
        hand = self.hand()
        pair = next(
            ((a, b) for a, b in combinations(hand, 2) if a[0] != b[0] and a[1] != b[1]), None)
        if pair is None:
            return
        for code in pair:
            self.click_card(code)
        assert not self.enabled("play")
        hint = self.page.locator("#hint")
        assert "problem" in (hint.get_attribute("class") or "")
        assert hint.inner_text().startswith("Not a play")
        self.deselect_all()

    def try_play(self, cards: tuple[str, ...]) -> bool:
        for code in cards:
            self.click_card(code)
        if self.enabled("play"):
            assert self.page.inner_text("#hint").startswith("Ready to play")
            self.page.click("[data-action='play']")
            return True
        assert self.page.inner_text("#hint"), "an illegal selection must say why"
        self.deselect_all()
        return False

    def lead(self) -> None:
        """Some single is always legal to lead: find one the page accepts, by keyboard."""
        page = self.page
        for code in self.hand():
            page.focus(f"#hand [data-card='{code}']")
            page.keyboard.press("Space")
            assert page.get_attribute(f"#hand [data-card='{code}']", "aria-pressed") == "true"
            if self.enabled("play"):
                page.focus("[data-action='play']")
                page.keyboard.press("Enter")
                # The played card is gone; the keyboard stays on the table.
                assert page.evaluate("() => !!document.activeElement.closest('#table')")
                return
            page.keyboard.press("Space")
        raise AssertionError(f"no single could be led: {page.inner_text('#hint')} "
                             f"{page.inner_text('#prompt')} {self.hand()} {self.selected()}")

    def follow(self, best: list[str]) -> None:
        hand = self.hand()
        for cards in combinations(hand, len(best)):
            if classify(parse_cards(" ".join(cards))) is not None and self.try_play(cards):
                return
        raise AssertionError(f"the page offers Play but nothing beats {best}")

    def discard(self, deal: Deal) -> None:
        n = len(self.best())
        assert n > 0 and not self.enabled("discard")
        hand = self.hand()
        if len(hand) > n:  # one card too many: the page says how many
            for code in hand[: n + 1]:
                self.click_card(code)
            assert not self.enabled("discard")
            assert self.page.inner_text("#hint").startswith("Discard exactly")
            self.click_card(hand[n])
        else:
            for code in hand[:n]:
                self.click_card(code)
        assert self.enabled("discard"), self.page.inner_text("#hint")
        self.page.click("[data-action='discard']")
        deal.discarded = True

    # --- a deal's end, or a whole deal -----------------------------------------------------

    def resume_near_the_end(self, seed: int, master: int) -> Deal:
        """Before the page loads: a save of deal ``seed`` a few of your moves before its end
        (`near_the_end`), which the page then resumes; written once, not on a reload."""
        save, self.ai_hands = near_the_end(seed, master)
        self.master = master
        self.page.add_init_script(f"""if (!sessionStorage.getItem('test.saved')) {{
            sessionStorage.setItem('test.saved', '1');
            localStorage.setItem('lukfu.save', {json.dumps(save)}); }}""")
        return Deal(seed)


    def play_deal(self, seed: int, master: int | None, calls: list[bool], claim: bool,
                  shots: dict[str, Path] | None = None, full_page: bool = True,
                  midway: Callable[[], None] | None = None) -> Deal:
        """Open the deal ``seed`` and play it to its end; ``midway`` runs once after the first
        of the player's moves (the deal then is in progress)."""
        page = self.page
        self.master = master
        self.ai_hands = None
        self.console.clear()
        query = f"?seed={seed}&delay=0" + ("" if master is None else f"&master={master}")
        page.goto("index.html" + query)
        page.wait_for_selector(READY, timeout=30_000)
        deal = Deal(seed)
        page.click("#trick")  # a click on the table itself does nothing (and breaks nothing)
        for _ in range(200):
            self.wait_for_me()
            phase = self.attr("data-phase")
            if phase == "over":
                break
            if shots and phase == "calling" and "calling" in shots:
                page.screenshot(path=str(shots.pop("calling")), full_page=full_page)
            if shots and phase == "playing" and self.best() and "trick" in shots:
                page.screenshot(path=str(shots.pop("trick")), full_page=full_page)
            self.decide(deal, calls, claim)
            if midway is not None:
                midway()
                midway = None
        else:
            raise AssertionError("the deal did not end")
        deal.redealt = "All three passed" in page.inner_text("#log")
        self.check_result(deal)
        if shots and "result" in shots:
            page.screenshot(path=str(shots.pop("result")), full_page=full_page)
        return deal

    def check_result(self, deal: Deal) -> None:
        page = self.page
        assert self.attr("data-to-move") == ""
        assert self.visible("new-deal")
        rows = page.locator("[data-result-seat]")
        assert rows.count() == 3
        deal.net = [int(rows.nth(i).get_attribute("data-net") or "x") for i in range(3)]
        assert sum(deal.net) == 0
        shown = [rows.nth(i).locator(".net").inner_text() for i in range(3)]
        assert shown == [f"+{n}" if n > 0 else str(n).replace("-", "\u2212") for n in deal.net]
        # The deal's number is told at the end, with a link that deals it again.
        assert page.get_attribute("#trick .result", "data-deal") == str(deal.seed)
        href = page.get_attribute("#trick .result .replay a", "href") or ""
        code = re.search(r"[?&]deal=([\w-]+)", href)
        assert code and href.startswith("?") and read_deal_code(code.group(1))[0] == deal.seed
        title = page.inner_text("#trick .trick-title")
        assert re.search(r"win|drawn", title), title
        # Every hand is shown at the end: the computer players' cards face up.
        for seat in (1, 2):
            size = int(page.locator(f"[data-seat='{seat}'] .seat-count").inner_text().split()[0])
            assert page.locator(f"[data-seat='{seat}'] .seat-cards img").count() == size
            assert page.locator(f"[data-seat='{seat}'] .seat-cards img[src$='back.svg']").count() == 0
        fu = [int(rows.nth(i).get_attribute("data-fu") or "x") for i in range(3)]
        winner = [i for i in range(3) if rows.nth(i).get_attribute("class") == "winner"]
        if winner and not deal.claimed and "claimed" not in page.inner_text("#trick").lower():
            assert fu[winner[0]] >= 6
        if deal.claimed:
            assert winner == [0] and deal.net[0] > 0
            assert "You claim with F\u00a0=\u00a0" in page.inner_text("#log")


def speak(page: Page, language: str) -> None:
    """Switch the page's language with the picker, as a player would."""
    if page.get_attribute("html", "lang") != language:
        page.select_option("#language", language)
        page.wait_for_function(f"() => document.documentElement.lang === '{language}'")


def near_the_end(seed: int, master: int, decisions: int = 2) -> tuple[str, set[Card]]:
    """A save of deal ``seed`` against `LEVEL` with your last ``decisions`` still to make (you
    play the first legal move, or claim), as the page would have written it; and the computer
    players' hands as the play began."""
    session = Session.new(seed, master, level=LEVEL)
    yours = []
    hidden: set[Card] = set()
    while not session.is_over:
        if session.state.phase == PLAYING and not hidden:
            hidden = set(session.state.hands[1]) | set(session.state.hands[2])
        if session.waiting_for_person():
            yours.append(session)
            legal = session.observation(0).legal
            session = session.act(next((a for a in legal if a.kind == "claim"), legal[0]))
        else:
            session = session.step()
    return write_save(yours[-decisions]), hidden


LEVEL = "beginner"
"""The computer level these deals are played against: the test player is no match for more, and
its deals should see claims (set before the page loads, as the level setting keeps it)."""


def seed_where_everybody_passes() -> int:
    """A deal number where, if you (the Master) pass, both computer players pass too.

    The page seats computer players of the chosen level, each decision seeded from the deal
    number, so the same players can tell here what they will do.
    """
    for seed in range(1, 500):
        state = new_deal(seed, 0).apply(Action.pass_())
        player = make_player(LEVEL, seed)
        while state.phase == "calling" and state.to_move != 0:
            state = state.apply(player.choose(state.observation(state.to_move)))
        if state.redeals:
            return seed
    raise AssertionError("no deal where all three pass")


def test_deals_played_through_by_clicking(player: Player, screenshot_dir: Path) -> None:
    """Deals until the player has called, passed, discarded face down and claimed; one deal is
    redealt after three passes."""
    redeal = player.play_deal(seed_where_everybody_passes(), 0, [False, True], claim=True)
    assert redeal.redealt and redeal.passed and redeal.called
    shots = {name: screenshot_dir / f"{name}.png" for name in ("calling", "trick", "result")}
    done = {goal: bool(getattr(redeal, goal)) for goal in ("called", "passed", "discarded", "claimed")}
    deals: list[Deal] = [redeal]
    for seed in range(1, 13):
        want_call = not done["called"] or done["passed"]
        deal = player.play_deal(seed, 0, [want_call], claim=True, shots=shots)
        deals.append(deal)
        for goal in done:
            done[goal] |= getattr(deal, goal)
        if all(done.values()):
            break
    summary = [(d.seed, d.called, d.passed, d.discarded, d.claimed, d.net) for d in deals]
    print(summary)
    assert all(done.values()), f"not every kind of move happened: {summary}"
    assert sum(d.hidden_checks for d in deals) > 10
    assert not shots, f"screenshots not taken: {sorted(shots)}"


def test_claim_value_matches_settle() -> None:
    """The claim button's numbers are the engine's: 2S for the claimant (checked above)."""
    for F in range(6, 13):
        for caller in range(3):
            assert settle(0, F, caller)[0] == 2 * (F - 5)
