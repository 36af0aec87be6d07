"""Computer players' thinking in the page (headless Chromium): decision times and long tasks.

The page marks every computer decision as a User Timing measure ("lukfu-think", from the
page asking the game's worker to think to the move drawn on the page: the worker's slices and
the round trip included). This plays whole deals at one level (Expert by default) with you, at seat 0, taking
the Hint button's advice, and reports the decisions' median and 95th percentile, and every
main-thread task over 100 ms after boot (PerformanceObserver "longtask").

    .venv/bin/python bench/ai_latency.py                 # Expert, 3 deals
    .venv/bin/python bench/ai_latency.py --level strong --deals 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from tools import chromium, devserver, runtime  # noqa: E402

P95_TARGET_MS = 250
LONG_TASK_MS = 100
READY = "#table:not([data-phase='loading'])"
HINTED = """() => {
  const hint = document.querySelector('#hint').textContent;
  const button = document.querySelector("[data-action='hint']");
  return hint.startsWith('Hint: ') && !button.disabled;
}"""
BUTTON_FOR = (
    ("Hint: play this deal.", "call"),
    ("Hint: pass.", "pass"),
    ("Hint: claim.", "claim"),
    ("Hint: discard", "discard"),
    ("Hint: play", "play"),
)
# Before any page script: the level chosen, and a log of long tasks with their start times.
INIT = """
localStorage.setItem('lukfu.level', %r);
window.__longTasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def follow_hints(page: Any) -> None:
    """Play you, at seat 0, to the end of the deal: each turn, what the Hint button advises."""
    hint = page.locator("[data-action='hint']")
    while page.get_attribute("#table", "data-phase") != "over":
        if not (hint.is_visible() and hint.is_enabled()):
            page.wait_for_timeout(20)
            continue
        try:  # (the turn may pass meanwhile: the deal moves on without waiting for us)
            hint.click(timeout=2_000)
            page.wait_for_function(HINTED, timeout=60_000)
            said = page.text_content("#hint") or ""
            action = next(name for start, name in BUTTON_FOR if said.startswith(start))
            page.click(f"[data-action='{action}']", timeout=2_000)
        except Exception as error:
            if "Timeout" not in type(error).__name__:
                raise


def play_deal(page: Any, site: str, seed: int) -> tuple[list[float], list[float], int]:
    """One deal: the computers' decision times, the long tasks after boot (ms), and how many
    of those fell while a computer player was thinking."""
    page.goto(f"{site}index.html?seed={seed}&delay=0&master={seed % 3}&lang=en")
    page.wait_for_selector(READY, timeout=120_000)
    booted = page.evaluate("performance.now()")
    follow_hints(page)
    spans = page.evaluate(
        "performance.getEntriesByName('lukfu-think').map(e => [e.startTime, e.duration])")
    long_tasks = [(start, duration) for start, duration in page.evaluate("window.__longTasks")
                  if start > booted]
    during = sum(1 for start, duration in long_tasks if duration > LONG_TASK_MS
                 and any(s <= start <= s + d for s, d in spans))
    return [d for _s, d in spans], [duration for _start, duration in long_tasks], during


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=["beginner", "casual", "strong", "expert"])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("bench/ai_latency.py: playwright missing; run tools/test once") from None
    runtime.build(verbose=False)
    server, site = devserver.start_in_thread()
    thinking: list[float] = []
    long_tasks: list[float] = []
    while_thinking = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium.find_chromium(), args=chromium.FLAGS, headless=True
            )
            page = browser.new_page()
            page.add_init_script(INIT % args.level)
            for number in range(args.deals):
                decided, long, during = play_deal(page, site, args.seed + number)
                thinking += decided
                long_tasks += long
                while_thinking += during
                print(f"deal {args.seed + number}: {len(decided)} decisions, {len(long)} long tasks")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    ordered = sorted(thinking)
    median = statistics.median(ordered)
    p95 = ordered[int(len(ordered) * 0.95)]
    print(f"{args.level} in the page, {len(ordered)} decisions over {args.deals} deals:"
          f" median {median:.0f} ms, p95 {p95:.0f} ms, max {ordered[-1]:.0f} ms"
          f" (target p95 <= {P95_TARGET_MS} ms: {'met' if p95 <= P95_TARGET_MS else 'NOT met'})")
    over = [d for d in long_tasks if d > LONG_TASK_MS]
    print(f"main-thread tasks after boot over {LONG_TASK_MS} ms: {len(over)}"
          + (f" (longest {max(over):.0f} ms), {while_thinking} of them while a computer thought"
             if over else ""))


if __name__ == "__main__":
    main()
