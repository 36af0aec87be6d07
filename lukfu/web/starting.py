"""The page's start, decided: the address and what the browser kept, read; the language's
catalog fetched; the first deal dealt or the saved table resumed; and a language switched.

Plain Python (no ``js``): part of `update`.
"""

from __future__ import annotations

from typing import Any

from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, CatalogError, match_language, translator, translator_from_mo
from lukfu.stats import Statistics, StatisticsError
from lukfu.web import challenging, choices, dailies, deal, learning, options, puzzling, saving
from lukfu.web.deal import notice, storage_refused
from lukfu.web.effects import Address, Effect, FetchCatalog, RegisterOffline, Store
from lukfu.web.kinds import FREE, SHARED
from lukfu.web.model import Boot, Model
from lukfu.web.saving import Totals

LANGUAGE_KEY = "lukfu.language"  # the language picker's choice
SUIT_TIP_KEY = "lukfu.suits-shown"  # set once the suit legend was shown to a new player
SUIT_TIP = "suit-tip"  # the suit legend's key among the first look's
FIRST_LOOK = (learning.LEARN, SUIT_TIP)
"""What index.html shows a new player from the first paint, before the game is ready, by key
(its ``data-early``, and ``<body data-dismissed>`` once closed): the offer of the guided deal
(its button's action) and the suit legend."""


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
        today=str(boot.get("today", "")),
        boot=Boot(found, stored, bool(boot["storage"])), switching_to=language)
    player = model.player._replace(settings=choices.read(stored, found.delay),
                                   totals=Totals.from_text(boot["tab"].get(saving.TOTALS_KEY)))
    model = model._replace(visit=visit, player=player)
    if language == DEFAULT_LANGUAGE:
        return catalog(model, fx, language, None)
    fx.append(FetchCatalog(language))
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
    model = dailies.read(model, stored.get(saving.DAYS_KEY))
    model = puzzling.boot(model, fx, stored.get(puzzling.PROGRESS_KEY))
    saved = stored.get(saving.SAVE_KEY)
    first_visit = stored.get(SUIT_TIP_KEY) is None
    progress = stored.get(learning.LESSON_KEY)
    model, opened = by_address(model, fx, found, saved)
    if opened:  # a friend's challenge, or a day's deal
        model, _ = learning.boot(model, fx, progress, first_visit, None, may_open=False)
    elif found.new_deal:
        # A deal named by the address is dealt once: a reload then resumes it from the save.  A
        # number or code that cannot be read deals a random deal, as its notice says (with the
        # address's Master, if that one can be read), and your deal in progress is kept aside.
        query = options.without_deal(model.visit.query)
        fx.append(Address(query))
        model = model._replace(visit=model.visit._replace(query=query))
        number = found.deal_number
        model = deal.set_aside(model, fx, number, found.master, saved)
        model = deal.deal(model, fx, number, found.master, FREE if number is None else SHARED)
        model, _ = learning.boot(model, fx, progress, first_visit, None, may_open=False)
    else:
        model, on = learning.boot(model, fx, progress, first_visit, saved)
        if not on:
            model = deal.resume(model, fx, saved)
    if first_visit:  # first use: which suit is which (unless closed as the page loaded)
        fx.append(Store(SUIT_TIP_KEY, "1"))
        model = model._replace(visit=model.visit._replace(
            suit_tip=SUIT_TIP not in model.visit.dismissed))
    # The game is playable: now the service worker may fetch the site for offline play.
    fx.append(RegisterOffline())
    return model


def by_address(model: Model, fx: list[Effect], found: options.Options,
               saved: str | None) -> tuple[Model, bool]:
    """The table the address names, a friend's challenge or a day's deal, if it names one that
    can be had (one that cannot is said in a notice), and whether it did; a deal of yours in
    progress (``saved``) kept to go back to."""
    if found.challenge is not None:
        opened = challenging.open_code(model, fx, found.challenge, saved)
        if opened is not None:
            return opened, True
        model = notice(model, "option", (options.CHALLENGE, found.challenge))
    if found.day is None:
        return model, False
    query = options.without_deal(model.visit.query)  # (a reload resumes it from the save)
    fx.append(Address(query))
    model = model._replace(visit=model.visit._replace(query=query))
    day = found.day
    if model.visit.today and day > model.visit.today:
        model = notice(model, "option", ("daily-future", day))
        day = model.visit.today
    return dailies.open_day(model, fx, day, saved), True


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
    fx.append(Store(LANGUAGE_KEY, language))
    # A reload keeps the choice: the address's ?lang= would otherwise win over it.
    query = options.with_language(visit.query, language)
    fx.append(Address(query))
    return model._replace(visit=visit._replace(tr=tr, query=query))


def switch_language(model: Model, fx: list[Effect], language: str) -> Model:
    """The language picker: fetch the language's catalog (it is spoken once it arrives)."""
    if language == model.visit.tr.language or language not in OFFERED:
        return model._replace(visit=model.visit._replace(switching_to=""))
    model = model._replace(visit=model.visit._replace(switching_to=language))
    if language == DEFAULT_LANGUAGE:
        return catalog(model, fx, language, None)
    fx.append(FetchCatalog(language))
    return model
