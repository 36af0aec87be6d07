"""The computer levels: legal to the end, blind to hidden cards, seeded, sound in what they infer,
and stronger level by level (a quick duplicate-deal run of the arena)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from lukfu import Observation, State, new_deal, parse_action
from lukfu.ai import LEVELS, make_player
from lukfu.ai.players import BUDGETS, SEER, Seer
from lukfu.ai.worlds import Evidence, sample
from lukfu.arena import main, play, run
from lukfu.cards import cards_of, to_mask
from lukfu.session import Session

SEARCH_LEVELS = ("strong", "expert")


def casual_deal(seed: int) -> list[State]:
    """Every state of a deal played by three Casual players."""
    state = new_deal(seed)
    states = [state]
    players = [make_player("casual", seed) for _ in range(3)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.apply(players[seat].choose(state.observation(seat)))
        states.append(state)
    return states


def test_every_level_plays_legal_moves_to_the_end() -> None:
    for seed in range(4):
        seats = (LEVELS[seed % 4], LEVELS[(seed + 1) % 4], LEVELS[(seed + 2) % 4])
        end = play(new_deal(seed), seats, seed, {})
        assert end.is_over and sum(end.net_points) == 0


def test_the_seer_plays_legal_moves_to_the_end() -> None:
    end = play(new_deal(3), (SEER, "casual", "casual"), 3, {})
    assert end.is_over and sum(end.net_points) == 0


def swapped(state: State, seat: int) -> State:
    """The same position but for one card swapped between the two hands ``seat`` cannot see."""
    a, b = (seat + 1) % 3, (seat + 2) % 3
    hands = [list(hand) for hand in state.hands]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    if state.phase == "calling":
        return State.from_hands(hands, state.master)
    return State.from_hands(hands, state.master, caller=state.caller, leader=state.to_move, fu=state.fu,
                            public=state.public)


def trick_starts(seed: int) -> list[State]:
    """Positions at the start of tricks of a Casual deal, set up afresh (``from_hands``)."""
    starts = []
    for state in casual_deal(seed):
        if state.phase == "playing" and state.trick is None and len(state.tricks) in (1, 3, 5, 7):
            starts.append(State.from_hands(state.hands, state.master, caller=state.caller,
                                           leader=state.to_move, fu=state.fu, public=state.public))
    return starts


@pytest.mark.parametrize("level", LEVELS)
def test_a_player_sees_only_its_observation(level: str) -> None:
    """Two positions that differ only in cards hidden from the seat to move get the same choice."""
    pairs: list[tuple[State, State, int]] = []
    for seed in range(8):
        deal = new_deal(seed)
        pairs.append((deal, swapped(deal, deal.master), deal.master))
        for start in trick_starts(seed):
            leader = start.to_move
            assert leader is not None
            pairs.append((start, swapped(start, leader), leader))
            # A follower: the same lead in both, then the next seat decides.
            lead = make_player("casual", seed).choose(start.observation(leader))
            follower = (leader + 1) % 3
            twin = swapped(start, follower)
            if lead.cards and lead in twin.legal_actions():
                pairs.append((start.apply(lead), twin.apply(lead), follower))
    assert len(pairs) >= 18
    for one, other, seat in pairs:
        assert one != other
        observation = one.observation(seat)
        assert observation == other.observation(seat)
        choice = make_player(level, 5).choose(observation)
        assert choice == make_player(level, 5).choose(other.observation(seat))


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_seeded_by_deal_move_and_level(level: str) -> None:
    """A replayed deal replays the same moves, also from the observation's text (the worker's message)."""
    states = [s for s in casual_deal(8) if not s.is_over][::4]
    for state in states:
        seat = state.to_move
        assert seat is not None
        observation = state.observation(seat)
        first = make_player(level, 8).choose(observation)
        assert first in observation.legal
        assert make_player(level, 8).choose(Observation.from_text(str(observation))) == first


def test_what_public_play_proves_holds_in_the_real_deal() -> None:
    """The evidence read off an observation is never broken by the true hands: it is sound."""
    checked = 0
    for seed in range(40):
        for state in casual_deal(seed):
            if state.is_over or state.to_move is None:
                continue
            seat = state.to_move
            evidence = Evidence.of(state.observation(seat))
            hands = [to_mask(hand) for hand in state.hands]
            discards = [to_mask(d) for d in state.discards]
            assert not any(hands[s] & evidence.forbidden[s] for s in range(3) if s != seat)
            assert evidence.broken(hands, discards, hands[seat] | discards[seat]) == 0
            checked += 1
    assert checked > 600


def test_sampled_deals_keep_to_the_evidence() -> None:
    rng = random.Random(3)
    for seed in range(6):
        for state in casual_deal(seed)[5:-1:3]:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            evidence = Evidence.of(observation)
            world = sample(observation, rng)
            assert world.hands[seat] == to_mask(observation.hand)
            assert tuple(h.bit_count() for h in world.hands) == observation.hand_sizes
            for other in range(3):
                if other != seat:
                    assert not world.hands[other] & (to_mask(observation.public) | to_mask(observation.hand))
                    assert not world.hands[other] & evidence.forbidden[other]
            assert world.public == to_mask(observation.public)
            assert len(cards_of(world.public)) == len(observation.public)


@dataclass(frozen=True)
class TwinDeals:
    """Two deals that the seat to move cannot tell apart (two hidden cards swapped between the
    other hands), in which a different move is the right one."""

    name: str
    one: tuple[str, str, str]
    other: tuple[str, str, str]
    master: int
    caller: int
    leader: int
    fu: tuple[int, int, int]
    public: str
    lead: str | None  # a lead already made, when the seat to move follows
    right: tuple[str, str]  # the right move in ``one`` and in ``other``

    def states(self) -> tuple[State, State]:
        states = []
        for hands in (self.one, self.other):
            state = State.from_hands(hands, self.master, caller=self.caller, leader=self.leader, fu=self.fu,
                                     public=self.public)
            states.append(state.apply(parse_action(self.lead)) if self.lead else state)
        return states[0], states[1]


TWINS = (
    TwinDeals("claim F = 7, or lead M6 and win more: it depends on who holds C1",
              ("C1 C4 S2", "C7 M6 T1", "C3 S5 M9"), ("C3 C4 S2", "C7 M6 T1", "C1 S5 M9"),
              master=2, caller=0, leader=1, fu=(1, 6, 2),
              public="M1 M2 M3 M4 M5 M7 M8 S6 S7 S8 S9 T2 T5 T6 T8", lead=None, right=("M6", "claim")),
    TwinDeals("claim F = 7, or lead C2 and win more: it depends on who holds C8",
              ("C2 C4 T1", "C5 C8 S4", "C3 S2 M4"), ("C2 C4 T1", "C5 S2 S4", "C3 C8 M4"),
              master=0, caller=1, leader=0, fu=(6, 1, 2),
              public="M2 M3 M5 M6 M7 M8 M9 S1 S5 T2 T4 T5 T6 T7 T8 T9", lead=None, right=("claim", "C2")),
    TwinDeals("beat S2 cheaply with S3, or with S7: it depends on who holds S5",
              ("C5 M2 M5", "S2 S5 T1", "S3 S7 T9"), ("C5 M2 S5", "S2 M5 T1", "S3 S7 T9"),
              master=1, caller=1, leader=1, fu=(1, 6, 2),
              public="C3 C6 C7 C8 M3 M6 M8 M9 S8 S9 T2 T3 T4 T5 T6 T7 T8", lead="S2", right=("S3", "S7")),
    TwinDeals("beat M3 cheaply with M4, or with M7: it depends on who holds M5",
              ("S3 M4 M7", "C6 S4 S5", "C9 M3 M5"), ("S3 M4 M7", "M5 S4 S5", "C9 M3 C6"),
              master=0, caller=2, leader=2, fu=(6, 1, 2),
              public="M2 M6 S6 S7 S8 T1 T2 T3 T6 T8 T9", lead="M3", right=("M4", "M7")),
)


def outcomes(state: State, seat: int, memo: dict[State, tuple[int, int]]) -> tuple[int, int]:
    """``seat``'s net points at the end, worst and best: the worst when ``seat`` plays its best
    and the others play against it, the best whatever anyone plays (every line is tried)."""
    if state.is_over:
        return state.net_points[seat], state.net_points[seat]
    if state not in memo:
        ends = [outcomes(state.apply(action), seat, memo) for action in state.legal_actions()]
        worst = max(e[0] for e in ends) if state.to_move == seat else min(e[0] for e in ends)
        memo[state] = (worst, max(e[1] for e in ends))
    return memo[state]


def surely_best(state: State) -> str:
    """The one move whose worst outcome beats every other move's best (there must be one)."""
    seat = state.to_move
    assert seat is not None
    memo: dict[State, tuple[int, int]] = {}
    ends = {str(action): outcomes(state.apply(action), seat, memo) for action in state.legal_actions()}
    best = [m for m, (worst, _) in ends.items() if all(worst > b for n, (_, b) in ends.items() if n != m)]
    assert len(best) == 1, ends
    return best[0]


