"""Puzzles at the page, decided: the list opened (the file fetched the first time), a puzzle put
on the table, your answer judged, tried again, shown, played out, the next one, and leaving.

Plain Python (no ``js``): part of `update`; the words are `puzzle_view`'s.  The puzzles are
`lukfu.puzzles`' (``static/puzzles.json``, fetched by the worker only when the player first
opens them).  A puzzle is a table of its own kind (`kinds.PUZZLE`): it keeps the table it was
opened over aside (its save: a free deal's stays the saved one too, since a puzzle is never
saved) and brings it back when you leave.  Your first move in the position is judged, not
played: an illegal one is refused with the engine's reason, as in a deal; a legal one is right
or wrong by the puzzle's stored losses, and the first answer to each puzzle moves your rating
(`lukfu.puzzles.Progress`, kept in localStorage under ``PROGRESS_KEY``).  "Play it out" then
plays the deal on against computer players of your chosen level, as practice.
"""

from __future__ import annotations

from lukfu import Action, IllegalAction, parse_action
from lukfu.puzzles import Progress, Puzzle, PuzzleError, read
from lukfu.records import RecordError
from lukfu.session import PERSON, Session
from lukfu.web import deal
from lukfu.web.effects import Effect, FetchPuzzles, Forget, Store
from lukfu.web.kinds import PUZZLE
from lukfu.web.model import Asked, Model

PROGRESS_KEY = "lukfu.puzzles"  # localStorage: lukfu.puzzles.Progress.to_text
LIST, ALL = "puzzles", "puzzles-all"  # open the list of puzzles (the header's button, a puzzle's)
OPEN = "puzzle-"  # + a puzzle's id: that puzzle on the table
AGAIN, ANSWER, OUT, NEXT, LEAVE, CLOSE, FIRST = (
    "puzzle-again", "puzzle-answer", "puzzle-out", "puzzle-next", "puzzles-leave", "puzzles-close",
    "puzzles-next")
BUTTONS = (LIST, ALL, AGAIN, ANSWER, OUT, NEXT, LEAVE, CLOSE, FIRST)


def boot(model: Model, fx: list[Effect], stored: str | None) -> Model:
    """As the page starts: the player's progress; a damaged one is said, and starts again."""
    if stored is None:
        return model
    try:
        progress = Progress.from_text(stored)
    except PuzzleError:
        fx.append(Forget(PROGRESS_KEY))
        return deal.notice(model, "puzzles-progress")
    return model._replace(player=model.player._replace(puzzling=progress))


def pressed(name: str) -> bool:
    """Whether ``name`` is one of the puzzles' buttons."""
    return name in BUTTONS or (name.startswith(OPEN) and name not in BUTTONS)


def press(model: Model, fx: list[Effect], name: str) -> Model:
    """A button of the puzzles' list, or of the puzzle on the table."""
    visit, table = model.visit, model.table
    if name in (LIST, ALL):
        if visit.puzzles is None:
            fx.append(FetchPuzzles())
            return model._replace(visit=visit._replace(puzzles_open="loading"))
        return model._replace(visit=visit._replace(puzzles_open="open"))
    if name == CLOSE:
        return model._replace(visit=visit._replace(puzzles_open=""))
    if name.startswith(OPEN) and name not in BUTTONS:
        found = find(model, name[len(OPEN):])
        return model if found is None else open_puzzle(model, fx, found)
    if name == FIRST:  # (the list's: the next you have not solved)
        found = next_puzzle(model, table.asked.id if table.asked else None)
        return model if found is None else open_puzzle(model, fx, found)
    asked = table.asked
    if asked is None or not table.kind.puzzled or table.session is None:
        return model  # (a stale press: no puzzle on the table)
    if name == LEAVE:
        model = model._replace(visit=visit._replace(log=()))
        return deal.resume(model, fx, table.aside)  # (a new deal if there was none)
    if name == NEXT:
        following = next_puzzle(model, asked.id)
        return model if following is None else open_puzzle(model, fx, following)
    if name == AGAIN and asked.verdict and not asked.out:
        return model._replace(table=table._replace(
            asked=asked._replace(verdict="", tried=""), selected=frozenset(), refusal=None))
    if name == ANSWER and asked.verdict == "wrong" and not asked.out:
        puzzle = find(model, asked.id)
        cards = frozenset(puzzle.answer.cards) if puzzle else frozenset()
        return model._replace(table=table._replace(asked=asked._replace(shown=True), selected=cards))
    if name == OUT and asked.verdict and not asked.out:
        model = model._replace(table=table._replace(
            asked=asked._replace(out=True), selected=frozenset(), refusal=None))
        if asked.verdict == "right":  # (your answer, taken as it was made)
            return deal.act(model, fx, parse_action(asked.tried))
        return model
    return model


