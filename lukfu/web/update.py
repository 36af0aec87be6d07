"""The page's decisions: ``update(model, message) -> (model, effects)``, one message at a time.

Plain Python (no ``js``), tested under CPython by driving whole games through it.  Every
decision the page makes is here or in the modules it hands a message to: `deal` (the deal at
the table), `learning` (the guided deal), `coaching` (the coach's review) and `stats_import`
(the statistics panel).  Here: what a click, a key or a setting does, starting up and
resuming, language switches, notices and failures.  The effects it returns are carried out
by the page (`effects`), which answers with more messages (see `messages`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lukfu import Action, Card, parse_cards
from lukfu.ai import LEVELS
from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, CatalogError, match_language, translator, translator_from_mo
from lukfu.stats import Statistics, StatisticsError
from lukfu.web import coaching, deal, learning, options, replay, saving
from lukfu.web.deal import notice, storage_refused
from lukfu.web.dom.keys import SHORTCUTS
from lukfu.web.messages import LOCAL, Effect, Message, forget, store
from lukfu.web.model import Boot, Model, Settings
from lukfu.web.page import NOT_IN_LESSONS, deal_links, enabled_buttons
from lukfu.web.saving import Totals
from lukfu.web.stats_import import STATS_BUTTONS, file_read

SPEED_KEY = "lukfu.speed"  # localStorage key of the "Speed" setting
LEVEL_KEY = "lukfu.level"  # localStorage key of the "Computer level" setting
MARKS_KEY = "lukfu.marks"  # the legal-play marks setting ("on" or "off")
SHAPES_KEY = "lukfu.suit-shapes"  # the suit shapes setting ("on" or "off")
COACH_KEY = "lukfu.coach"  # the coach setting ("on" or "off")
SOUND_KEY = "lukfu.sound"  # the sound setting ("on" or "off")
LOOK_KEY = "lukfu.look."  # + a slider's name (options.LOOKS): its value
LANGUAGE_KEY = "lukfu.language"  # the language picker's choice
SUIT_TIP_KEY = "lukfu.suits-shown"  # set once the suit legend was shown to a new player


def update(model: Model, message: Message) -> tuple[Model, list[Effect]]:
    """The model after ``message``, and the effects the page must carry out."""
    fx: list[Effect] = []
    if message[0] in INTERACTIONS and not model.interacted:
        model = model._replace(interacted=True)
    handler = HANDLERS[message[0]]
    model = handler(model, fx, *message[1:])
    return offer_new_version(model), fx


# What the player does on the page (after which sounds may play).
INTERACTIONS = frozenset({"press", "card", "play-card", "key", "setting", "file-read"})


# --- starting up ------------------------------------------------------------------------------


def pick_language(requested: str | None, chosen: str | None, browser: list[str]) -> str:
    """The address's ?lang=, else the player's last choice, else the first of the browser's
    languages we have, else English.

    >>> pick_language(None, None, ["fi-fi", "en"]), pick_language("fa", "fi", [])
    ('fi', 'fa')
    >>> pick_language(None, "xx", [])
    'en'
    """
    offered = list(OFFERED)
    if requested:
        return requested
    if chosen and match_language(chosen, offered):
        return match_language(chosen, offered) or DEFAULT_LANGUAGE
    for code in browser:
        found = match_language(code, offered) or match_language(code.split("-")[0], offered)
        if found:
            return found
    return DEFAULT_LANGUAGE


def settings_from(stored: dict[str, str | None], delay: int | None) -> Settings:
    speed = stored.get(SPEED_KEY)
    level = stored.get(LEVEL_KEY)
    return Settings(
        speed=speed if speed in options.SPEEDS else options.DEFAULT_SPEED,
        level=level if level in LEVELS else Settings().level,
        marks=stored.get(MARKS_KEY) != "off",  # on for a new player
        shapes=stored.get(SHAPES_KEY) == "on",
        coach=stored.get(COACH_KEY) != "off",  # on for a new player
        sound=stored.get(SOUND_KEY) != "off",  # on, once the player has touched the page
        looks=tuple((name, options.look_value(name, stored.get(LOOK_KEY + name)))
                    for name in options.LOOKS),
        delay=delay,
    )


def start(model: Model, fx: list[Effect], boot: dict[str, Any]) -> Model:
    """The page is up: read the address and what the browser kept, then fetch the language."""
    found = options.parse_options(boot["query"], list(OFFERED))
    stored: dict[str, str | None] = boot["stored"]
    language = pick_language(found.language, stored.get(LANGUAGE_KEY), boot["languages"])
    model = model._replace(
        settings=settings_from(stored, found.delay), query=boot["query"],
        page_url=boot["page_url"], touch=bool(boot["touch"]),
        reduced_motion=bool(boot["reduced_motion"]), entropy=int(boot["entropy"]),
        totals=Totals.from_text(boot["tab"].get(saving.TOTALS_KEY)),
        boot=Boot(found, stored, bool(boot["storage"])), switching_to=language)
    if language == DEFAULT_LANGUAGE:
        return catalog(model, fx, language, None)
    fx.append(("fetch-catalog", language))
    return model


def ready(model: Model, fx: list[Effect]) -> Model:
    """The language is loaded: deal (the address's deal, or a new one) or resume the save."""
    assert model.boot is not None
    found, stored, storage = model.boot
    model = model._replace(booted=True, boot=None)
    for name, value in found.problems:
        model = notice(model, "option", (name, value))
    if not storage:
        model = storage_refused(model)
    statistics = stored.get(saving.STATS_KEY)
    if statistics is not None:
        try:
            model = model._replace(stats=Statistics.from_json(statistics))
        except StatisticsError:
            model = notice(model, "stats-problem")
    saved = stored.get(saving.SAVE_KEY)
    first_visit = stored.get(SUIT_TIP_KEY) is None
    progress = stored.get(learning.LESSON_KEY)
    if found.deal_number is not None:
        # A deal named by the address is dealt once: a reload then resumes it from the save.
        query = options.without_deal(model.query)
        fx.append(("address", query))
        aside = deal.unfinished(saved, found.deal_number, found.master)
        model = deal.deal(model._replace(query=query), fx, found.deal_number, found.master)
        if aside is not None:  # a shared link opened in the middle of another deal
            fx.append(store(saving.ASIDE_KEY, aside))
            model = notice(model._replace(aside=aside), "aside", action="resume-aside")
        model, _ = learning.boot(model, fx, progress, first_visit, None, may_open=False)
    else:
        model, on = learning.boot(model, fx, progress, first_visit, saved)
        if not on:
            model = deal.resume(model, fx, saved)
    if first_visit:  # first use: which suit is which
        fx.append(store(SUIT_TIP_KEY, "1"))
        model = model._replace(suit_tip=True)
    # The game is playable: now the service worker may fetch the site for offline play.
    fx.append(("register-offline",))
    return model


def catalog(model: Model, fx: list[Effect], language: str, data: bytes | None) -> Model:
    """A language's catalog arrived (or could not be had): speak it from now on."""
    if language != model.switching_to:
        return model  # another language was picked meanwhile
    tr = translator() if language == DEFAULT_LANGUAGE else None
    if tr is None and data is not None:
        try:
            tr = translator_from_mo(language, data)
        except CatalogError:
            tr = None
    model = model._replace(switching_to="")
    if not model.booted:
        model = model._replace(tr=tr or translator())
        model = ready(model, fx)
        return model if tr is not None else notice(model, "language-missing")
    if tr is None:  # the game goes on in the language it was in
        return notice(model, "language-unloadable")
    fx.append(store(LANGUAGE_KEY, language))
    # A reload keeps the choice: the address's ?lang= would otherwise win over it.
    query = options.with_language(model.query, language)
    fx.append(("address", query))
    return model._replace(tr=tr, query=query)


# --- settings ---------------------------------------------------------------------------------


SWITCHES = {"marks": MARKS_KEY, "shapes": SHAPES_KEY, "coach": COACH_KEY, "sound": SOUND_KEY}
"""The settings that are on or off, and where each is kept."""


def setting(model: Model, fx: list[Effect], name: str, value: str) -> Model:
    settings = model.settings
    if name == "language":
        if value == model.tr.language or value not in OFFERED:
            return model._replace(switching_to="")
        model = model._replace(switching_to=value)
        if value == DEFAULT_LANGUAGE:
            return catalog(model, fx, value, None)
        fx.append(("fetch-catalog", value))
        return model
    if name == "speed" and value in options.SPEEDS:
        fx.append(store(SPEED_KEY, value))
        # The player's choice now wins over the address's delay.
        return model._replace(settings=settings._replace(speed=value, delay=None))
    if name == "level" and value in LEVELS:
        fx.append(store(LEVEL_KEY, value))  # for the next deals: this deal's players keep theirs
        return model._replace(settings=settings._replace(level=value))
    if name in SWITCHES:
        on = value == "on"
        fx.append(store(SWITCHES[name], "on" if on else "off"))
        if name == "marks":
            return model._replace(settings=settings._replace(marks=on))
        if name == "shapes":
            return model._replace(settings=settings._replace(shapes=on))
        if name == "sound":
            return model._replace(settings=settings._replace(sound=on))
        return model._replace(settings=settings._replace(coach=on))
    if name in options.LOOKS:
        look = options.look_value(name, value)
        fx.append(store(LOOK_KEY + name, str(look)))
        looks = tuple((n, look if n == name else v) for n, v in settings.looks)
        return model._replace(settings=settings._replace(looks=looks))
    return model


# --- buttons and keys -------------------------------------------------------------------------


def press(model: Model, fx: list[Effect], name: str) -> Model:
    """A button of the page: the table's, the notices', the statistics panel's, the dialog's."""
    session = model.session
    if name == "new-deal" and model.lesson is not None:
        return model  # (the lesson has "Leave the lesson" instead)
    if name == "new-deal" and session is not None and not session.is_over and not model.failure:
        return model._replace(confirming=True)  # abandon a deal in progress only once confirmed
    if name == "keep-playing":
        return model._replace(confirming=False)
    if name in ("new-deal", "restart", "abandon"):
        if model.lesson is not None:  # (after a failure in the lesson: it goes on from here later)
            model = learning.leave(model, fx)
        return deal.deal(model._replace(confirming=False), fx)
    if name in STATS_BUTTONS:
        return STATS_BUTTONS[name](model, fx)
    if name == "resume-aside":
        return resume_aside(model, fx)
    if name == "new-version":
        fx.append(("accept-new-version",))
        return model
    if model.failure is not None or session is None:
        return model  # the failure panel is up: only a new deal goes on
    if name in LESSON_BUTTONS:
        return LESSON_BUTTONS[name](model, fx)
    if model.lesson is not None and name in (*NOT_IN_LESSONS, "copy-link"):
        return model  # the lesson's deal is told by its steps: no replay, review, share or hint
    if name == "replay" or name.startswith("replay-"):
        return deal.replay_to(model, name)
    if name == "review":
        return coaching.open_review(model, fx)
    if name == "review-close":
        return coaching.close_review(model, fx)
    if name == "copy-link":
        links = deal_links(model)
        if links is not None:  # (offered only once the deal is over)
            fx.append(("copy", links.share))
        return model
    if name not in enabled_buttons(model):
        return model  # not on the table now (a shortcut, or a stale click)
    if name == "hint":
        return deal.ask_hint(model, fx)
    if name == "last-trick":
        return model._replace(last_trick=not model.last_trick)
    action = deal.action_for(model, name)
    if action is None:
        return model
    return learning.act(model, fx, action) if model.lesson is not None else deal.act(model, fx, action)


LESSON_BUTTONS: dict[str, Callable[[Model, list[Effect]], Model]] = {
    learning.LEARN: learning.learn, "lesson-next": learning.next_step,
    "lesson-leave": learning.leave,
}


def computer_turn(model: Model, fx: list[Effect], generation: int) -> Model:
    if model.lesson is not None:
        return learning.computer_turn(model, fx, generation)
    return deal.computer_turn(model, fx, generation)


def pressed_card(model: Model, code: str) -> Card | None:
    """The card a press on your hand names, if the table takes presses on cards now."""
    if model.failure is not None or model.replay is not None:
        return None
    try:
        (chosen,) = parse_cards(code)
    except ValueError:
        return None
    return chosen


def card(model: Model, fx: list[Effect], code: str) -> Model:
    chosen = pressed_card(model, code)
    return model if chosen is None else deal.toggle(model, chosen)


def play_card(model: Model, fx: list[Effect], code: str) -> Model:
    """A double click or a double tap on a card of your hand: play it alone, when nothing else is
    selected and a single of it is legal now (sets, runs and discards keep select, then confirm)."""
    chosen = pressed_card(model, code)
    return model if chosen is None else play_alone(model, fx, chosen)


def play_alone(model: Model, fx: list[Effect], chosen: Card) -> Model:
    session = model.session
    if session is None or model.selected or not session.waiting_for_person():
        return model
    if Action.play((chosen,)) not in session.observation(0).legal:
        return model
    return press(model._replace(selected=frozenset({chosen})), fx, "play")


def key(model: Model, fx: list[Effect], name: str, code: str, where: str,
        shift: bool = False) -> Model:
    """The keyboard: in a replay ← → Home End move through it; on a card of your hand Enter plays
    or discards the selection (or, with nothing selected, that card alone); Escape ends a
    replay; letters press the table's buttons.  (Moving along your hand is the page's own: the
    keyboard stays where the page put it, never moved from here.)"""
    session = model.session
    if model.replay is not None:
        action = replay.key_action(name, model.tr.direction)
        if action is not None:
            fx.append(("handled",))
            return deal.replay_to(model, action)
    if name == "Enter" and where.startswith("card:") and session is not None and model.failure is None:
        fx.append(("handled",))
        if not model.selected:  # Enter on a card with nothing selected plays it alone
            cards = [c for c in session.state.hands[0] if str(c) == where[5:]]
            return play_alone(model, fx, cards[0]) if cards else model
        enabled = enabled_buttons(model)
        chosen = "play" if "play" in enabled else "discard"
        return press(model, fx, chosen) if chosen in enabled else model
    button = SHORTCUTS.get(code)
    if button and not shift and model.replay is None and button in enabled_buttons(model):
        fx.append(("handled",))
        return press(model, fx, button)
    return model


# --- notices, the service worker, failures ----------------------------------------------------


def resume_aside(model: Model, fx: list[Effect]) -> Model:
    """Go back to the deal that a shared link's deal put aside."""
    kept = model.aside
    notices = tuple(n for n in model.notices if n.action != "resume-aside")
    model = model._replace(notices=notices, log=(), aside=None)
    fx.append(forget(saving.ASIDE_KEY, LOCAL))
    return deal.resume(model, fx, kept)


def notice_gone(model: Model, fx: list[Effect], shown: int) -> Model:
    return model._replace(notices=tuple(n for n in model.notices if n.id != shown))


def offline(model: Model, fx: list[Effect], news: str) -> Model:
    if news == "ready":  # said in the settings panel: no game event, and it covers nothing
        return model._replace(offline_ready=True)
    return model._replace(newer_version=True)


def offer_new_version(model: Model) -> Model:
    """Offer a waiting new version, but never in the middle of a deal someone has acted in."""
    session = model.session
    if not model.newer_version or model.version_offered or not model.booted:
        return model
    if session is not None and not session.is_over and session.state.history:
        return model
    return notice(model._replace(version_offered=True), "new-version", action="new-version")


def copied(model: Model, fx: list[Effect], ok: bool) -> Model:
    return model._replace(share_status="copied" if ok else "select")


def stored(model: Model, fx: list[Effect], ok: bool) -> Model:
    return model if ok else storage_refused(model)


def failure(model: Model, fx: list[Effect], details: str) -> Model:
    """A calm panel instead of a traceback; the deal's record is kept for a bug report."""
    record = model.session.record() if model.session is not None else ""
    return model._replace(generation=model.generation + 1, hinting=False, confirming=False,
                          failure=f"{details.rstrip()}\n\nDeal record: {record}")


HANDLERS: dict[str, Callable[..., Model]] = {
    "start": start, "catalog": catalog, "press": press, "card": card, "play-card": play_card, "key": key,
    "setting": setting, "computer-turn": computer_turn,
    "computer-moved": deal.computer_moved, "hint-ready": deal.hint_ready,
    "file-read": file_read, "copied": copied, "stored": stored,
    "offline": offline, "notice-gone": notice_gone, "failure": failure,
    "review-progress": coaching.progress, "review-ready": coaching.ready,
}
