"""Soak test: many random deals and computer-player sessions, the engine's invariants checked at every step.

Random deals (``new_deal(n)``, actions drawn with ``random.Random(n)``): even deal numbers are
stepped to the end through the public API (``state.apply(rng.choice(state.legal_actions()))``);
odd ones are stepped that way up to a random point, then finished by ``random_playout`` (the fast
path), whose end state gets the same checks. Session deals (``Session.new(n, n % 3)``): a scripted
random person at seat 0 against two computer players.

Checked at every step: all 36 cards in exactly one place (a hand, face up or face down); fu equal
to the cards won in completed tricks, and the hands' sizes to the tricks played; net points
summing to 0, and the result at the end per RULES §7-§8, worked out here independently; claims
offered exactly when F >= 6, and a claim scoring that F; every seat's observation against the
state (its hand is the seat's hand, ``revealed`` only at the end, its legal actions, Old cards,
own discards), and no card in it that the seat may not see. Two costlier checks, the record
replaying to an equal state and each observation's text form reading back equal (and naming no
hidden card), run at every step of session deals, which also resume from their record with equal
events and the same next move, and for random deals every ``--every`` steps, at the branch to
the fast path and at the end: at every step they would double the random deals' time.

    .venv/bin/python bench/soak.py                 # 100,000 random deals + 10,000 session deals
    .venv/bin/python bench/soak.py --quick         # a hundredth of that, for a smoke test
    .venv/bin/python bench/soak.py --deals 5000 --session-deals 0 --start 1000000 --jobs 2

On any failure it prints the deal, the step, what failed and the record, and exits with 1.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import resource
import sys
import time
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lukfu import (  # noqa: E402 (needs the path above)
    PLAYING,
    Action,
    Card,
    Observation,
    State,
    new_deal,
    old_cards,
    random_playout,
)
from lukfu.session import DISCARDED, Event, Session  # noqa: E402

DEFAULT_DEALS = 100_000
DEFAULT_SESSION_DEALS = 10_000
QUICK_SCALE = 100  # --quick runs a hundredth of the deals
EVERY = 4  # random deals: replay and text round-trips every this many steps (and at the end)
FAST_BRANCH_STEPS = 24  # odd random deals switch to the fast path at a step in range(this)
CHUNK = 250  # deals per job handed to a worker process

DECK = frozenset(Card(i) for i in range(36))
NAME = {card: str(card) for card in DECK}  # a card's text, as observations print it
CARD_TOKEN = re.compile(r"[CSMT][1-9]")  # only cards have capitals in the text form
CLAIM = Action.claim()
PERSON_SEAT = 0


class SoakFailure(Exception):
    """An invariant that does not hold; the message says which and how."""


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards)) or "(none)"


# --- the invariants of one state ------------------------------------------------------------------


def check_cards(state: State) -> None:
    """Every one of the 36 cards is in exactly one place: a hand, face up or face down."""
    places: list[tuple[str, Iterable[Card]]] = [(f"hand {s}", state.hands[s]) for s in range(3)]
    places.append(("face up", state.public))
    places += [(f"discards {s}", state.discards[s]) for s in range(3)]
    where: dict[Card, list[str]] = {}
    for name, cards in places:
        for card in cards:
            where.setdefault(card, []).append(name)
    twice = {card: names for card, names in where.items() if len(names) > 1}
    missing = DECK - where.keys()
    if twice or missing or len(where) != 36:
        doubles = "; ".join(f"{card} in {', '.join(names)}" for card, names in sorted(twice.items()))
        raise SoakFailure(f"cards not accounted for once: missing {_cards(missing)}; twice: {doubles or '-'}")


def check_fu(state: State) -> None:
    """fu equal the cards won in completed tricks; hands shrank by exactly the cards played."""
    won = [0, 0, 0]
    for number, trick in enumerate(state.tricks, 1):
        if trick.winner is None or trick.best is None or len(trick.turns) != 3:
            raise SoakFailure(f"completed trick {number} has no winner, no best play or not 3 turns: {trick}")
        if trick.best_seat != trick.winner:
            raise SoakFailure(f"trick {number}: best play by seat {trick.best_seat}, won by {trick.winner}")
        if [t.seat for t in trick.turns] != [(trick.leader + i) % 3 for i in range(3)]:
            raise SoakFailure(f"trick {number}: turns out of order: {trick}")
        sizes = {turn.play.size if turn.play is not None else turn.discarded for turn in trick.turns}
        if sizes != {trick.best.size}:
            raise SoakFailure(f"trick {number}: turns of sizes {sorted(sizes)}, best play {trick.best.size}")
        won[trick.winner] += trick.best.size
    if tuple(won) != state.fu:
        raise SoakFailure(f"fu {state.fu}, but the completed tricks won {tuple(won)}")
    in_trick = 0
    if state.trick is not None:
        in_trick = sum(t.play.size if t.play is not None else t.discarded for t in state.trick.turns)
    out = 36 - sum(len(hand) for hand in state.hands)
    if out != 3 * sum(won) + in_trick:
        raise SoakFailure(f"{out} cards left the hands; tricks account for {3 * sum(won) + in_trick}")


def expected_net(winner: int | None, F: int, caller: int | None) -> tuple[int, int, int]:
    """RULES §8, worked out here: the winner +2S; a winning caller's losers -S each, else the
    losing caller -2S and the other loser 0; a draw scores nothing."""
    if winner is None:
        return (0, 0, 0)
    S = F - 5
    net = [0, 0, 0]
    net[winner] = 2 * S
    for seat in range(3):
        if seat != winner:
            if winner == caller:
                net[seat] = -S
            elif seat == caller:
                net[seat] = -2 * S
    return (net[0], net[1], net[2])


def check_result(state: State) -> None:
    """Net points sum to 0 at every step; at the end the result follows RULES §7-§8."""
    net = state.net_points
    if sum(net) != 0:
        raise SoakFailure(f"net points {net} do not sum to 0")
    result = state.result
    if not state.is_over:
        if result is not None or net != (0, 0, 0) or state.winner is not None or state.to_move is None:
            raise SoakFailure(f"deal not over but result {result}, net {net}, to_move {state.to_move}")
        return
    if result is None or state.to_move is not None:
        raise SoakFailure(f"deal over but result {result}, to_move {state.to_move}")
    if state.winner != result.winner or net != result.net_points:
        raise SoakFailure(f"winner {state.winner} / net {net} differ from the result {result}")
    if result.claimed:
        if result.winner is None or result.F < 6:
            raise SoakFailure(f"a claim without a winner or with F < 6: {result}")
    else:
        if any(state.hands) or sum(state.fu) != 12:
            raise SoakFailure(f"deal over without a claim, but hands left or fu {state.fu} do not sum to 12")
        last = state.tricks[-1].winner
        assert last is not None  # check_fu has checked it
        order = (last, (last + 1) % 3, (last + 2) % 3)
        winner = next((seat for seat in order if state.fu[seat] >= 6), None)
        F = state.fu[winner] if winner is not None else 0
        if (result.winner, result.F) != (winner, F):
            raise SoakFailure(f"hands ran out with fu {state.fu}, last trick to {last}: expected winner "
                              f"{winner} with F {F}, got {result}")
    if result.winner is None:
        if result.S != 0:
            raise SoakFailure(f"a draw with S {result.S}")
    elif result.S != result.F - 5 or not 1 <= result.S <= 7:
        raise SoakFailure(f"S {result.S} is not F - 5 in 1..7 for F {result.F}")
    expected = expected_net(result.winner, result.F, state.caller)
    if net != expected:
        raise SoakFailure(f"net {net}, expected {expected} (winner {result.winner}, F {result.F}, "
                          f"caller {state.caller})")


def check_claim_offer(state: State, legal: Sequence[Action]) -> None:
    """A claim is legal exactly for the leader with F = fu + Old cards in hand >= 6."""
    seat = state.to_move
    leading = seat is not None and state.phase == PLAYING and state.trick is None
    F = 0
    if leading and seat is not None:
        F = state.fu[seat] + len(old_cards(state.hands[seat], state.public))
    if (CLAIM in legal) != (leading and F >= 6):
        raise SoakFailure(f"claim {'offered' if CLAIM in legal else 'not offered'} to seat {seat} "
                          f"(leading: {leading}, F {F})")
    if seat is not None and not legal:
        raise SoakFailure(f"seat {seat} to move has no legal action")


def shown_cards(obs: Observation) -> set[Card]:
    """Every card an observation shows, field by field (the text form names the same ones)."""
    shown = set(obs.hand) | obs.old | obs.public | obs.own_discards
    for action in obs.legal:
        shown.update(action.cards)
    for trick in (*obs.tricks, *([obs.trick] if obs.trick is not None else [])):
        for turn in trick.turns:
            if turn.play is not None:
                shown.update(turn.play.cards)
    for hand in obs.revealed or ():
        shown.update(hand)
    return shown


def check_observation(state: State, seat: int, legal: Sequence[Action], round_trip: bool = True) -> None:
    """The seat's observation agrees with the state and shows that seat nothing it may not see.

    With ``round_trip`` its text form is also read back (it must be equal) and scanned for every
    card it names; without, the cards of each field are checked instead (ten times cheaper).
    """
    obs = state.observation(seat)
    if obs.seat != seat or obs.hand != state.hands[seat]:
        raise SoakFailure(f"observation of seat {seat} shows hand {_cards(obs.hand)}, "
                          f"the seat holds {_cards(state.hands[seat])}")
    if state.is_over:
        if obs.revealed != state.hands:
            raise SoakFailure(f"observation of seat {seat} at the end reveals {obs.revealed}")
    elif obs.revealed is not None:
        raise SoakFailure(f"observation of seat {seat} reveals hands before the end: {obs.revealed}")
    if obs.own_discards != state.discards[seat] or obs.public != state.public:
        raise SoakFailure(f"observation of seat {seat}: own discards or face-up cards differ from the state")
    if obs.hand_sizes != tuple(len(h) for h in state.hands) or obs.discarded != tuple(
        len(d) for d in state.discards
    ):
        raise SoakFailure(f"observation of seat {seat}: hand sizes or discard counts differ from the state")
    if (obs.fu, obs.result, obs.to_move, obs.phase) != (state.fu, state.result, state.to_move, state.phase):
        raise SoakFailure(f"observation of seat {seat}: fu, result, turn or phase differ from the state")
    if obs.legal != (tuple(legal) if state.to_move == seat else ()):
        raise SoakFailure(f"observation of seat {seat}: legal actions differ from the state's")
    if obs.old != old_cards(obs.hand, obs.public):
        raise SoakFailure(f"observation of seat {seat}: Old {_cards(obs.old)}, "
                          f"expected {_cards(old_cards(obs.hand, obs.public))}")
    # What the seat may see: its own hand and discards, the face-up cards, and every hand once
    # the deal is over; never another seat's hand or face-down cards.
    visible = {*state.hands[seat], *state.public, *state.discards[seat]}
    if state.is_over:
        visible.update(card for hand in state.hands for card in hand)
    if not round_trip:
        hidden = shown_cards(obs) - visible
        if hidden:
            raise SoakFailure(f"observation of seat {seat} shows {_cards(hidden)}, hidden from it: {obs}")
        return
    text = str(obs)
    if Observation.from_text(text) != obs:
        raise SoakFailure(f"observation of seat {seat} does not round-trip through its text: {text}")
    named = set(CARD_TOKEN.findall(text)) - {NAME[card] for card in visible}
    if named:
        raise SoakFailure(f"observation of seat {seat} names {' '.join(sorted(named))}, hidden: {text}")


def check_state(state: State, round_trip: bool = True) -> tuple[Action, ...]:
    """Every invariant of one state but the replay; returns its legal actions."""
    legal = state.legal_actions()
    check_cards(state)
    check_fu(state)
    check_result(state)
    check_claim_offer(state, legal)
    for seat in range(3):
        check_observation(state, seat, legal, round_trip)
    return legal


def check_replay(state: State) -> None:
    """The record replays to an equal state, whose record is the same text."""
    text = state.record()
    back = State.from_record(text)
    if back != state:
        raise SoakFailure(f"the record replays to a different state: {back!r} instead of {state!r}")
    if back.record() != text:
        raise SoakFailure("the replayed state's record differs from the record it was replayed from")


def check_step(before: State, action: Action, after: State) -> None:
    """One action: a claim scores F = fu + Old cards of the claimant, as it stood before."""
    if action == CLAIM:
        seat = before.to_move
        assert seat is not None
        F = before.fu[seat] + len(old_cards(before.hands[seat], before.public))
        result = after.result
        if result is None or (result.winner, result.claimed, result.F) != (seat, True, F):
            raise SoakFailure(f"seat {seat} claimed with F {F}, result {result}")
    elif after.is_over and after.result is not None and after.result.claimed:
        raise SoakFailure(f"{action} ended the deal with a claim")


def check_events(events: Sequence[Event], action: Action | None = None) -> None:
    """A computer player's face-down cards never appear in an event; the person's own do.

    ``action`` is the one action that made ``events`` (its discard is the only one among them).
    """
    for event in events:
        if event.kind != DISCARDED:
            continue
        if event.seat != PERSON_SEAT:
            if event.cards:
                raise SoakFailure(f"an event shows seat {event.seat}'s discards: {_cards(event.cards)}")
        elif action is not None and (event.cards, event.count) != (action.cards, len(action.cards)):
            raise SoakFailure(f"the person's discard {action} is in an event as {event}")


# --- deals ----------------------------------------------------------------------------------------


@dataclass
class Tally:
    """What a run of deals did and checked (added up across worker processes)."""

    deals: int = 0
    steps: int = 0  # actions taken, the state after each one checked
    fast_ends: int = 0  # fast-path end states checked
    claims: int = 0
    draws: int = 0
    redeals: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0, 0])
    net: list[int] = field(default_factory=lambda: [0, 0, 0])
    replays: int = 0  # records replayed and compared
    round_trips: int = 0  # observations read back from their text and compared
    resumes: int = 0  # sessions resumed from their record and compared
    cpu: float = 0.0  # CPU seconds of the worker processes on these deals

    def add(self, other: Tally) -> None:
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, list):
                setattr(self, f.name, [a + b for a, b in zip(mine, theirs, strict=True)])
            else:
                setattr(self, f.name, mine + theirs)

    def finish(self, end: State) -> None:
        result = end.result
        assert result is not None
        self.deals += 1
        self.redeals += end.redeals
        self.claims += result.claimed
        if result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] += 1
        self.net = [a + b for a, b in zip(self.net, end.net_points, strict=True)]


class DealFailure(Exception):
    """A deal that broke an invariant (or crashed): which, at which step, what, and its record."""

    def __init__(self, kind: str, deal: int, step: int, what: str, record: str) -> None:
        super().__init__(kind, deal, step, what, record)
        self.kind, self.deal, self.step, self.what, self.record = kind, deal, step, what, record

    def __str__(self) -> str:
        return f"FAILED: {self.kind} deal {self.deal}, step {self.step}: {self.what}\nrecord: {self.record}"


def check_full(state: State, tally: Tally) -> tuple[Action, ...]:
    """``check_state`` with the observations' text round-trips, then the replay."""
    legal = check_state(state, round_trip=True)
    tally.round_trips += 3
    check_replay(state)
    tally.replays += 1
    return legal


