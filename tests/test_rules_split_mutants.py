"""Rules and behaviours that mutation testing (bench/mutation.py) found unguarded in the deal
(``moves``, ``position``, ``legality``, ``state``, ``records``, ``playout``, ``observation``) and
the game session, one test each.

Each is something a player, a caller of the public API or a saved record would notice: what a
refusal says (and the parameters the page translates it with), which positions can be set up,
what the events at the table tell, how a record and an observation text are read, and that fast
playouts choose uniformly among the legal actions.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from lukfu import (
    Action,
    IllegalAction,
    Observation,
    RecordError,
    Result,
    State,
    new_deal,
    parse_action,
    random_playout,
)
from lukfu.cards import ALL_CARDS
from lukfu.session import (
    CALLED,
    CLAIMED,
    DEAL_OVER,
    DISCARDED,
    LED,
    NEW_DEAL,
    PASSED,
    PLAYED,
    REDEAL,
    TRICK_WON,
    Event,
    Session,
    WaitingForPerson,
)

DECK = [str(card) for card in ALL_CARDS]
SPLIT = [" ".join(DECK[0:12]), " ".join(DECK[12:24]), " ".join(DECK[24:36])]
"""Three hands that split the deck: all Coins and S1-S3; S4-S9 and M1-M6; M7-M9 and all Tens."""


def refusal(make: Callable[[], object], error: type[Exception] = ValueError) -> str:
    with pytest.raises(error) as refused:
        make()
    return str(refused.value)


# --- Deal records (RULES §9: record / from_record) -----------------------------------------------


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


# --- Setting up a position (State.from_hands, new_deal) -----------------------------------------


def mid_deal(**changes: object) -> Callable[[], State]:
    """Seat 0 (the caller) about to lead the last trick: one card each, 11 tricks played."""
    given: dict[str, object] = {"caller": 0, "fu": (4, 4, 3)}
    given.update(changes)
    hands = given.pop("hands", ["C1", "C2", "C3"])
    return lambda: State.from_hands(hands, 0, **given)  # type: ignore[arg-type]


NEEDS_A_CALLER = "leader, fu and public cards need a caller: the deal is under way"


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: State.from_hands(SPLIT, 3), "the Master is seat 0, 1 or 2, not 3"),
        (lambda: new_deal(1, master=5), "the Master is seat 0, 1 or 2, not 5"),
        (lambda: State.from_hands(SPLIT[:2], 0), "a deal has three hands, not 2"),
        (lambda: State.from_hands(SPLIT[:1] + SPLIT, 0), "a deal has three hands, not 4"),
        # A card twice in one hand: twelve cards given, but not twelve different ones.
        (
            lambda: State.from_hands([SPLIT[0].replace("C2", "C1"), SPLIT[1], SPLIT[2]], 0),
            "hand 0 must hold 12 different cards, not 12",
        ),
        (lambda: State.from_hands(SPLIT[:1] * 2 + SPLIT[2:], 0), "hand 1 shares cards with an earlier hand"),
        # The calling phase: nothing has been played yet.
        (lambda: State.from_hands(SPLIT, 0, leader=1), NEEDS_A_CALLER),
        (lambda: State.from_hands(SPLIT, 0, fu=(1, 0, 0)), NEEDS_A_CALLER),
        (lambda: State.from_hands(SPLIT, 0, public="C1"), NEEDS_A_CALLER),
        (mid_deal(caller=3), "the caller and the leader are seats 0, 1 or 2"),
        (mid_deal(leader=3), "the caller and the leader are seats 0, 1 or 2"),
        (mid_deal(fu=(4, 4, 2)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(fu=(-1, 6, 6)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(fu=(5, 6)), "fu must be three counts summing to 11, the tricks played"),
        (mid_deal(hands=["C1 C4", "C2 C5", "C3 C6"], fu=(4, 4, 1)), "fu must be three counts summing to 10, "
         "the tricks played"),
    ],
)
def test_a_position_that_cannot_happen_is_refused_saying_why(make: Callable[[], State], message: str) -> None:
    assert refusal(make) == message


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_card_in_any_hand_cannot_also_have_been_played_face_up(seat: int) -> None:
    held = ["C1", "C2", "C3"][seat]
    assert refusal(mid_deal(public=f"C4 {held}")) == "a card cannot be both in a hand and played face up"
    assert {str(card) for card in mid_deal(public="C4")().public} == {"C4"}  # in no hand: it may be


def test_a_position_with_no_cards_left_cannot_be_set_up_the_deal_would_be_over() -> None:
    """(The hands ran out: the deal ended with the last trick, RULES §7.)"""
    with pytest.raises(ValueError, match="hand 0 must hold"):
        mid_deal(hands=["", "", ""], fu=(4, 4, 4))()


def test_hands_given_without_a_seed_redeal_by_a_64_bit_seed_of_their_own() -> None:
    """The same hands always redeal the same way; other hands redeal otherwise (RULES §2: three
    passes reshuffle), and the seed a record saves is a 64-bit number like any deal's."""
    orders = [[SPLIT[a], SPLIT[b], SPLIT[c]] for a, b, c in ((0, 1, 2), (1, 0, 2), (2, 1, 0), (0, 2, 1))]
    seeds, redealt = set(), set()
    for hands in orders:
        state = State.from_hands(hands, 0)
        assert state.seed == State.from_hands(hands, 0).seed
        assert 0 <= state.seed < 2**64
        assert json.loads(state.record())["seed"] == state.seed
        seeds.add(state.seed)
        passed = state.apply(Action.pass_()).apply(Action.pass_()).apply(Action.pass_())
        assert passed.redeals == 1 and passed.hands != state.hands
        redealt.add(passed.hands)
    assert len(seeds) == len(redealt) == len(orders)


