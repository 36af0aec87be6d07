"""A game at the table: one deal, three seats, whose turn it is, what happened, and its record.

The engine's ``State`` is the referee. A seat is the person at the page, whose actions arrive
through ``Session.act``, or a computer player (``lukfu.ai``) that decides from its own
``Observation`` only. Each computer decision is seeded from the deal and the move number, so a
replayed or resumed deal replays the same computer moves. A session is a value: acting returns
the next session, with the ``Event``s everybody saw (for announcements and history) and the
record to save and resume. No ``js`` here: the page layer paces the computer players.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .actions import CALL, CLAIM, PASS, PLAY, Action, IllegalAction
from .ai import LEVELS, make_player
from .ai.players import Player, thinking
from .ai.thinking import Thinking, finish
from .cards import Card
from .observation import Observation, Result
from .plays import Play, classify
from .records import RecordError, read_record
from .state import State, new_deal

SESSION_VERSION = 1
PERSON = "person"


class WaitingForPerson(RuntimeError):
    """The seat to move belongs to the person at the page, who has not acted yet."""


# Event kinds: what everybody at the table saw happen.
NEW_DEAL, CALLED, PASSED, REDEAL, LED, PLAYED, DISCARDED, TRICK_WON, CLAIMED, DEAL_OVER = (
    "new-deal", "called", "passed", "redeal", "led", "played", "discarded", "trick-won", "claimed",
    "deal-over",
)


@dataclass(frozen=True)
class Event:
    """One public event of the deal. A face-down discard carries its count, and its cards only
    when they were the person's own (``cards``); a computer player's hidden cards never appear."""

    kind: str
    seat: int | None = None
    play: Play | None = None
    count: int = 0
    cards: tuple[Card, ...] = ()
    fu: int = 0
    F: int = 0
    result: Result | None = None


def events_of(seat: int, action: Action, before: State, after: State, person: int | None) -> list[Event]:
    """What everybody saw when ``seat`` took ``action``; ``person`` may see their own discards."""
    kind = action.kind
    events: list[Event] = []
    if kind in (CALL, PASS):
        events.append(Event(CALLED if kind == CALL else PASSED, seat))
        if after.redeals > before.redeals:
            events.append(Event(REDEAL, after.master))
    elif kind == CLAIM:
        assert after.result is not None
        events.append(Event(CLAIMED, seat, F=after.result.F))
    else:
        leads = before.trick is None
        if kind == PLAY:
            events.append(Event(LED if leads else PLAYED, seat, play=classify(action.cards)))
        else:
            own = action.cards if seat == person else ()
            events.append(Event(DISCARDED, seat, count=len(action.cards), cards=own))
        if len(after.tricks) > len(before.tricks):
            winner = after.tricks[-1].winner
            assert winner is not None
            events.append(Event(TRICK_WON, winner, fu=after.fu[winner] - before.fu[winner]))
    if after.is_over:
        events.append(Event(DEAL_OVER, after.winner, result=after.result))
    return events


class Step(NamedTuple):
    """One moment of a deal told again: the referee's state and what everybody saw to reach it."""

    state: State
    events: tuple[Event, ...]


