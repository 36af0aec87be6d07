"""The guided first deal, under CPython: its script obeys the rules and teaches what it says,
and the page (driven through `update`) offers it, steps through it, refuses other moves with
the step's reason and illegal ones with the engine's, keeps its place, and counts for nothing."""

from __future__ import annotations

import pytest
from driver import Driver

from lukfu import Action, parse_action
from lukfu.i18n import OFFERED, translator
from lukfu.lesson import HANDS, LAST, MASTER, SCRIPT, STEPS, lesson_start, session_at
from lukfu.web import saving
from lukfu.web.kinds import LESSON
from lukfu.web.learning import LESSON_KEY
from lukfu.web.lesson import WORDS
from lukfu.web.messages import Setting
from lukfu.web.saving import read_table

tr = translator()


# --- the script -------------------------------------------------------------------------------


def test_the_script_is_a_legal_deal_that_you_win_by_claiming_at_six() -> None:
    session = lesson_start()
    assert session.state.master == MASTER == 0 and [str(h) for h in HANDS]
    for action in SCRIPT:
        assert action in session.state.legal_actions(), (len(session.state.history), str(action))
        session = session.take(action)
    result = session.state.result
    assert session.is_over and result is not None
    assert (result.winner, result.claimed, result.F, result.S) == (0, True, 6, 1)
    assert session.state.net_points == (2, -2, 0)  # you beat the caller: Left pays nothing
    assert session.state.caller == 1


def test_each_step_that_asks_a_move_is_yours_to_make_and_has_an_alternative_or_is_forced() -> None:
    for number, step in enumerate(STEPS):
        session = session_at(number)
        assert len(session.state.history) == step.at
        if step.asks is not None:
            assert session.waiting_for_person(), step.topic
            assert step.asks in session.state.legal_actions(), step.topic


def test_the_deal_meets_the_ideas_of_the_rules_card_in_order() -> None:
    def after(topic: str) -> object:
        return session_at([s.topic for s in STEPS].index(topic)).state

    calling = after("caller")
    assert calling.caller == 1  # Right called after you passed: you are a passed Master
    run_lead = after("run")
    four = parse_action("S2 S3 S4 S5")
    assert four not in run_lead.legal_actions()  # the passed Master's limit
    single = after("single")
    assert {str(a) for a in single.legal_actions() if len(a.cards) == 1} == {"T4", "T7"}
    old = session_at(0).observation(0).old
    assert {str(c) for c in old} == {"C1", "M9"}
    claim = after("claim")
    assert claim.fu[0] == 4 and Action.claim() in claim.legal_actions()
    assert Action.claim() not in after("run").legal_actions()  # F = 5 there: six not reached


def test_every_step_has_its_words_in_every_language() -> None:
    for language in OFFERED:
        words = translator(language)
        for topic, say in WORDS.items():
            assert say(words).strip(), (language, topic)


# --- at the page ------------------------------------------------------------------------------


def lesson(**kwargs: object) -> Driver:
    page = Driver("?delay=0", **kwargs).start()  # type: ignore[arg-type]
    page.settle(only_computers=True)
    page.press("learn")
    page.settle(only_computers=True)
    return page


def play_step(page: Driver) -> None:
    """Do what the step on show asks: its move, or Next."""
    assert page.model.table.kind == LESSON
    asked = STEPS[page.model.table.step].asks
    if asked is None:
        page.press("lesson-next")
    else:
        page.act(asked)
    page.settle(only_computers=True)


def test_a_new_player_is_offered_the_lesson_and_a_returning_one_is_not() -> None:
    new = Driver("?delay=0", new_player=True).start()
    assert any(n.action == "learn" for n in new.view.notices)
    back = Driver("?delay=0", stored={"lukfu.suits-shown": "1"}, new_player=True).start()
    assert not any(n.action == "learn" for n in back.view.notices)


