"""Computer players: each sees only its own seat's ``Observation`` and returns one legal action."""

from .heuristic import choose_action
from .players import LEVELS, make_player

__all__ = ["LEVELS", "choose_action", "make_player"]
