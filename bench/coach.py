"""How well the coach judges: the points lost per decision of each level, reviewed in self-play.

Seat 0 is played by each level in turn against two Strong players, over the same deals; the
coach (``lukfu.coach``) reviews seat 0's decisions. A sound judge orders the levels (Beginner
loses the most, Expert the least) and finds Expert's own decisions nearly free of loss.

    .venv/bin/python bench/coach.py                 # 30 deals a level
    .venv/bin/python bench/coach.py --deals 100 --seed 1000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu import new_deal  # noqa: E402
from lukfu.ai import LEVELS  # noqa: E402
from lukfu.coach import BLUNDERED, MISTAKEN, review  # noqa: E402
from lukfu.session import Session  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0, help="the first deal number")
    args = parser.parse_args()
    print(f"{args.deals} deals from deal {args.seed}; seat 0 by each level, seats 1 and 2 Strong")
    print(f"{'level':9} {'decisions':>9} {'lost/decision':>13} {'mistakes':>9} {'blunders':>9} "
          f"{'accuracy':>9} {'ms/decision':>12}")
    for level in LEVELS:
        decisions = lost = mistakes = blunders = good = 0
        seconds = 0.0
        for number in range(args.seed, args.seed + args.deals):
            session = Session(new_deal(number), (level, "strong", "strong"), number).run()
            start = time.perf_counter()
            found = review(session, 0)
            seconds += time.perf_counter() - start
            decisions += len(found.decisions)
            lost += sum(d.loss for d in found.decisions)
            mistakes += found.count(MISTAKEN)
            blunders += found.count(BLUNDERED)
            good += len(found.decisions) - found.count(MISTAKEN) - found.count(BLUNDERED)
        print(f"{level:9} {decisions:9d} {lost / decisions:13.3f} {mistakes:9d} {blunders:9d} "
              f"{good / decisions:9.1%} {1000 * seconds / decisions:12.0f}")


if __name__ == "__main__":
    main()
