"""The deal at the table, decided: dealing, resuming, your actions, the computers' pace, hints,
the replay, and what is saved and counted.

Plain Python (no ``js``): part of `update`.  Each function takes the model and a list of
effects, appends the effects its decision needs and returns the next model.
"""

from __future__ import annotations

import copy
import random

from lukfu import PLAYING, Action, Card, IllegalAction, parse_action
from lukfu.ai import LEVELS
from lukfu.ai.hint import Hint
from lukfu.dealcode import MAX_DEAL_NUMBER
from lukfu.saves import SaveProblem, write_save
from lukfu.session import DEAL_OVER, TRICK_WON, Event, Session
from lukfu.stats import outcome
from lukfu.web import coaching, replay, saving
from lukfu.web.effects import TAB, Effect, Store, Think, ThinkHint, Wait
from lukfu.web.kinds import FREE, TableKind
from lukfu.web.messages import ComputerTurn, NoticeGone
from lukfu.web.model import MAX_LOG, MAX_NOTICES, LogLine, Model, Notice, Table
from lukfu.web.naming import YOU
from lukfu.web.options import DEFAULT_SPEED, SPEEDS
from lukfu.web.sounds import sound, sounds_for

AFTER_TRICK = 1.5  # a finished trick stays a little longer before the next lead
FLEETING_SECONDS = 8  # how long news that asks for nothing floats over the page
RANDOM_DEALS = 10**9  # random deal numbers are below this (any number up to the most deals)
assert RANDOM_DEALS <= MAX_DEAL_NUMBER


# --- the log and the notices ------------------------------------------------------------------


def log(model: Model, kind: str, event: Event | None = None, notice: Notice | None = None,
        number: int = 0) -> Model:
    visit = model.visit
    line = LogLine(visit.next_id, kind, event, notice, number)
    return model._replace(visit=visit._replace(log=(*visit.log, line)[-MAX_LOG:],
                                               next_id=visit.next_id + 1))


def notice(model: Model, kind: str, args: tuple[str, ...] = (), action: str = "",
           fleeting: bool = False, fx: list[Effect] | None = None) -> Model:
    """Put up a notice (and say it in the log); a fleeting one goes by itself."""
    visit = model.visit
    shown = Notice(visit.next_id, kind, args, action, fleeting)
    model = model._replace(visit=visit._replace(notices=(*visit.notices, shown)[-MAX_NOTICES:],
                                                next_id=visit.next_id + 1))
    if fleeting and fx is not None:
        fx.append(Wait(FLEETING_SECONDS, NoticeGone(shown.id)))
    return log(model, "notice", notice=shown)


def storage_refused(model: Model) -> Model:
    """The browser keeps nothing: say so once a visit."""
    if model.visit.storage_told:
        return model
    return notice(model._replace(visit=model.visit._replace(storage_told=True)), "storage")


# --- dealing and resuming ---------------------------------------------------------------------


def chosen_level(model: Model) -> str:
    level = model.player.settings.level
    return level if level in LEVELS else LEVELS[0]


def deal(model: Model, fx: list[Effect], number: int | None = None,
         master: int | None = None, kind: TableKind = FREE, level: str | None = None) -> Model:
    """A new deal on the table: the one numbered ``number``, or a random one; its computer
    players at ``level`` (a day's deal, a challenge), else at the level you chose."""
    if number is None:
        visit = model.visit
        dice = random.Random(f"lukfu/deal/{visit.entropy}/{visit.deals_dealt}")
        number = dice.randrange(RANDOM_DEALS)
        model = model._replace(visit=visit._replace(deals_dealt=visit.deals_dealt + 1))
    session = Session.new(number, master, level or chosen_level(model))
    model = begin(model, kind, session)
    model = tell(model, fx, session.events)
    save(model, fx)
    schedule(model, fx)
    return model


def begin(model: Model, kind: TableKind, session: Session, hints: int = 0,
          counted: bool = False, step: int = 0, aside: str | None = None) -> Model:
    """Put ``session`` on a new table of ``kind``: a new deal, or one resumed from a save."""
    generation = model.table.generation + 1
    return model._replace(table=Table(kind, session, generation, hints, counted, step, aside))


def resume(model: Model, fx: list[Effect], saved: str | None) -> Model:
    """The saved deal, where it was left; a new deal if there is none or it cannot be read."""
    if saved is None:
        return deal(model, fx)
    try:
        kind, game = saving.read_table(saved)
    except SaveProblem as problem:
        return deal(notice(model, "save-problem", (problem.kind,)), fx)
    model = begin(model, kind, game.session, game.hints, game.counted, game.step, game.aside)
    for event in game.session.events:
        model = log(model, "event", event)
    model = log(model, "resumed")
    if game.session.is_over:
        model = count(said_number(model), fx)
        model = after_daily(model, fx)
    save(model, fx)  # the deal brought back from aside, or counted now
    schedule(model, fx)
    return model


