"""Saves under CPython: a save resumes a deal exactly at every phase, and a damaged one is refused
with its kind, in plain words.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest
from test_session import play, random_person

from lukfu.dealcode import MAX_DEAL_NUMBER
from lukfu.i18n import translator
from lukfu.lesson import LAST, SCRIPT, session_at
from lukfu.saves import (
    CHECK,
    DAMAGED,
    IMPOSSIBLE,
    SAVE_VERSION,
    VERSION,
    SaveProblem,
    read_save,
    write_save,
)
from lukfu.session import Session
from lukfu.web import saving
from lukfu.web.kinds import FREE, LESSON, SHARED

tr = translator("en")


# --- saves -----------------------------------------------------------------------------------




def phases(number: int) -> dict[str, Session]:
    """Sessions of one deal stopped where the person must act: calling, leading, mid-trick,
    discarding; and the deal over."""
    found: dict[str, Session] = {}
    session = Session.new(number, master=1)
    person = random_person(number)
    while not session.is_over:
        if session.waiting_for_person():
            obs = session.observation(0)
            kinds = {a.kind for a in obs.legal}
            if obs.phase == "calling":
                key = "calling"
            elif "discard" in kinds:
                key = "discard"
            elif obs.trick is not None and obs.trick.turns:
                key = "mid-trick"
            else:
                key = "lead"
            found.setdefault(key, Session.from_record(session.record()))
            session = session.act(person(obs))
        else:
            session = session.step()
    found["over"] = session
    return found


def test_a_save_resumes_every_phase_exactly() -> None:
    """Resumed at each phase, the deal is the same, and goes on with the same computer moves."""
    seen: set[str] = set()
    for number in range(30):
        for phase, session in phases(number).items():
            seen.add(phase)
            saved = read_save(write_save(session, hints=2))
            resumed = saved.session
            assert (saved.hints, saved.counted) == (2, False)
            assert resumed.record() == session.record()
            assert resumed.state == session.state
            assert resumed.events == session.events
            assert resumed.observation(0) == session.observation(0)
            # The same person's moves from here meet the same computer moves to the end.
            session = play(session, random_person(99))
            resumed = play(resumed, random_person(99))
            assert resumed.record() == session.record()
    assert seen == {"calling", "lead", "mid-trick", "discard", "over"}


def test_a_finished_deal_is_saved_as_counted() -> None:
    session = phases(3)["over"]
    assert read_save(write_save(session, counted=True)).counted
    with pytest.raises(SaveProblem) as info:
        read_save(write_save(phases(3)["calling"], counted=True))
    assert info.value.kind == IMPOSSIBLE


def check_of(body: object) -> str:
    """A save's check as its format defines it: the CRC-32 of the body written as compact JSON
    with sorted keys (UTF-8), in eight hex digits."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def reseal(data: dict[str, object]) -> str:
    """A save whose body was changed and whose check was made to match again."""
    return json.dumps({**data, "check": check_of(data["body"])})


def test_a_saves_check_is_the_crc_32_of_its_body() -> None:
    """The check follows the save format, so a save an earlier build of the page wrote still passes it."""
    for session in phases(5).values():
        data = json.loads(write_save(session, hints=1))
        assert data["check"] == check_of(data["body"])


def kind_of(text: str) -> str:
    with pytest.raises(SaveProblem) as info:
        read_save(text)
    return info.value.kind


