"""The page's controller: DOM events become session calls, session views and events become DOM.

The game itself (seats, turns, computer players, events, records) is ``lukfu.session``; this
module only listens to the page, paces the computer players, keeps the player's selection and
settings, stores the deal after every action and the statistics after every deal (in
localStorage), and shows a calm error panel if anything unexpected goes wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from js import document, window
from pyodide.ffi import create_proxy

from lukfu import PLAYING, Action, Card, IllegalAction, parse_cards
from lukfu.ai import DEFAULT_LEVEL, LEVELS
from lukfu.ai.hint import hint_thinking
from lukfu.ai.thinking import Thinking
from lukfu.dealcode import deal_code
from lukfu.i18n import (
    DEFAULT_LANGUAGE,
    OFFERED,
    Translator,
    catalog_url,
    match_language,
    translator,
    translator_from_mo,
)
from lukfu.saves import SaveProblem, read_save, write_save
from lukfu.session import DEAL_OVER, TRICK_WON, Event, Session, Step
from lukfu.stats import Statistics, StatisticsError, outcome
from lukfu.web import options, replay, saving, statistics, text
from lukfu.web.offline import Offline
from lukfu.web.render import Renderer
from lukfu.web.text import YOU
from lukfu.web.view import SHORTCUTS, DealLinks, Totals, hand_step, suit_tip_view, table_view

SPEED_KEY = "lukfu.speed"  # localStorage key of the "Speed" setting
LEVEL_KEY = "lukfu.level"  # localStorage key of the "Computer level" setting
MARKS_KEY = "lukfu.marks"  # localStorage key of the legal-play marks setting ("on" or "off")
SHAPES_KEY = "lukfu.suit-shapes"  # localStorage key of the suit shapes setting ("on" or "off")
LOOK_KEY = "lukfu.look."  # + a slider's name (options.LOOKS): its value
THINK_MARK, THINK_MEASURE = "lukfu-think-start", "lukfu-think"
SLICE_SECONDS = 0.012  # a computer player thinks this long at most before the browser's turn
LANGUAGE_KEY = "lukfu.language"  # localStorage key of the language picker's choice
TOTALS_KEY = "lukfu.totals"  # sessionStorage key of the running score (view.Totals.to_text)
SUIT_TIP_KEY = "lukfu.suits-shown"  # set once the suit legend was shown to a new player
MAX_SEED = 10**9
AFTER_TRICK = 1.5  # a finished trick stays a little longer before the next lead


def stored(key: str, area: str = "localStorage") -> str | None:
    """What was kept under ``key``: for good (``localStorage``) or for this tab
    (``sessionStorage``)."""
    try:
        value = getattr(window, area).getItem(key)
    except Exception:  # storage can be unavailable (privacy settings): the setting just resets
        return None
    return str(value) if value else None  # JavaScript's null arrives as the falsy jsnull


def store(key: str, value: str, area: str = "localStorage") -> bool:
    """Keep ``value``; False when the browser refuses (storage full, or turned off)."""
    try:
        getattr(window, area).setItem(key, value)
    except Exception:  # see `stored`; a full storage raises QuotaExceededError
        return False
    return True


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
        self.level = document.getElementById("level")
        self.advice = ""  # the hint's text, until the player acts or changes the selection
        self.hinting = False
        self.marks = document.getElementById("marks")
        self.delay_override = self.options.delay
        self.random = random.Random()
        self.session: Session | None = None
        self.selected: set[Card] = set()
        self.last_trick = False  # the player asked to see the last trick again
        # The points of the deals finished in this tab: a reload keeps them, a new tab starts afresh.
        self.totals = Totals.from_text(stored(TOTALS_KEY, "sessionStorage"))
        self.generation = 0  # bumped by each new deal: stale computer turns stop
        self.failure: str | None = None  # what went wrong, for "copy details"
        self.hints = 0  # hints asked for in this deal (kept in the save, counted at its end)
        self.counted = False  # whether this finished deal is in the statistics
        self.stats = Statistics()
        self.importing: Statistics | None = None  # an import waiting for the player's yes
        self.steps: tuple[Step, ...] | None = None  # the replay on the table, if any
        self.step = 0
        self.storage_told = False  # the "storage is full or off" notice, once a visit
        self._proxies: list[Any] = []
        self.offline = Offline(self.view, lambda: self.session)

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
        level = stored(LEVEL_KEY)
        self.level.value = level if level in LEVELS else DEFAULT_LEVEL
        self.picker = self.view.offer_languages(list(OFFERED), self.tr.language)
        self._listen(self.view.table, "click", self.on_click)
        self._listen(document, "keydown", self.on_keydown)
        self._listen(self.speed, "change", self.on_speed)
        self._listen(self.level, "change", self.on_level)
        self.marks.checked = stored(MARKS_KEY) != "off"  # on for a new player
        self._listen(self.marks, "change", self.on_marks)
        self.setup_looks()
        self._listen(self.picker, "change", self.on_language)
        self._listen(document, "keydown", self.on_key)
        self._listen(self.view.stats_panel, "click", self.on_stats_click)
        self._listen(self.view.stats_file, "change", self.on_stats_file)
        for name, value in self.options.problems:
            self.view.announce(options.problem_text(self.tr, name, value), notice=True)
        if self.language_missing:
            self.view.announce(self.tr.gettext(
                "The chosen language could not be loaded, so the game is in English."), notice=True)
        self.load_stats()
        self._listen(document.getElementById("notices"), "click", self.on_notice_click)
        if self.options.seed is not None:
            # A deal named by the address is dealt once: a reload then resumes it from the save.
            query = options.without_deal(str(window.location.search))
            window.history.replaceState(None, "", query or window.location.pathname)
            unfinished = self.unfinished_deal()
            self.deal(self.options.seed, self.options.master)
            if unfinished is not None:  # a shared link opened in the middle of another deal
                self.keep(saving.ASIDE_KEY, unfinished)
                self.view.notice(saving.aside_text(self.tr),
                                 ("resume-aside", saving.go_back_label(self.tr)))
        else:
            self.resume_from(self.read(saving.SAVE_KEY))
        if stored(SUIT_TIP_KEY) is None:  # first use: which suit is which
            self.view.suit_tip(suit_tip_view(self.tr))
            store(SUIT_TIP_KEY, "1")
        # The game is playable: now the service worker may fetch the site for offline play.
        asyncio.ensure_future(self.guarded_async(self.offline.register()))

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
        self.apply_looks()

    def setup_looks(self) -> None:
        """The settings that change how the table looks and moves, kept and applied live."""
        shapes = document.getElementById("suit-shapes")
        shapes.checked = stored(SHAPES_KEY) == "on"
        for name in options.LOOKS:
            document.getElementById(name).value = str(options.look_value(name, stored(LOOK_KEY + name)))
            self._listen(document.getElementById(name), "input", self.on_look)
        self._listen(shapes, "change", self.on_look)
        self.apply_looks()

    def on_look(self, _event: Any) -> None:
        for name in options.LOOKS:
            store(LOOK_KEY + name, str(document.getElementById(name).value))
        store(SHAPES_KEY, "on" if document.getElementById("suit-shapes").checked else "off")
        self.apply_looks()

    def apply_looks(self) -> None:
        root = document.documentElement
        for name in options.LOOKS:
            value = options.look_value(name, str(document.getElementById(name).value))
            root.style.setProperty(*options.look_property(name, value))
        self.view.show_shapes(bool(document.getElementById("suit-shapes").checked))
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.view.motion = 0 if reduced else options.MOTIONS.get(str(self.speed.value), 0)

    def on_marks(self, _event: Any) -> None:
        store(MARKS_KEY, "on" if self.marks.checked else "off")
        if self.session is not None:
            self.refresh()

    def on_level(self, _event: Any) -> None:
        """The level is kept for the next deals (the players of a deal keep theirs)."""
        store(LEVEL_KEY, str(self.level.value))

    def chosen_level(self) -> str:
        level = str(self.level.value)
        return level if level in LEVELS else DEFAULT_LEVEL

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
        self.show_stats()
        self.offline.speak_again()
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
        number = self.random.randrange(MAX_SEED) if seed is None else seed
        session = Session.new(number, master, self.chosen_level())
        self.begin(session, 0, False)
        self.tell(session.events)
        self.save()
        self.refresh()
        self.schedule()

    def begin(self, session: Session, hints: int, counted: bool) -> None:
        """Put ``session`` on the table: a new deal, or one resumed from the save."""
        self.generation += 1
        self.session, self.hints, self.counted = session, hints, counted
        self.steps = None
        self.advice = ""
        self.hinting = False
        self.failure = None
        self.view.hide_failure()
        self.selected.clear()
        self.last_trick = False

    def unfinished_deal(self) -> str | None:
        """The save of a deal in progress that the address's deal is about to replace."""
        saved = self.read(saving.SAVE_KEY)
        if saved is None:
            return None
        try:
            session = read_save(saved).session
        except SaveProblem:  # nothing that could be resumed: the address's deal replaces it
            return None
        same = (session.deal_number == self.options.seed
                and self.options.master in (None, session.state.master))
        return None if session.is_over or same else saved

    def on_notice_click(self, event: Any) -> None:
        if event.target.closest("[data-action='new-version']"):
            self.offline.accept()
            return
        button = event.target.closest("[data-action='resume-aside']")
        if not button:
            return
        button.closest(".notice").remove()
        kept = self.read(saving.ASIDE_KEY)
        if kept is not None:
            with contextlib.suppress(Exception):  # storage off: it was never kept anyway
                window.localStorage.removeItem(saving.ASIDE_KEY)
            self.view.retell([])
            self.resume_from(kept)

    def resume_from(self, saved: str | None) -> None:
        """The saved deal, where it was left; a new deal if there is none or it cannot be read."""
        if saved is None:
            self.deal()
            return
        try:
            game = read_save(saved)
        except SaveProblem as problem:
            self.view.notice(saving.save_problem_text(self.tr, problem.kind))
            self.deal()
            return
        self.begin(game.session, game.hints, game.counted)
        self.view.retell([text.event_text(self.tr, event) for event in game.session.events],
                         start_over=False)
        self.view.announce(saving.resumed_text(self.tr))
        if game.session.is_over:
            self.view.announce(text.deal_number_text(self.tr, game.session.deal_number))
            self.count()
        self.save()  # the deal brought back from aside, or counted now
        self.refresh()
        self.schedule()

    def read(self, key: str) -> str | None:
        """What the browser keeps under ``key``; None, with the storage notice, if it refuses."""
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage turned off (a private window, privacy settings)
            self.storage_refused()
            return None
        return str(value) if value else None  # JavaScript's null arrives as the falsy jsnull

    def keep(self, key: str, value: str) -> None:
        if not store(key, value):
            self.storage_refused()

    def storage_refused(self) -> None:
        if not self.storage_told:
            self.storage_told = True
            self.view.notice(saving.storage_text(self.tr))

    def save(self) -> None:
        """Keep the deal at the table (after every action): a reload resumes it exactly."""
        if self.session is not None:
            self.keep(saving.SAVE_KEY, write_save(self.session, self.hints, self.counted))

    def refresh(self) -> None:
        session = self.session
        assert session is not None
        if self.steps is not None:
            self.view.render(replay.replay_view(self.tr, self.steps, self.step))
            return
        obs = session.observation(YOU)
        links = None
        if session.is_over:
            code = deal_code(session.deal_number, session.state.master)
            links = DealLinks(
                session.deal_number,
                options.replay_query(str(window.location.search), code),
                f"{window.location.origin}{window.location.pathname}{options.share_query(code)}",
            )
        touch = bool(window.matchMedia("(pointer: coarse)").matches)
        self.view.render(table_view(
            self.tr, obs, self.selected, session.check, links, self.advice, self.hints,
            self.hinting, touch=touch, last=self.last_trick, marks=bool(self.marks.checked),
            totals=self.totals if session.is_over else None))
        self.offline.offer()  # a new version waits for the end of a deal

    def tell(self, events: list[Event]) -> None:
        """Announce what everybody saw, in the live log; a finished deal is counted."""
        assert self.session is not None
        for event in events:
            self.view.announce(text.event_text(self.tr, event))
            if event.kind == DEAL_OVER:
                self.view.announce(text.deal_number_text(self.tr, self.session.deal_number))
                self.count()
                self.totals = self.totals.add(self.session.state.net_points)
                store(TOTALS_KEY, self.totals.to_text(), "sessionStorage")

    # --- statistics ----------------------------------------------------------------------------

    def count(self) -> None:
        """Add the finished deal to the statistics, once (the save remembers that it was)."""
        session = self.session
        assert session is not None and session.is_over
        if self.counted:
            return
        self.counted = True
        self.stats.add(session.seats[1], outcome(session, self.hints))
        self.keep(saving.STATS_KEY, self.stats.to_json())
        self.show_stats()

    def load_stats(self) -> None:
        kept = self.read(saving.STATS_KEY)
        if kept is not None:
            try:
                self.stats = Statistics.from_json(kept)
            except StatisticsError:
                self.view.notice(saving.stats_problem_text(self.tr))
        self.show_stats()

    def show_stats(self) -> None:
        self.view.show_stats(statistics.stats_view(self.tr, self.stats))

    def on_stats_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]")
        name = str(target.getAttribute("data-action") or "") if target else ""
        if name == "export-stats":
            self.view.download(saving.STATS_FILE, self.stats.to_json())
        elif name == "import-stats":
            self.view.stats_file.click()
        elif name == "import-replace" and self.importing is not None:
            self.stats, self.importing = self.importing, None
            self.keep(saving.STATS_KEY, self.stats.to_json())
            self.show_stats()
            self.view.stats_message(self.tr.gettext("The imported statistics are yours now."))
        elif name == "import-keep":
            self.importing = None
            self.view.stats_message(self.tr.gettext("Your statistics are unchanged."))

    def on_stats_file(self, _event: Any) -> None:
        files = self.view.stats_file.files
        if files.length:
            asyncio.ensure_future(self.guarded_async(self.import_stats(files.item(0))))

    async def import_stats(self, file: Any) -> None:
        """Read an export; replace the statistics only once the player says yes."""
        self.view.stats_file.value = ""  # the same file may be chosen again
        self.importing = None
        if int(file.size) > saving.MAX_IMPORT_BYTES:
            self.view.stats_message(self.tr.gettext(
                "The file is too large to be a statistics export; your statistics are unchanged."))
            return
        try:
            imported = Statistics.from_json(str(await file.text()))
        except StatisticsError as error:
            self.view.stats_problems(
                statistics.refused_text(self.tr, len(error.rejections)),
                [statistics.rejection_text(self.tr, r) for r in error.rejections])
            return
        mine = self.stats.total().deals
        if mine == 0:
            self.stats = imported
            self.keep(saving.STATS_KEY, self.stats.to_json())
            self.show_stats()
            self.view.stats_message(self.tr.gettext("The imported statistics are yours now."))
            return
        self.importing = imported
        self.view.stats_confirm(statistics.confirm_text(self.tr, mine, imported.total().deals))

    # --- replay ------------------------------------------------------------------------------

    def replay_to(self, action: str) -> None:
        """Start the replay of the finished deal, move through it, or end it."""
        session = self.session
        if session is None or not session.is_over:
            return
        if action == "replay":
            self.steps, self.step = session.steps(), 0
        elif action == replay.CLOSE:
            self.steps = None
        elif self.steps is not None:
            self.step = replay.moved(action, self.step, len(self.steps))
        self.refresh()

    def on_key(self, event: Any) -> None:
        if self.steps is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        if event.target.closest("input, select, textarea"):
            return
        action = replay.key_action(str(event.key), self.tr.direction)
        if action is not None:
            event.preventDefault()
            self.replay_to(action)

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
            # Each decision is a User Timing measure, for bench/ai_latency.py.
            window.performance.mark(THINK_MARK)
            action = await think(session.thinking())
            window.performance.measure(THINK_MEASURE, THINK_MARK)
            await asyncio.sleep(0)  # the move is shown in a task of its own
            if generation != self.generation:
                return
            self.session = session.take(action)
            events = list(self.session.told_since(session))
            self.tell(events)
            self.save()
            self.refresh()
            finished_trick = any(event.kind == TRICK_WON for event in events)
            pause = self.delay() * (AFTER_TRICK if finished_trick else 1)

    # --- the player's input -----------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target or target.disabled:  # null arrives as the falsy jsnull
            return
        name = str(target.getAttribute("data-action") or "")
        if name == "new-deal" and self.session is not None and not self.session.is_over:
            document.getElementById("abandon").showModal()  # confirm first
            return
        if name == "keep-playing":
            document.getElementById("abandon").close()
            return
        if name in ("new-deal", "restart", "abandon"):
            document.getElementById("abandon").close()
            self.deal()
            return
        if self.failure is not None:
            return  # the error panel is up: only a new deal goes on (its other buttons are the page's)
        if name == "replay" or name.startswith("replay-"):
            self.replay_to(name)
            return
        if name == "copy-link":
            asyncio.ensure_future(self.guarded_async(self.view.copy_link()))
            return
        if name == "hint":
            asyncio.ensure_future(self.guarded_async(self.give_hint(self.generation)))
            return
        if name == "last-trick":
            self.last_trick = not self.last_trick
            self.refresh()
            return
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
            self.session = session.act(action)
            events = list(self.session.told_since(session))
        except IllegalAction as error:  # the buttons prevent this; say why all the same
            self.view.problem(text.illegal_text(self.tr, error, session.observation(YOU)))
            return
        self.selected.clear()
        self.advice = ""
        self.last_trick = False
        self.tell(events)
        self.save()
        self.refresh()
        self.schedule()

    async def give_hint(self, generation: int) -> None:
        """Ask Strong what to do in the player's seat (their observation only); select the
        suggested cards and say why."""
        session = self.session
        if session is None or not session.waiting_for_person() or self.hinting:
            return
        observation = session.observation(YOU)
        self.hinting = True
        self.refresh()
        try:
            hint = await think(hint_thinking(observation, session.deal_number))
        finally:
            self.hinting = False
        if generation != self.generation or session.observation(YOU) != observation:
            return  # a new deal, or the player acted meanwhile
        self.hints += 1
        self.save()
        self.selected = set(hint.action.cards)
        self.advice = text.hint_text(self.tr, hint)
        self.refresh()

    def on_keydown(self, event: Any) -> None:
        """The keyboard: arrows, Home and End along your hand, Enter plays or discards the
        cards selected (Space selects, as on any button), letters press the table's buttons."""
        if event.altKey or event.ctrlKey or event.metaKey or event.defaultPrevented:
            return
        target = event.target
        if not target.closest or target.closest("input, select, textarea, a"):
            return
        key = str(event.key)
        card = target.closest("#hand [data-card]")
        if card:
            if key == "Enter":
                event.preventDefault()
                if not self.press("play"):
                    self.press("discard")
                return
            codes = [str(c.getAttribute("data-card")) for c in self.view.hand.children]
            step = hand_step(key, codes.index(str(card.getAttribute("data-card"))), len(codes))
            if step is not None:
                event.preventDefault()
                self.view.focus_card(step)
                return
        name = SHORTCUTS.get(str(event.code))
        if name and not event.shiftKey and self.press(name):
            event.preventDefault()

    def press(self, name: str) -> bool:
        """Press the table's ``name`` button if it is shown and enabled."""
        button = document.querySelector(f'#table [data-action="{name}"]')
        if not button or button.disabled or not button.checkVisibility():
            return False
        button.click()
        return True

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
        self.advice = ""
        self.refresh()


T = TypeVar("T")


async def think(work: Thinking[T]) -> T:
    """Run a computer player's thinking in slices of at most ``SLICE_SECONDS``, letting the
    browser paint and listen between them (no long task while a search runs)."""
    while True:
        until = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < until:
                next(work)
        except StopIteration as done:
            result: T = done.value
            return result
        await asyncio.sleep(0)
