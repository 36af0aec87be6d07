"""The guided first deal, under CPython: its script obeys the rules and teaches what it says,
and the page (driven through `update`) offers it, steps through it, refuses other moves with
the step's reason and illegal ones with the engine's, keeps its place, and counts for nothing."""

from __future__ import annotations

from itertools import combinations

import pytest
from driver import Driver

from lukfu import Action, classify, parse_action
from lukfu.i18n import OFFERED, translator
from lukfu.lesson import HANDS, LAST, MASTER, SCRIPT, STEPS, YOUR_F, lesson_start, session_at
from lukfu.session import Session
from lukfu.web import saving
from lukfu.web.kinds import FREE, LESSON
from lukfu.web.learning import LESSON_KEY
from lukfu.web.lesson import HAND, NEXT, WORDS
from lukfu.web.messages import Device, Key, Setting
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
    run_lead = after("run")  # a run of three: within the passed Master's limit
    assert run_lead.passed_master and run_lead.to_move == 0 and len(SCRIPT[8].cards) == 3
    single = after("single")
    assert {str(a) for a in single.legal_actions() if len(a.cards) == 1} == {"T4", "T7"}
    old = session_at(0).observation(0).old
    assert {str(c) for c in old} == {"C1", "M9"}
    claim = after("claim")
    assert claim.fu[0] == 5 and Action.claim() in claim.legal_actions()
    assert Action.claim() not in after("run").legal_actions()  # F = 5 there: six not reached
    assert Action.claim() not in after("plain-win").legal_actions()  # F = 5 still


def your_F(topic: str) -> tuple[int, int]:
    """Your fu and Old cards, as the engine has them when the step of ``topic`` is reached."""
    session = session_at([s.topic for s in STEPS].index(topic))
    return session.state.fu[0], len(session.observation(0).old)


def test_the_figures_each_step_gives_for_F_are_the_engines() -> None:
    for topic, figures in YOUR_F.items():
        assert your_F(topic) == figures, topic
        fu, old = figures
        english = WORDS[topic](tr).replace("\u00a0", " ")
        if topic not in ("call",):
            assert f"{fu} + {old} = {fu + old}" in english, topic
        else:
            assert f"F is {fu + old}" in english


def test_the_lesson_shows_an_old_card_winning_leaves_F_and_a_plain_card_raises_it() -> None:
    """The beginner's trap: F = fu + Old cards in hand, so a trick won with an Old card turns
    it into one fu and F stays; only a trick won with cards that are not Old raises F."""
    def F(topic: str) -> int:
        return sum(your_F(topic))

    # The set of 7s wins a trick: none of its cards Old as they were played, F up by three.
    at_set = session_at([s.topic for s in STEPS].index("set"))
    assert not set(SCRIPT[7].cards) & at_set.observation(0).old
    assert F("won") - F("call") == 3 == your_F("won")[0] - your_F("call")[0]
    # The Old M9 wins a trick: a fu more, an Old card fewer, F as it was.
    at_old_win = session_at([s.topic for s in STEPS].index("old-win"))
    (nine,) = SCRIPT[15].cards
    assert nine in at_old_win.observation(0).old and tuple(at_old_win.state.legal_actions()) == (SCRIPT[15],)
    assert your_F("plain-win")[0] == your_F("old-win")[0] + 1 and F("plain-win") == F("old-win")
    # M6, not Old, wins the next: F up by one, to six, and the claim is open.
    at_plain = session_at([s.topic for s in STEPS].index("plain-win"))
    (six,) = SCRIPT[17].cards
    assert six not in at_plain.observation(0).old
    assert F("claim") == F("plain-win") + 1 == 6
    assert "F\u00a0=\u00a04\u00a0+\u00a01\u00a0=\u00a05, as before" in WORDS["plain-win"](tr)
    assert "went up by 3: F\u00a0=\u00a03\u00a0+\u00a02\u00a0=\u00a05" in WORDS["won"](tr)


def test_S_is_explained_before_any_step_uses_it() -> None:
    words = [WORDS[step.topic](tr).replace("\u00a0", " ") for step in STEPS]
    explained = next(n for n, text in enumerate(words) if "S = F − 5" in text)
    uses = [n for n, text in enumerate(words) if "× S" in text or "S =" in text]
    assert uses and explained == min(uses)
    # (the line under the buttons while you decide to call says 2 × S too: the step is after)
    assert explained < [step.topic for step in STEPS].index("call")


