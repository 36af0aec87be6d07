"""Hints: Strong's move for the person's seat, from their observation, with a reason in words."""

from __future__ import annotations

import pytest

from lukfu import State, new_deal, parse_action
from lukfu.ai.hint import REASONS, Hint, hint_thinking, reason
from lukfu.ai.players import make_player
from lukfu.ai.thinking import finish
from lukfu.i18n import OFFERED, translator
from lukfu.web import result as ending
from lukfu.web import text, view


def test_the_hint_is_strongs_move_for_that_seat() -> None:
    state = new_deal(21)
    seat = state.to_move
    assert seat is not None
    observation = state.observation(seat)
    hint = finish(hint_thinking(observation, 21))
    assert hint.action == make_player("strong", 21).choose(observation)
    assert hint.reason in REASONS and hint.F == observation.F


@pytest.mark.parametrize(
    ("hands", "setup", "before", "action", "expected"),
    [
        (("C2 S3 M4", "C9 S9 M9", "C5 S5 M5"), {"caller": 0, "fu": (6, 3, 0)}, (), "claim", "claim"),
        (("C6 S6 M6 M9 C2 S2", "C3 C4 C5 S3 S4 S5", "M2 M3 M4 T2 T3 T4"),
         {"caller": 0, "fu": (4, 1, 1), "public": "C9 S9 C8 S8 C7 S7"}, (), "C6 S6 M6", "cash"),
        (("M9 C2 S3 S4", "C5 C6 S5 S6", "C7 C8 T3 T4"),
         {"caller": 0, "fu": (3, 3, 2), "public": "M8 M7 M6"}, (), "M9", "keep-lead"),
        (("C2 C3 S4 S5", "C6 C7 S6 S7", "M2 M3 T2 T3"), {"caller": 0, "fu": (3, 3, 2)}, (), "C2",
         "give-lead"),
        (("M5 C3 C4 S2", "C5 C6 S4 T2", "M9 M6 C2 S3"),
         {"caller": 0, "fu": (4, 2, 2), "public": "T9 T8 T7 S9 S8 S7"}, ("M5", "discard T2"), "M6",
         "win-cheap"),
        (("M5 C3 C4 S2", "M9 M6 C2 S3", "C5 C6 S4 T2"),
         {"caller": 0, "fu": (4, 2, 2), "public": "T9 T8 T7 S9 S8 S7"}, ("M5",), "M9", "win-holds"),
        (("M5 C3 C4 S2", "M8 M6 C2 S3", "C5 C6 S4 T2"),
         {"caller": 0, "fu": (4, 2, 2), "public": "T9 T8 T7 S9 S8 S7"}, ("M5",), "M6", "beat"),
        (("M5 C3 C4 S2", "C5 C6 S4 T2", "M9 M6 C2 S3"),
         {"caller": 0, "fu": (4, 2, 2), "public": "T9 T8 T7 S9 S8 S7"}, ("M5",), "discard T2",
         "discard"),
    ],
)
def test_a_hint_says_why_its_move_is_good(hands: tuple[str, str, str], setup: dict[str, object],
                                          before: tuple[str, ...], action: str, expected: str) -> None:
    state = State.from_hands(hands, 0, **setup)  # type: ignore[arg-type]
    for step in before:
        state = state.apply(parse_action(step))
    seat = state.to_move
    assert seat is not None
    assert reason(state.observation(seat), parse_action(action)) == expected


def test_a_hint_to_call_or_to_pass_says_so() -> None:
    observation = new_deal(2).observation(new_deal(2).master)
    assert reason(observation, parse_action("call")) == "call"
    assert reason(observation, parse_action("pass")) == "pass"


@pytest.mark.parametrize("language", OFFERED)
def test_every_reason_and_action_reads_in_every_language(language: str) -> None:
    tr = translator(language)
    said = set()
    for code in REASONS:
        for action in ("call", "pass", "claim", "C7", "C7 C8 C9", "discard C2 S3 M4"):
            line = text.hint_text(tr, Hint(parse_action(action), code, 7))
            assert "{" not in line and line.strip()
            said.add(line)
    assert len(said) == len(REASONS) * 6
    if language == "en":
        assert text.hint_text(tr, Hint(parse_action("C7 C8 C9"), "cash", 7)) == (
            "Hint: play 7–9\u00a0of\u00a0Coins. Nobody can beat this lead, and it raises your F.")
        assert "F\u00a0=\u00a07" in text.hint_text(tr, Hint(parse_action("claim"), "claim", 7))


def test_the_end_of_deal_panel_counts_the_hints() -> None:
    tr = translator("en")
    state = State.from_hands(("C2 S3 M4", "C9 S9 M9", "C5 S5 M5"), 0, caller=0, fu=(6, 3, 0))
    end = state.apply(parse_action("claim"))
    result = ending.result_view(tr, end.observation(0), None, 2)
    assert result is not None and result.hints_text == "You used 2\u00a0hints in this deal."
    table = view.table_view(tr, state.observation(0), set(), state.check, advice="Hint: claim.")
    assert table.hint == "Hint: claim." and not table.hint_problem
    assert [b.enabled for b in table.buttons if b.action == "hint"] == [True]
    busy = view.table_view(tr, state.observation(0), set(), state.check, hinting=True)
    assert [b.enabled for b in busy.buttons if b.action == "hint"] == [False]


def test_a_discard_keeps_runs_over_a_set_they_share_cards_with() -> None:
    """S6 M6 T6 beside M4 M5 M6 and T4 T5 T6 is a set or two runs, never both: against a led C4
    the lone S6 goes, not a card of a run (seed 7's deal, where the Hint once broke the Myriads)."""
    state = State.from_hands(("S6 M4 M5 M6 T4 T5 T6", "C5 C6 C7 S7 S8 M7 T7", "C4 C8 S1 S2 S3 M8 T8"),
                             2, caller=2, leader=2, fu=(1, 2, 2),
                             public="C9 S9 M9 T9 C3 M3 T3 C2 M2 T2 M1").apply(parse_action("C4"))
    observation = state.observation(0)
    hint = finish(hint_thinking(observation, 7))
    assert hint.action == parse_action("discard S6") and hint.reason == "discard"
