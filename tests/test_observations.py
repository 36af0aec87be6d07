"""What a seat sees (RULES §9 ``State.observation``): face-down cards stay hidden, the trick in
progress has no winner yet, and the observation's one-line text (the page worker's message)
reads back exactly and is refused, naming the field, when damaged.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_refusals import refusal
from test_state import SETTINGS, played_line, seeds

from lukfu import Observation, State, new_deal, parse_action, parse_cards, random_playout


def test_face_down_discards_reach_no_observation_as_cards() -> None:
    state = State.from_hands(["C1 S2", "C9 S3", "C8 S4"], master=0, caller=0, fu=(4, 3, 3))
    state = state.apply(parse_action("C1")).apply(parse_action("discard S3"))
    for seat in (0, 2):
        view = state.observation(seat)
        assert view.trick is not None and view.trick.turns[1].play is None
        assert view.trick.turns[1].discarded == 1
        assert "S3" not in repr(view)
    own = state.observation(1)
    assert own.hand == parse_cards("C9") and own.own_discards == frozenset(parse_cards("S3"))


def test_the_trick_in_progress_has_no_winner_yet() -> None:
    """``Trick.winner`` is set once the trick is complete; until then only who would win it now."""
    state = State.from_hands(["C9 S6 S7", "C1 C2 M3", "T2 T3 T4"], 0, caller=0, fu=(3, 3, 3))
    state = state.apply(parse_action("C9"))
    read_back = Observation.from_text(str(state.observation(2)))
    for seen in (state.trick, state.observation(1).trick, read_back.trick):
        assert seen is not None and (seen.best_seat, seen.winner, str(seen.best)) == (0, None, "C9")
    assert ";trick=0|0:C9|0|-;" in str(state.observation(1))
    done = state.apply(parse_action("discard C1")).apply(parse_action("discard T2"))
    assert done.trick is None and done.tricks[0].winner == 0


CALLING_TEXT = str(new_deal(8, master=0).observation(0))


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("seat=0", "seat=3", "bad seat '3': expected a seat 0, 1 or 2"),
        ("seat=0", "seat=0=1", "bad seat '0=1': expected a seat 0, 1 or 2"),
        ("phase=calling", "phase=lunch", "bad phase 'lunch': expected one of calling, playing, over"),
        # The field is named by its first 30 characters, the bad value by its first 40.
        (
            "seat=0;", "seat=0;a_very_long_field_name_goes_on=1;",
            "unexpected field 'a_very_long_field_name_goes_on'",
        ),
        (";fu=0 0 0;", ";", "missing fu"),
        (";calls=;redeals=0;", ";", "missing calls, redeals"),
        ("hand=", "hand=Z9 C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3 S4 S5 ",
         "bad hand 'Z9 C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3 S': not a card: 'Z9' "
         "(expected a suit letter C, S, M or T and a rank 1-9)"),
        ("redeals=0", "redeals=-1", "bad redeals '-1': expected a small whole number"),
        ("redeals=0", "redeals=x", "bad redeals 'x': expected a small whole number"),
        ("redeals=0", "redeals=1234567", "bad redeals '1234567': expected a small whole number"),
        ("calls=", "calls=0xc", "bad calls '0xc': expected a seat 0, 1 or 2"),
        ("trick=-", "trick=0|0:C7 S8|0|-", "bad trick '0|0:C7 S8|0|-': 'C7 S8' is not a play"),
        ("trick=-", "trick=0|0:C7:C8|0|-", "bad trick '0|0:C7:C8|0|-': not a card: 'C7:C8' "
         "(expected a suit letter C, S, M or T and a rank 1-9)"),
        ("legal=call,pass", "legal=call,jump", "bad legal 'call,jump': not a card: 'jump' "
         "(expected a suit letter C, S, M or T and a rank 1-9)"),
    ],
)
def test_bad_observation_text_is_refused_naming_the_field_and_the_fault(
    old: str, new: str, message: str
) -> None:
    assert old in CALLING_TEXT
    text = CALLING_TEXT.replace(old, new, 1)
    assert refusal(lambda: Observation.from_text(text)) == f"observation text: {message}"


def test_empty_observation_text_is_refused() -> None:
    assert refusal(lambda: Observation.from_text("")).startswith("observation text: ")


def test_observation_text_reads_counts_of_up_to_six_digits() -> None:
    text = CALLING_TEXT.replace("redeals=0", "redeals=123456")
    assert Observation.from_text(text).redeals == 123456


@SETTINGS
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_observation_text_round_trips_at_every_step(seed: int, choice_seed: int) -> None:
    for state in played_line(seed, random.Random(choice_seed)):
        for seat in range(3):
            obs = state.observation(seat)
            text = str(obs)
            assert "\n" not in text
            assert Observation.from_text(text) == obs


def test_observation_text_is_compact() -> None:
    state = random_playout(new_deal(8), random.Random(1))
    assert len(str(new_deal(8).observation(0))) < 400
    assert len(str(state.observation(0))) < 1500