def test_the_whole_lesson_step_by_step_then_back_to_the_deal_it_put_aside() -> None:
    page = Driver("?seed=5&delay=0").start()
    page.settle(only_computers=True)
    page.press("pass")
    page.settle(only_computers=True)
    before = page.model.table.session
    assert before is not None and before.state.history
    saved_before = page.stored[saving.SAVE_KEY]
    page.press("learn")
    page.settle(only_computers=True)
    shown = []
    for _ in range(LAST + 1):
        view = page.view.lesson
        assert view is not None
        shown.append(view.step)
        assert page.table.buttons and not {"hint", "new-deal", "replay"} & page.enabled()
        play_step(page)
    assert shown == list(range(1, LAST + 2))
    assert page.view.lesson is None and page.model.player.lesson_done
    assert page.stored[LESSON_KEY] == "done"
    session = page.model.table.session
    assert session is not None and session.state == before.state  # the deal put aside is back
    assert page.stored[saving.SAVE_KEY] == saved_before
    assert page.model.player.stats.total().deals == 0 and page.model.player.totals.deals == 0
    assert any("guided deal to its end" in n for n in page.notices())


def test_another_legal_move_is_not_played_and_the_step_says_why() -> None:
    page = lesson()
    play_step(page)  # suits
    play_step(page)  # Old cards
    page.press("call")  # the step asks you to pass
    view = page.view.lesson
    assert view is not None and view.step == 3
    assert view.note == "Pass here: this hand is too weak to play alone against two."
    session = page.model.table.session
    assert session is not None and not session.state.history  # nothing was played
    play_step(page)
    assert page.model.table.session is not None and page.model.table.session.state.caller == 1


def test_an_illegal_move_gets_the_engines_reason() -> None:
    page = lesson()
    while page.view.lesson is not None and page.view.lesson.step < 5:
        play_step(page)
    page.act(parse_action("M9"))  # a non-caller's single must be a Tens card here
    table = page.table
    assert "Tens" in table.hint and page.view.lesson is not None and page.view.lesson.note == ""
    page.act(parse_action("T4"))  # (M9 is still selected: reselect)
    assert page.model.table.session is not None and len(page.model.table.session.state.history) == 2


def test_moving_before_reading_the_step_asks_you_to_read_it() -> None:
    page = lesson()
    page.press("pass")
    assert page.view.lesson is not None and page.view.lesson.note.startswith("Read this step")
    assert page.model.table.session is not None and not page.model.table.session.state.history


def test_left_mid_way_it_goes_on_from_there_and_a_reload_keeps_it_open() -> None:
    page = lesson()
    for _ in range(6):
        play_step(page)
    assert page.model.table.kind == LESSON
    step = page.model.table.step
    assert page.stored[LESSON_KEY] == str(step)
    assert read_table(page.stored[saving.SAVE_KEY])[0] == LESSON  # saved as any table
    # A reload in the middle of the lesson brings it back where it was.
    again = Driver("?delay=0", stored=page.stored).start()
    again.settle(only_computers=True)
    assert again.model.table.kind == LESSON and again.model.table.step == step
    assert again.view.lesson is not None and again.view.lesson.step == step + 1
    again.press("lesson-leave")
    again.settle(only_computers=True)
    assert again.model.table.kind != LESSON and again.stored[LESSON_KEY] == str(step)
    put_aside = page.model.table.aside  # the deal the lesson was opened over is back
    assert put_aside is not None and again.model.table.session is not None
    assert again.model.table.session.record() == read_table(put_aside)[1].session.record()
    again.press("learn")
    again.settle(only_computers=True)
    assert again.model.table.kind == LESSON and again.model.table.step == step


def test_a_lesson_an_earlier_version_left_open_comes_back_at_its_step() -> None:
    """An earlier version kept no save of the lesson, only "open <step>": the lesson is dealt
    again at that step, over the deal that was saved, which comes back when it is left."""
    page = Driver("?seed=5&delay=0").start()
    page.settle(only_computers=True)
    saved = page.stored[saving.SAVE_KEY]
    again = Driver("?delay=0", stored={**page.stored, LESSON_KEY: "open 4"}).start()
    again.settle(only_computers=True)
    assert again.model.table.kind == LESSON and again.model.table.step == 4
    assert again.stored[LESSON_KEY] == "4" and again.model.table.aside == saved
    again.press("lesson-leave")
    assert again.stored[saving.SAVE_KEY] == saved


@pytest.mark.parametrize("language", ["fa", "zh-Hant"])
def test_a_language_switch_rewords_the_step(language: str) -> None:
    page = lesson()
    english = page.view.lesson
    page.send(Setting("language", language))
    page.settle(only_computers=True)
    view = page.view.lesson
    assert english is not None and view is not None and view.step == english.step
    assert view.text != english.text and view.title != english.title
