"""The game controller: holds the deal (the engine's State is the referee), takes the player's
clicks, runs the two computer players at a readable pace, and announces every event.

The computer players get only their own ``state.observation(seat)``; their chosen actions go
straight to ``state.apply`` and are never shown or logged, except a face-up play's cards (public)
and a face-down discard's count.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from js import document, window
from pyodide.ffi import create_proxy

from lukfu import Action, Card, IllegalAction, State, new_deal, parse_cards
from lukfu.ai import choose_action
from lukfu.i18n import DEFAULT_LANGUAGE, available_languages, translator
from lukfu.web import options, text
from lukfu.web.render import Renderer
from lukfu.web.text import YOU
from lukfu.web.view import Replay, table_view

SPEED_KEY = "lukfu.speed"  # localStorage key of the "Computer speed" setting
MAX_SEED = 10**9
AFTER_TRICK = 1.5  # a finished trick stays a little longer before the next lead


def stored(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # storage can be unavailable (privacy settings): the setting just resets
        return None
    return str(value) if value else None  # JavaScript's null arrives as the falsy jsnull


def store(key: str, value: str) -> None:
    with contextlib.suppress(Exception):  # see `stored`
        window.localStorage.setItem(key, value)


def browser_languages() -> list[str]:
    try:
        return [str(code).lower() for code in window.navigator.languages]
    except Exception:
        return []


def pick_language(requested: str | None, offered: list[str]) -> str:
    """The address's ?lang=, else the first of the browser's languages we have, else English."""
    if requested:
        return requested
    for code in browser_languages():
        base = code.split("-")[0]
        if base in offered:
            return base
    return DEFAULT_LANGUAGE


class App:
    def __init__(self) -> None:
        offered = available_languages()
        self.options = options.parse_options(str(window.location.search), offered)
        self.tr = translator(pick_language(self.options.language, offered))
        self.view = Renderer(self.tr)
        self.speed = document.getElementById("speed")
        self.delay_override = self.options.delay
        self.random = random.Random()
        self.state: State | None = None
        self.seed = 0
        self.ai_random = random.Random(0)
        self.selected: set[Card] = set()
        self.generation = 0  # bumped by each new deal: stale computer turns stop
        self._proxies: list[Any] = []

    # --- setup -------------------------------------------------------------------------------

    def start(self) -> None:
        self.view.translate_static()
        saved = stored(SPEED_KEY)
        if saved in options.SPEEDS:
            self.speed.value = saved
        self._listen(self.view.table, "click", self.on_click)
        self._listen(self.speed, "change", self.on_speed)
        for name, value in self.options.problems:
            self.view.announce(options.problem_text(self.tr, name, value), notice=True)
        self.deal(self.options.seed, self.options.master)

    def _listen(self, node: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep the proxy alive as long as the page
        node.addEventListener(event, proxy)

    def delay(self) -> float:
        """Seconds to wait before a computer move."""
        if self.delay_override is not None:
            return self.delay_override / 1000
        speed = str(self.speed.value)
        return options.SPEEDS.get(speed, options.SPEEDS[options.DEFAULT_SPEED]) / 1000

    def on_speed(self, _event: Any) -> None:
        self.delay_override = None  # the player's choice now wins over the address
        store(SPEED_KEY, str(self.speed.value))

    # --- the deal ------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, master: int | None = None) -> None:
        self.generation += 1
        self.seed = self.random.randrange(MAX_SEED) if seed is None else seed
        self.state = new_deal(self.seed, master)
        # The computer players' randomness follows the deal number, so a deal replays exactly.
        self.ai_random = random.Random(self.seed)
        self.selected.clear()
        self.view.announce(text.new_deal_text(self.tr, self.state.master))
        self.refresh()
        self.schedule()

    def refresh(self) -> None:
        state = self.state
        assert state is not None
        obs = state.observation(YOU)
        replay = None
        if state.is_over:
            href = options.replay_query(str(window.location.search), self.seed, state.master)
            replay = Replay(self.seed, href)
        self.view.render(table_view(self.tr, obs, self.selected, state.check, replay))

    def step(self, seat: int, action: Action) -> None:
        """Apply one action by ``seat`` and announce what everybody saw."""
        before = self.state
        assert before is not None
        after = before.apply(action)
        self.state = after
        for message in text.step_texts(self.tr, seat, action, before, after):
            self.view.announce(message)
        if after.is_over:
            self.view.announce(text.deal_number_text(self.tr, self.seed))
        if seat == YOU:
            self.selected.clear()
        self.refresh()

    # --- computer players -------------------------------------------------------------------

    def schedule(self) -> None:
        state = self.state
        if state is not None and not state.is_over and state.to_move != YOU:
            asyncio.ensure_future(self.run_computers(self.generation))

    async def run_computers(self, generation: int) -> None:
        pause = self.delay()
        while generation == self.generation:
            state = self.state
            assert state is not None
            if state.is_over or state.to_move == YOU or state.to_move is None:
                return
            await asyncio.sleep(pause)
            if generation != self.generation:
                return
            seat = state.to_move
            tricks = len(state.tricks)
            action = choose_action(state.observation(seat), self.ai_random)
            self.step(seat, action)
            finished_trick = self.state is not None and len(self.state.tricks) > tricks
            pause = self.delay() * (AFTER_TRICK if finished_trick else 1)

    # --- the player's input -----------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target or target.disabled:  # null arrives as the falsy jsnull
            return
        code = target.getAttribute("data-card")
        if code:
            self.toggle(parse_cards(str(code))[0])
            return
        name = str(target.getAttribute("data-action"))
        if name == "new-deal":
            self.deal()
            return
        state = self.state
        if state is None or state.to_move != YOU:
            return
        if name == "call":
            action = Action.call()
        elif name == "pass":
            action = Action.pass_()
        elif name == "claim":
            action = Action.claim()
        elif name in ("play", "discard") and self.selected:
            cards = sorted(self.selected)
            action = Action.play(cards) if name == "play" else Action.discard(cards)
        else:
            return
        try:
            state.check(action)
        except IllegalAction as error:  # the buttons prevent this; say why all the same
            self.view.problem(text.illegal_text(self.tr, error, state.observation(YOU)))
            return
        self.step(YOU, action)
        self.schedule()

    def toggle(self, card: Card) -> None:
        state = self.state
        if state is None or state.to_move != YOU or state.phase != "playing":
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.add(card)
        self.refresh()
