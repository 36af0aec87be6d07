"""The statistics panel as plain data: a table by computer level, a line chart, and the words
for an import refused field by field or waiting for the player's confirmation.

Plain Python (no ``js``), tested under CPython; `render` draws the chart as SVG from the
points given here (no chart library: it is one line).
"""

from __future__ import annotations

from typing import NamedTuple

from lukfu.ai import LEVELS
from lukfu.i18n import N_, Translator
from lukfu.stats import (
    DOES_NOT_ADD_UP,
    MISSING,
    NOT_JSON,
    NOT_LIST,
    NOT_OBJECT,
    NOT_STATISTICS,
    NOT_WHOLE,
    OUT_OF_RANGE,
    TOO_LONG,
    TOO_MANY,
    UNKNOWN,
    Rejection,
    Statistics,
    Tally,
)
from lukfu.web import naming
from lukfu.web.saving import Totals

LEVEL_NAMES = {
    "beginner": N_("Beginner"), "casual": N_("Casual"), "strong": N_("Strong"), "expert": N_("Expert"),
}
# The chart's drawing box, in SVG user units (the page scales it to the panel's width).
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 300, 100, 6


class StatsRow(NamedTuple):
    label: str
    values: tuple[str, ...]  # one a column: each level played, then the total if more than one


class Chart(NamedTuple):
    """Running net points over the recent deals, as an SVG polyline in a fixed box."""

    points: str  # "x,y x,y …"
    zero: float  # the y of the zero line
    label: str  # what the chart shows, in words (the chart's accessible name)
    low: str  # the lowest and highest running totals, for the axis
    high: str
    width: int = CHART_WIDTH  # the box, for the page to draw it in
    height: int = CHART_HEIGHT


class SheetView(NamedTuple):
    """The score sheet of this visit: each deal finished in this tab, each seat's net points
    and its running total."""

    title: str
    head: tuple[str, ...]  # "Deal", then You, Right, Left
    rows: tuple[tuple[str, ...], ...]  # the deal's number in the visit, then "+2 (total +6)" each


class DaysView(NamedTuple):
    """Your days of today's deal: how many, the streak, and the latest days beside their par."""

    title: str
    said: str
    head: tuple[str, ...]  # "Day", "You", "Par"
    rows: tuple[tuple[str, ...], ...]  # the latest first


class StatsView(NamedTuple):
    columns: tuple[str, ...]  # level names (and "Total")
    rows: tuple[StatsRow, ...]
    empty: str  # shown instead of the table before the first deal ("" after)
    chart: Chart | None
    accuracy: str = ""  # the coach's mean accuracy over the last deals reviewed ("" before one)
    sheet: SheetView | None = None  # this visit's deals (None before the first)
    days: DaysView | None = None  # today's deal, day by day (`dailies.days_view`; None before one)


def sheet_view(tr: Translator, totals: Totals) -> SheetView | None:
    if not totals.sheet:
        return None
    running = list(totals.points)  # each seat's total after the last deal, then back in time
    rows = []
    for offset, net in enumerate(reversed(totals.sheet)):
        number = totals.deals - offset
        rows.append((tr.number(number), *(
            tr.gettext("{net} (total {total})", net=tr.signed(net[seat]),
                       total=tr.signed(running[seat])) for seat in range(3))))
        running = [running[seat] - net[seat] for seat in range(3)]
    return SheetView(tr.gettext("This visit's deals"),
                     (tr.gettext("Deal"), *(naming.seat_name(tr, seat) for seat in range(3))),
                     tuple(reversed(rows)))


def level_name(tr: Translator, level: str) -> str:
    return tr.gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def chart(tr: Translator, recent: list[int]) -> Chart | None:
    """The running total of ``recent`` net points from 0, or None with fewer than two deals."""
    if len(recent) < 2:
        return None
    running = [0]
    for net in recent:
        running.append(running[-1] + net)
    low, high = min(running), max(running)
    span = max(high - low, 1)
    step = (CHART_WIDTH - 2 * CHART_PAD) / (len(running) - 1)

    def y(value: int) -> float:
        return round(CHART_PAD + (high - value) * (CHART_HEIGHT - 2 * CHART_PAD) / span, 1)

    points = " ".join(f"{round(CHART_PAD + i * step, 1)},{y(v)}" for i, v in enumerate(running))
    label = tr.ngettext(
        "Net points over your last {n} deal: {total} in all, from {low} at the lowest to "
        "{high} at the highest.",
        "Net points over your last {n} deals: {total} in all, from {low} at the lowest to "
        "{high} at the highest.",
        len(recent), total=tr.signed(running[-1]), low=tr.signed(low), high=tr.signed(high))
    return Chart(points, y(0), label, tr.signed(low), tr.signed(high), CHART_WIDTH, CHART_HEIGHT)


