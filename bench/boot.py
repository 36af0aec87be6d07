"""Time from navigation to "game ready" in headless Chromium, against a bare Pyodide page.

Ready means: the table shows a phase other than loading
(``[data-phase]:not([data-phase="loading"])``) and the human's card buttons (``[data-card]``)
exist.  The floor is a bare page that only does ``loadPyodide()`` + ``runPython("1+1")`` from
the site's runtime folder (written next to the site at run time): "bare", on the runtime as the
site ships it (its standard library cut down and compiled by tools/stdlib.py, which speeds
Pyodide's own start as much as the game's), and "stock", on Pyodide's files as npm publishes
them (runtime/pyodide/: the whole standard library, as sources).  "floor" is the least the
brief allows: PyScript with MicroPython on the page and the site's Pyodide in a worker, doing
nothing else (bench/lighthouse.py's floor page); against "bare", it is what PyScript itself
costs on the same runtime.

Cold = a fresh browser profile; warm = a second navigation in the same profile a second later
(HTTP cache and V8's code cache filled); third = a third one, a second after that.
The built site (site/) is served from a project folder
(/luk-fu/) with GitHub Pages' caching (``Cache-Control: max-age=600``).  Times come from the
page's own clock (``performance.now()`` when the ready condition first holds, i.e. milliseconds
since navigation start).  "game" and "bare" run without service workers; "game+sw" lets the
game's service worker install after the cold visit (until it is active), so that its warm visit
is answered by the service worker: compare its warm time with the game's.  Neither starts from a
memory snapshot (the page's snapshot is deleted before each of their visits): "snapshot" is a
returning player's, with the service worker and the snapshot the cold visit kept once its game
was idle (static/pyodide.mjs); each of its later visits must say it started from it.  For "game+sw" it
also adds up what the server sent during its cold visit until the service worker was active (the
precache's downloads included, which the page's own request events do not show), each response
as GitHub Pages sends it, gzip'd: the bytes of a first visit over the network; and it names the
files sent twice.

    .venv/bin/python bench/boot.py            # median of 5 cold and 5 warm per page
    .venv/bin/python bench/boot.py --runs 3 --only bare
    .venv/bin/python bench/boot.py --only game,game+sw
    .venv/bin/python bench/boot.py --only game,bare,stock
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from bench.lighthouse import write_floor  # noqa: E402
from tools import chromium, devserver, runtime, site, stdlib  # noqa: E402

OWN_CODE_TARGET = 1_000_000  # bytes: own code + assets (not runtime/) should stay below 1 MB

GAME_READY = (
    "document.querySelector('[data-phase]:not([data-phase=\"loading\"])') !== null"
    " && document.querySelector('[data-card]') !== null"
)
BARE_READY = "document.body !== null && document.body.dataset.ready === '1'"
FLOOR_READY = "document.body !== null && document.body.dataset.said === 'ready'"  # (its worker answered)
SW_ACTIVE = """navigator.serviceWorker.getRegistration().then(
  (r) => !!(r && r.active && r.active.state === "activated"))"""
SNAPSHOT_KEPT = "caches.open('lukfu-snapshot').then((c) => c.keys()).then((k) => k.length > 0)"
NO_SNAPSHOT = "caches.delete('lukfu-snapshot')"
RESTORED = "lukfu: Python restored from a snapshot"  # the worker's console, when it did
# The moments the page's Python marks as the game starts (lukfu/web/dom/): its own Python up, the
# game's worker up (Pyodide and PyScript's start in it), the first view drawn.
MOMENTS = ("lukfu:page-python", "lukfu:game-ready", "lukfu:first-view")
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))"

BARE_HTML = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>bare Pyodide boot</title>
<link rel="icon" href="data:,">
<body>
<script type="module">
  // The floor for the game page: boot Pyodide from the self-hosted copy and run one line.
  import { loadPyodide } from "../FOLDER/pyodide.mjs";
  const pyodide = await loadPyodide({ indexURL: "../FOLDER/"LOCK });
  pyodide.runPython("1+1");
  document.body.dataset.ready = "1";
</script>
</body>
</html>
"""

