"""Luk Fu (六虎), the Hakka trick-taking card game: the rules engine, pure standard library.

The names below are the engine's stable API (RULES.md §9); everything else is internal.
"""

from .actions import Action, IllegalAction, parse_action
from .cards import SUITS, Card, parse_cards
from .knowledge import old_cards
from .observation import CALLING, OVER, PLAYING, Observation, Result, Trick, Turn
from .playout import random_playout
from .plays import Play, beats, classify
from .records import RecordError
from .scoring import settle
from .state import State, new_deal

__all__ = [
    "CALLING",
    "OVER",
    "PLAYING",
    "SUITS",
    "Action",
    "Card",
    "IllegalAction",
    "Observation",
    "Play",
    "RecordError",
    "Result",
    "State",
    "Trick",
    "Turn",
    "beats",
    "classify",
    "new_deal",
    "old_cards",
    "parse_action",
    "parse_cards",
    "random_playout",
    "settle",
]
