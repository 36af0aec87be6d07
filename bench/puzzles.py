"""Every puzzle judged again by the coach (``python -m lukfu.puzzles --check``), with its time:
how many the coach confirms, the time per puzzle (median, most), and the load average.

    .venv/bin/python bench/puzzles.py [--first N] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu.puzzles import Puzzle, confirms, path, read, themes_count  # noqa: E402


def judged(puzzle: Puzzle) -> tuple[str, str, bool, float]:
    """The puzzle's id and theme, whether the coach confirms its answer, and the CPU seconds."""
    started = time.process_time()
    ok = puzzle.answer in puzzle.observation().legal and confirms(puzzle)
    return puzzle.id, puzzle.theme, ok, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, help="only the first N puzzles")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    puzzles = read(path().read_text(encoding="utf-8"))
    chosen = puzzles[: args.first] if args.first else puzzles
    load, started = os.getloadavg(), time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(judged, chosen))
    for ident, theme, ok, seconds in results:
        print(f"{ident} {theme:8s} {'confirmed' if ok else 'NOT CONFIRMED'} {seconds:6.2f} s")
    times = [seconds for *_rest, seconds in results]
    not_confirmed = [ident for ident, _theme, ok, _seconds in results if not ok]
    print(f"{len(chosen)} puzzles, {len(chosen) - len(not_confirmed)} confirmed by the coach; "
          f"CPU per puzzle: median {statistics.median(times):.2f} s, most {max(times):.2f} s; "
          f"{time.time() - started:.0f} s in all with {args.jobs} job(s); load average at the start "
          f"{load[0]:.2f}, at the end {os.getloadavg()[0]:.2f}")
    print(json.dumps({"puzzles": len(chosen), "confirmed": len(chosen) - len(not_confirmed),
                      "not_confirmed": not_confirmed, "themes": themes_count(chosen),
                      "median_seconds": round(statistics.median(times), 2)}))
    return 0 if not not_confirmed else 1


if __name__ == "__main__":
    raise SystemExit(main())
