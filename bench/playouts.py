"""The random-playout benchmark body, run unchanged by CPython and by Pyodide (bench/engine.py).

A playout is one full deal from ``new_deal(seed)`` to the end, every action drawn uniformly
from the legal ones with ``random.Random(seed)``.  Seeds are fixed (0, 1, 2, ...), so both
runtimes do exactly the same work, and a checksum of the results proves it.

The measured code lives in ``PLAYOUTS``: add or change a playout function there and both
runtimes pick it up.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import lukfu


def playout_api(seed: int) -> lukfu.State:
    """Through the public API: ``legal_actions()`` then ``apply()``, as a UI or test would."""
    rng = random.Random(seed)
    state = lukfu.new_deal(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def playout_fast(seed: int) -> lukfu.State:
    """Through the engine's fast path for search (same distribution, no Action objects)."""
    return lukfu.random_playout(lukfu.new_deal(seed), random.Random(seed))


# name -> one playout of the deal with that seed.  The first entry is the headline number.
PLAYOUTS: dict[str, Callable[[int], lukfu.State]] = {
    "api": playout_api,
    "fast": playout_fast,
}


def run(n: int, kind: str = "api", first_seed: int = 0) -> dict[str, float | int | str]:
    """Time ``n`` playouts of kind ``kind`` on seeds first_seed, first_seed+1, ...

    Returns playouts per second and a checksum over the results (winner and net points of
    every deal), which must be equal in CPython and Pyodide.
    """
    playout = PLAYOUTS[kind]
    checksum = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        end = playout(seed)
        winner = -1 if end.winner is None else end.winner
        checksum = checksum * 31 + winner * 7 + sum(p * (i + 1) for i, p in enumerate(end.net_points))
        checksum %= 1_000_000_007
    seconds = time.perf_counter() - start
    return {"kind": kind, "n": n, "seconds": seconds, "per_second": n / seconds, "checksum": checksum}