def test_damaged_foreign_older_and_impossible_saves_are_refused_by_kind() -> None:
    session = phases(4)["mid-trick"]
    text = write_save(session)
    data = json.loads(text)
    assert kind_of(text[: len(text) // 2]) == DAMAGED  # cut short
    assert kind_of("") == DAMAGED
    assert kind_of("null") == DAMAGED
    assert kind_of('{"volume": 3}') == DAMAGED  # another program's data
    assert kind_of(json.dumps({**data, "lukfu-save": 0})) == VERSION  # an older version
    assert kind_of(json.dumps({**data, "lukfu-save": SAVE_VERSION + 1})) == VERSION
    assert kind_of(json.dumps({**data, "lukfu-save": True})) == VERSION
    assert kind_of(json.dumps({**data, "check": "00000000"})) == CHECK
    tampered = text.replace('"deal_number":', '"deal_number":1')
    assert kind_of(tampered) == CHECK  # edited without its check
    body = data["body"]
    hands = body["session"]["deal"]["hands"]
    impossible = {**body, "session": {**body["session"], "deal": {
        **body["session"]["deal"], "hands": [hands[0].replace("C", "X", 1), *hands[1:]]}}}
    assert kind_of(reseal({**data, "body": impossible})) == IMPOSSIBLE  # a card that is not one
    twice = {**body, "session": {**body["session"], "deal": {
        **body["session"]["deal"], "hands": [hands[0], hands[0], hands[2]]}}}
    assert kind_of(reseal({**data, "body": twice})) == IMPOSSIBLE  # the same cards twice
    moves = body["session"]["deal"]["actions"]
    illegal = {**body, "session": {**body["session"], "deal": {
        **body["session"]["deal"], "actions": [*moves, "claim", "claim"]}}}
    assert kind_of(reseal({**data, "body": illegal})) == IMPOSSIBLE
    for hints in (-1, 10**6, "2", True, None):
        assert kind_of(reseal({**data, "body": {**body, "hints": hints}})) == IMPOSSIBLE
    assert kind_of(reseal({**data, "body": {**body, "counted": 0}})) == IMPOSSIBLE
    for step in (-1, 10**6, "3", None):
        assert kind_of(reseal({**data, "body": {**body, "step": step}})) == IMPOSSIBLE
    assert kind_of(reseal({**data, "body": {**body, "start": "memory"}})) == DAMAGED
    assert kind_of(reseal({**data, "body": {**body, "table": "Free deal"}})) == DAMAGED
    assert kind_of(reseal({**data, "body": {**body, "aside": 7}})) == DAMAGED
    for number in (5, -1, MAX_DEAL_NUMBER + 1):  # not the number that dealt these cards
        renumbered = {**body, "session": {**body["session"], "deal_number": number}}
        assert kind_of(reseal({**data, "body": renumbered})) == IMPOSSIBLE
    swapped = {**body, "session": {**body["session"], "deal": {
        **body["session"]["deal"], "hands": [hands[1], hands[0], hands[2]]}}}
    assert kind_of(reseal({**data, "body": swapped})) == IMPOSSIBLE  # possible cards, not dealt
    assert kind_of("[" * 100_000 + "]" * 100_000) == DAMAGED
    assert kind_of(reseal({**data, "body": {**body, "extra": 1}})) == DAMAGED
    assert kind_of(reseal({**data, "body": {**body, "session": {**body["session"],
                                                              "seats": ["person"]}}})) == IMPOSSIBLE


def old_save(session: Session, hints: int = 0, counted: bool = False) -> str:
    """A save as version 1 of the format wrote it: the session, the hints and counted."""
    body = {"session": session.record_data(), "hints": hints, "counted": counted}
    return json.dumps({"lukfu-save": 1, "check": check_of(body), "body": body})


def test_a_save_of_the_first_version_is_still_read_as_a_free_deal_from_its_number() -> None:
    for phase, session in phases(6).items():
        saved = read_save(old_save(session, hints=3, counted=phase == "over"))
        assert saved.session.record() == session.record()
        assert (saved.hints, saved.counted, saved.table, saved.dealt, saved.step, saved.aside) == (
            3, phase == "over", "free", True, 0, None)
        assert saving.read_table(old_save(session))[0] == FREE
    data = json.loads(old_save(phases(6)["lead"]))
    assert kind_of(reseal({**data, "body": {**data["body"], "table": "free"}})) == DAMAGED
    # A deal of the first version is dealt from its number: its cards must be the number's.
    renumbered = {**data["body"], "session": {**data["body"]["session"], "deal_number": 5}}
    assert kind_of(reseal({**data, "body": renumbered})) == IMPOSSIBLE


def test_a_save_holds_a_start_position_with_its_kind_its_step_and_the_table_put_aside() -> None:
    """The lesson's fixed hands are no deal number's: its save holds them (``start``:
    ``"hands"``) and is resumed exactly, with the table it was opened over."""
    dealt = phases(4)["mid-trick"]
    aside = write_save(dealt, hints=1, table="shared")
    lesson = session_at(9)
    text = write_save(lesson, table="lesson", dealt=False, step=9, aside=aside)
    saved = read_save(text)
    assert saved.session.record() == lesson.record() and saved.session.state == lesson.state
    assert (saved.table, saved.dealt, saved.step, saved.aside) == ("lesson", False, 9, aside)
    assert saving.read_table(text)[0] == LESSON
    assert saving.read_table(saved.aside or "")[0] == SHARED
    # Its hands are not the ones its number deals: a save that says they are is refused.
    assert kind_of(write_save(lesson, table="lesson", step=9)) == IMPOSSIBLE
    # The page resumes a table of a kind it knows, dealt as that kind deals.
    other_move = lesson.take(next(a for a in lesson.state.legal_actions() if a != SCRIPT[9]))
    problems = [
        (VERSION, write_save(lesson, table="puzzle", dealt=False)),  # (a later version's kind)
        (IMPOSSIBLE, write_save(dealt, table="lesson", dealt=False)),  # not the lesson
        (IMPOSSIBLE, write_save(other_move, table="lesson", dealt=False, step=9)),  # off its script
        (IMPOSSIBLE, write_save(lesson, table="lesson", dealt=False, step=LAST + 1)),
        (IMPOSSIBLE, write_save(dealt, dealt=False)),  # a free deal is dealt
    ]
    for problem, wrong in problems:
        with pytest.raises(SaveProblem) as info:
            saving.read_table(wrong)
        assert info.value.kind == problem


def test_no_damage_to_a_save_raises_anything_but_a_save_problem() -> None:
    rng = random.Random(11)
    text = write_save(phases(8)["discard"])
    kinds: set[str] = set()
    for _ in range(400):
        chars = list(text)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice('0123456789{}[]",:abcCSMT ')
        damaged = "".join(chars)[: rng.choice([len(text), rng.randrange(len(text))])]
        if damaged == text:
            continue
        with pytest.raises(SaveProblem) as info:
            read_save(damaged)
        kinds.add(info.value.kind)
    assert kinds >= {DAMAGED, CHECK}


def test_every_save_problem_has_its_own_plain_words() -> None:
    texts = {kind: saving.save_problem_text(tr, kind) for kind in (DAMAGED, VERSION, CHECK, IMPOSSIBLE)}
    assert len(set(texts.values())) == 4
    assert all(t.endswith("Here is a new deal.") for t in texts.values())
    assert "private window" in saving.storage_text(tr)
