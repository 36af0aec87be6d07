"""Shuffling and dealing from a seed, the same on every Python (CPython here, Pyodide in the page).

Of ``random.Random``, Python guarantees only that seeding with an int and ``random()`` give the
same sequence on every version, so the shuffle is written here on top of ``random()`` alone
(``Random.shuffle`` and ``randrange`` may change between versions).
"""

from __future__ import annotations

import random

from .cards import DECK_SIZE, to_mask

HAND_SIZE = 12
_MASTER_STREAM = 0


def _stream(seed: int, stream: int) -> random.Random:
    """An independent generator for one use of a seed: the Master, or deal number ``stream``."""
    return random.Random((seed & (2**64 - 1)) << 16 | stream)


def shuffled_hands(seed: int, redeal: int) -> tuple[int, int, int]:
    """The three 12-card hands (as masks) of deal number ``redeal`` for this seed."""
    uniform = _stream(seed, 1 + redeal).random
    deck = list(range(DECK_SIZE))
    for i in range(DECK_SIZE - 1, 0, -1):  # Fisher–Yates
        j = int(uniform() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return (
        to_mask(deck[:HAND_SIZE]),
        to_mask(deck[HAND_SIZE : 2 * HAND_SIZE]),
        to_mask(deck[2 * HAND_SIZE :]),
    )


def random_master(seed: int) -> int:
    """The Master chosen for this seed: uniformly one of the three seats."""
    return int(_stream(seed, _MASTER_STREAM).random() * 3)
