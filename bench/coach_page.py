"""The coach in the page: how long its review of a finished deal takes, and whether any of the
main thread's tasks meanwhile runs over 50 ms (the browser's "long task").

Each run resumes a finished deal (played under CPython: seat 0 by each level in turn, Strong
the others) from a save, presses "Review this deal" and watches the main thread with a
``PerformanceObserver`` of long tasks from the press until the whole review is on show (its
summary: the decisions show one by one before it).  The
baseline, measured in the same run, is the same page left alone for as long: its long tasks
are the browser's own (painting, garbage collection), not the coach's.

    .venv/bin/python bench/coach_page.py              # deals 1 to 20
    .venv/bin/python bench/coach_page.py --deals 1 2 3 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu.ai import LEVELS, make_player  # noqa: E402
from lukfu.saves import write_save  # noqa: E402
from lukfu.session import Session  # noqa: E402
from tools import chromium, devserver, runtime, site  # noqa: E402

LONG_TASK_MS = 50
WATCH = """() => {
  window.__longTasks = [];
  window.__watchedFrom = performance.now();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push([entry.startTime - window.__watchedFrom, entry.duration]);
    }
  }).observe({ type: "longtask" });
}"""


def finished_save(number: int) -> str:
    """Deal ``number`` finished: your seat played by each level in turn (by the deal's number),
    the two others by Strong, as the page deals them."""
    session = Session.new(number, 0, level="strong")
    you = make_player(LEVELS[number % len(LEVELS)], number)
    while not session.is_over:
        if session.waiting_for_person():
            session = session.act(you.choose(session.observation(0)))
        else:
            session = session.step()
    return write_save(session, 0, counted=True)


def review_once(context: Any, url: str, save: str
                ) -> tuple[float, list[tuple[float, float]], list[float]]:
    """(seconds the review took, long tasks during it as (ms from the press, ms long), long
    tasks of the idle baseline)."""
    page = context.new_page()
    page.add_init_script(
        f"localStorage.setItem('lukfu.save', {save!r}); localStorage.setItem('lukfu.coach', 'off');"
        "localStorage.setItem('lukfu.suits-shown', '1'); localStorage.setItem('lukfu.lesson', 'done');")
    page.goto(url + "?delay=0")
    page.wait_for_selector("#table[data-phase='over']", timeout=90_000)
    time.sleep(1.0)  # let the start-up's own work end
    page.evaluate(WATCH)
    started = time.perf_counter()
    page.click("[data-action='review']")
    page.wait_for_selector("#review .review-summary", timeout=300_000)  # (decisions show before)
    seconds = time.perf_counter() - started
    during = [(at, length) for at, length in page.evaluate("() => window.__longTasks")]
    page.evaluate(WATCH)  # the baseline: the page idle for as long
    time.sleep(seconds)
    idle = [length for _at, length in page.evaluate("() => window.__longTasks")]
    page.close()
    return seconds, during, idle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=list(range(1, 21)))
    parser.add_argument("--verbose", action="store_true", help="when each long task came")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    try:
        root = site.build_site(verbose=False)
    except runtime.BuildError as error:
        raise SystemExit(f"bench/coach_page.py: {error}") from None
    saves = {number: finished_save(number) for number in args.deals}
    print(f"load average {os.getloadavg()[0]:.2f}; deals {args.deals}")
    print(f"{'deal':>5} {'review s':>9} {'long tasks':>11} {'longest ms':>11} {'idle long tasks':>16}")
    server, url = devserver.start_in_thread(root)
    worst: list[float] = []
    took: list[float] = []
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium.find_chromium(), args=chromium.FLAGS,
                headless=True)
            try:
                for number, save in saves.items():
                    seconds, during, idle = review_once(context, url, save)
                    longest = max((length for _at, length in during), default=0.0)
                    worst.append(longest)
                    took.append(seconds)
                    print(f"{number:5d} {seconds:9.1f} {len(during):11d} {longest:11.0f} "
                          f"{len(idle):16d}", flush=True)
                    if args.verbose:
                        print("      at ms (long ms): " + ", ".join(
                            f"{at:.0f} ({length:.0f})" for at, length in during))
            finally:
                context.close()
    finally:
        server.shutdown()
    print(f"review: median {statistics.median(took):.1f} s, most {max(took):.1f} s over {len(took)} deals "
          f"(target: a median within 20 s, none over 45 s)")
    print(f"longest main-thread task while the coach thought: {max(worst):.0f} ms "
          f"(median of the deals' longest {statistics.median(worst):.0f} ms; "
          f"target: none over {LONG_TASK_MS} ms)")


if __name__ == "__main__":
    main()