def unfinished(saved: str | None, number: int | None, master: int | None) -> str | None:
    """The save of a deal in progress that the address's deal ``number`` (None: a random one)
    is about to replace."""
    if saved is None:
        return None
    try:
        kind, game = saving.read_table(saved)
    except SaveProblem:  # nothing that could be resumed: the address's deal replaces it
        return None
    session = game.session
    same = kind.dealt and session.deal_number == number and master in (None, session.state.master)
    return None if session.is_over or same else saved


def set_aside(model: Model, fx: list[Effect], number: int | None, master: int | None,
              saved: str | None = None) -> Model:
    """Before deal ``number`` replaces the table: a deal of yours still going (not that one) is
    kept to go back to ("Back to your deal", `update.resume_aside`): the table's, or at the
    page's start the save (``saved``) not yet on the table."""
    table = model.table
    session, kind = table.session, table.kind
    if saved is None and session is not None and not kind.scripted and (
            kind.puzzled or (kind.saved and session.state.history)):  # (untouched: nothing lost)
        saved = kept_text(table)
    aside = unfinished(saved, number, master)
    if aside is None:
        return model
    fx.append(Store(saving.ASIDE_KEY, aside))
    model = model._replace(visit=model.visit._replace(aside=aside))
    return notice(model, "aside", action="resume-aside")


def save(model: Model, fx: list[Effect]) -> None:
    """Keep the table (after every action), if its kind is kept: a reload resumes it exactly."""
    text = save_text(model.table)
    if text is not None and model.table.kind.saved:
        fx.append(Store(saving.SAVE_KEY, text))


def save_text(table: Table) -> str | None:
    """The save of ``table`` (`lukfu.saves`), or None if no deal is on it."""
    if table.session is None:
        return None
    kind = table.kind
    return write_save(table.session, table.hints, table.counted, table=kind.name,
                      dealt=kind.dealt, step=table.step, aside=table.aside)


def kept_text(table: Table) -> str | None:
    """What a table opened over ``table`` (the lesson, a puzzle) keeps aside to come back to: its
    save, or for a puzzle (never saved) the deal the puzzle was itself opened over."""
    return table.aside if table.kind.puzzled else save_text(table)


def tell(model: Model, fx: list[Effect], events: tuple[Event, ...]) -> Model:
    """Log what everybody saw; a finished deal is counted, and added to the tab's total."""
    session = model.table.session
    assert session is not None
    if model.player.settings.sound and model.visit.interacted:
        fx += [sound(name) for name in sounds_for(events, session.waiting_for_person())]
    for event in events:
        model = log(model, "event", event)
        if event.kind == DEAL_OVER:
            model = ended(model, fx)
    return model


def ended(model: Model, fx: list[Effect]) -> Model:
    """The deal is over: its number said, counted and added to the tab's total, and reviewed,
    as the table's kind says."""
    kind, session = model.table.kind, model.table.session
    assert session is not None
    model = count(said_number(model), fx)
    if kind.counted:
        totals = model.player.totals.add(session.state.net_points)
        fx.append(Store(saving.TOTALS_KEY, totals.to_text(), TAB))
        model = model._replace(player=model.player._replace(totals=totals))
    model = after_daily(model, fx)
    return coaching.after_deal(model, fx) if kind.reviewed else model


def after_daily(model: Model, fx: list[Effect]) -> Model:
    """A day's deal is over (or resumed over): its par, and your days (`dailies`)."""
    from lukfu.web import dailies  # (here: dailies deals its days through this module)

    return dailies.ended(model, fx)


def said_number(model: Model) -> Model:
    """The finished deal's number in the log, where the deal was dealt from one."""
    session = model.table.session
    assert session is not None
    if not model.table.kind.dealt:
        return model
    return log(model, "deal-number", number=session.deal_number)


def count(model: Model, fx: list[Effect]) -> Model:
    """Add the finished deal to the statistics, once (the save remembers that it was), if its
    kind is counted."""
    table = model.table
    session = table.session
    assert session is not None and session.is_over
    if table.counted or not table.kind.counted:
        return model
    stats = copy.deepcopy(model.player.stats)
    stats.add(session.seats[1], outcome(session, table.hints))
    fx.append(Store(saving.STATS_KEY, stats.to_json()))
    return model._replace(table=table._replace(counted=True),
                          player=model.player._replace(stats=stats))


# --- the computer players' pace ---------------------------------------------------------------


