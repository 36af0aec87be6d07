"""Computer players: each sees only its own seat's ``Observation`` and returns one legal action."""

from .heuristic import choose_action

__all__ = ["choose_action"]