def test_every_redeal_is_a_new_shuffle_with_the_same_master() -> None:
    """RULES §2: three passes reshuffle and redeal, same Master; a second redeal is another shuffle."""
    deals = [new_deal(3, master=1)]
    for _ in range(2):
        state = deals[-1]
        for _ in range(3):
            state = state.apply(Action.pass_())
        deals.append(state)
    assert [state.redeals for state in deals] == [0, 1, 2]
    assert len({state.hands for state in deals}) == 3
    assert all(state.master == state.to_move == 1 and state.phase == "calling" for state in deals)
    assert State.from_record(deals[-1].record()) == deals[-1]


def test_a_states_claim_value_is_its_fu_plus_its_old_cards() -> None:
    """RULES §10 example 25: the caller to lead with 4 fu and M9 C1 S3 has F = 6 and may claim."""
    state = State.from_hands(["M9 C1 S3", "C2 C3 C4", "S4 S5 S6"], 0, caller=0, fu=(4, 3, 2))
    assert [state.claim_value(seat) for seat in range(3)] == [6, 3, 2]  # C2 C3 C4: C5-C9 unseen
    assert state.observation(0).F == 6 and Action.claim() in state.legal_actions()


def test_the_result_a_seat_would_get_by_claiming_is_the_claims_result() -> None:
    state = State.from_hands(["M9 C1 S3", "C2 C3 C4", "S4 S5 S6"], 0, caller=0, fu=(4, 3, 2))
    promised = state.observation(0).claim_result()
    assert promised == Result(0, True, 6, 1, (2, -1, -1)) == state.apply(Action.claim()).result
    assert state.observation(1).claim_result() is None  # not to move


@pytest.mark.parametrize("name", ["hands", "to_move", "_pos"])
def test_changing_a_state_is_refused_saying_apply_returns_the_next_one(name: str) -> None:
    state = new_deal(3)
    assert refusal(lambda: setattr(state, name, 1), AttributeError) == (
        f"a State cannot change (set {name!r}): apply() returns the next one"
    )
    assert refusal(lambda: delattr(state, name), AttributeError) == f"a State cannot change (delete {name!r})"


def test_a_states_repr_tells_where_the_deal_stands() -> None:
    """Calling (no fu or tricks yet), after a redeal, mid-trick (turns, face-down cards shown to the
    developer), between tricks, and over (the result)."""
    state = State.from_hands(SPLIT, 0, seed=7)
    hands = "'C1 C2 C3 C4 C5 C6 C7 C8 C9 S1 S2 S3', 'S4 S5 S6 S7 S8 S9 M1 M2 M3 M4 M5 M6', " \
        "'M7 M8 M9 T1 T2 T3 T4 T5 T6 T7 T8 T9'"
    assert repr(state) == f"<State seed=7 master=0 phase=calling to_move=0 caller=None hands=[{hands}]>"
    redealt = state.apply(Action.pass_()).apply(Action.pass_()).apply(Action.pass_())
    assert repr(redealt).startswith("<State seed=7 master=0 redeals=1 phase=calling to_move=0 caller=None ")
    start = State.from_hands(["C9 S6 S7", "C1 C2 M3", "T2 T3 T4"], 0, seed=5, caller=0, fu=(3, 3, 3))
    line = ["C9", "discard C1", "discard T2", "S7", "discard C2", "discard T3", "S6", "discard M3"]
    line.append("discard T4")
    states = [start]
    for text in line:
        states.append(states[-1].apply(parse_action(text)))
    head = "<State seed=5 master=0 phase=playing"
    assert repr(states[2]) == (
        f"{head} to_move=2 caller=0 hands=['S6 S7', 'C2 M3', 'T2 T3 T4'] fu=(3, 3, 3) tricks=0 "
        "trick='C9 | discard C1'>"
    )
    assert repr(states[3]) == (
        f"{head} to_move=0 caller=0 hands=['S6 S7', 'C2 M3', 'T3 T4'] fu=(4, 3, 3) tricks=1>"
    )
    assert repr(states[-1]) == (
        "<State seed=5 master=0 phase=over to_move=None caller=0 hands=['', '', ''] fu=(6, 3, 3) tricks=3 "
        "result=Result(winner=0, claimed=False, F=6, S=1, net_points=(2, -1, -1))>"
    )


