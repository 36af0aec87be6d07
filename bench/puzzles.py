"""Every puzzle judged again: by the coach (``python -m lukfu.puzzles --check``: its best move
must be the answer), and by a fresh evaluation on sampled deals of its own (``FRESH`` deals,
every legal move, the generator's way: the answer must stay the best, by at least half a point
to be "clear"); with the time per puzzle (median, most) and the load average.

    .venv/bin/python bench/puzzles.py [--first N] [--jobs J] [--fresh WORLDS]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu.puzzles import Puzzle, confirms, path, read, themes_count  # noqa: E402
from tools.puzzles import losses, outcomes  # noqa: E402

FRESH = 96


@cache
def puzzles() -> tuple[Puzzle, ...]:
    return read(path().read_text(encoding="utf-8"))


def judged(number: int, fresh: int = FRESH) -> tuple[str, str, bool, float, float]:
    """Puzzle ``number``'s id and theme, whether the coach confirms its answer, the smallest
    loss of another move in a fresh evaluation, and the CPU seconds.  (Puzzles go to the other
    processes by number: an action cannot be pickled.)"""
    puzzle = puzzles()[number]
    started = time.process_time()
    obs = puzzle.observation()
    ok = puzzle.answer in obs.legal and confirms(puzzle)
    legal = list(obs.legal)
    points = outcomes(obs, legal, fresh, random.Random(f"lukfu/puzzles/bench/{puzzle.id}"))
    best = legal.index(puzzle.answer)
    smallest = min(loss for n, (loss, _error) in enumerate(losses(points, best)) if n != best)
    return puzzle.id, puzzle.theme, ok, smallest, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, help="only the first N puzzles")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--fresh", type=int, default=FRESH, help="fresh sampled deals per move")
    args = parser.parse_args()
    chosen = puzzles()[: args.first] if args.first else puzzles()
    load, started = os.getloadavg(), time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(judged, range(len(chosen)), [args.fresh] * len(chosen)))
    for ident, theme, ok, smallest, seconds in results:
        print(f"{ident} {theme:8s} {'confirmed' if ok else 'NOT CONFIRMED'}, fresh: the next best "
              f"loses {smallest:+.2f} {seconds:6.2f} s")
    times = [seconds for *_rest, seconds in results]
    not_confirmed = [ident for ident, _theme, ok, _smallest, _seconds in results if not ok]
    best = sum(1 for *_rest, smallest, _seconds in results if smallest > 0)
    clear = sum(1 for *_rest, smallest, _seconds in results if smallest >= 0.5)
    print(f"{len(chosen)} puzzles, {len(chosen) - len(not_confirmed)} confirmed by the coach; "
          f"a fresh evaluation ({args.fresh} deals a move) finds the answer best in {best}, "
          f"by half a point or more in {clear}; "
          f"CPU per puzzle: median {statistics.median(times):.2f} s, most {max(times):.2f} s; "
          f"{time.time() - started:.0f} s in all with {args.jobs} job(s); load average at the start "
          f"{load[0]:.2f}, at the end {os.getloadavg()[0]:.2f}")
    print(json.dumps({"puzzles": len(chosen), "confirmed": len(chosen) - len(not_confirmed),
                      "not_confirmed": not_confirmed, "fresh_best": best, "fresh_clear": clear,
                      "themes": themes_count(chosen),
                      "median_seconds": round(statistics.median(times), 2)}))
    return 0 if not not_confirmed else 1


if __name__ == "__main__":
    raise SystemExit(main())
