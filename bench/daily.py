"""Today's deal over many days, under CPython: how long the par takes to work out, what it is,
and that every day gives the same deal and par twice over.

For each day from ``--start`` on: the day's deal (`lukfu.daily.daily_deal`), the par worked out
twice (Expert in seat 0 against the Strong players: the same both times, or the run fails), the
time each took, and how the par falls (the page's worker does the same work once a deal is over,
in Pyodide, a few times slower).  Prints one line a day with ``--verbose``, a summary, the load
average before and after, and one JSON line.

    .venv/bin/python bench/daily.py --days 60
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from lukfu.daily import daily_deal, day_number, day_text, par  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="2026-12-01", help="the first day (YYYY-MM-DD)")
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    first = day_number(args.start)
    if first is None:
        parser.error(f"not a date: {args.start}")
    load = os.getloadavg()[0]
    seconds: list[float] = []
    pars: list[int] = []
    for offset in range(args.days):
        day = day_text(first + offset)
        started = time.perf_counter()
        found = par(day)
        seconds.append(time.perf_counter() - started)
        again = par(day)
        if again != found:
            print(f"{day}: the par changed between two runs ({found:+d}, {again:+d})")
            return 1
        pars.append(found)
        if args.verbose:
            number, master = daily_deal(day)
            print(f"{day}: deal {number}, Master {master}, par {found:+d}, {seconds[-1]:.2f} s")
    under = sum(1 for p in pars if p < 0)
    print(f"{args.days} days from {args.start}: par worked out in median {statistics.median(seconds):.2f} s, "
          f"at most {max(seconds):.2f} s (CPython {sys.version.split()[0]})")
    print(f"par: median {statistics.median(pars):+.1f}, from {min(pars):+d} to {max(pars):+d}; "
          f"below 0 on {under} days; every day the same par twice")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(json.dumps({"days": args.days, "median_seconds": round(statistics.median(seconds), 3),
                      "max_seconds": round(max(seconds), 3), "pars": pars, "load": round(load, 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
