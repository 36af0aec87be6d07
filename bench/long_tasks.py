"""The page's main thread from its first paint to the end of a session: every task over 100 ms.

Plays, in headless Chromium on the built site, what a player does in a first visit: the boot,
whole deals at a level (Expert by default) with you taking the Hint button's advice and the
coach reviewing each deal, then a replay stepped through, the statistics opened, a language
switch and a new deal.  A PerformanceObserver ("longtask", buffered from the first paint)
records every main-thread task over 50 ms; this prints, for each part, how many were over
100 ms and the longest, and the page's start (first paint, hand playable), with each of the
boot's tasks over 50 ms and what the page had last finished before it (a download, or a moment
the page's Python marks).  It also samples,
every half second, the resident memory of Chromium's renderer processes (the page and its
game's worker live in one) and prints the largest (target: under 300 MB through an Expert deal).
With ``--returning``, the visit is a returning player's: a first visit in the same browser
context, until its game has kept the snapshot of its Python (static/pyodide.mjs), then the
visit measured, in a new tab, which starts from it.

    .venv/bin/python bench/long_tasks.py                 # Expert, 2 deals
    .venv/bin/python bench/long_tasks.py --level strong --deals 1
    .venv/bin/python bench/long_tasks.py --deals 1 --returning
    .venv/bin/python bench/long_tasks.py --floor 5         # PyScript's floor page, five visits
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from bench.ai_latency import follow_hints  # noqa: E402
from bench.boot import FLOOR_READY, RESTORED, SNAPSHOT_KEPT, wait_until  # noqa: E402
from bench.lighthouse import write_floor  # noqa: E402
from tools import chromium, devserver, site  # noqa: E402

LONG_TASK_MS = 100
PLAYABLE = "#table[data-phase='calling'] [data-action='call']:enabled, #table[data-phase='playing']"
INIT = """
localStorage.setItem('lukfu.level', %r);
localStorage.setItem('lukfu.lesson', '0');
window.__longTasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: 'longtask', buffered: true});
"""
# The boot's long tasks (until the hand is playable), each with the last thing the page finished
# before it began: a download (resource timing) or a moment the page's Python marks
# (lukfu/web/dom/: "lukfu:page-python", "lukfu:game-ready", "lukfu:first-view").
BOOT_TASKS = """(playable) => {
  const events = [
    ...performance.getEntriesByType('resource')
      .map(e => [e.responseEnd, `${e.name.split('/').pop()} arrived`]),
    ...performance.getEntriesByType('mark').map(e => [e.startTime, e.name]),
    ...performance.getEntriesByType('paint').map(e => [e.startTime, e.name])];
  return window.__longTasks.filter(([begin]) => begin < playable).map(([begin, duration]) => {
    const last = events.filter(([at]) => at <= begin).sort((a, b) => b[0] - a[0])[0];
    return [begin, duration, last ? `${last[1]} (${Math.round(begin - last[0])} ms before)` : 'navigation'];
  });
}"""


def renderer_memory() -> int:
    """The largest resident set, in bytes, of the renderer processes running now (Linux)."""
    largest = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{entry.name}/status", encoding="ascii") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        largest = max(largest, int(line.split()[1]) * 1024)
        except OSError:
            continue  # the process ended meanwhile
    return largest


class MemoryWatch(threading.Thread):
    """The largest `renderer_memory` seen, sampled every half second until stopped."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.largest = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.5):
            self.largest = max(self.largest, renderer_memory())


def now(page: Any) -> float:
    return float(page.evaluate("performance.now()"))


def first_visit(page: Any, base: str) -> None:
    """A visit until its game has kept its snapshot (once idle, with the hand on the table)."""
    page.goto(f"{base}index.html?delay=0&lang=en")
    page.wait_for_selector(PLAYABLE, timeout=180_000)
    wait_until(page, SNAPSHOT_KEPT, 60)
    page.close()


def play_deal(page: Any) -> None:
    follow_hints(page)
    # The coach's review of the deal (its summary or its panel) before the next part.
    page.wait_for_selector("#review:not([hidden]), [data-action='review']:enabled", timeout=120_000)


def slow_down(page: Any, cpu: float) -> None:
    """The page's CPU slowed down ``cpu`` times (Chromium's own throttling, as its DevTools do
    for a phone); 1: as it is."""
    if cpu != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def session(page: Any, base: str, level: str, deals: int, seed: int,
            cpu: float = 1) -> list[tuple[str, float, float]]:
    """The parts of a visit: (name, start, end) in the page's clock, its CPU slowed down ``cpu``
    times (`slow_down`)."""
    parts = []
    slow_down(page, cpu)
    page.goto(f"{base}index.html?seed={seed}&delay=0&lang=en")
    page.wait_for_selector(PLAYABLE, timeout=180_000)
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    parts.append(("boot (first paint to a playable hand)", float(paint), now(page)))
    for number in range(deals):
        start = now(page)
        play_deal(page)
        parts.append((f"deal {number + 1} at {level}, hints, the coach", start, now(page)))
        if number + 1 < deals:
            page.click("[data-action='new-deal']")
            page.wait_for_selector(PLAYABLE, timeout=60_000)
    start = now(page)
    page.click("[data-action='replay']")
    page.wait_for_selector("#table[data-phase='replay']")
    for step in range(1, 13):  # a dozen steps, each shown before the next click
        page.click("[data-action='replay-next']")
        page.wait_for_function("n => document.querySelector('#prompt').textContent"
                               ".includes(`step ${n} of`)", arg=step)
    page.click("[data-action='replay-close']")
    parts.append(("a replay", start, now(page)))
    start = now(page)
    page.click("a[href='#settings']")
    page.wait_for_selector("#stats")
    page.wait_for_timeout(300)
    parts.append(("the statistics", start, now(page)))
    start = now(page)
    page.select_option("#language", "fi")
    page.wait_for_function("document.documentElement.lang === 'fi'")
    page.wait_for_timeout(500)
    parts.append(("a language switch (Finnish)", start, now(page)))
    start = now(page)
    page.click("[data-action='new-deal']")
    page.wait_for_selector(PLAYABLE, timeout=60_000)
    parts.append(("a new deal", start, now(page)))
    return parts


