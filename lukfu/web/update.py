"""The page's decisions: ``update(model, message) -> (model, effects)``, one message at a time.

Plain Python (no ``js``), tested under CPython by driving whole games through it.  Every
decision the page makes is here or in the modules it hands a message to: `deal` (the deal at
the table), `learning` (the guided deal), `coaching` (the coach's review), `choices` (the
Settings panel) and `stats_import` (the statistics panel); what differs from one kind of table
to another (a free deal, a shared one, the lesson) is asked of the table's kind (`kinds`).
Here: what a click, a key or a setting does, starting up and resuming, language switches,
notices and failures.  The effects it returns are carried out
by the page (`effects`), which answers with more messages (see `messages`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lukfu import Action, Card, parse_cards
from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, CatalogError, match_language, translator, translator_from_mo
from lukfu.stats import Statistics, StatisticsError
from lukfu.web import choices, coaching, deal, learning, options, replay, saving
from lukfu.web.deal import notice, storage_refused
from lukfu.web.dom.keys import SHORTCUTS
from lukfu.web.kinds import SHARED
from lukfu.web.messages import LOCAL, Effect, Message, forget, store
from lukfu.web.model import Boot, Model
from lukfu.web.page import deal_links, enabled_buttons
from lukfu.web.saving import Totals
from lukfu.web.stats_import import STATS_BUTTONS, file_read

LANGUAGE_KEY = "lukfu.language"  # the language picker's choice
SUIT_TIP_KEY = "lukfu.suits-shown"  # set once the suit legend was shown to a new player
SUIT_TIP = "suit-tip"  # the suit legend's key among the first look's
FIRST_LOOK = (learning.LEARN, SUIT_TIP)
"""What index.html shows a new player from the first paint, before the game is ready, by key
(its ``data-early``, and ``<body data-dismissed>`` once closed): the offer of the guided deal
(its button's action) and the suit legend."""


def update(model: Model, message: Message) -> tuple[Model, list[Effect]]:
    """The model after ``message``, and the effects the page must carry out."""
    fx: list[Effect] = []
    if message[0] in INTERACTIONS and not model.visit.interacted:
        model = model._replace(visit=model.visit._replace(interacted=True))
    handler = HANDLERS[message[0]]
    model = handler(model, fx, *message[1:])
    return offer_new_version(model), fx


# What the player does on the page (after which sounds may play).
INTERACTIONS = frozenset({"press", "card", "play-card", "key", "setting", "file-read",
                          "dismiss-notice"})


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


def start(model: Model, fx: list[Effect], boot: dict[str, Any]) -> Model:
    """The page is up: read the address and what the browser kept, then fetch the language."""
    found = options.parse_options(boot["query"], list(OFFERED))
    stored: dict[str, str | None] = boot["stored"]
    language = pick_language(found.language, stored.get(LANGUAGE_KEY), boot["languages"])
    visit = model.visit._replace(
        query=boot["query"], page_url=boot["page_url"], touch=bool(boot["touch"]),
        reduced_motion=bool(boot["reduced_motion"]), entropy=int(boot["entropy"]),
        boot=Boot(found, stored, bool(boot["storage"])), switching_to=language)
    player = model.player._replace(settings=choices.read(stored, found.delay),
                                   totals=Totals.from_text(boot["tab"].get(saving.TOTALS_KEY)))
    model = model._replace(visit=visit, player=player)
    if language == DEFAULT_LANGUAGE:
        return catalog(model, fx, language, None)
    fx.append(("fetch-catalog", language))
    return model


def ready(model: Model, fx: list[Effect]) -> Model:
    """The language is loaded: deal (the address's deal, or a new one) or resume the save."""
    assert model.visit.boot is not None
    found, stored, storage = model.visit.boot
    model = model._replace(visit=model.visit._replace(booted=True, boot=None))
    for name, value in found.problems:
        model = notice(model, "option", (name, value))
    if not storage:
        model = storage_refused(model)
    statistics = stored.get(saving.STATS_KEY)
    if statistics is not None:
        try:
            stats = Statistics.from_json(statistics)
            model = model._replace(player=model.player._replace(stats=stats))
        except StatisticsError:
            model = notice(model, "stats-problem")
    saved = stored.get(saving.SAVE_KEY)
    first_visit = stored.get(SUIT_TIP_KEY) is None
    progress = stored.get(learning.LESSON_KEY)
    if found.deal_number is not None:
        # A deal named by the address is dealt once: a reload then resumes it from the save.
        query = options.without_deal(model.visit.query)
        fx.append(("address", query))
        aside = deal.unfinished(saved, found.deal_number, found.master)
        model = model._replace(visit=model.visit._replace(query=query, aside=aside))
        model = deal.deal(model, fx, found.deal_number, found.master, SHARED)
        if aside is not None:  # a shared link opened in the middle of another deal
            fx.append(store(saving.ASIDE_KEY, aside))
            model = notice(model, "aside", action="resume-aside")
        model, _ = learning.boot(model, fx, progress, first_visit, None, may_open=False)
    else:
        model, on = learning.boot(model, fx, progress, first_visit, saved)
        if not on:
            model = deal.resume(model, fx, saved)
    if first_visit:  # first use: which suit is which (unless closed as the page loaded)
        fx.append(store(SUIT_TIP_KEY, "1"))
        model = model._replace(visit=model.visit._replace(
            suit_tip=SUIT_TIP not in model.visit.dismissed))
    # The game is playable: now the service worker may fetch the site for offline play.
    fx.append(("register-offline",))
    return model


def catalog(model: Model, fx: list[Effect], language: str, data: bytes | None) -> Model:
    """A language's catalog arrived (or could not be had): speak it from now on."""
    visit = model.visit
    if language != visit.switching_to:
        return model  # another language was picked meanwhile
    tr = translator() if language == DEFAULT_LANGUAGE else None
    if tr is None and data is not None:
        try:
            tr = translator_from_mo(language, data)
        except CatalogError:
            tr = None
    visit = visit._replace(switching_to="")
    if not visit.booted:
        model = ready(model._replace(visit=visit._replace(tr=tr or translator())), fx)
        return model if tr is not None else notice(model, "language-missing")
    if tr is None:  # the game goes on in the language it was in
        return notice(model._replace(visit=visit), "language-unloadable")
    fx.append(store(LANGUAGE_KEY, language))
    # A reload keeps the choice: the address's ?lang= would otherwise win over it.
    query = options.with_language(visit.query, language)
    fx.append(("address", query))
    return model._replace(visit=visit._replace(tr=tr, query=query))


# --- settings ---------------------------------------------------------------------------------


def setting(model: Model, fx: list[Effect], name: str, value: str) -> Model:
    if name == "language":
        if value == model.visit.tr.language or value not in OFFERED:
            return model._replace(visit=model.visit._replace(switching_to=""))
        model = model._replace(visit=model.visit._replace(switching_to=value))
        if value == DEFAULT_LANGUAGE:
            return catalog(model, fx, value, None)
        fx.append(("fetch-catalog", value))
        return model
    settings = choices.chosen(model.player.settings, fx, name, value)
    return model._replace(player=model.player._replace(settings=settings))


# --- buttons and keys -------------------------------------------------------------------------


def press(model: Model, fx: list[Effect], name: str) -> Model:
    """A button of the page: the table's, the notices', the statistics panel's, the dialog's."""
    table = model.table
    session = table.session
    if name == "new-deal" and name in table.kind.withheld:
        return model  # (the lesson has "Leave the lesson" instead)
    if name == "new-deal" and session is not None and not session.is_over and not table.failure:
        return model._replace(table=table._replace(confirming=True))  # abandon only once confirmed
    if name == "keep-playing":
        return model._replace(table=table._replace(confirming=False))
    if name in ("new-deal", "restart", "abandon"):
        if table.kind.scripted:  # (after a failure in the lesson: it goes on from here later)
            model = learning.leave(model, fx)
        return deal.deal(model, fx)
    if name in STATS_BUTTONS:
        return STATS_BUTTONS[name](model, fx)
    if name == "resume-aside":
        return resume_aside(model, fx)
    if name == "new-version":
        fx.append(("accept-new-version",))
        return model
    if table.failure is not None or session is None:
        return model  # the failure panel is up: only a new deal goes on
    if name in LESSON_BUTTONS:
        return LESSON_BUTTONS[name](model, fx)
    if name in table.kind.withheld:
        return model  # (the lesson's deal is told by its steps: no replay, review, share or hint)
    if name == "replay" or name.startswith("replay-"):
        replayed = deal.replay_to(table, name) if table.kind.replayed else table
        return model._replace(table=replayed)
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
        return model._replace(table=table._replace(last_trick=not table.last_trick))
    action = deal.action_for(table, name)
    if action is None:
        return model
    return learning.act(model, fx, action) if table.kind.scripted else deal.act(model, fx, action)


LESSON_BUTTONS: dict[str, Callable[[Model, list[Effect]], Model]] = {
    learning.LEARN: learning.learn, "lesson-next": learning.next_step,
    "lesson-leave": learning.leave,
}


def computer_turn(model: Model, fx: list[Effect], generation: int) -> Model:
    if model.table.kind.scripted:
        return learning.computer_turn(model, fx, generation)
    return deal.computer_turn(model, fx, generation)


def pressed_card(model: Model, code: str) -> Card | None:
    """The card a press on your hand names, if the table takes presses on cards now."""
    if model.table.failure is not None or model.table.replay is not None:
        return None
    try:
        (chosen,) = parse_cards(code)
    except ValueError:
        return None
    return chosen


def card(model: Model, fx: list[Effect], code: str) -> Model:
    chosen = pressed_card(model, code)
    return model if chosen is None else model._replace(table=deal.toggle(model.table, chosen))


def play_card(model: Model, fx: list[Effect], code: str) -> Model:
    """A double click or a double tap on a card of your hand: play it alone, when nothing else is
    selected and a single of it is legal now (sets, runs and discards keep select, then confirm)."""
    chosen = pressed_card(model, code)
    return model if chosen is None else play_alone(model, fx, chosen)


def play_alone(model: Model, fx: list[Effect], chosen: Card) -> Model:
    table = model.table
    session = table.session
    if session is None or table.selected or not session.waiting_for_person():
        return model
    if Action.play((chosen,)) not in session.observation(0).legal:
        return model
    return press(model._replace(table=table._replace(selected=frozenset({chosen}))), fx, "play")


def key(model: Model, fx: list[Effect], name: str, code: str, where: str,
        shift: bool = False) -> Model:
    """The keyboard: in a replay ← → Home End move through it; on a card of your hand Enter plays
    or discards the selection (or, with nothing selected, that card alone); Escape ends a
    replay; letters press the table's buttons.  (Moving along your hand is the page's own: the
    keyboard stays where the page put it, never moved from here.)"""
    table = model.table
    session = table.session
    if table.replay is not None:
        action = replay.key_action(name, model.visit.tr.direction)
        if action is not None:
            fx.append(("handled",))
            return model._replace(table=deal.replay_to(table, action))
    if name == "Enter" and where.startswith("card:") and session is not None and table.failure is None:
        fx.append(("handled",))
        if not table.selected:  # Enter on a card with nothing selected plays it alone
            cards = [c for c in session.state.hands[0] if str(c) == where[5:]]
            return play_alone(model, fx, cards[0]) if cards else model
        enabled = enabled_buttons(model)
        chosen = "play" if "play" in enabled else "discard"
        return press(model, fx, chosen) if chosen in enabled else model
    button = SHORTCUTS.get(code)
    if button and not shift and table.replay is None and button in enabled_buttons(model):
        fx.append(("handled",))
        return press(model, fx, button)
    return model


# --- notices, the service worker, failures ----------------------------------------------------


def resume_aside(model: Model, fx: list[Effect]) -> Model:
    """Go back to the deal that a shared link's deal put aside."""
    visit = model.visit
    kept = visit.aside
    notices = tuple(n for n in visit.notices if n.action != "resume-aside")
    model = model._replace(visit=visit._replace(notices=notices, log=(), aside=None))
    fx.append(forget(saving.ASIDE_KEY, LOCAL))
    return deal.resume(model, fx, kept)


def notice_gone(model: Model, fx: list[Effect], shown: int) -> Model:
    notices = tuple(n for n in model.visit.notices if n.id != shown)
    return model._replace(visit=model.visit._replace(notices=notices))


def dismiss_notice(model: Model, fx: list[Effect], notice: int | str) -> Model:
    """The player closed a notice: one of the model's, by its id, or one of the first look's
    that the page showed before the game was ready, by its key (`FIRST_LOOK`), which is not
    put up again as the game starts."""
    visit = model.visit
    if isinstance(notice, str):
        if notice not in FIRST_LOOK:
            return model
        notices = tuple(n for n in visit.notices if n.action != notice)
        return model._replace(visit=visit._replace(
            notices=notices, dismissed=visit.dismissed | {notice},
            suit_tip=visit.suit_tip and notice != SUIT_TIP))
    return notice_gone(model, fx, notice)


def offline(model: Model, fx: list[Effect], news: str) -> Model:
    if news == "ready":  # said in the settings panel: no game event, and it covers nothing
        return model._replace(visit=model.visit._replace(offline_ready=True))
    return model._replace(visit=model.visit._replace(newer_version=True))


def offer_new_version(model: Model) -> Model:
    """Offer a waiting new version, but never in the middle of a deal someone has acted in."""
    visit, session = model.visit, model.table.session
    if not visit.newer_version or visit.version_offered or not visit.booted:
        return model
    if session is not None and not session.is_over and session.state.history:
        return model
    return notice(model._replace(visit=visit._replace(version_offered=True)), "new-version",
                  action="new-version")


def copied(model: Model, fx: list[Effect], ok: bool) -> Model:
    return model._replace(table=model.table._replace(share_status="copied" if ok else "select"))


def stored(model: Model, fx: list[Effect], ok: bool) -> Model:
    return model if ok else storage_refused(model)


def failure(model: Model, fx: list[Effect], details: str) -> Model:
    """A calm panel instead of a traceback; the deal's record is kept for a bug report."""
    table = model.table
    record = table.session.record() if table.session is not None else ""
    return model._replace(table=table._replace(
        generation=table.generation + 1, hinting=False, confirming=False,
        failure=f"{details.rstrip()}\n\nDeal record: {record}"))


HANDLERS: dict[str, Callable[..., Model]] = {
    "start": start, "catalog": catalog, "press": press, "card": card, "play-card": play_card, "key": key,
    "setting": setting, "computer-turn": computer_turn,
    "computer-moved": deal.computer_moved, "hint-ready": deal.hint_ready,
    "file-read": file_read, "copied": copied, "stored": stored,
    "offline": offline, "notice-gone": notice_gone, "dismiss-notice": dismiss_notice,
    "failure": failure,
    "review-progress": coaching.progress, "review-ready": coaching.ready,
}