def soak_random_deal(number: int, tally: Tally, every: int = EVERY) -> None:
    """One random deal: public-API steps, for odd deals a fast-path finish; raise ``DealFailure``.

    Step 0 is the deal as dealt; step n the state after n actions. Replays and text round-trips
    run at every ``every``-th step, at the branch to the fast path and at the end.
    """
    rng = random.Random(number)
    state = new_deal(number)
    branch = rng.randrange(FAST_BRANCH_STEPS) if number % 2 else None
    step = 0
    try:
        legal = check_full(state, tally)
        while not state.is_over:
            if step == branch:
                if step % every:
                    check_full(state, tally)
                start, record = state, state.record()
                state = random_playout(start, rng)
                try:
                    if not state.is_over:
                        raise SoakFailure("random_playout returned a deal that is not over")
                    check_full(state, tally)
                    if state.result is not None and state.result.claimed:  # F as it stood before
                        data = json.loads(state.record())
                        before = State.from_record(json.dumps({**data, "actions": data["actions"][:-1]}))
                        check_step(before, CLAIM, state)
                except SoakFailure as error:
                    raise SoakFailure(f"fast path from step {branch}: {error}") from None
                if start.record() != record or start != State.from_record(record):
                    raise SoakFailure(f"random_playout changed the state it started from (step {branch})")
                tally.fast_ends += 1
                break
            action = rng.choice(legal)
            before, state, step = state, state.apply(action), step + 1
            tally.steps += 1
            check_step(before, action, state)
            if step % every == 0 or state.is_over:
                legal = check_full(state, tally)
            else:
                legal = check_state(state, round_trip=False)
    except SoakFailure as error:
        raise DealFailure("random", number, step, str(error), state.record()) from None
    except Exception:
        raise DealFailure("random", number, step, traceback.format_exc(), state.record()) from None
    tally.finish(state)


