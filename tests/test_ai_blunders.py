"""The blunder suite: hand-made positions, each with a move a sound player must or must not make.

Every level from Casual up must pass all of them (RULES §4–§7 decide what is a blunder):
never waste an Old card where a cheaper play wins the same; cash a lead that cannot be beaten
before claiming; claim when nothing can raise F and playing on only risks it; do not call a
hand that cannot reach six (and do call one that surely does); keep sets, runs and Old cards
together when discarding.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from lukfu import Action, State, parse_action, parse_cards
from lukfu.ai import make_player, policy
from lukfu.cards import ALL_CARDS, to_mask

SOUND_LEVELS = ("casual", "strong", "expert")
REST = "rest"
"""As the public cards: every card in no hand (so the seat to move knows what the others hold)."""


@dataclass(frozen=True)
class Position:
    """A position: hands (seat 0, 1, 2), the deal so far, and the verdict on one action."""

    name: str
    hands: tuple[str, str, str]
    master: int
    caller: int | None = None
    leader: int | None = None
    fu: tuple[int, int, int] = (0, 0, 0)
    public: str = ""
    before: tuple[str, ...] = ()
    must: str | None = None
    must_not: tuple[str, ...] = ()

    def state(self) -> State:
        public = self.public
        if public == REST:
            held = set(" ".join(self.hands).split())
            public = " ".join(str(card) for card in ALL_CARDS if str(card) not in held)
        state = State.from_hands(
            self.hands, self.master, caller=self.caller, leader=self.leader, fu=self.fu, public=public,
        ) if self.caller is not None else State.from_hands(self.hands, self.master)
        for text in self.before:
            state = state.apply(parse_action(text))
        return state


# The cards in no hand and not face up went face down earlier in the deal.
POSITIONS = (
    # --- never waste an Old card where a cheaper play wins the same --------------------------
    Position("last to follow a single: the cheap Myriads, not the 9",
             ("M5 C3 C4 S2", "C5 C6 S4 T2", "M9 M6 C2 S3"), master=0, caller=0, fu=(4, 2, 2),
             public="T9 T8 T7 S9 S8 S7", before=("M5", "discard T2"), must="M6"),
    Position("last to follow a Tens single: T5 does it, keep T9",
             ("T4 C3 C4 S2", "C5 C6 S4 M2", "T9 T5 C2 S3"), master=0, caller=1, fu=(4, 2, 2),
             public="M9 M8 M7 S9 S8 S7", before=("T4", "discard M2"), must="T5"),
    Position("last to follow a set: the 6s win it, keep the Old 8s",
             ("C5 S5 M5 C2 S3 M4", "C3 S4 M2 T2 T3 T4", "C6 S6 M6 C8 S8 M8"), master=0, caller=0,
             fu=(2, 2, 2), public="C9 S9 M9 T9 T8 T7", before=("C5 S5 M5", "discard T2 T3 T4"),
             must="C6 S6 M6"),
    Position("last to follow a run: the low Strings run wins it, keep the top one",
             ("S2 S3 S4 C2 C3 C5", "M2 M3 T2 T3 C6 C7", "S5 S6 S7 S9 S8 C4"), master=0, caller=1,
             fu=(2, 2, 2), public="M9 M8 M7 T9 T8 T7", before=("S2 S3 S4", "discard C6 C7 M2"),
             must_not=("S7 S8 S9",)),
    Position("last to follow a Coins run with a Myriads run: the low one, not the Old top",
             ("C2 C3 C4 S2 S3 T4", "S5 S6 T2 T3 T5 C8", "M2 M3 M4 M7 M8 M9"), master=0, caller=0,
             fu=(2, 2, 2), public="C9 S9 S8 T9 T8 T7", before=("C2 C3 C4", "discard S5 S6 C8"),
             must="M2 M3 M4"),
    # --- cash a lead that cannot be beaten before claiming ------------------------------------
    Position("a set of 6s nobody can beat raises F: lead it before claiming",
             ("C6 S6 M6 M9 C2 S2", "C3 C4 C5 S3 S4 S5", "M2 M3 M4 T2 T3 T4"), master=0, caller=0,
             fu=(4, 1, 1), public="C9 S9 C8 S8 C7 S7", must="C6 S6 M6", must_not=("claim",)),
    Position("an unbeatable Tens run raises F: lead it before claiming",
             ("T4 T5 T6 C9 S9 M9", "C2 C3 C4 S2 S3 S4", "M2 M3 M4 C5 C6 C7"), master=1, caller=0,
             leader=0, fu=(4, 1, 1), public="T9 M8 M7 S8 S7 C8", must_not=("claim",)),
    Position("an unbeatable Myriads run when Tens runs are broken: cash it, then claim",
             ("M3 M4 M5 M9 C9 S2", "C2 C3 C4 S3 S4 S5", "T2 T4 T5 T8 C5 C6"), master=0, caller=0,
             fu=(4, 1, 1), public="M8 M7 T9 T6 T3 C8", must_not=("claim",)),
    Position("a set of 7s with every higher set broken: lead it, then claim",
             ("C7 S7 M7 T9 C2 S2", "C3 C4 C5 S3 S4 S5", "M2 M3 M4 T2 T3 T4"), master=0, caller=1,
             leader=0, fu=(5, 1, 0), public="C9 S9 C8 S8 T8 T7", must="C7 S7 M7"),
    Position("the last cards make an unbeatable set: play them out, F rises",
             ("C6 S6 M6", "C2 S2 M2", "C3 S3 M3"), master=0, caller=0, fu=(6, 3, 0),
             public="C9 S9 C8 S8 C7 S7 T9 T8 T7", must="C6 S6 M6"),
    # --- claim when nothing raises F and playing on only risks it -----------------------------
    Position("six fu won and a weak hand, 9s about: claim now",
             ("C2 S3 M4", "C9 S9 M9", "C5 S5 M5"), master=0, caller=0, fu=(6, 3, 0), public=REST,
             must="claim"),
    Position("six fu as a non-caller with nothing safe to lead: claim",
             ("C2 C3 S4", "M9 T9 S9", "T6 T7 S6"), master=1, caller=1, leader=0, fu=(6, 3, 0),
             public=REST, must="claim"),
    Position("five fu and an Old 9, the rest could be beaten: claim",
             ("M9 C2 S3", "M5 M6 T5", "T6 T7 S6"), master=0, caller=2, fu=(5, 3, 1), must="claim"),
    # --- do not call a hand that cannot reach six ---------------------------------------------
    Position("the Master with low scattered cards passes",
             ("C2 C4 C6 S2 S5 S7 M3 M5 M8 T2 T4 T6", "C1 C3 C5 C7 S1 S3 S6 S8 M1 M2 M4 M6",
              "C8 C9 S4 S9 M7 M9 T1 T3 T5 T7 T8 T9"), master=0, must="pass"),
    Position("a hand with one 9 and no sets or runs passes",
             ("C2 C4 C6 C8 C9 S5 S7 M3 M5 T2 T4 T6", "C1 C3 C5 C7 S1 S3 S6 S8 M1 M2 M4 M6",
              "S2 S4 S9 M7 M8 M9 T1 T3 T5 T7 T8 T9"), master=2, before=("pass",), must="pass"),
    Position("twelve low scattered cards: pass",
             ("C2 C4 C6 S2 S4 S6 M2 M4 M6 T2 T4 T6", "C1 C3 C5 C7 S1 S3 S5 S7 M1 M3 M5 M7",
              "C8 C9 S8 S9 M8 M9 T1 T3 T5 T7 T8 T9"), master=2, before=("pass",), must="pass"),
    Position("the third to speak with a thin hand passes (a redeal costs nothing)",
             ("C2 C5 S3 S6 M2 M5 M7 T2 T3 T6 C7 S8", "C1 C3 C4 C6 S1 S2 S4 S5 M1 M3 M4 M6",
              "C8 C9 S7 S9 M8 M9 T1 T4 T5 T7 T8 T9"), master=1, before=("pass", "pass"), must="pass"),
    Position("a hand of 9s, Tens and the special ones calls",
             ("C9 S9 M9 T9 T8 T7 T6 C1 T1 M8 S8 C8", "C2 C3 C4 C5 C6 C7 S1 S2 S3 S4 S5 S6",
              "S7 M1 M2 M3 M4 M5 M6 M7 T2 T3 T4 T5"), master=0, must="call"),
    Position("top runs in two suits call",
             ("T5 T6 T7 T8 T9 M7 M8 M9 C9 S9 C1 T1", "C2 C3 C4 C5 C6 C7 S1 S2 S3 S4 S5 S6",
              "S7 S8 M1 M2 M3 M4 M5 M6 T2 T3 T4 C8"), master=2, before=("pass",), must="call"),
    # --- keep sets, runs and Old cards together when discarding -------------------------------
    Position("discard the loose low card, not a card of the run or the Old 9",
             ("C2 C3 C4 S9 T3 S5", "M9 C6 C7 S6 T2 M8", "M2 M3 M5 C5 S2 S3"), master=2, caller=2,
             leader=2, fu=(2, 2, 2), public="C9 C8 S8 S7 T9 T8", before=("M5",),
             must_not=("discard C2", "discard C3", "discard C4", "discard S9")),
    Position("discard three loose cards, not the run of Strings",
             ("S3 S4 S5 C2 M3 T4", "C7 S7 M7 C5 C6 T2", "C8 S8 M8 T5 T6 T7"), master=1, caller=1,
             fu=(2, 2, 2), public="C9 S9 M9 T9 T8 M2", before=("C7 S7 M7", "C8 S8 M8"),
             must="discard C2 M3 T4"),
    Position("keep the set of 6s: discard the loose ones",
             ("C6 S6 M6 C2 S3 T2", "C4 C5 C7 S2 S4 M2", "C8 C9 M3 M4 M5 T5"), master=2, caller=2,
             leader=2, fu=(2, 2, 2), public="S9 S8 M9 M8 T9 T8", before=("M3 M4 M5",),
             must="discard C2 S3 T2"),
    Position("keep the Old 9 and 8: throw a low single",
             ("S9 S8 C2 M4", "S5 S6 C3 T2", "T3 T4 T5 T6"), master=2, caller=2, leader=2, fu=(3, 3, 2),
             public="M9 M8 M7 C9 C8 C7 T9 T8 T7", before=("T6",), must_not=("discard S9", "discard S8")),
    Position("keep the run T1 T2 T3 when discarding three",
             ("T1 T2 T3 C2 S4 M6", "C6 C7 S6 S7 M2 M3", "C5 S5 M5 C8 S8 M8"), master=2, caller=2,
             leader=2, fu=(2, 2, 2), public="C9 S9 M9 T9 T8 T7", before=("C5 S5 M5",),
             must="discard C2 M6 S4"),
    Position("keep an Old card over a low loose one when discarding one",
             ("M9 C2 S3 S4", "C6 C7 T5 T6", "C8 T2 T3 T4"), master=2, caller=2, leader=2, fu=(3, 3, 2),
             public="S9 S8 S7 T9 T8 T7 C9 M8 M7", before=("C8",), must_not=("discard M9",)),
    Position("facing a set, discard the three lowest singles, not the Old Tens",
             ("T9 T8 C2 S3 M2 C4", "C6 S6 M6 S5 M5 T2", "C7 S7 M7 C3 M3 T3"), master=1, caller=1,
             fu=(2, 2, 2), public="C9 S9 M9 C8 S8 M8", before=("C6 S6 M6", "C7 S7 M7"),
             must_not=("discard C2 T8 T9", "discard C4 T8 T9", "discard S3 T8 T9", "discard M2 T8 T9")),
    Position("last to follow a Coins single as a non-caller: C4, not the Old C9",
             ("C3 S2 S4", "T2 T4 M2", "C4 C9 M3"), master=0, caller=0, fu=(3, 3, 3),
             public="S9 S8 S7 M9 M8 M7 T9 T8 T7", before=("C3", "discard T2"), must="C4"),
)


def test_the_suite_is_big_enough_and_every_verdict_is_a_legal_choice() -> None:
    assert len(POSITIONS) >= 25
    for position in POSITIONS:
        legal = position.state().legal_actions()
        assert len(legal) > 1, position.name
        named = ([position.must] if position.must else []) + list(position.must_not)
        assert named, position.name
        for text in named:
            assert parse_action(text) in legal, (position.name, text)


@pytest.mark.parametrize("level", SOUND_LEVELS)
@pytest.mark.parametrize("position", POSITIONS, ids=[p.name for p in POSITIONS])
def test_a_sound_level_makes_no_blunder(level: str, position: Position) -> None:
    state = position.state()
    seat = state.to_move
    assert seat is not None
    choice: Action = make_player(level, 7).choose(state.observation(seat))
    if position.must is not None:
        assert choice == parse_action(position.must), (position.name, str(choice))
    assert choice not in {parse_action(text) for text in position.must_not}, (position.name, str(choice))


def test_a_card_counts_in_one_set_or_run_at_most() -> None:
    """Two runs and a set across them are worth the better arrangement, not all three."""
    runs, set_of_sixes = to_mask(parse_cards("M4 M5 M6 T4 T5 T6")), to_mask(parse_cards("S6 M6 T6"))
    both = runs | set_of_sixes
    assert policy.combinations_value(both) == max(
        policy.combinations_value(runs), policy.combinations_value(set_of_sixes))
    assert policy.keep_value(both & ~to_mask(parse_cards("S6")), 0) > policy.keep_value(
        both & ~to_mask(parse_cards("M4")), 0)
