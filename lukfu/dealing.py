"""Shuffling and dealing from a seed, the same on every Python (CPython here, Pyodide in the page).

``random.Random`` is not used: its algorithms may change between Python versions, while a deal
must be reproducible from its seed everywhere. SplitMix64 is small, fast and fully specified.
"""

from __future__ import annotations

from .cards import DECK_SIZE, to_mask

_M64 = (1 << 64) - 1
HAND_SIZE = 12


class DealRng:
    """SplitMix64: a 64-bit generator whose output depends only on its seed."""

    __slots__ = ("_state",)

    def __init__(self, seed: int, stream: int = 0) -> None:
        self._state = (seed ^ (stream * 0xD1B54A32D192ED03)) & _M64

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _M64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        limit = _M64 + 1 - (_M64 + 1) % n
        while True:
            # SplitMix64, inlined: this is the whole cost of a shuffle.
            state = self._state = (self._state + 0x9E3779B97F4A7C15) & _M64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            value = z ^ (z >> 31)
            if value < limit:
                return value % n


def shuffled_hands(seed: int, redeal: int) -> tuple[int, int, int]:
    """The three 12-card hands (as masks) of deal number ``redeal`` for this seed."""
    below = DealRng(seed, 1 + redeal).below
    deck = list(range(DECK_SIZE))
    for i in range(DECK_SIZE - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return (
        to_mask(deck[:HAND_SIZE]),
        to_mask(deck[HAND_SIZE : 2 * HAND_SIZE]),
        to_mask(deck[2 * HAND_SIZE :]),
    )


def random_master(seed: int) -> int:
    """The Master chosen for this seed: uniformly one of the three seats."""
    return DealRng(seed, 0).below(3)
