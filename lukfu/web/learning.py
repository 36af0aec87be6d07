"""The guided first deal at the page, decided: offered, started or picked up again, stepped
through, left and finished.

Plain Python (no ``js``): part of `update`.  The deal and its script are `lukfu.lesson`'s.  The
lesson is a table of its own kind (`kinds.LESSON`): it puts the table it was opened over aside
(its save, kept in the lesson's table and saved with it) and brings it back when the lesson is
left; finished, it leaves the player a new deal of their own, at its start.  Its computer
players make the script's moves, at the page's pace; the person's move must be the one the
step asks: an illegal one is refused with the engine's reason, another legal one with the
step's.  The lesson's table is saved like any table (its
step too), so that a reload resumes it; it is never counted, added to the total or reviewed.
The step reached is kept besides (``LESSON_KEY``), so that "Learn to play" picks it up where it
was left.
"""

from __future__ import annotations

from lukfu import Action, IllegalAction
from lukfu.lesson import LAST, STEPS, progress_text, read_progress, scripted, session_at, shown_step, waits
from lukfu.web import deal
from lukfu.web.effects import Effect, Store
from lukfu.web.kinds import LESSON
from lukfu.web.model import Model

LESSON_KEY = "lukfu.lesson"  # localStorage: "done", or the step to go on from
LEARN = "learn"  # the data-action that starts the lesson (a notice's button, the header's)


def boot(model: Model, fx: list[Effect], stored: str | None, first_visit: bool,
         saved: str | None, may_open: bool = True) -> tuple[Model, bool]:
    """As the page starts: read how far the lesson got; a new player is offered it.  (A lesson
    on the table when the page closed comes back with the save, as any table does; one that an
    earlier version left open, unsaved, is started again at its step over ``saved``, the deal
    at the table, unless the address deals a deal: True, it is on.)"""
    step, opened, done = read_progress(stored)
    model = model._replace(player=model.player._replace(lesson_step=step, lesson_done=done))
    if opened and may_open:
        return start(model, fx, step, saved), True
    if first_visit and stored is None and LEARN not in model.visit.dismissed:
        model = deal.notice(model, "learn-offer", action=LEARN)  # (unless closed as it loaded)
    return model, False


def learn(model: Model, fx: list[Effect]) -> Model:
    """"Learn to play": the lesson, from its start or from where it was left."""
    table, player = model.table, model.player
    if table.kind.scripted:
        return model
    return start(model, fx, 0 if player.lesson_done else player.lesson_step, deal.kept_text(table))


def start(model: Model, fx: list[Effect], step: int, kept: str | None) -> Model:
    session = session_at(step, deal.chosen_level(model))
    notices = tuple(n for n in model.visit.notices if n.action != LEARN)
    model = model._replace(visit=model.visit._replace(log=(), notices=notices))
    model = deal.begin(model, LESSON, session, step=step, aside=kept)
    for event in session.events:
        model = deal.log(model, "event", event)
    return go_on(model, fx)


def go_on(model: Model, fx: list[Effect]) -> Model:
    """Keep the step reached, and let the computer players make their moves up to the next."""
    deal.save(model, fx)
    deal.schedule(model, fx)
    return reached(model, fx)


def reached(model: Model, fx: list[Effect]) -> Model:
    """The step on the table is where "Learn to play" goes on from."""
    step = model.table.step
    fx.append(Store(LESSON_KEY, progress_text(step)))
    return model._replace(player=model.player._replace(lesson_step=step))


def computer_turn(model: Model, fx: list[Effect], generation: int) -> Model:
    """The pause before a computer move is over: the script's move, unless a step is being read."""
    table = model.table
    session = table.session
    if not table.kind.scripted or session is None or generation != table.generation:
        return model
    move = scripted(session)
    if move is None or not session.computer_to_move() or waits(table.step, session):
        return model
    return deal.computer_moved(model, fx, generation, str(move))


def act(model: Model, fx: list[Effect], action: Action) -> Model:
    """Your move in the lesson: the engine's refusal for an illegal one, the step's reason for
    another legal one, and the asked one taken."""
    table = model.table
    session = table.session
    if session is None or not session.waiting_for_person():
        return model
    try:
        session.check(action)
    except IllegalAction as error:
        return model._replace(table=table._replace(refusal=error, off_script=""))
    step = STEPS[table.step]
    if step.asks is None or shown_step(table.step, session) != table.step:
        return model._replace(table=table._replace(refusal=None, off_script="read"))
    if action != step.asks:
        return model._replace(table=table._replace(refusal=None, off_script="other"))
    model = model._replace(table=table._replace(step=table.step + 1, off_script=""))
    return reached(deal.act(model, fx, action), fx)  # (taken, saved and paced as at any table)


def reading(model: Model) -> bool:
    """Whether a step that is read is on show, its Next offered (Enter presses it too)."""
    table = model.table
    session = table.session
    return (table.kind.scripted and session is not None and STEPS[table.step].asks is None
            and shown_step(table.step, session) == table.step)


def next_step(model: Model, fx: list[Effect]) -> Model:
    """"Next" on a step that is read; "Finish" on the last one."""
    table = model.table
    if not reading(model):
        return model  # (not a read step, or a stale click: the step is not on show yet)
    if table.step == LAST:
        return finish(model, fx)
    return go_on(model._replace(table=table._replace(step=table.step + 1, off_script="")), fx)


def leave(model: Model, fx: list[Effect]) -> Model:
    """"Leave the lesson": back to the deal it put aside; "Learn to play" goes on from here."""
    if not model.table.kind.scripted:
        return model
    fx.append(Store(LESSON_KEY, progress_text(model.table.step)))
    return back(model, fx)


def finish(model: Model, fx: list[Effect]) -> Model:
    """"Finish": a new deal of the player's own, at its start, with nothing said beside it (the
    suits' legend neither: the lesson showed them), and the deal the lesson was opened over
    given up, as "New deal" gives one up."""
    fx.append(Store(LESSON_KEY, "done"))
    model = model._replace(player=model.player._replace(lesson_done=True, lesson_step=0),
                           visit=model.visit._replace(log=(), suit_tip=False))  # (it was taught)
    return deal.deal(model, fx)


def back(model: Model, fx: list[Effect]) -> Model:
    kept = model.table.aside
    model = model._replace(visit=model.visit._replace(log=()))
    return deal.resume(model, fx, kept)  # (a new deal if there was none)
