"""Puzzles in words and as the page shows them: the puzzle on the table (its question, your
answer's verdict and why, its buttons) and the list of puzzles with your progress and rating.

Plain Python (no ``js``): the decisions are `puzzling`'s; `render.puzzle` draws these views.
The reasons are the coach's (`review.reason_text`, by ``lukfu.reasons`` code).
"""

from __future__ import annotations

from typing import NamedTuple

from lukfu import Action, Observation, parse_action
from lukfu.actions import DISCARD
from lukfu.i18n import N_, Translator
from lukfu.observation import CALLING
from lukfu.puzzles import CALL, CASH, CLAIM, LEAD, OLD, Move, Puzzle
from lukfu.puzzles import DISCARD as DISCARDING
from lukfu.web import puzzling
from lukfu.web.model import Model
from lukfu.web.naming import YOU
from lukfu.web.review import action_text, reason_text
from lukfu.web.view import ButtonView, CardView, TableView

THEMES = {
    CALL: N_("Call or pass"),
    CLAIM: N_("Claim, or play on"),
    CASH: N_("Cash a sure play first"),
    DISCARDING: N_("Discard face down"),
    LEAD: N_("What to lead"),
    OLD: N_("Keep or spend an Old card"),
}


class PuzzleView(NamedTuple):
    """The puzzle on the table: ``verdict`` is the table's ``data-verdict`` ("" until answered)."""

    id: str
    title: str
    question: str
    verdict: str
    verdict_text: str
    detail: str
    buttons: tuple[ButtonView, ...]
    focus: str  # the data-action of the button that takes the keyboard once you answered


class PuzzleItem(NamedTuple):
    action: str  # data-action: "puzzle-" + its id
    label: str
    state: str  # "solved", "tried" or ""
    state_text: str
    current: bool  # the puzzle on the table


class PuzzlesView(NamedTuple):
    title: str
    status: str  # "Loading…", or your progress and rating
    items: tuple[PuzzleItem, ...]
    next_label: str  # starts the next puzzle you have not solved
    close_label: str
    list_label: str  # the list's accessible name


def theme_name(tr: Translator, theme: str) -> str:
    return tr.gettext(THEMES[theme])


def question(tr: Translator, obs: Observation) -> str:
    """What the position asks, in the player's words."""
    if obs.phase == CALLING:
        return tr.gettext("Play this deal, or pass?")
    if Action.claim() in obs.legal:
        return tr.gettext("You may claim now. Claim, or play on?")
    if obs.trick is None:
        return tr.gettext("Your lead. What now?")
    discards = [action for action in obs.legal if action.kind == DISCARD]
    if discards:
        n = len(discards[0].cards)
        return tr.ngettext("You cannot beat it. Which card do you discard face down?",
                           "You cannot beat it. Which {n} cards do you discard face down?", n)
    return tr.gettext("You must beat it. With what?")


def verdict_words(tr: Translator, puzzle: Puzzle, tried: Action, shown: bool, F: int) -> tuple[str, str]:
    """The verdict on ``tried`` and what follows it: why, and what it saves or costs."""
    runner = puzzle.moves[1]
    # Translators: {other} is a move as the review's "Better: …" says it ("play 7 of Coins",
    # "pass"); {points} a decimal.
    saves = tr.gettext("It saves {points} points on average against the next best move, {other}.",
                       points=tr.decimal(puzzle.saves), other=action_text(tr, runner.action))
    if tried == puzzle.answer:
        # Translators: a puzzle answered right; {move} as the review's "Better: …" says a move.
        line = tr.gettext("Right: {move}.", move=action_text(tr, puzzle.answer))
        return line, tr.sentences(reason(tr, puzzle, runner, F, right=True), saves)
    move = puzzle.move(tried)
    cost = 0.0 if move is None else move.loss
    line = tr.gettext("Not the best move: it costs {points} points on average.",
                      points=tr.decimal(cost))
    why = "" if move is None else reason(tr, puzzle, move, F, right=False)
    if not shown:
        return line, why
    # Translators: a puzzle's answer, shown; {move} as the review's "Better: …" says a move.
    answer = tr.gettext("The answer: {move}.", move=action_text(tr, puzzle.answer))
    return line, tr.sentences(why, answer, saves)


def reason(tr: Translator, puzzle: Puzzle, move: Move, F: int, right: bool) -> str:
    """The coach's reason why the answer is better than ``move``; where the reason is only what
    the two did in the sampled deals, said plainly (the points are said besides)."""
    best = puzzle.moves[0]
    if move.reason == "scored-more":
        return ""
    if move.reason == "won-more":
        won, other = round(100 * best.won), round(100 * move.won)
        if right:
            # Translators: "It" is the puzzle's answer, which you found.
            return tr.gettext("It won {best}% of the coach's sampled deals; the next best move, "
                              "{made}%.", best=won, made=other)
        return tr.gettext("The best move won {best}% of the coach's sampled deals; yours, {made}%.",
                          best=won, made=other)
    return reason_text(tr, {"reason": move.reason, "won": (best.won, move.won), "F": F,
                            "loss": move.loss})


