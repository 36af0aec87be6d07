"""Whole deals through the game session under CPython, with a scripted person at seat 0."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from test_refusals import refusal

from lukfu import Action, IllegalAction, Observation, RecordError, State, new_deal, parse_action
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

Script = Callable[[Observation], Action]


def random_person(seed: int) -> Script:
    rng = random.Random(seed)
    return lambda obs: rng.choice(obs.legal)


def play(session: Session, person: Script) -> Session:
    """Play the deal to the end: the script acts for the person, the computers for themselves."""
    while not session.is_over:
        if session.waiting_for_person():
            session = session.act(person(session.observation(0)))
        else:
            session = session.step()
    return session


def kinds(session: Session) -> list[str]:
    return [event.kind for event in session.events]


def test_a_whole_deal_keeps_the_rules_and_tells_every_event() -> None:
    session = Session.new(7, master=0)
    assert kinds(session) == [NEW_DEAL] and session.waiting_for_person()
    session = play(session, random_person(1))
    state = session.state
    assert state.is_over and kinds(session)[-1] == DEAL_OVER
    assert session.events[-1].result == state.result
    assert sum(state.net_points) == 0
    # The events retell the deal: one per call, one per turn, one per trick won.
    turns = sum(len(trick.turns) for trick in state.tricks)
    told = [k for k in kinds(session) if k in ("led", "played", "discarded")]
    assert len(told) == turns + (len(state.trick.turns) if state.trick else 0)
    assert kinds(session).count(TRICK_WON) == len(state.tricks)


def test_the_person_passes_and_all_pass_until_a_redeal() -> None:
    for number in range(300):
        session = Session.new(number, master=0)
        session = session.act(parse_action("pass"))
        session = session.run()
        if session.state.redeals:
            break
    else:
        pytest.fail("no deal in 300 where the computers pass too")
    assert kinds(session)[:5] == [NEW_DEAL, PASSED, PASSED, PASSED, REDEAL]
    assert session.waiting_for_person() and session.state.master == 0
    assert session.state.phase == "calling" and session.observation(0).calls == ()
    assert session.state.redeals == 1


def test_a_discard_names_only_the_persons_own_cards() -> None:
    seen_computer_discard = seen_own_discard = False
    for number in range(40):
        session = Session.new(number, master=0)
        session = play(session, random_person(number))
        hidden = set(session.state.discards[1]) | set(session.state.discards[2])
        for event in session.events:
            if event.kind != DISCARDED:
                continue
            if event.seat == 0:
                seen_own_discard = True
                assert len(event.cards) == event.count
                assert set(event.cards) <= set(session.state.discards[0])
            else:
                seen_computer_discard = True
                assert event.cards == () and event.count >= 1
            assert not hidden & set(event.cards)
    assert seen_computer_discard and seen_own_discard


def test_the_person_claims_and_the_deal_ends_at_once() -> None:
    def claim_when_possible(obs: Observation) -> Action:
        if Action.claim() in obs.legal:
            return Action.claim()
        if Action.call() in obs.legal:
            return Action.call()
        return obs.legal[-1]

    for number in range(200):
        session = Session.new(number, master=0)
        session = play(session, claim_when_possible)
        if CLAIMED in kinds(session) and session.events[-2].seat == 0:
            break
    else:
        pytest.fail("the person never claimed in 200 deals")
    claim, over = session.events[-2:]
    assert claim.kind == CLAIMED and over.kind == DEAL_OVER
    result = session.state.result
    assert result is not None and result.winner == 0 and result.claimed and claim.F == result.F >= 6


def test_the_end_of_hands_ends_the_deal_without_a_claim() -> None:
    def never_claim(obs: Observation) -> Action:
        choices = [a for a in obs.legal if a != Action.claim()]
        return choices[0]

    for number in range(200):
        session = Session.new(number, master=0)
        session = play(session, never_claim)
        result = session.state.result
        if result is not None and not result.claimed:
            break
    else:
        pytest.fail("every deal of 200 ended in a claim")
    assert session.state.hands == ((), (), ())
    assert sum(session.state.fu) == 12
    assert kinds(session)[-2:] == [TRICK_WON, DEAL_OVER]


def test_a_bad_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    session = Session.new(3, master=0)
    session = session.act(parse_action("call"))
    session = session.run()
    assert session.waiting_for_person()
    untried = Session.from_record(session.record())  # the same session, no bad action tried
    hand = session.observation(0).hand
    for bad, code in [
        (parse_action("pass"), "wrong-phase"),
        (Action.discard(hand[:1]), "not-a-discard"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            session.act(bad)
        assert refused.value.code == code and refused.value.reason
        assert session.waiting_for_person()
    with pytest.raises(WaitingForPerson):
        session.step()  # nobody may act for the person
    # The deal goes on as if nothing had been tried: the same computer moves follow.
    assert play(session, random_person(3)).events == play(untried, random_person(3)).events


def test_the_same_deal_replays_the_same_computer_moves() -> None:
    first, second = Session.new(21, master=2), Session.new(21, master=2)
    play(first, random_person(5))
    play(second, random_person(5))
    assert first.state.history == second.state.history and first.events == second.events


@pytest.mark.parametrize("moves", [0, 1, 4, 9, 17, 30])
def test_a_session_resumes_from_its_record_exactly(moves: int) -> None:
    played = Session.new(33, master=0)
    person = random_person(9)
    while not played.is_over and len(played.state.history) < moves:
        played = played.act(person(played.observation(0))) if played.waiting_for_person() \
            else played.step()
    resumed = Session.from_record(played.record())
    assert resumed.state == played.state and resumed.events == played.events
    assert resumed.to_move == played.to_move
    # The computer moves to come are the same ones.
    played_on, resumed_on = (play(session, random_person(77)) for session in (played, resumed))
    assert played_on.is_over and resumed_on.state.history == played_on.state.history
    assert resumed_on.events == played_on.events


def test_computer_players_see_only_their_own_observation() -> None:
    seen: list[Observation] = []
    session = Session.new(12, master=1)
    for seat in (1, 2):
        player = session.players[seat]
        original = player.choose

        def spy(obs: Observation, original: Callable[[Observation], Action] = original) -> Action:
            seen.append(obs)
            return original(obs)

        player.choose = spy  # type: ignore[method-assign]
    session = play(session, random_person(3))
    # Every state of the deal, replayed from its first: the computers moved at the others' turns.
    states = [Session.new(12, master=1).state]
    for action in session.state.history:
        states.append(states[-1].apply(action))
    computer_turns = [number for number, state in enumerate(states[:-1]) if state.to_move != 0]
    assert [obs.move_number for obs in seen] == computer_turns
    for obs in seen:
        # Each is exactly its seat's view of the state at that turn, re-derived: nothing more.
        assert obs == states[obs.move_number].observation(obs.seat)
        assert obs.to_move == obs.seat != 0 and obs.revealed is None


def test_a_called_event_names_the_caller() -> None:
    session = Session.new(3, master=0)
    session = session.act(parse_action("call"))
    assert session.events[1].kind == CALLED and session.events[1].seat == 0
    # The Master called: calling is over and the Master, the caller, leads the first trick.
    assert (session.state.caller, session.state.phase, session.state.to_move) == (0, "playing", 0)


# --- What the events tell, and the session's refusals and records ------------------------------


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


@pytest.mark.parametrize("number", [0, 7, 41])  # redeals; claims; a win at the end of hands
def test_the_events_tell_each_lead_play_discard_and_trick_won_with_the_fu_it_brought(number: int) -> None:
    """A lead is told as led and the plays after it as played; a trick won tells its winner and
    the fu it brought them (the cards of the best play); the new deal, a redeal and the end name
    the Master, the Master and the winner."""
    for master in (0, 1, 2):
        session = Session.new(number, master=master)
        session = play(session, random_person(number))
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
    assert session.computer_to_move()
    with pytest.raises(IllegalAction) as refused:
        session = session.act(parse_action("call"))
    assert (refused.value.code, refused.value.reason) == ("wrong-phase", "it is not your turn")
    assert kinds(session) == [NEW_DEAL]  # nothing happened
    session = play(session, random_person(4))
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


def deal_record(**changes: object) -> str:
    """A session record whose deal record is changed."""
    data = json.loads(session_record())
    return json.dumps({**data, "deal": {**data["deal"], **changes}})


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
        (deal_record(actions=["call", "C9 C9"]), "action 2 ('C9 C9'): the same card twice in 'C9 C9'"),
        (deal_record(hands=["C1", "C2", "C3"]), "hands: hand 0 must hold 12 different cards, not 1"),
    ],
)
def test_a_damaged_session_record_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    assert refusal(lambda: Session.from_record(text), RecordError) == message


def test_a_session_record_that_is_not_json_is_refused_saying_so() -> None:
    with pytest.raises(RecordError, match=r"^the session is not valid JSON: Expecting"):
        Session.from_record("{")
