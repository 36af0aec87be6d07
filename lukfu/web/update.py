"""The page's decisions: ``update(model, message) -> (model, effects)``, one message at a time.

Plain Python (no ``js``), tested under CPython by driving whole games through it.  Every
decision the page makes is here or in the modules it hands a message to: `starting` (the
page's start, languages), `deal` (the deal at the table), `learning` (the guided deal),
`coaching` (the coach's review), `practice` (playing on from a decision of the review),
`choices` (the Settings panel) and `stats_import` (the statistics panel); what differs from one
kind of table to another (a free deal, a shared one, the lesson, practice) is asked of the
table's kind (`kinds`).  Here: each kind of message handed to what
decides it, what a click or a key does, notices and failures.  The messages and the effects
are `messages`' typed values: the page carries out the effects (the worker those of its own
time), which answer with more messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from lukfu import Action, Card, parse_cards
from lukfu.web import (
    challenging,
    choices,
    coaching,
    dailies,
    deal,
    learning,
    practice,
    puzzling,
    replay,
    saving,
    starting,
)
from lukfu.web.deal import notice, storage_refused
from lukfu.web.dom.keys import SHORTCUTS
from lukfu.web.effects import AcceptNewVersion, Copy, Effect, Forget, Handled
from lukfu.web.messages import (
    Catalog,
    ComputerMoved,
    ComputerTurn,
    Copied,
    Device,
    DismissNotice,
    Failure,
    FileRead,
    HandCard,
    HintReady,
    Key,
    Message,
    NoticeGone,
    Offline,
    ParReady,
    PlayCard,
    Press,
    PuzzlesRead,
    ReviewProgress,
    ReviewReady,
    Setting,
    Start,
    Stored,
)
from lukfu.web.model import Model
from lukfu.web.page import deal_links, enabled_buttons
from lukfu.web.stats_import import STATS_BUTTONS, file_read

INTERACTIONS = (Press, HandCard, PlayCard, Key, Setting, FileRead, DismissNotice)
"""What the player does on the page (after which sounds may play)."""


def update(model: Model, message: Message) -> tuple[Model, list[Effect]]:
    """The model after ``message``, and the effects the page must carry out."""
    fx: list[Effect] = []
    if isinstance(message, INTERACTIONS) and not model.visit.interacted:
        model = model._replace(visit=model.visit._replace(interacted=True))
    model = handle(model, fx, message)
    model = challenging.address(model, fx)
    return offer_new_version(model), fx


def handle(model: Model, fx: list[Effect], message: Message) -> Model:
    """``message`` handed to what decides it, by its kind."""
    if isinstance(message, Press):
        return press(model, fx, message.name)
    if isinstance(message, HandCard):
        chosen = pressed_card(model, message.code)
        return model if chosen is None else model._replace(table=deal.toggle(model.table, chosen))
    if isinstance(message, PlayCard):
        chosen = pressed_card(model, message.code)
        return model if chosen is None else play_alone(model, fx, chosen)
    if isinstance(message, Key):
        return key(model, fx, message.key, message.code, message.where, message.shift)
    if isinstance(message, Setting):
        return setting(model, fx, message.name, message.value)
    if isinstance(message, Device):  # (the prompts say tap, or select)
        return model._replace(visit=model.visit._replace(touch=message.touch))
    if isinstance(message, ComputerTurn):
        turn = learning.computer_turn if model.table.kind.scripted else deal.computer_turn
        return turn(model, fx, message.generation)
    if isinstance(message, ComputerMoved):
        return deal.computer_moved(model, fx, message.generation, message.action)
    if isinstance(message, HintReady):
        return deal.hint_ready(model, fx, message.generation, message.moves, message.action,
                               message.reason, message.F)
    if isinstance(message, ReviewProgress):
        return coaching.progress(model, fx, message.generation, message.share, message.judged)
    if isinstance(message, ReviewReady):
        return coaching.ready(model, fx, message.generation, message.summary)
    if isinstance(message, ParReady):
        return dailies.par_ready(model, fx, message.generation, message.day, message.par)
    if isinstance(message, Start):
        return starting.start(model, fx, message.boot)
    if isinstance(message, Catalog):
        return starting.catalog(model, fx, message.language, message.data)
    if isinstance(message, FileRead):
        return file_read(model, fx, message.size, message.text)
    if isinstance(message, Copied):
        share_status = "copied" if message.ok else "select"
        return model._replace(table=model.table._replace(share_status=share_status))
    if isinstance(message, Stored):
        return model if message.ok else storage_refused(model)
    if isinstance(message, Offline):
        return offline(model, message.news)
    if isinstance(message, NoticeGone):
        return notice_gone(model, message.notice)
    if isinstance(message, DismissNotice):
        return dismiss_notice(model, message.notice)
    if isinstance(message, Failure):
        return failure(model, message.details)
    if isinstance(message, PuzzlesRead):
        return puzzling.read_puzzles(model, fx, message.text)
    assert_never(message)


def setting(model: Model, fx: list[Effect], name: str, value: str) -> Model:
    if name == "language":
        return starting.switch_language(model, fx, value)
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
    if name == "daily":  # "Today's deal" (beside "Learn to play": the lesson is left for it)
        return dailies.today(learning.leave(model, fx) if table.kind.scripted else model, fx)
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
    if puzzling.pressed(name):
        return puzzling.press(model, fx, name)
    if name == "new-version":
        fx.append(AcceptNewVersion())
        return model
    if table.failure is not None or session is None:
        return model  # the failure panel is up: only a new deal goes on
    if name in LESSON_BUTTONS:
        return LESSON_BUTTONS[name](model, fx)
    if name == practice.AGAIN or name.startswith(practice.AT):  # "Play from here"
        return practice.press(model, fx, name)
    if name in table.kind.withheld:
        return model  # (the lesson's deal is told by its steps: no replay, review, share or hint)
    if name == "replay" or name.startswith("replay-"):
        replayed = deal.replay_to(table, name) if table.kind.replayed else table
        return model._replace(table=replayed)
    if name == "review":
        return coaching.open_review(model, fx)
    if name == "review-close":
        return coaching.close_review(model, fx)
    if name in (challenging.MAKE, challenging.COPY, challenging.REPLAY):
        return challenging.press(model, fx, name)
    if name == dailies.SHARE:
        return dailies.share(model, fx)
    if name == "copy-link":
        links = deal_links(model)
        if links is not None:  # (offered only once the deal is over)
            fx.append(Copy(links.share))
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
    if puzzling.asking(model):
        return puzzling.answer(model, fx, action)
    return learning.act(model, fx, action) if table.kind.scripted else deal.act(model, fx, action)


LESSON_BUTTONS: dict[str, Callable[[Model, list[Effect]], Model]] = {
    learning.LEARN: learning.learn, "lesson-next": learning.next_step,
    "lesson-leave": learning.leave,
}


def pressed_card(model: Model, code: str) -> Card | None:
    """The card a press on your hand names, if the table takes presses on cards now."""
    if model.table.failure is not None or model.table.replay is not None:
        return None
    try:
        (chosen,) = parse_cards(code)
    except ValueError:
        return None
    return chosen


def play_alone(model: Model, fx: list[Effect], chosen: Card) -> Model:
    """A card of your hand played alone (a double click or tap on it, Enter with nothing
    selected), when a single of it is legal now (sets, runs and discards: select, then confirm)."""
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
    or discards the selection (or, with nothing selected, that card alone), and in the lesson,
    on a step that is read, Enter goes on (anywhere but on another button, which the browser
    presses itself); Escape ends a replay; letters press the table's buttons.  (Moving along
    your hand is the page's own: the keyboard stays where the page put it, never moved from
    here.)"""
    table = model.table
    session = table.session
    if name == "Enter" and learning.reading(model) and table.failure is None:
        fx.append(Handled())  # (a step being read: Enter goes on, wherever the keyboard is)
        return learning.next_step(model, fx)
    if table.replay is not None:
        action = replay.key_action(name, model.visit.tr.direction)
        if action is not None:
            fx.append(Handled())
            return model._replace(table=deal.replay_to(table, action))
    if name == "Enter" and where.startswith("card:") and session is not None and table.failure is None:
        fx.append(Handled())
        if not table.selected:  # Enter on a card with nothing selected plays it alone
            cards = [c for c in session.state.hands[0] if str(c) == where[5:]]
            return play_alone(model, fx, cards[0]) if cards else model
        enabled = enabled_buttons(model)
        chosen = "play" if "play" in enabled else "discard"
        return press(model, fx, chosen) if chosen in enabled else model
    button = SHORTCUTS.get(code)
    if button and not shift and table.replay is None and button in enabled_buttons(model):
        fx.append(Handled())
        return press(model, fx, button)
    return model