def stats_view(tr: Translator, stats: Statistics) -> StatsView:
    """The panel's table (one column a level played, and the total) and chart."""
    levels = [level for level in LEVELS if level in stats.levels]
    tallies: list[Tally] = [stats.levels[level] for level in levels]
    columns = [level_name(tr, level) for level in levels]
    if len(levels) > 1:
        tallies.append(stats.total())
        columns.append(tr.gettext("Total"))
    if not tallies:
        return StatsView((), (), tr.gettext(
            "No deals yet: your statistics start with your first finished deal."), None)

    def row(label: str, values: list[str]) -> StatsRow:
        return StatsRow(label, tuple(values))

    rows = (
        row(tr.gettext("Deals"), [tr.number(t.deals) for t in tallies]),
        row(tr.gettext("Wins"), [tr.number(t.wins) for t in tallies]),
        row(tr.gettext("Draws"), [tr.number(t.draws) for t in tallies]),
        row(tr.gettext("Losses"), [tr.number(t.losses) for t in tallies]),
        row(tr.gettext("Won by another, you paid nothing"), [tr.number(t.spared) for t in tallies]),
        row(tr.gettext("Net points"), [tr.signed(t.net) for t in tallies]),
        row(tr.gettext("Deals you called"), [tr.number(t.calls) for t in tallies]),
        row(tr.gettext("Called and won"), [
            tr.gettext("{won} of {calls}", won=t.calls_won, calls=t.calls) for t in tallies]),
        row(tr.gettext("Hints used"), [tr.number(t.hints) for t in tallies]),
    )
    return StatsView(tuple(columns), rows, "", chart(tr, stats.recent), accuracy_text(tr, stats.accuracy))


def accuracy_text(tr: Translator, accuracy: list[int]) -> str:
    """The coach's accuracy, on average over the last deals it reviewed."""
    if not accuracy:
        return ""
    return tr.ngettext("The coach's accuracy over your last deal: {percent}%.",
                       "The coach's accuracy over your last {n} deals: {percent}%.", len(accuracy),
                       percent=round(sum(accuracy) / len(accuracy)))


REJECTIONS = {
    MISSING: N_("{field}: missing."),
    UNKNOWN: N_("{field}: not something this game keeps."),
    NOT_OBJECT: N_("{field}: expected a group of counts, found {value}."),
    NOT_LIST: N_("{field}: expected a list of numbers, found {value}."),
    NOT_WHOLE: N_("{field}: expected a whole number, found {value}."),
    OUT_OF_RANGE: N_("{field}: {value} is not possible here."),
    TOO_MANY: N_("{field}: {value} is more than the deals allow."),
    TOO_LONG: N_("{field}: a list of {value} deals is longer than the game keeps."),
    DOES_NOT_ADD_UP: N_("{field}: wins, draws, losses and deals you paid nothing for do not add "
                        "up to the deals."),
}


def rejection_text(tr: Translator, rejection: Rejection) -> str:
    """One refused field, in words: the file's own field name, and what is wrong with it."""
    if rejection.problem == NOT_JSON:
        return tr.gettext("The file is not a statistics export: it is not even JSON.")
    if rejection.problem == NOT_STATISTICS:
        return tr.gettext("The file is not a Luk Fu statistics export of this version.")
    return tr.gettext(REJECTIONS[rejection.problem], field=rejection.path, value=rejection.value)


def refused_text(tr: Translator, count: int) -> str:
    return tr.ngettext(
        "The import was refused, and your statistics are unchanged. {n} problem:",
        "The import was refused, and your statistics are unchanged. {n} problems:", count)


def confirm_text(tr: Translator, mine: int, theirs: int) -> str:
    """The question before an import replaces statistics that hold deals."""
    return tr.gettext(
        "Replace your statistics ({mine}) with the imported ones ({theirs})?",
        mine=deals_text(tr, mine), theirs=deals_text(tr, theirs))


def deals_text(tr: Translator, count: int) -> str:
    return tr.ngettext("{n} deal", "{n} deals", count)

