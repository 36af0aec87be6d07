"""Puzzles under CPython: every answer legal and every legal move judged; a fresh evaluation (other
sampled deals than the generator's) confirms two of them; a damaged file, or damaged progress,
is refused; at the page, a puzzle answered wrong then right, an illegal move refused, the
progress kept, and the deal it was opened over back as it was."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from driver import Driver

from lukfu import parse_action
from lukfu.observation import CALLING
from lukfu.puzzles import THEMES, Progress, Puzzle, PuzzleError, path, read, themes_count
from lukfu.web.messages import Press
from lukfu.web.puzzling import PROGRESS_KEY
from tools.puzzles import losses, outcomes

FRESH_WORLDS = 48


@cache
def puzzles() -> tuple[Puzzle, ...]:
    return read(path().read_text(encoding="utf-8"))


def test_the_file_holds_a_hundred_puzzles_or_more_of_every_theme() -> None:
    found = puzzles()
    assert len(found) >= 100
    assert [p.id for p in found] == [f"p{n:03d}" for n in range(1, len(found) + 1)]
    assert all(themes_count(found)[theme] > 0 for theme in THEMES)
    assert all(move.loss >= 0.5 for p in found for move in p.moves[1:])


def test_every_answer_is_legal_and_every_legal_move_is_judged() -> None:
    for puzzle in puzzles():
        obs = puzzle.observation()
        assert puzzle.answer in obs.legal, puzzle.id
        assert sorted(map(str, obs.legal)) == sorted(str(m.action) for m in puzzle.moves), puzzle.id


def test_a_fresh_evaluation_confirms_two_answers() -> None:
    """Two puzzles of the play (not a call: a whole deal per play-out), on sampled deals of
    their own: the answer is best, by at least half of what the puzzle says it saves."""
    chosen = sorted((p for p in puzzles() if p.observation().phase != CALLING),
                    key=lambda p: (len(p.moves), -p.saves))[:2]
    for puzzle in chosen:
        obs = puzzle.observation()
        legal = list(obs.legal)
        points = outcomes(obs, legal, FRESH_WORLDS, random.Random(f"lukfu/puzzles/test/{puzzle.id}"))
        best = legal.index(puzzle.answer)
        found = losses(points, best)
        assert all(loss >= puzzle.saves / 2 for n, (loss, _error) in enumerate(found) if n != best), \
            (puzzle.id, found)


def damaged(change: dict[str, object], index: int = 0) -> str:
    data = json.loads(path().read_text(encoding="utf-8"))
    data["items"][index].update(change)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "", "{", "[]", '{"puzzles": 2, "items": []}', '{"puzzles": 1, "items": []}',
    damaged({"theme": "luck"}), damaged({"answer": "C1 C2"}), damaged({"moves": [["call", 0, "", 1]]}),
    damaged({"found": [2, 0]}), damaged({"saves": 0.1}), damaged({"id": "p002"}),
    damaged({"moves": [["call", 0.0, "", 0.5], ["pass", "a lot", "", 0.1]]}),
])
def test_a_damaged_file_is_refused_in_words(text: str) -> None:
    with pytest.raises(PuzzleError):
        read(text)


@pytest.mark.parametrize("text", ["", "{}", '{"v": 1, "rating": "high", "first": [], "solved": []}',
                                  '{"v": 1, "rating": 1500, "first": [["p001"]], "solved": []}'])
def test_damaged_progress_is_refused(text: str) -> None:
    with pytest.raises(PuzzleError):
        Progress.from_text(text)


def choose(page: Driver, action_text: str) -> None:
    action = parse_action(action_text)
    if action.kind in ("call", "pass", "claim"):
        page.send(Press(action.kind))
        return
    page.model = page.model._replace(table=page.model.table._replace(selected=frozenset(action.cards)))
    page.send(Press(action.kind))


def test_at_the_page_wrong_then_right_then_back_to_the_deal() -> None:
    page = Driver("?seed=12&master=1&delay=0", stored={PROGRESS_KEY: "{damaged"}).start()
    page.settle(only_computers=True)
    assert PROGRESS_KEY not in page.stored  # (said, and started again)
    assert any("puzzle progress" in n.text for n in page.view.notices)
    mine = page.model.table.session.record()
    puzzle = next(p for p in puzzles() if p.answer.kind == "play" and p.moves[1].action.kind == "play")
    page.send(Press("puzzles"))
    assert page.view.puzzles is not None and len(page.view.puzzles.items) == len(puzzles())
    page.send(Press(f"puzzle-{puzzle.id}"))
    assert page.model.table.kind.name == "puzzle" and page.view.puzzles is None
    view = page.view.puzzle
    assert view is not None and view.id == puzzle.id and not view.verdict
    assert "hint" not in {b.action for b in page.table.buttons if b.visible}
    held = next(c for c in page.model.table.session.state.hands[0]
                if not any(c in a.cards for a in puzzle.observation().legal))
    page.model = page.model._replace(table=page.model.table._replace(selected=frozenset({held})))
    page.send(Press("play"))  # (refused with the engine's reason, as in a deal: nothing judged)
    assert page.table.hint_problem and page.table.hint and not page.view.puzzle.verdict
    choose(page, str(puzzle.moves[1].action))
    assert page.view.puzzle.verdict == "wrong" and page.table.news
    table = page.model.table
    assert not page.table.hand_enabled and len(table.session.state.history) == table.step  # (not played)
    page.send(Press("puzzle-answer"))
    assert page.table.hand and any(card.better for card in page.table.hand)
    page.send(Press("puzzle-again"))
    choose(page, str(puzzle.answer))
    assert page.view.puzzle.verdict == "right"
    kept = Progress.from_text(page.stored[PROGRESS_KEY])
    assert kept.first == ((puzzle.id, False),) and kept.solved == {puzzle.id} and kept.rating < 1500
    page.send(Press("puzzle-out"))
    page.settle(only_computers=True)
    assert len(page.model.table.session.state.history) > page.model.table.step
    page.send(Press("puzzles-leave"))
    page.settle(only_computers=True)
    assert page.model.table.session.record() == mine and page.model.table.kind.name != "puzzle"


def test_at_the_page_a_damaged_or_missing_file_is_said_and_the_deal_goes_on() -> None:
    for text, words in (("{", "damaged"), ("", "could not be loaded")):  # ("": offline, say)
        page = Driver("?seed=12&master=1&delay=0", puzzles=text).start()
        page.settle(only_computers=True)
        mine = page.model.table.session.record()
        page.send(Press("puzzles"))
        assert page.view.puzzles is None and any(words in n.text for n in page.view.notices)
        assert page.model.table.session.record() == mine


def test_the_lesson_opened_at_a_puzzle_leaves_for_the_deal_the_puzzle_was_opened_over() -> None:
    page = Driver("?seed=12&master=1&delay=0").start()
    page.settle(only_computers=True)
    mine = page.model.table.session.record()
    page.send(Press("puzzles"))
    page.send(Press(f"puzzle-{puzzles()[0].id}"))
    page.send(Press("learn"))
    assert page.model.table.kind.scripted
    page.send(Press("lesson-leave"))
    page.settle(only_computers=True)
    assert page.model.table.session.record() == mine and not page.view.notices
