"""Computer players by level: ``make_player(level, seed)``, each deciding from one observation.

- **Beginner**: today's rules of thumb (``heuristic``), no search.
- **Casual**: a sound rules-aware heuristic (``policy``), no search.
- **Strong** (the default): determinized search, Casual's rules in the play-outs.
- **Expert**: information-set Monte Carlo tree search with a bigger budget.
- The **Seer** sees every hand (the arena's yardstick for perfect information); it is no level.

Every decision draws its randomness from (deal seed, move number, level), so the same deal
replays the same computer moves, whether played on, resumed from a save or replayed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Protocol

from ..actions import CALL, CLAIM, DISCARD, PASS, PLAY, PLAY_ACTIONS, Action
from ..cards import cards_of, to_mask
from ..observation import CALLING, Observation
from ..plays import classify
from ..position import Position
from ..state import State
from . import policy, search
from .heuristic import choose_action
from .thinking import Thinking, finish
from .worlds import Evidence, sample_with

LEVELS = ("beginner", "casual", "strong", "expert")
"""The levels on offer, weakest first."""
DEFAULT_LEVEL = "strong"
SEER = "seer"
"""The player who sees every hand: for the arena only, never offered in the page."""

SAFETY_SECONDS = 10.0
"""Wall-clock cap on one decision, for safety only: budgets are counted in play-outs."""


def decision_random(seed: int, move: int, level: str) -> random.Random:
    """The random source of one decision (string seeds hash the same on every Python)."""
    return random.Random(f"lukfu/{seed}/{move}/{level}")


def to_action(move: search.Move) -> Action:
    """The engine's action for a search move."""
    if move >= search.DISCARDED:
        return Action.discard(cards_of(move - search.DISCARDED))
    if move >= 0:
        return PLAY_ACTIONS[move]
    return {search.CLAIM: Action.claim(), search.CALL: Action.call(), search.PASS: Action.pass_()}[move]


def from_action(action: Action) -> search.Move:
    """The search move for an engine action (``to_action`` the other way)."""
    if action.kind == PLAY:
        return _play_index(action)
    if action.kind == DISCARD:
        return search.DISCARDED | to_mask(action.cards)
    return {CLAIM: search.CLAIM, CALL: search.CALL, PASS: search.PASS}[action.kind]


class Player(Protocol):
    """Anything that takes a seat: a computer player (``make_player``) or the person at the page.

    It sees that seat's observation only and returns a legal action for it."""

    def choose(self, observation: Observation) -> Action: ...


class RulesOfThumbPlayer:
    """The beginner: rules of thumb over its own observation (``heuristic``), no search."""

    level = "beginner"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Action:
        rng = decision_random(self.seed, observation.move_number, self.level)
        return choose_action(observation, rng)


class CasualPlayer:
    """Casual: the rules-aware heuristic of ``policy`` over its own observation."""

    level = "casual"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Action:
        return to_action(casual_choice(observation))


def casual_choice(obs: Observation) -> search.Move:
    """Casual's move from one observation (the same rules the play-outs use)."""
    if not obs.legal:
        raise ValueError("this seat has no action to take")
    hand, public = to_mask(obs.hand), to_mask(obs.public)
    if obs.phase == CALLING:
        return search.CALL if policy.wants_to_call(hand, obs.seat == obs.master) else search.PASS
    own_discards = to_mask(obs.own_discards)
    plays = [_play_index(action) for action in obs.legal if action.kind == PLAY]  # leads or beats
    trick = obs.trick
    if trick is None:
        claim = Action.claim() in obs.legal
        return policy.lead(hand, public, own_discards, obs.fu[obs.seat], plays, claim)
    if plays:
        return policy.follow(hand, public, own_discards, plays, len(trick.turns) == 2)
    assert trick.best is not None
    return search.DISCARDED | policy.discard(hand, public, trick.best.size)


def _play_index(action: Action) -> int:
    play = classify(action.cards)
    assert play is not None
    return play.index


@dataclass(frozen=True)
class Budget:
    """How hard a search player thinks: play-outs, and how often they stray from Casual's rules."""

    playouts: int
    noise: float = 0.1
    exploration: float = 0.7


class SearchPlayer:
    """Strong (determinized search) or Expert (information-set tree search) over sampled deals."""

    def __init__(self, level: str, seed: int, budget: Budget, tree: bool) -> None:
        self.level = level
        self.seed = seed
        self.budget = budget
        self.tree = tree

    def choose(self, observation: Observation) -> Action:
        return finish(self.thinking(observation))

    def thinking(self, observation: Observation) -> Thinking[Action]:
        """``choose`` in slices (see ``Thinking``)."""
        if len(observation.legal) == 1:
            return observation.legal[0]
        rng = decision_random(self.seed, observation.move_number, self.level)
        evidence = Evidence.of(observation)

        def world(dice: random.Random) -> Position:
            return sample_with(evidence, observation, dice)

        move = yield from self.search(world, observation.seat, rng)
        return to_action(move)

    def search(self, world: search.World, seat: int, rng: random.Random) -> Thinking[search.Move]:
        """The best move found for ``seat`` in the worlds ``world`` deals."""
        budget = self.budget
        deadline = time.monotonic() + SAFETY_SECONDS
        sample = world(random.Random(rng.getrandbits(64)))  # an int seed: alike on every platform
        candidates = search.moves(sample, seat)
        if len(candidates) == 1:
            return candidates[0]
        sound = search.casual_move(sample, rng, 0.0)
        if self.tree:
            found = yield from search.tree_search(
                world, seat, budget.playouts, rng, budget.noise, budget.exploration, deadline
            )
            enough = max(visits for visits, _mean in found.values()) / 10
            means = {move: mean for move, (visits, mean) in found.items() if visits >= enough}
        else:
            worlds = max(4, budget.playouts // len(candidates))
            values = yield from search.determinized(
                world, seat, candidates, worlds, rng, budget.noise, deadline
            )
            means = dict(zip(candidates, values, strict=True))
        if sound in means:
            means[sound] += search.CASUAL_PRIOR
        return max(means, key=lambda move: means[move])


def thinking(player: Player, observation: Observation) -> Thinking[Action]:
    """Any player's choice in slices: a search player's in many, the others' in one."""
    if isinstance(player, SearchPlayer):
        return (yield from player.thinking(observation))
    return player.choose(observation)


class Seer:
    """Expert's search with the true deal as its only world: perfect information, for the arena."""

    level = SEER

    def __init__(self, seed: int, budget: Budget) -> None:
        self.player = SearchPlayer(SEER, seed, budget, tree=True)

    def choose_in(self, state: State) -> Action:
        """The Seer's action for the seat to move in ``state`` (every hand in view)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        assert seat is not None
        rng = decision_random(self.player.seed, state.observation(seat).move_number, SEER)
        truth = state.position()

        def world(_dice: random.Random) -> Position:
            return truth.copy()

        return to_action(finish(self.player.search(world, seat, rng)))


BUDGETS = {"strong": Budget(120), "expert": Budget(400)}
"""Play-outs per decision of each search level."""


def make_player(level: str, seed: int) -> Player:
    """A computer player of ``level`` for the deal numbered ``seed``."""
    if level == "beginner":
        return RulesOfThumbPlayer(seed)
    if level == "casual":
        return CasualPlayer(seed)
    if level == "strong":
        return SearchPlayer(level, seed, BUDGETS[level], tree=False)
    if level == "expert":
        return SearchPlayer(level, seed, BUDGETS[level], tree=True)
    raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
