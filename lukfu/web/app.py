"""The page's controller: DOM events become session calls, session views and events become DOM.

The game itself (seats, turns, computer players, events, records) is ``lukfu.session``; this
module only listens to the page, paces the computer players, keeps the player's selection and
settings, and shows a calm error panel if anything unexpected goes wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from js import document, window
from pyodide.ffi import create_proxy

from lukfu import PLAYING, Action, Card, IllegalAction, parse_cards
from lukfu.i18n import (
    DEFAULT_LANGUAGE,
    OFFERED,
    Translator,
    catalog_url,
    match_language,
    translator,
    translator_from_mo,
)
from lukfu.session import DEAL_OVER, TRICK_WON, Event, Session
from lukfu.web import options, text
from lukfu.web.render import Renderer
from lukfu.web.text import YOU
from lukfu.web.view import Replay, suit_tip_view, table_view

SPEED_KEY = "lukfu.speed"  # localStorage key of the "Computer speed" setting
LANGUAGE_KEY = "lukfu.language"  # localStorage key of the language picker's choice
SUIT_TIP_KEY = "lukfu.suits-shown"  # set once the suit legend was shown to a new player
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
    """The address's ?lang=, else the player's last choice, else the first of the browser's
    languages we have, else English."""
    if requested:
        return requested
    chosen = stored(LANGUAGE_KEY)
    if chosen and match_language(chosen, offered):
        return match_language(chosen, offered) or DEFAULT_LANGUAGE
    for code in browser_languages():
        found = match_language(code, offered) or match_language(code.split("-")[0], offered)
        if found:
            return found
    return DEFAULT_LANGUAGE


async def load_translator(language: str) -> tuple[Translator, bool]:
    """The chosen language's translator, its catalog fetched now (only that one; English needs
    none). If it cannot be had, English, and False to say so."""
    if language == DEFAULT_LANGUAGE:
        return translator(), True
    try:
        response = await window.fetch(catalog_url(language))
        if response.ok:
            data = (await response.arrayBuffer()).to_bytes()
            return translator_from_mo(language, data), True
    except Exception:  # offline, or a damaged catalog (CatalogError): play on in English
        pass
    return translator(), False


class App:
    def __init__(self) -> None:
        self.options = options.parse_options(str(window.location.search), list(OFFERED))
        self.language = pick_language(self.options.language, list(OFFERED))
        self.tr = translator()
        self.language_missing = False
        self.view = Renderer(self.tr)
        self.speed = document.getElementById("speed")
        self.delay_override = self.options.delay
        self.random = random.Random()
        self.session: Session | None = None
        self.selected: set[Card] = set()
        self.generation = 0  # bumped by each new deal: stale computer turns stop
        self.failure: str | None = None  # what went wrong, for "copy details"
        self._proxies: list[Any] = []

    # --- setup -------------------------------------------------------------------------------

    async def load_language(self) -> None:
        self.tr, found = await load_translator(self.language)
        self.language_missing = not found
        self.view.tr = self.tr

    def start(self) -> None:
        self.view.translate_static()
        saved = stored(SPEED_KEY)
        if saved in options.SPEEDS:
            self.speed.value = saved
        self.picker = self.view.offer_languages(list(OFFERED), self.tr.language)
        self._listen(self.view.table, "click", self.on_click)
        self._listen(self.speed, "change", self.on_speed)
        self._listen(self.picker, "change", self.on_language)
        for name, value in self.options.problems:
            self.view.announce(options.problem_text(self.tr, name, value), notice=True)
        if self.language_missing:
            self.view.announce(self.tr.gettext(
                "The chosen language could not be loaded, so the game is in English."), notice=True)
        self.deal(self.options.seed, self.options.master)
        if stored(SUIT_TIP_KEY) is None:  # first use: which suit is which
            self.view.suit_tip(suit_tip_view(self.tr))
            store(SUIT_TIP_KEY, "1")

    def _listen(self, node: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(lambda e: self.guarded(handler, e))
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

    def on_language(self, _event: Any) -> None:
        asyncio.ensure_future(self.guarded_async(self.switch_language(str(self.picker.value))))

    async def switch_language(self, language: str) -> None:
        """Speak another language from now on; the deal in progress goes on untouched."""
        tr, found = await load_translator(language)
        if not found:  # the game goes on in the language it was in
            self.picker.value = self.tr.language
            self.view.announce(self.tr.gettext("The chosen language could not be loaded."),
                               notice=True)
            return
        store(LANGUAGE_KEY, language)
        self.tr = self.view.tr = tr
        self.view.translate_static()
        if self.view.suit_tip_shown():
            self.view.suit_tip(suit_tip_view(tr))
        if self.session is not None:
            told = [text.event_text(tr, event) for event in self.session.events]
            if self.session.is_over:
                told.append(text.deal_number_text(tr, self.session.deal_number))
            self.view.retell(told)
            self.refresh()
        # A reload keeps the choice: the address's ?lang= would otherwise win over it.
        query = options.with_language(str(window.location.search), language)
        window.history.replaceState(None, "", query or window.location.pathname)

    # --- when something goes wrong -----------------------------------------------------------

    def guarded(self, handler: Callable[[Any], None], event: Any) -> None:
        try:
            handler(event)
        except Exception as error:
            self.fail(error)

    def fail(self, error: BaseException) -> None:
        """A calm error panel instead of a traceback; the deal record is kept for a bug report."""
        self.generation += 1  # the computer players stop
        record = self.session.record() if self.session is not None else ""
        self.failure = "\n".join(
            ["".join(traceback.format_exception(error)).rstrip(), "", f"Deal record: {record}"]
        )
        # The details hold the deal's record (every hand): the renderer keeps them out of the
        # page's markup, for the clipboard only.
        self.view.show_failure(
            self.tr.gettext("Something went wrong"),
            self.tr.gettext("The game met an unexpected error and stopped this deal. "
                            "You can start a new deal; “Copy details” copies a report "
                            "for the developers."),
            self.failure,
        )

    # --- the deal ------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, master: int | None = None) -> None:
        self.generation += 1
        number = self.random.randrange(MAX_SEED) if seed is None else seed
        self.session = Session.new(number, master)
        self.failure = None
        self.view.hide_failure()
        self.selected.clear()
        self.tell(self.session.events)
        self.refresh()
        self.schedule()

    def refresh(self) -> None:
        session = self.session
        assert session is not None
        obs = session.observation(YOU)
        replay = None
        if session.is_over:
            href = options.replay_query(str(window.location.search), session.deal_number,
                                        session.state.master)
            replay = Replay(session.deal_number, href)
        self.view.render(table_view(self.tr, obs, self.selected, session.check, replay))

    def tell(self, events: list[Event]) -> None:
        """Announce what everybody saw, in the live log."""
        assert self.session is not None
        for event in events:
            self.view.announce(text.event_text(self.tr, event))
            if event.kind == DEAL_OVER:
                self.view.announce(text.deal_number_text(self.tr, self.session.deal_number))

    # --- computer players -------------------------------------------------------------------

    def schedule(self) -> None:
        if self.session is not None and self.session.computer_to_move():
            asyncio.ensure_future(self.run_computers(self.generation))

    async def run_computers(self, generation: int) -> None:
        await self.guarded_async(self._run_computers(generation))

    async def guarded_async(self, work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as error:
            self.fail(error)

    async def _run_computers(self, generation: int) -> None:
        pause = self.delay()
        while generation == self.generation:
            session = self.session
            assert session is not None
            if not session.computer_to_move():
                return
            await asyncio.sleep(pause)
            if generation != self.generation:
                return
            events = session.step()
            self.tell(events)
            self.refresh()
            finished_trick = any(event.kind == TRICK_WON for event in events)
            pause = self.delay() * (AFTER_TRICK if finished_trick else 1)

    # --- the player's input -----------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target or target.disabled:  # null arrives as the falsy jsnull
            return
        name = str(target.getAttribute("data-action") or "")
        if name in ("new-deal", "restart"):
            self.deal()
            return
        if self.failure is not None:
            return  # the error panel is up: only a new deal goes on (its other buttons are the page's)
        code = target.getAttribute("data-card")
        if code:
            self.toggle(parse_cards(str(code))[0])
            return
        session = self.session
        if session is None or not session.waiting_for_person():
            return
        action = self.action_for(name)
        if action is None:
            return
        try:
            events = session.act(action)
        except IllegalAction as error:  # the buttons prevent this; say why all the same
            self.view.problem(text.illegal_text(self.tr, error, session.observation(YOU)))
            return
        self.selected.clear()
        self.tell(events)
        self.refresh()
        self.schedule()

    def action_for(self, name: str) -> Action | None:
        """The action a button stands for, with the selected cards where it takes cards."""
        if name == "call":
            return Action.call()
        if name == "pass":
            return Action.pass_()
        if name == "claim":
            return Action.claim()
        if name in ("play", "discard") and self.selected:
            cards = sorted(self.selected)
            return Action.play(cards) if name == "play" else Action.discard(cards)
        return None

    def toggle(self, card: Card) -> None:
        session = self.session
        if session is None or not session.waiting_for_person() or session.state.phase != PLAYING:
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.add(card)
        self.refresh()
