"""Today's deal at the table: dealing a day's deal, its par, your days, and what the table says.

Plain Python (no ``js``): part of `update` (what "Today's deal", ``?daily=`` and the par do)
and of `page` (their words).  The day's deal and its par are `lukfu.daily`'s; your days and
streak `lukfu.days`'. The table is of the `kinds.DAILY` kind while it is today's and you have not
finished it today (then it counts, in the statistics and among your days), else
`kinds.DAILY_PRACTICE`.  Once it is over the worker works out the par (`ThinkPar`), and the end
says your result beside it, with a share text that gives nothing of the cards away.
"""

from __future__ import annotations

from lukfu import daily
from lukfu.days import Days, DaysError
from lukfu.i18n import Translator
from lukfu.web import deal, options
from lukfu.web.effects import Effect, Share, Store, ThinkPar
from lukfu.web.kinds import DAILY, DAILY_PRACTICE
from lukfu.web.model import Model, Table
from lukfu.web.result import Versus, VersusRow
from lukfu.web.saving import DAYS_KEY
from lukfu.web.statistics import DaysView, level_name

SHOWN_DAYS = 7  # the latest days the statistics list
SHARE = "share-daily"  # its button: share your result
SHARE_FIELD = "daily-share"  # the element the share text is in, selected if it cannot be copied


# --- decided ----------------------------------------------------------------------------------


def day_of(table: Table) -> str | None:
    """The date of the day's deal on ``table``, if it is one."""
    session = table.session
    if session is None or table.kind.family != "daily":
        return None
    return daily.day_of(session.deal_number)


def open_day(model: Model, fx: list[Effect], day: str, saved: str | None = None) -> Model:
    """The deal of ``day`` on a new table (today's counts once; any other day is practice), the
    deal in progress put aside to go back to (the table's, or ``saved`` at the page's start)."""
    number, master = daily.daily_deal(day)
    first = day == model.visit.today and model.player.days.result(day) is None
    model = deal.set_aside(model, fx, number, master, saved)
    return deal.deal(model, fx, number, master, DAILY if first else DAILY_PRACTICE, level=daily.LEVEL)


def today(model: Model, fx: list[Effect]) -> Model:
    """"Today's deal": today's, or the one on the table if it is today's and still going."""
    table, day = model.table, model.visit.today
    session = table.session
    if day_of(table) == day and session is not None and not session.is_over:
        return model
    return open_day(model, fx, day)


def ended(model: Model, fx: list[Effect]) -> Model:
    """A day's deal is over: work out its par; on its day, the first time, keep your result."""
    day, session = day_of(model.table), model.table.session
    if day is None or session is None:
        return model
    fx.append(ThinkPar(model.table.generation, day))
    if not model.table.kind.counted:
        return model
    return keep(model, fx, model.player.days.played(day, session.state.net_points[0]))


def par_ready(model: Model, fx: list[Effect], generation: int, day: str, par: int) -> Model:
    """The par of the day's deal on the table, worked out: shown, and kept with your result."""
    table = model.table
    if generation != table.generation or day_of(table) != day:
        return model  # another table since
    model = model._replace(table=table._replace(par=par))
    found = model.player.days.result(day)
    if found is None or found[1] == par:
        return model
    return keep(model, fx, model.player.days.with_par(day, par))


def keep(model: Model, fx: list[Effect], days: Days) -> Model:
    fx.append(Store(DAYS_KEY, days.to_text()))
    return model._replace(player=model.player._replace(days=days))


def read(model: Model, stored: str | None) -> Model:
    """Your days as the browser kept them; damaged ones are said and started anew."""
    try:
        days = Days.from_text(stored)
    except DaysError:
        return deal.notice(model, "days-problem")
    return model._replace(player=model.player._replace(days=days))


def share(model: Model, fx: list[Effect]) -> Model:
    """"Share": your result and the par, in words, and the day's link (no cards)."""
    table, day = model.table, day_of(model.table)
    session = table.session
    if day is None or session is None or not session.is_over or table.par is None:
        return model
    tr = model.visit.tr
    fx.append(Share(share_text(tr, day, session.state.net_points[0], table.par),
                    model.visit.page_url + options.daily_query(day), SHARE_FIELD))
    return model


