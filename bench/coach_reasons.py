"""Whether every reason the coach gives is true of the move it explains, over many reviewed deals.

Seat 0 is played by each level in turn (Beginner, Casual, Strong, Expert) against two Strong
players; the coach reviews seat 0's decisions, and every reason it gives (each decision that lost
anything) is checked from the rules alone (``tests/reason_checks.py``).  A sound coach has none
false.  The review times are CPython's, each deal's in full.

    .venv/bin/python bench/coach_reasons.py --deals 300 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # run as a script

from reason_checks import contradiction  # noqa: E402

from lukfu import new_deal  # noqa: E402
from lukfu.ai import LEVELS  # noqa: E402
from lukfu.coach import decisions_of, review, summary  # noqa: E402
from lukfu.session import Session  # noqa: E402


def reviewed(number: int) -> tuple[str, list[str], list[str], float, int]:
    """Deal ``number`` reviewed: its level, the reasons given, the false ones, the seconds, and
    how many decisions."""
    level = LEVELS[number % len(LEVELS)]
    session = Session(new_deal(number), (level, "strong", "strong"), number).run()
    started = time.perf_counter()
    said = summary(review(session, 0))["decisions"]
    seconds = time.perf_counter() - started
    given, false = [], []
    for (state, _action), decision in zip(decisions_of(session, 0), said, strict=True):
        if decision["reason"]:
            given.append(decision["reason"])
        wrong = contradiction(state.observation(0), decision)
        if wrong:
            false.append(f"deal {number} ({level}) move {decision['move_number']}: {wrong}")
    return level, given, false, seconds, len(said)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20000, help="the first deal number")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {args.deals} deals from deal {args.seed}", flush=True)
    reasons: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    false: list[str] = []
    seconds: list[float] = []
    decisions = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for level, given, wrong, took, count in pool.map(reviewed, range(args.seed, args.seed + args.deals)):
            levels[level] += 1
            reasons.update(given)
            false += wrong
            seconds.append(took)
            decisions += count
    print("deals by level: " + ", ".join(f"{level} {levels[level]}" for level in LEVELS))
    print(f"{decisions} decisions reviewed, {sum(reasons.values())} reasons given (a reason for every loss):")
    for code, count in reasons.most_common():
        print(f"  {code:20} {count}")
    print(f"false reasons: {len(false)}")
    for line in false:
        print("  " + line)
    seconds.sort()
    print(f"review of a deal (CPython, {args.jobs} at once): median {seconds[len(seconds) // 2]:.2f} s, "
          f"most {seconds[-1]:.2f} s")


if __name__ == "__main__":
    main()
