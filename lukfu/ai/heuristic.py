"""A sensible, fast computer player: rules of thumb over one seat's observation, no search.

It calls with a hand likely to reach six fu, claims as soon as it can, leads what cannot be
beaten (the bigger the better), beats as cheaply as it can, and discards its least useful cards.
"""

from __future__ import annotations

import random

from ..actions import CALL, CLAIM, DISCARD, PASS, Action
from ..cards import Card
from ..knowledge import old_cards
from ..observation import Observation
from ..plays import classify

CALL_STRENGTH = 5.0
"""Hand strength (about the fu a hand expects to make) from which the player calls."""


def hand_strength(hand: tuple[Card, ...]) -> float:
    """A rough count of the fu this hand should win: Old cards, high cards, and combinations."""
    old = old_cards(hand, ())
    strength = float(len(old))
    strength += sum(0.5 for card in hand if card not in old and card.rank >= 7)
    ranks = [card.rank for card in hand]
    strength += sum(1.0 for rank in set(ranks) if ranks.count(rank) >= 3)
    return strength


def card_value(card: Card, old: frozenset[Card]) -> int:
    """How much a card is worth keeping: Old cards most, then by rank, then by suit; C1/T1 only
    as Old cards.  A whole number, so that sums of it compare the same on every Python (float
    ``sum`` rounds differently from 3.12 on)."""
    return (100 if card in old else 0) + 10 * card.rank + card.suit


def choose_action(observation: Observation, rng: random.Random) -> Action:
    """The action this player takes; ``rng`` breaks ties so play does not look mechanical."""
    legal = observation.legal
    if not legal:
        raise ValueError("this seat has no action to take")
    kinds = {action.kind for action in legal}
    if CALL in kinds:
        strength = hand_strength(observation.hand) + rng.uniform(-0.5, 0.5)
        return Action(CALL) if strength >= CALL_STRENGTH else Action(PASS)
    if CLAIM in kinds:
        return Action(CLAIM)
    old = observation.old
    plays = [action for action in legal if action.kind not in (CLAIM, DISCARD, PASS)]
    if observation.trick is None:
        return _lead(plays, old, rng)
    if plays:
        return _follow(plays, observation, old)
    return _discard(legal, old)


def _lead(plays: list[Action], old: frozenset[Card], rng: random.Random) -> Action:
    safe = [a for a in plays if all(card in old for card in a.cards)]
    if safe:
        # Take the most fu that nobody can beat, spending the least valuable Old cards.
        return max(safe, key=lambda a: (len(a.cards), -sum(card_value(c, old) for c in a.cards)))
    combos = [a for a in plays if len(a.cards) >= 3]
    if combos and rng.random() < 0.7:
        return max(combos, key=lambda a: (len(a.cards), sum(c.rank for c in a.cards)))
    # Nothing safe: give the lead away cheaply with the lowest card allowed.
    return min(plays, key=lambda a: sum(card_value(c, old) for c in a.cards))


def _follow(plays: list[Action], observation: Observation, old: frozenset[Card]) -> Action:
    last_to_act = observation.trick is not None and len(observation.trick.turns) == 2

    def cost(action: Action) -> float:
        return sum(card_value(c, old) for c in action.cards)

    if not last_to_act:
        # Someone still plays after us: prefer a beat that cannot itself be beaten.
        unbeatable = [a for a in plays if all(card in old for card in a.cards)]
        if unbeatable:
            return min(unbeatable, key=cost)
        best = max(plays, key=lambda a: _strength(a))
        return best
    return min(plays, key=cost)


def _strength(action: Action) -> tuple[int, int]:
    play = classify(action.cards)
    assert play is not None
    return (play.suit, play.rank)


def _discard(legal: tuple[Action, ...], old: frozenset[Card]) -> Action:
    """Throw away the least valuable cards (every discard of the right size is listed)."""
    return min(legal, key=lambda a: sum(card_value(c, old) for c in a.cards))
