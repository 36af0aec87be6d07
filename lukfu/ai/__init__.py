"""Computer players: each sees only its own seat's ``Observation`` and returns one legal action."""

from .heuristic import choose_action
from .players import DEFAULT_LEVEL, LEVELS, make_player

__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose_action", "make_player"]