# Runs before any page script: stamp the first moment the ready condition holds.
READY_PROBE = """
(() => {
  const ready = () => { try { return READY; } catch (e) { return false; } };
  const check = () => {
    if (window.__lukfuReadyAt === undefined && ready()) {
      window.__lukfuReadyAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


@dataclass
class Target:
    """A page to time and the JavaScript expression that says it is ready."""

    name: str
    path: str
    ready_js: str
    service_workers: str = "block"
    settle_js: str = ""  # what must hold after the cold visit before the warm one
    snapshot: bool = False  # its later visits start from the snapshot (else: none is left to)
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    third: list[float] = field(default_factory=list)
    moments: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # (visit, mark): seconds
    cold_bytes: list[int] = field(default_factory=list)
    own_bytes: int = 0  # bytes the page loaded from outside runtime/ (cold load)
    requests: int = 0  # requests of the last cold load until ready (the page and what it fetched)
    gzipped: list[int] = field(default_factory=list)  # a cold visit to the end of settle_js, gzip'd
    twice: dict[str, int] = field(default_factory=dict)  # files the server sent more than once then
    problems: set[str] = field(default_factory=set)

    def note_moments(self, visit: str, page: Any) -> None:
        """The moments of MOMENTS of the visit just made (the game's page marks them)."""
        if self.ready_js != GAME_READY:
            return
        page.wait_for_function(f"performance.getEntriesByName('{MOMENTS[-1]}').length > 0", timeout=30_000)
        marks = page.evaluate(MARKS)
        for name in MOMENTS:
            if name in marks:
                self.moments.setdefault((visit, name), []).append(marks[name] / 1000)


def load_once(page: Any, url: str, timeout_ms: int,
              finished: list[Any]) -> tuple[float, int, int, int]:
    """Navigate and wait until ready; return (seconds, bytes transferred, bytes not in runtime/,
    requests).  The requests are the context's (``finished``, filled by its "requestfinished"
    events): the game's worker fetches the runtime itself, which the page's own Resource Timing
    does not see."""
    finished.clear()
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__lukfuReadyAt !== undefined", timeout=timeout_ms)
    ready_ms = page.evaluate("window.__lukfuReadyAt")
    ready_at = page.evaluate("performance.timeOrigin") + ready_ms  # epoch milliseconds
    # The requests done by the time the game was ready (not those that ended while this waited
    # for the page's answer: the hand's pictures, say).
    before_ready = [request for request in finished
                    if request.timing["startTime"] + request.timing["responseEnd"] <= ready_at]
    transferred = own = 0
    for request in before_ready:
        sizes = request.sizes()
        body = max(0, sizes["responseBodySize"])
        transferred += body + max(0, sizes["responseHeadersSize"])
        if "/runtime/" not in urlsplit(request.url).path:
            own += body
    return ready_ms / 1000, transferred, own, len(before_ready)


def wait_until(page: Any, js: str, timeout_s: float) -> None:
    """Poll ``js`` (an expression that may be a promise: page.wait_for_function would take the
    promise itself for a true value) until it is true."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(js):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_s:.0f} s: {js}")
        time.sleep(0.25)


def measure(playwright: Any, chromium: ModuleType, base: str, target: Target,
            served: list[str]) -> None:
    """One cold load in a fresh profile, then two more in the same profile."""
    url = base + target.path
    site_origin = urlsplit(base).netloc
    with tempfile.TemporaryDirectory(prefix="lukfu-boot-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium.find_chromium(), args=chromium.FLAGS, headless=True,
            service_workers=target.service_workers,
        )
        try:
            context.add_init_script(READY_PROBE.replace("READY", target.ready_js))

            def on_request(request: Any) -> None:
                network = request.url.startswith(("http:", "https:", "ws:", "wss:"))
                if network and urlsplit(request.url).netloc != site_origin:
                    target.problems.add(f"request to another origin: {request.url}")

            restored: list[str] = []
            context.on("request", on_request)
            finished: list[Any] = []
            context.on("requestfinished", lambda request: finished.append(request))

            def on_console(message: Any) -> None:
                if message.type == "error":
                    target.problems.add(f"console error: {message.text}")
                elif message.text.startswith(RESTORED):
                    restored.append(message.text)

            context.on("console", on_console)
            context.on("weberror", lambda err: target.problems.add(f"page error: {err.error}"))
            page = context.pages[0] if context.pages else context.new_page()
            served.clear()
            seconds, transferred, own, requests = load_once(page, url, 90_000, finished)
            target.note_moments("cold", page)
            target.requests = requests
            target.cold.append(seconds)
            target.cold_bytes.append(transferred)
            target.own_bytes = own
            if target.settle_js:
                wait_until(page, target.settle_js, 120)
                time.sleep(1.0)  # the last responses logged
                target.gzipped.append(gzipped_bytes(list(served), base))
                target.twice = {path: n for path, n in Counter(served).items() if n > 1}
            for visit, name in ((target.warm, "warm"), (target.third, "third")):
                time.sleep(1.0)  # let Chromium write its caches, as between two real visits
                if not target.snapshot and target.name.startswith("game"):
                    page.evaluate(NO_SNAPSHOT)
                restored.clear()
                seconds, _, _, _ = load_once(page, url, 90_000, finished)
                visit.append(seconds)
                target.note_moments(name, page)
                if bool(restored) != target.snapshot:
                    target.problems.add("a visit " + ("did not start" if target.snapshot else "started")
                                        + " from a snapshot")
        finally:
            context.close()
    print(f"  {target.name}: cold {target.cold[-1]:.2f} s, warm {target.warm[-1]:.2f} s, "
          f"third {target.third[-1]:.2f} s", flush=True)


def site_file(served: str, base: str) -> Path:
    """The file of site/ the server sent at path ``served``."""
    path = served.removeprefix(urlsplit(base).path)
    path = path.removeprefix(devserver.PROJECT_FOLDER + "/") or "index.html"
    return site.SITE / (path + "index.html" if path.endswith("/") else path)


def gzipped_bytes(paths: list[str], base: str) -> int:
    """What the files sent at ``paths`` weigh gzip'd at level 6 (as GitHub Pages serves; the
    files are read from site/, where they come from), each time it was sent."""
    files = [site_file(path, base) for path in paths]
    return sum(len(gzip.compress(f.read_bytes(), 6, mtime=0)) for f in files if f.is_file())


def own_files(root: Path) -> dict[str, int]:
    """Bytes on disk of the site's own code and assets, per group (everything outside runtime/)."""
    groups: dict[str, int] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and rel.parts[0] != "runtime":
            name = rel.parts[0] + ("/**" if len(rel.parts) > 1 else "")
            groups[name] = groups.get(name, 0) + path.stat().st_size
    return groups