@pytest.mark.parametrize("twins", TWINS, ids=[t.name for t in TWINS])
def test_the_seer_sees_what_honest_players_cannot(twins: TwinDeals) -> None:
    """In two deals that look the same from the seat to move, the Seer makes the move that is
    surely best in each (it sees where the hidden cards are); an honest Expert cannot tell the
    deals apart and makes the same move in both, so in one of them the wrong one."""
    assert SEER not in LEVELS
    one, other = twins.states()
    seat = one.to_move
    assert seat is not None and one != other and one.observation(seat) == other.observation(seat)
    assert (surely_best(one), surely_best(other)) == twins.right
    seer = tuple(str(Seer(4, BUDGETS["expert"]).choose_in(state)) for state in (one, other))
    assert seer == twins.right
    honest = {make_player("expert", 4).choose(state.observation(seat)) for state in (one, other)}
    assert len(honest) == 1


@pytest.mark.slow
def test_arena_strong_beats_beginner_on_average() -> None:
    """12 duplicate deals (about 16 s on one core; the suite's other worker keeps the other):
    Strong's whole 95% interval is above 0 (the long tournaments, thousands of deals, are
    `python -m lukfu.arena`: docs/ai.md)."""
    result = run("strong", "beginner", deals=12, seed=5, jobs=1)
    low, _high = result["ci95"]  # type: ignore[misc]
    assert float(result["mean"]) > 0.5 and low > 0, result  # type: ignore[arg-type]


def test_arena_prints_a_report_ending_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--candidate", "casual", "--baseline", "beginner", "--deals", "30", "--seed", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    low, high = result["ci95"]
    assert low <= result["mean"] <= high
    assert result["deals"] == 30 and set(result["decision_ms"]) == {"casual", "beginner"}


def test_a_session_thinks_in_slices_to_the_same_move() -> None:
    """The page runs a computer player's thinking in slices: same move as thinking at once."""
    sliced, at_once = (Session.new(9, master=1, level="strong") for _ in range(2))
    work = sliced.thinking()
    slices = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            action = done.value
            break
        slices += 1
    assert slices > 1
    after = at_once.step()
    assert action == after.state.history[-1] and sliced.take(action).state == after.state
