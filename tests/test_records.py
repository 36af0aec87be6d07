"""Deal records (``State.record`` / ``State.from_record``, RULES §9): a damaged or broken record is
refused naming the first thing wrong with it.
"""

from __future__ import annotations

import json

import pytest
from test_refusals import refusal

from lukfu import Action, RecordError, State, new_deal, parse_action


def recorded(**changes: object) -> str:
    data = json.loads(new_deal(3, master=0).apply(parse_action("call")).record())
    return json.dumps({**data, **changes})


POSITION_EXPECTED = "position: expected an object with caller, leader, fu and public"


@pytest.mark.parametrize(
    "text, message",
    [
        ("[]", "the record is not a JSON object"),
        (json.dumps({"seed": 3}), "unknown record version None"),
        (recorded(lukfu=2), "unknown record version 2"),
        (recorded(seed="x"), "seed: expected an integer, not 'x'"),
        (recorded(seed=True), "seed: expected an integer, not True"),
        (recorded(master=3), "master: expected 0, 1 or 2, not 3"),
        (recorded(master=True), "master: expected 0, 1 or 2, not True"),
        (recorded(hands=[1, 2, 3]), "hands: expected three texts of 12 cards"),
        (recorded(hands="C1 C2 C3"), "hands: expected three texts of 12 cards"),
        (recorded(actions=[1]), "actions: expected a list of action texts"),
        (recorded(actions="call"), "actions: expected a list of action texts"),
        (recorded(position=[]), POSITION_EXPECTED),
        (recorded(position={"caller": 0, "dealer": 1}), POSITION_EXPECTED),
    ],
)
def test_a_damaged_deal_record_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    assert refusal(lambda: State.from_record(text), RecordError) == message


def test_a_broken_record_names_the_first_bad_entry() -> None:
    good = new_deal(5, master=0).apply(Action.call()).record()
    with pytest.raises(RecordError, match="JSON"):
        State.from_record("{not json")
    with pytest.raises(RecordError, match="hands"):
        State.from_record(good.replace('"hands":["', '"hands":["C1 '))
    broken = good.replace('"actions":["call"]', '"actions":["call","X9","pass"]')
    with pytest.raises(RecordError, match=r"action 2 \('X9'\)"):
        State.from_record(broken)
    illegal = good.replace('"actions":["call"]', '"actions":["call","pass"]')
    with pytest.raises(RecordError, match=r"action 2 \('pass'\): calling is over"):
        State.from_record(illegal)