def puzzle_view(tr: Translator, model: Model) -> PuzzleView | None:
    table = model.table
    asked, session = table.asked, table.session
    puzzle = None if asked is None else puzzling.find(model, asked.id)
    if asked is None or puzzle is None or session is None or not table.kind.puzzled:
        return None
    puzzles = puzzling.ordered(model)
    number = next(n for n, p in enumerate(puzzles, 1) if p.id == puzzle.id)
    # Translators: {theme} is one of the puzzles' themes ("Call or pass", "What to lead"…).
    title = tr.gettext("Puzzle {n} of {count}: {theme}", n=number, count=len(puzzles),
                       theme=theme_name(tr, puzzle.theme))
    start = session.before(table.step).observation(YOU) if asked.out else session.observation(YOU)
    verdict_text = detail = ""
    if asked.verdict:
        verdict_text, detail = verdict_words(tr, puzzle, parse_action(asked.tried), asked.shown, start.F)
    judged = bool(asked.verdict) and not asked.out
    over = session.is_over
    buttons = (
        ButtonView(puzzling.AGAIN, judged and asked.verdict == "wrong", judged, tr.gettext("Try again")),
        ButtonView(puzzling.ANSWER, judged and asked.verdict == "wrong" and not asked.shown, judged,
                   tr.gettext("Show the answer")),
        ButtonView(puzzling.OUT, judged, judged, tr.gettext("Play it out")),
        ButtonView(puzzling.NEXT, bool(asked.verdict), True,
                   tr.gettext("Next puzzle")),
        ButtonView(puzzling.ALL, True, True, tr.gettext("All puzzles")),
        ButtonView(puzzling.LEAVE, True, True, tr.gettext("Back to my deal")),
    )
    focus = ""
    if judged:
        focus = puzzling.AGAIN if asked.verdict == "wrong" else puzzling.OUT
    elif over:
        focus = puzzling.NEXT
    line = ""
    if asked.out:
        line = (tr.gettext("Played out: not counted in your statistics.") if over else
                tr.gettext("Playing it out: not counted in your statistics."))
    return PuzzleView(puzzle.id, title, line or question(tr, start), asked.verdict, verdict_text,
                      detail, buttons, focus)


def with_puzzle(tr: Translator, model: Model, shown: TableView, view: PuzzleView | None) -> TableView:
    """The table at a puzzle: your hand and moves held while your answer is judged, the answer's
    cards marked once shown, the verdict said to a screen reader."""
    table = model.table
    asked = table.asked
    if view is None or asked is None or asked.out or not asked.verdict:
        return shown
    puzzle = puzzling.find(model, asked.id)
    marked = set() if puzzle is None or not asked.shown else {str(c) for c in puzzle.answer.cards}
    hand = tuple(CardView(c.code, c.label, c.old, c.selected and not marked, c.usable, c.code in marked)
                 for c in shown.hand)
    held = ("call", "pass", "play", "discard", "claim")
    buttons = tuple(b._replace(enabled=False) if b.action in held else b for b in shown.buttons)
    return shown._replace(hand=hand, hand_enabled=False, buttons=buttons, hint="", hint_problem=False,
                          news=tr.sentences(view.verdict_text, view.detail))


def puzzles_view(tr: Translator, model: Model) -> PuzzlesView | None:
    visit = model.visit
    if not visit.puzzles_open:
        return None
    title = tr.gettext("Puzzles")
    close, listed = tr.gettext("Close"), tr.gettext("Every puzzle")
    if visit.puzzles is None:
        return PuzzlesView(title, tr.gettext("Loading the puzzles…"), (), "", close, listed)
    progress = model.player.puzzling
    puzzles = puzzling.ordered(model)
    status = tr.sentences(
        tr.ngettext("Solved {solved} of {n} puzzle, tried {tried}.",
                    "Solved {solved} of {n} puzzles, tried {tried}.", len(puzzles),
                    solved=len(progress.solved & {p.id for p in puzzles}),
                    tried=len(progress.tried & {p.id for p in puzzles})),
        tr.gettext("Your puzzle rating: {rating}.", rating=tr.number(progress.rating)))
    on_table = model.table.asked.id if model.table.asked is not None else ""
    items = []
    for number, puzzle in enumerate(puzzles, 1):
        state = "solved" if puzzle.id in progress.solved else "tried" if puzzle.id in progress.tried else ""
        # Translators: a button of the puzzles' list; {rating} is its Elo-like difficulty (890–2110).
        items.append(PuzzleItem(
            puzzling.OPEN + puzzle.id,
            tr.gettext("Puzzle {n}: {theme}, rated {rating}", n=number, theme=theme_name(tr, puzzle.theme),
                       rating=tr.number(puzzle.rating)),
            # Translators: a puzzle you answered right at last; one you answered, not yet right.
            state, {"solved": tr.gettext("Solved"), "tried": tr.gettext("Tried")}.get(state, ""),
            puzzle.id == on_table))
    return PuzzlesView(title, status, tuple(items), tr.gettext("Next puzzle"), close, listed)
