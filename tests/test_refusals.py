"""An illegal action is refused saying why (RULES §5, §7): its code, its reason in words and the
parameters the page translates its message with; the state is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lukfu import Action, IllegalAction, State, new_deal, parse_action


def refusal(make: Callable[[], object], error: type[Exception] = ValueError) -> str:
    """The message of the ``error`` that ``make()`` raises (it must raise one)."""
    with pytest.raises(error) as refused:
        make()
    return str(refused.value)


C9_LED = State.from_hands(["C9 S6 S7", "C1 C2 M3", "T2 T3 T4"], 0, caller=0, fu=(3, 3, 3)).apply(
    parse_action("C9")
)
OVER = State.from_hands(["M9 C1 S3", "C2 C3 C4", "S4 S5 S6"], 0, caller=0, fu=(4, 3, 2)).apply(Action.claim())
PASSED_MASTER_LEADS = State.from_hands(
    ["C6 S6 M6 T6 M9 S2", "C1 C2 C3 C4 C5 C7", "S3 S4 S5 S7 S8 S9"], 0, caller=1, fu=(2, 2, 2)
)


@pytest.mark.parametrize(
    "state, text, code, reason, params",
    [
        (C9_LED, "discard C1 C2", "wrong-count", "discard exactly 1 cards", {"count": 1}),
        (C9_LED, "C2", "does-not-beat", "C2 does not beat C9", {"best": "C9"}),
        (C9_LED, "C1 C2", "not-a-play", "C1 C2 is not a play: a single, a set or a run", {}),
        (C9_LED, "T2 T3", "not-in-hand", "not in hand: T2 T3", {"cards": ["T2", "T3"]}),
        (C9_LED, "claim", "cannot-claim", "only the player about to lead may claim", {}),
        (C9_LED, "call", "wrong-phase", "calling is over", {}),
        (OVER, "M9", "wrong-phase", "the deal is over", {}),
        (OVER, "claim", "wrong-phase", "the deal is over", {}),
        # F = 2 fu + one Old card (M9): no claim.
        (PASSED_MASTER_LEADS, "claim", "cannot-claim", "a claim needs F of 6 or more, not 3", {"F": 3}),
        (
            PASSED_MASTER_LEADS, "discard S2", "not-a-discard",
            "the leader makes a play; only followers discard", {},
        ),
        (
            PASSED_MASTER_LEADS, "C6 S6 M6 T6", "passed-master-limit",
            "a passed Master may not lead a set of 4 or a run of 4 or more", {},
        ),
        # A passed Master is an ordinary non-caller for singles: T6 is the one to lead, not Old M9.
        (
            PASSED_MASTER_LEADS, "M9", "single-lead-rule",
            "a non-caller leading a single must lead a card that is not Old from T", {"suit": 3},
        ),
    ],
)
def test_a_refusal_says_why_and_carries_what_its_message_needs(
    state: State, text: str, code: str, reason: str, params: dict[str, object]
) -> None:
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse_action(text))
    assert (refused.value.code, refused.value.reason, refused.value.params) == (code, reason, params)


def test_illegal_follows_say_why() -> None:
    state = State.from_hands(["M5 M6 S2", "M7 C2 C3", "T1 T2 T3"], master=0, caller=0, fu=(3, 3, 3))
    state = state.apply(parse_action("M5"))
    codes = {}
    for text in ("C2", "C2 C3", "discard C2 C3", "discard C2", "S2"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(parse_action(text))
        codes[text] = refused.value.code
    assert codes == {
        "C2": "does-not-beat",
        "C2 C3": "not-a-play",
        "discard C2 C3": "wrong-count",
        "discard C2": "must-beat",
        "S2": "not-in-hand",
    }


def test_the_single_lead_rule_names_the_suit() -> None:
    state = State.from_hands(
        ["T9 T4 M7 M2", "S1 S2 S3 S4", "C2 C3 C4 C5"], master=1, caller=1, leader=0, fu=(3, 3, 2)
    )
    with pytest.raises(IllegalAction) as refused:
        state.apply(parse_action("M7"))
    assert (refused.value.code, refused.value.params["suit"]) == ("single-lead-rule", 3)


def test_a_leader_cannot_discard_and_calling_is_over_once_play_starts() -> None:
    state = new_deal(3, master=0).apply(Action.call())
    for text, code in (("discard " + str(state.hands[0][0]), "not-a-discard"), ("pass", "wrong-phase")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(parse_action(text))
        assert refused.value.code == code