def check_resume(session: Session) -> Session:
    """The session resumes from its record with an equal state and equal events."""
    resumed = Session.from_record(session.record())
    if resumed.state != session.state:
        raise SoakFailure(f"the session resumes to {resumed.state!r} instead of {session.state!r}")
    if resumed.events != session.events:
        raise SoakFailure("the resumed session's events differ")
    if (resumed.seats, resumed.deal_number) != (session.seats, session.deal_number):
        raise SoakFailure("the resumed session's seats or deal number differ")
    return resumed


def soak_session_deal(number: int, tally: Tally) -> None:
    """One session deal: a random person at seat 0, computers at 1 and 2; raise ``DealFailure``.

    Every check at every step, and before each step the session resumed from its record takes
    the same step: the same computer move, the same events.
    """
    rng = random.Random(f"soak-session/{number}")
    session = Session.new(number, number % 3)
    step = 0
    try:
        check_full(session.state, tally)
        resumed = check_resume(session)
        while not session.is_over:
            earlier = session
            before = session.state
            seat = session.to_move
            assert seat is not None
            if session.waiting_for_person():
                action = rng.choice(session.observation(PERSON_SEAT).legal)
                session = session.act(action)
                events = list(session.told_since(earlier))
                if list(resumed.act(action).told_since(resumed)) != events:
                    raise SoakFailure("the session resumed before this step saw other events for it")
            else:
                session = session.step()
                events = list(session.told_since(earlier))
                if list(resumed.step().told_since(resumed)) != events:
                    raise SoakFailure("the session resumed before this step made another computer move")
                action = session.state.history[-1]
            step += 1
            tally.steps += 1
            check_events(events, action)
            check_step(before, action, session.state)
            check_full(session.state, tally)
            resumed = check_resume(session)
            tally.resumes += 1
        check_events(session.events)
    except SoakFailure as error:
        raise DealFailure("session", number, step, str(error), session.record()) from None
    except Exception:
        raise DealFailure("session", number, step, traceback.format_exc(), session.record()) from None
    tally.finish(session.state)