def test_the_calling_advice_is_true_of_the_hand() -> None:
    """Pass: two Old cards (F = 2), and of plays that win several fu at once, only a set (the
    7s) and a run (3-5 of Strings), each of three cards: both must win to reach F = 6."""
    obs = lesson_start().observation(0)
    assert {str(c) for c in obs.old} == {"C1", "M9"} and sum(YOUR_F["call"]) == 2
    several = {" ".join(sorted(str(c) for c in cards))
               for size in (3, 4, 5) for cards in combinations(obs.hand, size)
               if classify(cards) is not None}
    assert several == {"C7 S7 T7", "S3 S4 S5"}
    text = WORDS["call"](tr)
    assert "F is 2" in text and "three 7s and your run of Strings" in text
    assert text.endswith("pass.")


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


def movers(session: Session) -> list[int]:
    """The seat that made each move of ``session``'s deal so far."""
    state, seats = session.start, []
    for action in session.state.history:
        assert state.to_move is not None
        seats.append(state.to_move)
        state = state.apply(action)
    return seats


def test_the_whole_lesson_step_by_step_then_a_new_deal_of_your_own_at_its_start() -> None:
    page = Driver("?seed=5&delay=0").start()
    page.settle(only_computers=True)
    page.press("pass")
    page.settle(only_computers=True)
    before = page.model.table.session
    assert before is not None and before.state.history
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
    # Finish: a new deal, not the one the lesson was opened over, at your first decision, with
    # nothing said over it.
    table = page.model.table
    session = table.session
    assert table.kind == FREE and session is not None and session.deal_number != before.deal_number
    assert session.waiting_for_person() and 0 not in movers(session)
    assert page.notices() == [] and page.view.suit_tip is None  # (the lesson showed the suits)
    assert read_table(page.stored[saving.SAVE_KEY])[1].session.record() == session.record()
    assert page.model.player.stats.total().deals == 0 and page.model.player.totals.deals == 0


def test_nobody_thinks_while_a_step_is_read_and_enter_goes_on() -> None:
    page = lesson()
    topics = [step.topic for step in STEPS]
    while page.model.table.step < topics.index("beaten"):
        play_step(page)
    session = page.model.table.session
    assert session is not None and session.computer_to_move()  # Right leads next: it waits
    table = page.table
    assert "thinking" not in table.prompt and "Next" in table.prompt
    assert not any(seat.to_move for seat in table.seats)
    view = page.view.lesson
    assert view is not None and view.keyboard == NEXT and view.key_note == "Press Enter to go on."
    page.send(Key("Enter", "Enter", "", False))  # (the keyboard anywhere but on a button)
    assert page.model.table.step == topics.index("fu")
    page.send(Key("Enter", "Enter", "card:S2", False))  # on your hand too: no move is asked
    page.settle(only_computers=True)
    assert page.model.table.step == topics.index("set")
    view = page.view.lesson
    assert view is not None and view.keyboard == HAND and view.key_note == ""
    page.send(Key("Enter", "Enter", "card:S2", False))  # a step that asks a move: Enter plays
    assert page.model.table.step == topics.index("set") and page.table.hint


def test_each_step_gives_the_keyboard_to_what_it_asks_for() -> None:
    page = lesson()
    asked = {}
    for _ in range(LAST + 1):
        view = page.view.lesson
        assert view is not None
        asked[STEPS[page.model.table.step].topic] = view.keyboard
        play_step(page)
    assert asked["suits"] == asked["beaten"] == asked["score"] == NEXT
    assert asked["call"] == '#actions [data-action="pass"]'
    assert asked["single"] == asked["discard"] == asked["old-win"] == HAND
    assert asked["claim"] == '#actions [data-action="claim"]'


def test_the_prompt_speaks_the_words_of_the_device_last_used() -> None:
    page = lesson()
    while STEPS[page.model.table.step].topic != "single":
        play_step(page)
    assert page.table.hint == "Select the cards you want to play."
    page.send(Device(True))
    assert page.table.hint == "Tap cards to select them."
    page.send(Device(False))
    assert page.table.hint == "Select the cards you want to play."


def test_another_legal_move_is_not_played_and_the_step_says_why() -> None:
    page = lesson()
    play_step(page)  # suits
    play_step(page)  # Old cards
    play_step(page)  # F and S
    page.press("call")  # the step asks you to pass
    view = page.view.lesson
    assert view is not None and view.step == 4
    assert view.note == "Pass here: this hand is too weak to play alone against two."
    session = page.model.table.session
    assert session is not None and not session.state.history  # nothing was played
    play_step(page)
    assert page.model.table.session is not None and page.model.table.session.state.caller == 1


def test_an_illegal_move_gets_the_engines_reason() -> None:
    page = lesson()
    while page.view.lesson is not None and page.view.lesson.step < 6:  # (the single)
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
