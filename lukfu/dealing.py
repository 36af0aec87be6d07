"""Shuffling and dealing from a seed, the same on every Python (CPython here, Pyodide in the page).

Of ``random.Random``, Python guarantees only that seeding with an int and ``random()`` give the
same sequence on every version, so the shuffle is written here on top of ``random()`` alone
(``Random.shuffle`` and ``randrange`` may change between versions).
"""

from __future__ import annotations

import random

from .cards import DECK_SIZE, to_mask

HAND_SIZE = 12


def deal(seed: int, redeal: int = 0) -> tuple[int, tuple[int, int, int]]:
    """A random Master and the three 12-card hands (as masks) of deal number ``redeal``.

    Each (seed, redeal) has a generator of its own. The Master is drawn first every time,
    so the hands do not depend on whether the caller uses it (a redeal keeps its Master).
    """
    uniform = random.Random((seed & (2**64 - 1)) << 16 | redeal).random
    master = int(uniform() * 3)
    deck = list(range(DECK_SIZE))
    for i in range(DECK_SIZE - 1, 0, -1):  # Fisher–Yates
        j = int(uniform() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hands = (
        to_mask(deck[:HAND_SIZE]),
        to_mask(deck[HAND_SIZE : 2 * HAND_SIZE]),
        to_mask(deck[2 * HAND_SIZE :]),
    )
    return master, hands
