"""Practice from a decision of a finished deal: "Play from here" in the coach's review puts the
table back at that moment, and you play on from there with the better move or another.

Plain Python (no ``js``): part of `update` (what its buttons do) and of `page` (their words).
The table goes back to the deal as it was just before your decision (`Session.before`): the
same cards and hidden hands, the same computer players at the same levels (each of their
decisions is seeded by the deal's number and the move's, so from there they act as they
would have), what you knew then.  It is a table of the `kinds.PRACTICE` kind: saved with where
it started (``Table.step``, the moves made before it), never counted, its own end reviewed (not
counted either), where it offers the same decision again.
"""

from __future__ import annotations

from lukfu.i18n import Translator
from lukfu.web import deal
from lukfu.web.effects import Effect
from lukfu.web.kinds import PRACTICE
from lukfu.web.model import Model, Table
from lukfu.web.review import ReviewView
from lukfu.web.saving import practice_start
from lukfu.web.view import ButtonView, TableView

AT = "practice-at-"  # + a decision's move number: "Play from here" on that line of the review
AGAIN = "practice-again"  # at a practice's end: from the same decision once more


# --- decided ----------------------------------------------------------------------------------


def press(model: Model, fx: list[Effect], name: str) -> Model:
    """"Play from here" (`AT` and the decision's move number) in the review of a finished deal,
    or `AGAIN` at the end of a practice: the table from that decision."""
    table = model.table
    session = table.session
    if session is None or not session.is_over or table.kind.scripted:
        return model  # (a stale press: the review and the end are a finished deal's)
    if name == AGAIN:
        return play_from(model, fx, table.step) if table.kind.practised else model
    number = name[len(AT):]
    return play_from(model, fx, int(number)) if number.isdigit() else model


def play_from(model: Model, fx: list[Effect], move: int) -> Model:
    """A practice table: the deal on the table as it was before its action ``move`` (one of
    yours), the log telling the deal up to there."""
    session = model.table.session
    at = None if session is None else practice_start(session, move)
    if at is None:
        return model
    model = model._replace(visit=model.visit._replace(log=()))
    model = deal.begin(model, PRACTICE, at, step=move)
    for event in at.events:
        model = deal.log(model, "event", event)
    deal.save(model, fx)
    deal.schedule(model, fx)  # (you are to move: nothing, but the table's own pace all the same)
    return model


# --- its words --------------------------------------------------------------------------------


def with_practice(tr: Translator, table: Table, shown: TableView) -> TableView:
    """The table ``shown`` saying that it is practice, and at its end offering it again."""
    session = table.session
    if not table.kind.practised or session is None:
        return shown
    over, move = session.is_over, table.step + 1  # (the move you were about to make, from 1)
    if over:
        line = tr.gettext("Practice over: not counted in your statistics.")
    else:
        line = tr.gettext("Practice from move {n}: not counted in your statistics.", n=move)
    again = ButtonView(AGAIN, over, over, tr.gettext("Play from move {n} again", n=move))
    return shown._replace(practice=line, buttons=(*shown.buttons, again))


def offered(tr: Translator, table: Table, review: ReviewView | None) -> ReviewView | None:
    """The review with "Play from here" on each of its decisions (where the table's kind has a
    review: a dealt deal's, a practice's own)."""
    if review is None or not review.decisions or table.kind.scripted:
        return review
    decisions = tuple(
        decision._replace(play_from=tr.gettext("Play from here: move {n}, {move}",
                                               n=decision.move_number + 1, move=decision.move))
        for decision in review.decisions)
    return review._replace(decisions=decisions, play_from_label=tr.gettext("Play from here"))