def pause(model: Model) -> float:
    """Seconds to wait before a computer move."""
    settings = model.player.settings
    if settings.delay is not None:
        return settings.delay / 1000
    return SPEEDS.get(settings.speed, SPEEDS[DEFAULT_SPEED]) / 1000


def schedule(model: Model, fx: list[Effect], after_trick: bool = False) -> None:
    """If a computer player is to move, its turn comes after the pause."""
    table = model.table
    session = table.session
    if session is not None and table.failure is None and session.computer_to_move():
        seconds = pause(model) * (AFTER_TRICK if after_trick else 1)
        fx.append(Wait(seconds, ComputerTurn(table.generation)))


def computer_turn(model: Model, fx: list[Effect], generation: int) -> Model:
    session = model.table.session
    if generation == model.table.generation and session is not None and session.computer_to_move():
        fx.append(Think(generation))
    return model


def computer_moved(model: Model, fx: list[Effect], generation: int, action: str) -> Model:
    """The computer player to move chose ``action``: take it, tell it, save, go on."""
    table = model.table
    before = table.session
    if generation != table.generation or before is None or not before.computer_to_move():
        return model  # a new deal, or a failure, came in between
    session = before.take(parse_action(action))
    events = session.told_since(before)
    model = tell(model._replace(table=table._replace(session=session)), fx, events)
    save(model, fx)
    schedule(model, fx, after_trick=any(event.kind == TRICK_WON for event in events))
    return model


# --- your actions -----------------------------------------------------------------------------


def action_for(table: Table, name: str) -> Action | None:
    """The action a button stands for, with the selected cards where it takes cards."""
    if name == "call":
        return Action.call()
    if name == "pass":
        return Action.pass_()
    if name == "claim":
        return Action.claim()
    if name in ("play", "discard") and table.selected:
        cards = sorted(table.selected)
        return Action.play(cards) if name == "play" else Action.discard(cards)
    return None


def act(model: Model, fx: list[Effect], action: Action) -> Model:
    """Your action: refused with its reason (and nothing changed), or taken and told."""
    table = model.table
    before = table.session
    if before is None or not before.waiting_for_person():
        return model
    try:
        session = before.act(action)
    except IllegalAction as error:
        return model._replace(table=table._replace(refusal=error))
    model = model._replace(table=table._replace(
        session=session, selected=frozenset(), advice=None, refusal=None, last_trick=False))
    model = tell(model, fx, session.told_since(before))
    save(model, fx)
    schedule(model, fx)
    return model


def toggle(table: Table, card: Card) -> Table:
    """Select a card of your hand, or put it back."""
    session = table.session
    if (session is None or not session.waiting_for_person() or session.state.phase != PLAYING
            or card not in session.state.hands[YOU]):
        return table
    return table._replace(selected=table.selected ^ {card}, advice=None, refusal=None)


def ask_hint(model: Model, fx: list[Effect]) -> Model:
    table = model.table
    session = table.session
    if session is None or not session.waiting_for_person() or table.hinting:
        return model
    fx.append(ThinkHint(table.generation))
    return model._replace(table=table._replace(hinting=True))


def hint_ready(model: Model, fx: list[Effect], generation: int, moves: int, action: str,
               reason: str, F: int) -> Model:
    """Strong's suggestion for your seat: select its cards and say why."""
    table = model.table
    session = table.session
    if generation != table.generation or session is None:
        return model
    if len(session.state.history) != moves or not session.waiting_for_person():
        return model._replace(table=table._replace(hinting=False))  # you acted meanwhile
    hint = Hint(parse_action(action), reason, F)
    model = model._replace(table=table._replace(
        hinting=False, hints=table.hints + 1, selected=frozenset(hint.action.cards), advice=hint,
        refusal=None))
    save(model, fx)
    return model


# --- the replay -------------------------------------------------------------------------------


def replay_to(table: Table, name: str) -> Table:
    """Start the replay of the finished deal, move through it, or end it."""
    session = table.session
    if session is None or not session.is_over:
        return table
    if name == "replay":
        return table._replace(replay=session.steps(), replay_at=0, replay_of="")
    if name.startswith(replay.AT):  # the review's "Show on the cards": that decision's step
        steps = table.replay if table.replay and not table.replay_of else session.steps()
        number = name[len(replay.AT):]
        at = int(number) if number.isdigit() else 0
        return table._replace(replay=steps, replay_at=min(at, len(steps) - 1))
    if name == replay.CLOSE:
        return table._replace(replay=None, replay_at=0, replay_of="")
    if table.replay is None:
        return table
    return table._replace(replay_at=replay.moved(name, table.replay_at, len(table.replay)))
