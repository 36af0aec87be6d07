"""Computer players by level: ``make_player(level, seed)``, each deciding from one observation.

Every decision draws its randomness from (deal seed, move number, level), so the same deal
replays the same computer moves, whether played on, resumed from a save or replayed.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..observation import Observation
from .heuristic import choose_action

LEVELS = ("beginner",)
"""The levels on offer, weakest first."""


def decision_random(seed: int, move: int, level: str) -> random.Random:
    """The random source of one decision (string seeds hash the same on every Python)."""
    return random.Random(f"lukfu/{seed}/{move}/{level}")


class RulesOfThumbPlayer:
    """The beginner: rules of thumb over its own observation (``heuristic``), no search."""

    level = "beginner"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Action:
        rng = decision_random(self.seed, observation.move_number, self.level)
        return choose_action(observation, rng)


def make_player(level: str, seed: int) -> RulesOfThumbPlayer:
    """A computer player of ``level`` for the deal numbered ``seed``."""
    if level == "beginner":
        return RulesOfThumbPlayer(seed)
    raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
