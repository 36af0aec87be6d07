"""Computer players: each sees only its own seat's ``Observation`` and returns one legal action.

The levels on offer (``LEVELS``, weakest first; ``DEFAULT_LEVEL``), ``make_player(level, seed)``,
and the ``Player`` protocol that every seat's player, computer or person, meets.
"""

from .players import DEFAULT_LEVEL, LEVELS, Player, make_player

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Player", "make_player"]
