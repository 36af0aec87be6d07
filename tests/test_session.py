"""Whole deals through the game session under CPython, with a scripted person at seat 0."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from lukfu import Action, IllegalAction, Observation, RecordError, State, parse_action
from lukfu.session import (
    CALLED,
    CLAIMED,
    DEAL_OVER,
    DISCARDED,
    NEW_DEAL,
    PASSED,
    REDEAL,
    TRICK_WON,
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
    before_state, before_events = session.state, session.events
    hand = session.observation(0).hand
    for bad, code in [
        (parse_action("pass"), "wrong-phase"),
        (Action.discard(hand[:1]), "not-a-discard"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            session.act(bad)
        assert refused.value.code == code and refused.value.reason
        assert session.state is before_state and session.events == before_events
        assert session.waiting_for_person()
    with pytest.raises(WaitingForPerson):
        session.step()  # nobody may act for the person


def test_acting_out_of_turn_is_refused() -> None:
    session = Session.new(4, master=1)
    assert session.computer_to_move()
    with pytest.raises(IllegalAction) as refused:
        session = session.act(parse_action("call"))
    assert refused.value.code == "wrong-phase"
    assert kinds(session) == [NEW_DEAL]


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
    for session in (played, resumed):
        session = play(session, random_person(77))
    assert resumed.state.history == played.state.history


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: "{",
        lambda d: json.dumps({**d, "session": 99}),
        lambda d: json.dumps({**d, "seats": ["person", "grandmaster", "beginner"]}),
        lambda d: json.dumps({**d, "deal_number": "x"}),
        lambda d: json.dumps({**d, "deal": {**d["deal"], "actions": ["call", "C9 C9"]}}),
        lambda d: json.dumps({**d, "deal": {**d["deal"], "hands": ["C1", "C2", "C3"]}}),
    ],
)
def test_a_bad_session_record_is_refused(damage: Callable[[dict[str, object]], str]) -> None:
    session = Session.new(2, master=0)
    session = session.act(parse_action("call"))
    with pytest.raises(RecordError):
        Session.from_record(damage(json.loads(session.record())))


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
    assert seen and all(obs.to_move == obs.seat != 0 for obs in seen)
    for obs in seen:
        # The observation is exactly that seat's view of a state: re-deriving it hides nothing more.
        assert obs.revealed is None and isinstance(obs, Observation)


def test_a_called_event_names_the_caller() -> None:
    session = Session.new(3, master=0)
    session = session.act(parse_action("call"))
    assert session.events[1].kind == CALLED and session.events[1].seat == 0
    assert session.state.caller == 0 and isinstance(session.state, State)
