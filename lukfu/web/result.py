"""The end of a deal as the table shows it: who won, F and S explained, each seat's points and
the running total, and the links that deal it again or share it.

Plain Python (no ``js``): part of the table's view (`view`); the points are the engine's.
"""

from __future__ import annotations

from typing import NamedTuple

from lukfu import Observation
from lukfu.i18n import Translator
from lukfu.web import naming, text
from lukfu.web.saving import Totals


class ResultRow(NamedTuple):
    seat: int
    name: str
    fu: int
    fu_text: str
    net: int
    net_text: str
    winner: bool
    total_text: str = ""  # points over this visit's deals


class VersusRow(NamedTuple):
    name: str  # "You", "Par", "Your friend"
    points: int
    text: str  # the points, signed, in the language's digits


class Versus(NamedTuple):
    """Your result beside another on the same cards: the day's par, or a friend's score."""

    title: str
    rows: tuple[VersusRow, ...]
    said: str  # who did better, and what the other figure is
    par: str = ""  # the par, once known, as a plain decimal (the element's ``data-par``)
    share_label: str = ""  # "Share your result" (a day's deal)
    share_text: str = ""  # what it shares (and shows, to copy by hand if the browser will not)
    share_field: str = ""  # the id of the element showing it
    replay_label: str = ""  # "See how your friend played" (a challenge)


class ChallengeLink(NamedTuple):
    """"Challenge a friend" (its button, until pressed), then the link that carries this deal
    and how you played it."""

    label: str  # the button's
    said: str = ""
    url: str = ""
    copy_label: str = ""


class ResultView(NamedTuple):
    title: str
    detail: str
    rows: tuple[ResultRow, ...]
    head: tuple[str, ...]  # column titles
    explanation: tuple[str, ...] = ()  # F, S, who pays whom and why
    totals_text: str = ""  # what the Total column counts
    number: int | None = None  # the deal number, to play it again
    number_text: str = ""
    replay_label: str = ""
    replay_href: str = ""
    share_label: str = ""
    share_url: str = ""
    copy_label: str = ""
    hints_text: str = ""  # how many hints the player asked for in this deal
    versus: Versus | None = None  # a day's par, a friend's result
    challenge: ChallengeLink | None = None


class DealLinks(NamedTuple):
    """Once the deal is over: its number, an address that deals it again here, and a link that
    deals it to somebody else (both name the deal by its code, ``lukfu.dealcode``)."""

    number: int
    again: str
    share: str


def result_view(
    tr: Translator, obs: Observation, links: DealLinks | None = None, hints: int = 0,
    totals: Totals | None = None,
) -> ResultView | None:
    result = obs.result
    if result is None:
        return None
    rows = tuple(
        ResultRow(
            seat=seat,
            name=naming.seat_name(tr, seat),
            fu=obs.fu[seat],
            fu_text=tr.number(obs.fu[seat]),
            net=result.net_points[seat],
            net_text=tr.signed(result.net_points[seat]),
            winner=result.winner == seat,
            total_text=tr.signed(totals.points[seat]) if totals else "",
        )
        for seat in range(3)
    )
    head = (tr.gettext("Player"), tr.gettext("fu"), tr.gettext("Points"))
    explanation = text.result_explanation(tr, obs)
    return ResultView(
        title=text.result_title(tr, result.winner),
        detail=explanation[0],
        explanation=explanation[1:],
        totals_text=text.totals_text(tr, totals.deals) if totals else "",
        rows=rows,
        head=(*head, tr.gettext("Total")) if totals else head,
        number=links.number if links else None,
        number_text=text.deal_number_text(tr, links.number) if links else "",
        replay_label=tr.gettext("Play this deal again") if links else "",
        replay_href=links.again if links else "",
        share_label=tr.gettext("Share this deal: whoever opens this link plays the same cards.")
        if links else "",
        share_url=links.share if links else "",
        copy_label=tr.gettext("Copy link") if links else "",
        hints_text=text.hints_used_text(tr, hints),
    )