# --- its words --------------------------------------------------------------------------------


def date_text(tr: Translator, day: str) -> str:
    """A date as the page writes it: ``YYYY-MM-DD`` in the language's digits, kept left to right."""
    digits = "".join(tr.number(int(ch)) if ch.isdigit() else ch for ch in day)
    return f"\u2066{digits}\u2069"


def days_problem_text(tr: Translator) -> str:
    return tr.gettext("Your record of days played could not be read, so it starts again from today.")


def share_text(tr: Translator, day: str, you: int, par: int) -> str:
    return tr.gettext("Luk Fu, the deal of {date}: I scored {you}; par {par}.",
                      date=date_text(tr, day), you=tr.signed(you), par=tr.signed(par))


def line_text(tr: Translator, model: Model) -> str:
    """What the line atop the table says at a day's deal."""
    table, day = model.table, day_of(model.table)
    if day is None:
        return ""
    date = date_text(tr, day)
    session = table.session
    if table.kind.counted and session is not None and session.is_over:
        return tr.gettext("Today's deal ({date}): your result is kept among your days.", date=date)
    if table.kind.counted:
        return tr.gettext("Today's deal ({date}): the same cards for everyone, against {level} "
                          "players. It counts once: the first time you finish it today.", date=date,
                          level=level_name(tr, daily.LEVEL))
    if day == model.visit.today:
        return tr.gettext("Today's deal ({date}), played again: practice, not counted.", date=date)
    return tr.gettext("The deal of {date}: practice, not counted.", date=date)


def versus(tr: Translator, model: Model) -> Versus | None:
    """At the end of a day's deal: your result beside the par, and how to share it."""
    table, day = model.table, day_of(model.table)
    session = table.session
    if day is None or session is None or not session.is_over:
        return None
    you = session.state.net_points[0]
    rows = [VersusRow(tr.gettext("You"), you, tr.signed(you))]
    if table.par is None:
        return Versus(tr.gettext("Par of {date}", date=date_text(tr, day)), tuple(rows),
                      tr.gettext("Working out the par: {expert} plays your seat…",
                                 expert=level_name(tr, daily.PAR_LEVEL)))
    rows.append(VersusRow(tr.gettext("Par"), table.par, tr.signed(table.par)))
    if you > table.par:  # (the plural forms' {n}: the points between you and the par)
        said = tr.ngettext("You beat the par by {n} point.", "You beat the par by {n} points.",
                           you - table.par)
    elif you < table.par:
        said = tr.ngettext("{n} point below the par.", "{n} points below the par.", table.par - you)
    else:
        said = tr.gettext("You made the par.")
    said = tr.sentences(said, tr.gettext("The par is what {expert} scores in your seat on the same "
                                         "deal, against the same {level} players.",
                                         expert=level_name(tr, daily.PAR_LEVEL),
                                         level=level_name(tr, daily.LEVEL)))
    days = model.player.days
    if day == model.visit.today and days.result(day) is not None:
        streak = days.streak(model.visit.today)
        said = tr.sentences(said, tr.ngettext("Days in a row: {n}.", "Days in a row: {n}.", streak))
    return Versus(tr.gettext("Par of {date}", date=date_text(tr, day)), tuple(rows), said,
                  par=str(table.par), share_label=tr.gettext("Share your result"),
                  share_text=share_text(tr, day, you, table.par), share_field=SHARE_FIELD)


def days_view(tr: Translator, days: Days, today: str) -> DaysView | None:
    """Your days in the statistics: how many, in a row, and the latest beside their par."""
    if not days.days:
        return None
    said = tr.sentences(
        tr.ngettext("Days played: {n}.", "Days played: {n}.", len(days.days)),
        tr.ngettext("Days in a row: {n}.", "Days in a row: {n}.", days.streak(today)),
        tr.ngettext("Most in a row: {n}.", "Most in a row: {n}.", days.best_streak()))
    rows = tuple((date_text(tr, day), tr.signed(you), "" if par is None else tr.signed(par))
                 for day, you, par in reversed(days.days[-SHOWN_DAYS:]))
    return DaysView(tr.gettext("Today's deal"), said,
                    (tr.gettext("Day"), tr.gettext("You"), tr.gettext("Par")), rows)