# --- The game session ------------------------------------------------------------------------------


def retold(state: State) -> list[tuple[object, ...]]:
    """The events a deal should have told, written out from its state: (kind, seat, the play or
    the count of cards face down, fu won), from the new deal to the end."""
    told: list[tuple[object, ...]] = [(NEW_DEAL, state.master, None, 0)]
    calls = [action for action in state.history if action.kind in ("call", "pass")]
    for number, action in enumerate(calls, 1):
        told.append((CALLED if action.kind == "call" else PASSED, "a seat", None, 0))
        if number % 3 == 0 and number <= 3 * state.redeals:
            told.append((REDEAL, state.master, None, 0))
    for trick in list(state.tricks) + ([state.trick] if state.trick else []):
        for index, turn in enumerate(trick.turns):
            if turn.play is not None:
                told.append((LED if index == 0 else PLAYED, turn.seat, str(turn.play), 0))
            else:
                told.append((DISCARDED, turn.seat, turn.discarded, 0))
        if trick.winner is not None:
            assert trick.best is not None
            told.append((TRICK_WON, trick.winner, None, trick.best.size))
    if state.result is not None and state.result.claimed:
        told.append((CLAIMED, state.winner, None, 0))
    if state.is_over:
        told.append((DEAL_OVER, state.winner, None, 0))
    return told


def as_told(events: list[Event]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for event in events:
        what = str(event.play) if event.play is not None else event.count if event.kind == DISCARDED else None
        seat = "a seat" if event.kind in (CALLED, PASSED) else event.seat
        out.append((event.kind, seat, what, event.fu))
    return out


def play_out(session: Session, person: random.Random) -> Session:
    while not session.is_over:
        if session.waiting_for_person():
            session = session.act(person.choice(session.observation(0).legal))
        else:
            session = session.step()
    return session


@pytest.mark.parametrize("number", [0, 7, 41])  # redeals; claims; a win at the end of hands
def test_the_events_tell_each_lead_play_discard_and_trick_won_with_the_fu_it_brought(number: int) -> None:
    """A lead is told as led and the plays after it as played; a trick won tells its winner and
    the fu it brought them (the cards of the best play); the new deal, a redeal and the end name
    the Master, the Master and the winner."""
    for master in (0, 1, 2):
        session = Session.new(number, master=master)
        session = play_out(session, random.Random(number))
        assert as_told(session.events) == retold(session.state)
        assert [e.result for e in session.events if e.kind == DEAL_OVER] == [session.state.result]
        won = [0, 0, 0]
        for event in session.events:
            if event.kind == TRICK_WON and event.seat is not None:
                won[event.seat] += event.fu
        assert tuple(won) == session.state.fu


def test_running_the_computers_tells_every_event_they_caused() -> None:
    session = Session.new(7, master=1)
    person, longest = random.Random(2), 0
    while not session.is_over:
        before, session = session, session.run()
        got = session.told_since(before)
        assert session.events == before.events + got and before.state.history == (
            session.state.history[:len(before.state.history)])
        longest = max(longest, len(got))
        if session.waiting_for_person():
            session = session.act(person.choice(session.observation(0).legal))
    assert longest >= 3


def test_the_game_waits_for_the_person_and_says_so() -> None:
    session = Session.new(7, master=0)
    assert refusal(session.step, WaitingForPerson) == "seat 0 is the person's: use Session.act"
    session.check(Action.pass_())  # legal: nothing raised
    with pytest.raises(IllegalAction) as refused:
        session.check(parse_action("C5"))
    assert (refused.value.code, refused.value.reason) == (
        "wrong-phase", "first each seat in turn calls or passes"
    )
    assert [event.kind for event in session.events] == [NEW_DEAL] and session.state == new_deal(7, master=0)


def test_acting_out_of_turn_or_after_the_end_is_refused_saying_why() -> None:
    session = Session.new(4, master=1)
    with pytest.raises(IllegalAction) as refused:
        session = session.act(parse_action("call"))
    assert (refused.value.code, refused.value.reason) == ("wrong-phase", "it is not your turn")
    session = play_out(session, random.Random(4))
    with pytest.raises(IllegalAction) as refused:
        session = session.step()
    assert (refused.value.code, refused.value.reason) == ("wrong-phase", "the deal is over")
    with pytest.raises(IllegalAction) as refused:
        session = session.act(Action.claim())
    assert (refused.value.code, refused.value.reason) == ("wrong-phase", "it is not your turn")


def test_the_computer_players_draw_their_chances_from_the_deal_number() -> None:
    """One position, different deal numbers: the computers' choices differ from deal to deal, and
    the same number always replays the same ones."""
    state = new_deal(5, master=0)
    lines = set()
    for number in range(6):
        first, again = (Session(state, ("beginner",) * 3, number) for _ in range(2))
        first = first.run()
        again = again.run()
        assert first.state.history == again.state.history
        lines.add(first.state.history)
    assert len(lines) > 1


def test_a_session_record_is_compact_json() -> None:
    session = Session.new(2, master=0)
    session = session.act(parse_action("call"))
    text = session.record()
    assert text == json.dumps(json.loads(text), separators=(",", ":"))
    assert text.startswith('{"session":1,"seats":["person","beginner","beginner"],"deal_number":2,"deal":{')


def session_record(**changes: object) -> str:
    session = Session.new(2, master=0)
    session = session.act(parse_action("call"))
    return json.dumps({**json.loads(session.record()), **changes})


@pytest.mark.parametrize(
    "text, message",
    [
        ("[]", "not a session record of this version"),
        (session_record(session=2), "not a session record of this version"),
        (session_record(deal_number="x"), "deal_number: expected an integer, not 'x'"),
        (session_record(deal_number=True), "deal_number: expected an integer, not True"),
        (session_record(seats=[1, 2, 3]), "seats: expected three player names"),
        (session_record(seats="person"), "seats: expected three player names"),
        (session_record(seats=["person", "beginner"]), "seats: a session has three seats"),
        (
            session_record(seats=["person", "grandmaster", "beginner"]),
            "seats: unknown player 'grandmaster': 'person' or one of beginner, casual, strong, expert",
        ),
        (session_record(deal=[]), "deal: expected a deal record"),
    ],
)
def test_a_damaged_session_record_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    assert refusal(lambda: Session.from_record(text), RecordError) == message


def test_a_session_record_that_is_not_json_is_refused_saying_so() -> None:
    with pytest.raises(RecordError, match=r"^the session is not valid JSON: Expecting"):
        Session.from_record("{")


# --- Refusals (RULES §5, §7): the code, the reason and what the page's message needs ------------


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


# --- Observations and their text form ------------------------------------------------------------


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
    ],
)
def test_bad_observation_text_is_refused_naming_the_field_and_the_fault(
    old: str, new: str, message: str
) -> None:
    assert old in CALLING_TEXT
    text = CALLING_TEXT.replace(old, new, 1)
    assert refusal(lambda: Observation.from_text(text)) == f"observation text: {message}"