class Session:
    """One deal at the table, as a value: acting returns the session after the action, and the
    session it was called on stays as it was. Build with ``Session.new`` or ``Session.from_record``."""

    __slots__ = ("start", "state", "seats", "deal_number", "players", "events")

    start: State
    state: State
    seats: tuple[str, ...]
    deal_number: int
    players: tuple[Player | None, ...]
    events: tuple[Event, ...]

    def __init__(self, state: State, seats: Sequence[str], deal_number: int) -> None:
        """``seats`` names each seat's player: ``"person"`` or a computer level (``lukfu.ai.LEVELS``).
        ``state`` is the deal as it starts (the referee's state, every hand)."""
        if len(seats) != 3:
            raise ValueError("a session has three seats")
        for name in seats:
            if name != PERSON and name not in LEVELS:
                raise ValueError(f"unknown player {name!r}: 'person' or one of {', '.join(LEVELS)}")
        players = tuple(None if name == PERSON else make_player(name, deal_number) for name in seats)
        self._set(state, state, tuple(seats), deal_number, players, (Event(NEW_DEAL, state.master),))

    def _set(self, start: State, state: State, seats: tuple[str, ...], deal_number: int,
             players: tuple[Player | None, ...], events: tuple[Event, ...]) -> None:
        for name, value in (("start", start), ("state", state), ("seats", seats),
                            ("deal_number", deal_number), ("players", players), ("events", events)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Session cannot be changed: act, step and take return the next one")

    @classmethod
    def new(cls, deal_number: int, master: int | None = None, level: str = LEVELS[0]) -> Session:
        """A new deal with the person at seat 0 and two computer players of ``level``."""
        return cls(new_deal(deal_number, master), (PERSON, level, level), deal_number)

    # --- where the game stands -----------------------------------------------------------------

    @property
    def person(self) -> int | None:
        """The seat of the person at the page, if any."""
        return self.seats.index(PERSON) if PERSON in self.seats else None

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def waiting_for_person(self) -> bool:
        """Whether the game waits for the person at the page."""
        seat = self.state.to_move
        return seat is not None and self.seats[seat] == PERSON

    def computer_to_move(self) -> bool:
        """Whether a computer player is to move (the page paces these moves)."""
        seat = self.state.to_move
        return seat is not None and self.seats[seat] != PERSON

    def observation(self, seat: int) -> Observation:
        return self.state.observation(seat)

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason unless ``action`` is legal for the seat to move."""
        self.state.check(action)

    def told_since(self, before: Session) -> tuple[Event, ...]:
        """The events of this session that ``before`` (an earlier session of the deal) had not."""
        return self.events[len(before.events):]

    # --- acting ---------------------------------------------------------------------------------

    def act(self, action: Action) -> Session:
        """The session after the person's action. An illegal one raises ``IllegalAction`` (the
        referee checks it once) and this session stays as it was."""
        if not self.waiting_for_person():
            raise IllegalAction("wrong-phase", "it is not your turn")
        return self.take(action)

    def thinking(self) -> Thinking[Action]:
        """The decision of the computer player to move, in slices (a searching player yields now
        and then while it thinks: the page lets the browser paint and listen); it sees only its
        own seat's observation. ``WaitingForPerson`` if it is the person's turn."""
        seat = self.state.to_move
        if seat is None:
            raise IllegalAction("wrong-phase", "the deal is over")
        player = self.players[seat]
        if player is None:
            raise WaitingForPerson(f"seat {seat} is the person's: use Session.act")
        return (yield from thinking(player, self.state.observation(seat)))

    def step(self) -> Session:
        """The session after one move by the computer player to move."""
        return self.take(finish(self.thinking()))

    def run(self) -> Session:
        """The session after the computers' moves, until the person must act or the deal is over."""
        session = self
        while session.computer_to_move():
            session = session.step()
        return session

    def take(self, action: Action) -> Session:
        """The session after ``action`` by the seat to move, whoever sits there (a computer's
        move that ``thinking`` chose, or the person's); an illegal action raises ``IllegalAction``."""
        before = self.state
        seat = before.to_move
        if seat is None:
            raise IllegalAction("wrong-phase", "the deal is over")
        after = before.apply(action)
        told = events_of(seat, action, before, after, self.person)
        session = object.__new__(Session)
        session._set(self.start, after, self.seats, self.deal_number, self.players,
                     self.events + tuple(told))
        return session

    def steps(self) -> tuple[Step, ...]:
        """The deal so far, action by action, for a replay: first the deal as dealt (its
        ``NEW_DEAL`` event), then the state after each action with the events it made, the same
        events the table announced in play."""
        state = self.start
        steps = [Step(state, (self.events[0],))]
        for action in self.state.history:
            after = state.apply(action)
            seat = state.to_move
            assert seat is not None
            steps.append(Step(after, tuple(events_of(seat, action, state, after, self.person))))
            state = after
        return tuple(steps)

    def before(self, move: int) -> Session:
        """This deal as it was after its first ``move`` actions (its history's index ``move``:
        the passes before a redeal count), the same seats and computer players, its events told
        up to there: a moment of the deal to play on from.  ``ValueError`` past its history."""
        history = self.state.history
        if not 0 <= move <= len(history):
            raise ValueError(f"move {move}: this deal has {len(history)} actions")
        session = Session(self.start, self.seats, self.deal_number)
        for action in history[:move]:
            session = session.take(action)
        return session

    # --- records ---------------------------------------------------------------------------------

    def record(self) -> str:
        """The session as JSON: the seats' players, the deal number and the deal's record."""
        return json.dumps(self.record_data(), separators=(",", ":"))

    def record_data(self) -> dict[str, object]:
        """``record()`` before it is written as text (a save wraps it)."""
        return {"session": SESSION_VERSION, "seats": list(self.seats),
                "deal_number": self.deal_number, "deal": json.loads(self.state.record())}

    @classmethod
    def from_record(cls, text: str) -> Session:
        """Resume a session from ``record()``: the same hands, trick and turn, and the same
        computer moves to come. A bad record raises ``RecordError`` naming what is wrong."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise RecordError(f"the session is not valid JSON: {error}") from None
        return cls.from_record_data(data)

    @classmethod
    def from_record_data(cls, data: object) -> Session:
        """``from_record`` of a record already read from its text (a save holds one)."""
        if not isinstance(data, dict) or data.get("session") != SESSION_VERSION:
            raise RecordError("not a session record of this version")
        seats, number, deal = data.get("seats"), data.get("deal_number"), data.get("deal")
        if not isinstance(number, int) or isinstance(number, bool):
            raise RecordError(f"deal_number: expected an integer, not {number!r}")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("seats: expected three player names")
        if not isinstance(deal, dict):
            raise RecordError("deal: expected a deal record")
        actions = read_record(json.dumps(deal)).actions  # checks the deal's form
        start = State.from_record(json.dumps({**deal, "actions": []}))
        try:
            session = cls(start, seats, number)
        except ValueError as error:
            raise RecordError(f"seats: {error}") from None
        for number, action in enumerate(actions, 1):  # replayed once, the referee checking each
            try:
                session = session.take(action)
            except IllegalAction as error:
                raise RecordError(f"action {number} ({str(action)!r}): {error}") from None
        return session
