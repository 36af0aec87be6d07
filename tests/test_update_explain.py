"""A table that explains itself, driven through `update` under CPython: the game words' own
explanations (Old, fu, F, S, Master, Caller, the passed Master's limit) in every language, and
what calling risks."""

from __future__ import annotations

import pytest
from driver import Driver

from lukfu.i18n import OFFERED, translator
from lukfu.web import explain
from lukfu.web.naming import YOU

RISK = ("If you play this deal and someone else wins, you alone pay the winner 2\u00a0×\u00a0S; "
        "the third player pays nothing.")


def at_my_turn(query: str) -> Driver:
    page = Driver(query).start()
    page.settle(only_computers=True)
    return page


def test_calling_says_what_it_risks_only_while_you_decide() -> None:
    page = at_my_turn("?seed=3&master=0&delay=0")
    table = page.table
    assert table.phase == "calling" and table.risk == RISK
    assert table.hint == RISK  # the line under the prompt says it (and Play this deal is described by it)
    page.press("hint")
    page.settle(only_computers=True)
    assert page.table.hint.startswith("Hint:") and page.table.risk == RISK
    page.call()
    assert page.table.phase == "playing" and page.table.risk == "" and RISK not in page.table.hint


def test_the_risk_is_not_said_while_a_computer_decides() -> None:
    page = Driver("?seed=3&master=1&delay=1000").start()  # the Right player decides first
    table = page.table
    assert table.phase == "calling" and table.to_move == 1
    assert table.risk == "" and table.hint == ""


@pytest.mark.parametrize("language", list(OFFERED))
def test_every_game_word_on_the_table_explains_itself(language: str) -> None:
    """Seed 4: you are the Master and pass, Right calls (you are a passed Master) and claims."""
    tr = translator(language)
    page = at_my_turn(f"?seed=4&master=0&delay=0&level=beginner&lang={language}")
    page.press("pass")
    page.settle(only_computers=True)
    table = page.table
    assert table.phase == "playing"
    marks = {seat.seat: {mark.kind: mark for mark in seat.marks} for seat in table.seats}
    assert marks[YOU]["master"].text == tr.gettext("Passed Master")
    assert marks[YOU]["master"].tip == explain.term(tr, explain.PASSED_MASTER)
    assert marks[1]["caller"].tip == explain.term(tr, explain.CALLER)
    assert {seat.score_tip for seat in table.seats} == {explain.term(tr, explain.FU)}
    assert table.old_tip == explain.term(tr, explain.OLD)
    english = translator()
    for name in explain.TERMS:
        words = explain.term(tr, name)
        assert words and "{" not in words
        if language != "en":
            assert words != explain.term(english, name), f"{name} is not translated"
    if language != "en":
        assert explain.call_risk(tr) != RISK


def test_the_master_mark_explains_the_master() -> None:
    page = at_my_turn("?seed=3&master=0&delay=0")
    mark = page.table.seats[YOU].marks[0]
    assert (mark.kind, mark.text) == ("master", "Master")
    assert mark.tip == "Master: picked at random, decides first whether to play this deal, and " \
        "leads the first trick."


def test_claim_explains_F_and_S() -> None:
    for number in range(5, 40):  # the first deal where you may claim, playing first moves
        page = at_my_turn(f"?seed={number}&master=0&delay=0&level=beginner")
        page.press("pass")
        claim = None
        for _ in range(40):
            page.settle(only_computers=True)
            claim = next(b for b in page.table.buttons if b.action == "claim")
            session = page.model.table.session
            assert session is not None
            if claim.visible or session.is_over:
                break
            page.act(session.observation(YOU).legal[0])
        if claim is not None and claim.visible:
            break
    else:
        raise AssertionError("no claim came")
    assert claim.sub.startswith("F\u00a0=\u00a0")
    assert claim.tips == (explain.term(translator(), explain.F), explain.term(translator(), explain.S))