def test_observation_text_reads_counts_of_up_to_six_digits() -> None:
    text = CALLING_TEXT.replace("redeals=0", "redeals=123456")
    assert Observation.from_text(text).redeals == 123456


# --- Fast playouts: uniformly random legal actions --------------------------------------------


def test_a_playout_calls_or_passes_with_even_chances() -> None:
    """The Master calls about half the time, and all three pass (a redeal) about one deal in eight."""
    rng = random.Random(1)
    ends = [random_playout(new_deal(9), rng) for _ in range(400)]
    master_calls = sum(end.history[0] == Action.call() for end in ends) / len(ends)
    redealt = sum(end.redeals > 0 for end in ends) / len(ends)
    assert 0.4 < master_calls < 0.6 and 0.06 < redealt < 0.2


def test_a_playout_claims_as_often_as_any_one_lead() -> None:
    """Seat 0 may claim (6 fu) or lead its one card: each is chosen half the time."""
    state = State.from_hands(["C5", "S5", "M5"], 0, caller=1, fu=(6, 3, 2))
    assert state.legal_actions() == (Action.claim(), parse_action("C5"))
    rng = random.Random(2)
    claimed = sum(random_playout(state, rng).result.claimed for _ in range(1000))  # type: ignore[union-attr]
    assert 400 < claimed < 600


def test_a_playout_discards_any_card_with_even_chances() -> None:
    """Seat 1 cannot beat the lead (it holds only Coins): each of its three cards goes face down
    about a third of the time."""
    state = State.from_hands(["T9 M8 S7", "C2 C3 C5", "C4 C6 C7"], 0, caller=0, fu=(3, 3, 3))
    rng = random.Random(3)
    discards = Counter(str(random_playout(state, rng).history[1]) for _ in range(600))
    assert set(discards) == {"discard C2", "discard C3", "discard C5"}
    assert all(150 < count < 250 for count in discards.values()), discards