def read_puzzles(model: Model, fx: list[Effect], text: str | None) -> Model:
    """The puzzles' file arrived (``None``: it could not be had): the list opens."""
    visit = model.visit
    if text is None:
        return deal.notice(model._replace(visit=visit._replace(puzzles_open="")), "puzzles-missing")
    try:
        puzzles = read(text)
    except PuzzleError:
        return deal.notice(model._replace(visit=visit._replace(puzzles_open="")), "puzzles-damaged")
    opened = "open" if visit.puzzles_open else ""
    return model._replace(visit=visit._replace(puzzles=puzzles, puzzles_open=opened))


def find(model: Model, ident: str) -> Puzzle | None:
    return next((p for p in model.visit.puzzles or () if p.id == ident), None)


def ordered(model: Model) -> tuple[Puzzle, ...]:
    """The puzzles as the page lists them: the easiest first (by rating, then id)."""
    return tuple(sorted(model.visit.puzzles or (), key=lambda p: (p.rating, p.id)))


def next_puzzle(model: Model, after: str | None) -> Puzzle | None:
    """The next puzzle you have not solved after ``after`` (from the first, going round), or
    the one after it if you solved them all."""
    puzzles = ordered(model)
    if not puzzles:
        return None
    at = next((n for n, p in enumerate(puzzles) if p.id == after), -1)
    order = puzzles[at + 1:] + puzzles[:at + 1]
    solved = model.player.puzzling.solved
    return next((p for p in order if p.id not in solved), order[0])


def open_puzzle(model: Model, fx: list[Effect], puzzle: Puzzle) -> Model:
    """``puzzle`` on the table: its deal up to the position, your seat to move, computer players
    of your chosen level in the other two (for "Play it out")."""
    table = model.table
    level = deal.chosen_level(model)
    try:
        session = Session.from_record_data({**puzzle.record, "seats": [PERSON, level, level]})
    except RecordError:
        return deal.notice(model, "puzzles-damaged")
    if not session.waiting_for_person():
        return deal.notice(model, "puzzles-damaged")
    aside = deal.kept_text(table) if table.kind.saved or table.kind.puzzled else None
    visit = model.visit._replace(log=(), puzzles_open="")
    model = deal.begin(model._replace(visit=visit), PUZZLE, session,
                       step=len(session.state.history), aside=aside)
    model = model._replace(table=model.table._replace(asked=Asked(puzzle.id)))
    for event in session.events:
        model = deal.log(model, "event", event)
    return model


def asking(model: Model) -> bool:
    """Whether the table is a puzzle's position, waiting for your answer."""
    table = model.table
    asked, session = table.asked, table.session
    return (table.kind.puzzled and asked is not None and not asked.out and not asked.verdict
            and session is not None and len(session.state.history) == table.step)


def answer(model: Model, fx: list[Effect], action: Action) -> Model:
    """Your answer: the engine's refusal for an illegal move; a legal one judged, not played."""
    table = model.table
    session, asked = table.session, table.asked
    puzzle = None if asked is None else find(model, asked.id)
    if session is None or asked is None or puzzle is None:
        return model
    try:
        session.check(action)
    except IllegalAction as error:
        return model._replace(table=table._replace(refusal=error))
    right = action == puzzle.answer
    progress = model.player.puzzling.answered(puzzle, right)
    fx.append(Store(PROGRESS_KEY, progress.to_text()))
    return model._replace(
        player=model.player._replace(puzzling=progress),
        table=table._replace(asked=asked._replace(verdict="right" if right else "wrong",
                                                  tried=str(action)),
                             refusal=None, selected=frozenset(action.cards)))