def floor_visits(playwright: Any, root: Path, runs: int, cpu: float) -> None:
    """PyScript's floor (bench/lighthouse.py's page: MicroPython on the page, Pyodide in a
    worker, nothing else), each visit in a fresh browser: its main-thread tasks until its worker
    has answered, as the game's boot is measured."""
    with tempfile.TemporaryDirectory(prefix="lukfu-floor-") as parent:
        path = write_floor(Path(parent))
        server, url = devserver.start_in_folder(root, Path(parent))
        try:
            browser = playwright.chromium.launch(
                executable_path=chromium.find_chromium(), args=chromium.FLAGS, headless=True)
            for _ in range(runs):
                context = browser.new_context()
                context.add_init_script(INIT % "beginner")
                page = context.new_page()
                slow_down(page, cpu)
                page.goto(url.removesuffix(f"{devserver.PROJECT_FOLDER}/") + path)
                page.wait_for_function(FLOOR_READY, timeout=120_000)
                page.wait_for_timeout(500)
                tasks = [duration for _begin, duration in page.evaluate("window.__longTasks")]
                print(f"floor: ready {now(page) / 1000:.2f} s, tasks over {LONG_TASK_MS} ms:"
                      f" {sum(d > LONG_TASK_MS for d in tasks)}, longest {max(tasks, default=0):.0f} ms"
                      f" (load average {os.getloadavg()[0]:.2f})", flush=True)
                context.close()
            browser.close()
        finally:
            server.shutdown()
            server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=["beginner", "casual", "strong", "expert"])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--returning", action="store_true", help="a returning player's visit")
    parser.add_argument("--floor", type=int, default=0, metavar="N",
                        help="only N visits of PyScript's floor page (bench/lighthouse.py's)")
    parser.add_argument("--cpu", type=float, default=1,
                        help="slow the page's CPU down this many times (Lighthouse's phone: 4)")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("bench/long_tasks.py: playwright missing; run tools/test once") from None
    root = site.build_site(verbose=False)
    print(f"load average {os.getloadavg()[0]:.2f} at the start"
          + (f"; the page's CPU slowed down {args.cpu:g} times" if args.cpu != 1 else ""))
    if args.floor:
        with sync_playwright() as playwright:
            floor_visits(playwright, root, args.floor, args.cpu)
        return
    server, base = devserver.start_in_thread()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium.find_chromium(), args=chromium.FLAGS, headless=True)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(INIT % args.level)
            if args.returning:
                first_visit(context.new_page(), base)
            said: list[str] = []
            context.on("console", lambda message: said.append(message.text))
            page = context.new_page()
            memory = MemoryWatch()
            memory.start()
            parts = session(page, base, args.level, args.deals, args.seed, args.cpu)
            memory.done.set()
            tasks = page.evaluate("window.__longTasks")
            booting = page.evaluate(BOOT_TASKS, parts[0][2])
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    worst = 0.0
    for name, start, end in parts:
        inside = [duration for begin, duration in tasks if start <= begin < end]
        over = [d for d in inside if d > LONG_TASK_MS]
        worst = max([worst, *inside])
        print(f"{name:45} {(end - start) / 1000:6.1f} s  tasks over {LONG_TASK_MS} ms: {len(over):2}"
              f"  longest task: {max(inside, default=0):4.0f} ms")
    boot = parts[0]
    before = [duration for begin, duration in tasks if begin < boot[1]]
    print(f"{'before the first paint':45} {boot[1] / 1000:6.1f} s  tasks over {LONG_TASK_MS} ms:"
          f" {sum(d > LONG_TASK_MS for d in before):2}  longest task: {max(before, default=0):4.0f} ms")
    print("the boot's tasks over 50 ms, each after what the page last finished:")
    for begin, duration, after in booting:
        print(f"  at {begin:6.0f} ms, {duration:4.0f} ms, after {after}")
    print(f"first paint {boot[1]:.0f} ms, hand playable {boot[2]:.0f} ms;"
          f" longest main-thread task in the whole visit: {worst:.0f} ms"
          f" (target: none over {LONG_TASK_MS} ms)")
    print(f"the renderer process's resident memory, at most: {memory.largest / 1e6:.0f} MB"
          " (target: under 300 MB)")
    restored = any(text.startswith(RESTORED) for text in said)
    print(f"the game's Python {'was restored from a snapshot' if restored else 'started afresh'}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