def soak(kind: str, numbers: Iterable[int], every: int = EVERY) -> Tally:
    """Soak the deals ``numbers`` of ``kind`` ("random" or "session"); raise ``DealFailure``."""
    tally = Tally()
    start = time.process_time()
    for number in numbers:
        if kind == "random":
            soak_random_deal(number, tally, every)
        else:
            soak_session_deal(number, tally)
    tally.cpu = time.process_time() - start
    return tally


def _job(job: tuple[str, int, int, int]) -> tuple[str, Tally | DealFailure]:
    kind, first, stop, every = job
    try:
        return kind, soak(kind, range(first, stop), every)
    except DealFailure as failure:
        return kind, failure


# --- the command ----------------------------------------------------------------------------------


def cpu_seconds() -> float:
    """User and system time of this process and of its finished worker processes."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def report(tallies: dict[str, Tally], seconds: float, cpu: float, every: int) -> list[str]:
    """The counts, a column per kind of deal and their total."""
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    columns = [tallies["random"], tallies["session"], total]

    def row(label: str, values: Iterable[str]) -> str:
        return f"{label:28}" + "".join(f"{value:>22}" for value in values)

    counts = (
        ("deals", "deals"), ("steps checked", "steps"), ("fast-path ends checked", "fast_ends"),
        ("claims", "claims"), ("draws", "draws"), ("redeals", "redeals"), ("replays checked", "replays"),
        ("observation text round-trips", "round_trips"), ("session resumes checked", "resumes"),
    )
    lines = [row("", ("random", "session", "total"))]
    lines += [row(label, (f"{getattr(t, name):,}" for t in columns)) for label, name in counts]
    lines.append(row("wins per seat", (" ".join(map(str, t.wins)) for t in columns)))
    lines.append(row("net points per seat", (" ".join(map(str, t.net)) for t in columns)))
    lines.append(row("CPU seconds", (f"{t.cpu:,.0f}" for t in columns)))
    lines.append("replays and text round-trips: session deals at every step; random deals every "
                 f"{every} steps,\n  at the fast-path branch and at the end; all other checks at every step")
    checked = total.steps + total.fast_ends
    lines.append(f"elapsed {seconds:.1f} s ({cpu:.0f} s CPU), {checked / max(seconds, 1e-9):,.0f} steps/s "
                 "checked (a fast-path end counts as one step)")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, help=f"random deals (default {DEFAULT_DEALS:,})")
    parser.add_argument("--session-deals", type=int,
                        help=f"deals of a person and two computers (default {DEFAULT_SESSION_DEALS:,})")
    parser.add_argument("--quick", action="store_true", help=f"1/{QUICK_SCALE} of the default deals")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: the machine's cores)")
    parser.add_argument("--start", type=int, default=0, help="the first deal number (default 0)")
    parser.add_argument("--every", type=int, default=EVERY,
                        help=f"random deals: replay and round-trip every this many steps (default {EVERY})")
    args = parser.parse_args(argv)
    scale = QUICK_SCALE if args.quick else 1
    deals = DEFAULT_DEALS // scale if args.deals is None else args.deals
    session_deals = DEFAULT_SESSION_DEALS // scale if args.session_deals is None else args.session_deals
    if deals < 0 or session_deals < 0 or args.jobs < 1 or args.every < 1:
        parser.error("deal counts must not be negative, --jobs and --every at least 1")

    # Session deals first: they take longest each, so the workers finish together.
    first = args.start
    jobs = [("session", n, min(n + CHUNK // 5, first + session_deals), args.every)
            for n in range(first, first + session_deals, CHUNK // 5)]
    jobs += [("random", n, min(n + CHUNK, first + deals), args.every)
             for n in range(first, first + deals, CHUNK)]
    print(f"soak: {deals:,} random deals and {session_deals:,} session deals from deal {first}, "
          f"{args.jobs} worker(s)", flush=True)
    tallies = {"random": Tally(), "session": Tally()}
    failures: list[DealFailure] = []
    start, cpu_start = time.perf_counter(), cpu_seconds()
    if args.jobs == 1:
        for kind, outcome in map(_job, jobs):
            if isinstance(outcome, DealFailure):
                failures.append(outcome)
                break
            tallies[kind].add(outcome)
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            for kind, outcome in pool.imap_unordered(_job, jobs):
                if isinstance(outcome, DealFailure):
                    failures.append(outcome)
                    pool.terminate()
                    break
                tallies[kind].add(outcome)
    seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
    for line in report(tallies, seconds, cpu, args.every):
        print(line)
    for failure in failures:
        print(failure)
    print("soak: FAILED" if failures else "soak: every invariant held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
