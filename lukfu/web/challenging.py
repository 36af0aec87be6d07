"""A friend's challenge at the table: making the link, playing a friend's deal, and comparing.

Plain Python (no ``js``): part of `update` (what "Challenge a friend", ``?challenge=`` and
"See how your friend played" do) and of `page` (their words).  The link's code is
`lukfu.challenge`'s: the deal, the level, the challenger's result and every move, checksummed.
Whoever opens it plays the same cards in the same seat against the same computer players
(`kinds.CHALLENGE`: never saved over their own deal, never counted, no hints); the
challenger's result and moves stay out of the page until the deal is over, then both results
stand side by side and the challenger's deal can be replayed.
"""

from __future__ import annotations

from lukfu.challenge import ChallengeError, challenge_code, read_challenge
from lukfu.i18n import Translator
from lukfu.session import PERSON, Session
from lukfu.web import deal, options
from lukfu.web.effects import Address, Effect, Share
from lukfu.web.kinds import CHALLENGE
from lukfu.web.model import Model
from lukfu.web.result import ChallengeLink, Versus, VersusRow
from lukfu.web.statistics import level_name

MAKE, COPY, REPLAY = "challenge", "copy-challenge", "challenge-replay"  # its buttons
LINK_FIELD = "challenge-link"  # the element showing the link (selected if it cannot be copied)


# --- decided ----------------------------------------------------------------------------------


def open_code(model: Model, fx: list[Effect], code: str, saved: str | None = None) -> Model | None:
    """The challenge ``code`` names on a new table (the deal in progress put aside: the table's,
    or ``saved`` at the page's start); None if the code is not one this game wrote."""
    try:
        challenge = read_challenge(code)
    except ChallengeError:
        return None
    start = challenge.session.start
    model = deal.set_aside(model, fx, challenge.session.deal_number, start.master, saved)
    session = Session(start, (PERSON, challenge.level, challenge.level),
                      challenge.session.deal_number)
    kind = CHALLENGE if challenge.dealt else CHALLENGE._replace(dealt=False)  # (its own hands)
    model = deal.begin(model, kind, session)
    model = model._replace(table=model.table._replace(challenge=challenge))
    model = deal.tell(model, fx, session.events)
    deal.schedule(model, fx)
    return model


def press(model: Model, fx: list[Effect], name: str) -> Model:
    """"Challenge a friend" (the link), its "Copy link", or "See how your friend played"."""
    table = model.table
    session = table.session
    if session is None or not session.is_over or table.kind.scripted:
        return model
    if name == MAKE:
        code = challenge_code(session, dealt=table.kind.dealt)
        link = model.visit.page_url + options.challenge_query(code)
        return model._replace(table=table._replace(challenge_link=link))
    if name == COPY and table.challenge_link:
        tr = model.visit.tr
        fx.append(Share(tr.gettext("Can you do better than me on this deal of Luk Fu?"),
                        table.challenge_link, LINK_FIELD))
        return model
    if name == REPLAY and table.challenge is not None:
        steps = table.challenge.session.steps()
        return model._replace(table=table._replace(replay=steps, replay_at=0, replay_of=REPLAY))
    return model


def address(model: Model, fx: list[Effect]) -> Model:
    """The address names a challenge only while it is on the table (a reload deals it again):
    once another table replaces it, it goes."""
    visit = model.visit
    at_one = model.table.kind.family == CHALLENGE.family
    if not visit.booted or at_one or options.CHALLENGE not in visit.query:
        return model
    query = options.without(visit.query, options.CHALLENGE)
    if query == visit.query:
        return model
    fx.append(Address(query))
    return model._replace(visit=visit._replace(query=query))


# --- its words --------------------------------------------------------------------------------


def line_text(tr: Translator, model: Model) -> str:
    """What the line atop the table says at a friend's challenge."""
    table = model.table
    challenge, session = table.challenge, table.session
    if challenge is None or session is None:
        return ""
    if table.replay is not None and table.replay_of == REPLAY:
        return tr.gettext("How your friend played this deal.")
    if session.is_over:
        return tr.gettext("A friend's challenge: not counted in your statistics.")
    return tr.gettext("A friend's challenge: the cards your friend played, in the same seat, against "
                      "{level} players. You see how they did when you finish.",
                      level=level_name(tr, challenge.level))


def versus(tr: Translator, model: Model) -> Versus | None:
    """At the end of a friend's challenge: both results side by side."""
    table = model.table
    challenge, session = table.challenge, table.session
    if challenge is None or session is None or not session.is_over:
        return None
    you, friend = session.state.net_points[0], challenge.net
    rows = (VersusRow(tr.gettext("You"), you, tr.signed(you)),
            VersusRow(tr.gettext("Your friend"), friend, tr.signed(friend)))
    if you > friend:  # (the plural forms' {n}: the points between you)
        said = tr.ngettext("You beat your friend by {n} point.", "You beat your friend by {n} points.",
                           you - friend)
    elif you < friend:
        said = tr.ngettext("Your friend did better, by {n} point.",
                           "Your friend did better, by {n} points.", friend - you)
    else:
        said = tr.gettext("You and your friend scored the same.")
    return Versus(tr.gettext("A friend's challenge"), rows, said,
                  replay_label=tr.gettext("See how your friend played"))


def link_view(tr: Translator, model: Model) -> ChallengeLink | None:
    """At the end of a deal: "Challenge a friend", then the link and what it does."""
    table = model.table
    if MAKE in table.kind.withheld:
        return None
    label = tr.gettext("Challenge a friend")
    if not table.challenge_link:
        return ChallengeLink(label)
    return ChallengeLink(
        label,
        tr.gettext("Send this link to a friend: they play the same cards in your seat, then see "
                   "your result beside theirs and how you played."),
        table.challenge_link, tr.gettext("Copy link"))