def mb(size: float) -> str:
    return f"{size / 1_000_000:.2f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold (and warm) loads per page")
    parser.add_argument("--only",
                        help="comma-separated pages to time: game, game+sw, snapshot, bare, stock, floor")
    args = parser.parse_args()

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("bench/boot.py: playwright missing; run tools/test once (it makes .venv)") from None
    try:
        root = site.build_site(verbose=False)
    except runtime.BuildError as error:
        raise SystemExit(f"bench/boot.py: {error}") from None
    ship = site.shipment()
    parent = Path(tempfile.mkdtemp(prefix="lukfu-boot-"))
    (parent / "bench").mkdir()
    # (the site's package index comes in the page, as the game's does; stock Pyodide fetches its own)
    lock = f", lockFileContents: {json.dumps(stdlib.lock_text())}"
    for name, folder, given in (("bare", f"{devserver.PROJECT_FOLDER}/{ship.pyodide}", lock),
                                ("stock", "stock", "")):
        page = BARE_HTML.replace("FOLDER", folder).replace("LOCK", given)
        (parent / "bench" / f"{name}.html").write_text(page, encoding="utf-8")
    (parent / "stock").symlink_to((runtime.RUNTIME / "pyodide").resolve(), target_is_directory=True)
    floor = write_floor(parent)
    server, url = devserver.start_in_folder(root, parent, cache_control="max-age=600")
    served: list[str] = []
    devserver.record_sent(server, served)
    site_root = url.removesuffix(devserver.PROJECT_FOLDER + "/")

    wanted = set((args.only or "game,game+sw,snapshot,bare,stock,floor").split(","))
    kept = f"Promise.all([{SW_ACTIVE}, {SNAPSHOT_KEPT}]).then((both) => both.every(Boolean))"
    targets = [
        Target("game", f"{devserver.PROJECT_FOLDER}/", GAME_READY),
        Target("game+sw", f"{devserver.PROJECT_FOLDER}/", GAME_READY, "allow", SW_ACTIVE),
        Target("snapshot", f"{devserver.PROJECT_FOLDER}/", GAME_READY, "allow", kept, snapshot=True),
        Target("bare", "bench/bare.html", BARE_READY),
        Target("stock", "bench/stock.html", BARE_READY),
        Target("floor", floor, FLOOR_READY),
    ]
    targets = [t for t in targets if t.name in wanted]

    try:
        with sync_playwright() as playwright:
            # Alternate the pages, so a slow spell on this shared machine hits both alike.
            for _ in range(args.runs):
                for target in targets:
                    try:
                        measure(playwright, chromium, site_root, target, served)
                    except Exception as error:  # Playwright's TimeoutError among others
                        for problem in sorted(target.problems):
                            print(f"  ({target.name}) {problem}")
                        raise SystemExit(f"bench/boot.py: {target.name} page: {error}") from None
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(parent)

    print()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Boot to ready, headless Chromium, median of {args.runs} ({url}; load average now {load})")
    print(f"{'page':9} {'cold':>8} {'warm':>8} {'third':>8} {'cold transfer':>14}")
    for t in targets:
        cold, warm, third = (statistics.median(v) for v in (t.cold, t.warm, t.third))
        transfer = mb(statistics.median(t.cold_bytes))
        print(f"{t.name:9} {cold:>7.2f}s {warm:>7.2f}s {third:>7.2f}s {transfer:>14}")
    by_name = {t.name: t for t in targets}
    targets_of = {("game", "bare"): " (target: cold at most 1.25)",
                  ("game", "stock"): " (target: at most 1.10)",
                  ("snapshot", "bare"): " (target: warm and third at most 1.00)",
                  ("floor", "bare"): " (PyScript's own cost: MicroPython on the page, the worker)",
                  ("game", "floor"): " (what the game adds to PyScript)"}
    for (name, floor), note in targets_of.items():
        if name in by_name and floor in by_name:
            game, under = by_name[name], by_name[floor]
            ratios = [statistics.median(getattr(game, visit)) / statistics.median(getattr(under, visit))
                      for visit in ("cold", "warm", "third")]
            print(f"{name}/{floor}: cold {ratios[0]:.2f}, warm {ratios[1]:.2f}, third {ratios[2]:.2f}{note}")
    if "game+sw" in by_name and "bare" in by_name:
        ratio = statistics.median(by_name["game+sw"].warm) / statistics.median(by_name["bare"].warm)
        print(f"game+sw/bare: warm {ratio:.2f} (the service worker's answer without a snapshot)")
    print("The game's start, medians in seconds from navigation: its page's Python up, its worker"
          " up, the first view drawn, the hand ready")
    for t in targets:
        for visit in ("cold", "warm", "third"):
            moments = [t.moments.get((visit, name), []) for name in MOMENTS]
            if all(moments):
                ready = statistics.median(getattr(t, visit))
                print(f"  {t.name:9} {visit:5} " + "  ".join(
                    f"{name.removeprefix('lukfu:')} {statistics.median(m):.2f}"
                    for name, m in zip(MOMENTS, moments, strict=True)) + f"  ready {ready:.2f}")
    if "game+sw" in by_name and by_name["game+sw"].gzipped:
        print(f"a cold visit with the precache, gzip'd: {mb(statistics.median(by_name['game+sw'].gzipped))}"
              " (target: at most 5.5 MB)")
    if "game+sw" in by_name:
        twice = by_name["game+sw"].twice
        print(f"files sent twice in that visit (the page's, then the precache's): {len(twice)}"
              + (f", {sum(site_file(p, site_root).stat().st_size for p in twice) / 1000:.0f} kB"
                 if twice else ""))
    if "game" in by_name and "game+sw" in by_name:
        with_sw = statistics.median(by_name["game+sw"].warm) / statistics.median(by_name["game"].warm)
        print(f"repeat visit answered by the service worker / by the HTTP cache: {with_sw:.2f}")

    print()
    files = [p for p in root.rglob("*") if p.is_file()]
    print(f"site/: {mb(sum(p.stat().st_size for p in files))} in {len(files)} files")
    print("Own code and assets (not runtime/), on disk:")
    sizes = own_files(root)
    for name, size in sizes.items():
        print(f"  {name:16} {size / 1000:>8.1f} kB")
    total = sum(sizes.values())
    verdict = "OK" if total < OWN_CODE_TARGET else "OVER TARGET"
    print(f"  {'total':16} {mb(total):>11}   target < {mb(OWN_CODE_TARGET)}: {verdict}")
    if "game" in by_name:
        game = by_name["game"]
        print(f"  loaded by the game page on a cold visit (not runtime/): {mb(game.own_bytes)}")
        print(f"A cold visit of the game, until its hand is playable: {game.requests} requests"
              " (target: at most 30)")

    for t in targets:
        for problem in sorted(t.problems):
            print(f"WARNING ({t.name}): {problem}")


if __name__ == "__main__":
    main()