# --- notices, the service worker, failures ----------------------------------------------------


def resume_aside(model: Model, fx: list[Effect]) -> Model:
    """Go back to the deal that a shared link's deal put aside."""
    visit = model.visit
    kept = visit.aside
    notices = tuple(n for n in visit.notices if n.action != "resume-aside")
    model = model._replace(visit=visit._replace(notices=notices, log=(), aside=None))
    fx.append(Forget(saving.ASIDE_KEY))
    return deal.resume(model, fx, kept)


def notice_gone(model: Model, shown: int) -> Model:
    notices = tuple(n for n in model.visit.notices if n.id != shown)
    return model._replace(visit=model.visit._replace(notices=notices))


def dismiss_notice(model: Model, notice: int | str) -> Model:
    """The player closed a notice: one of the model's, by its id, or one of the first look's
    that the page showed before the game was ready, by its key (`starting.FIRST_LOOK`), which
    is not put up again as the game starts."""
    visit = model.visit
    if isinstance(notice, str):
        if notice not in starting.FIRST_LOOK:
            return model
        notices = tuple(n for n in visit.notices if n.action != notice)
        return model._replace(visit=visit._replace(
            notices=notices, dismissed=visit.dismissed | {notice},
            suit_tip=visit.suit_tip and notice != starting.SUIT_TIP))
    return notice_gone(model, notice)


def offline(model: Model, news: str) -> Model:
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


def failure(model: Model, details: str) -> Model:
    """A calm panel instead of a traceback; the deal's record is kept for a bug report."""
    table = model.table
    record = table.session.record() if table.session is not None else ""
    return model._replace(table=table._replace(
        generation=table.generation + 1, hinting=False, confirming=False,
        failure=f"{details.rstrip()}\n\nDeal record: {record}"))

