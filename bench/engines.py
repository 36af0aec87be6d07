"""The game in Chromium, Firefox and WebKit: boot, a deal, the coach's review, and where the time goes.

Each run is a fresh browser with a fresh profile (tests/engines.py drives them: Chromium through
Playwright, Firefox over WebDriver BiDi, WebKitGTK through its WebDriver on an Xvfb screen).  The
site (site/) is served from a project folder with GitHub Pages' caching (max-age=600).

- cold: navigation to a playable hand, a first visit (the page's own clock: performance.now()
  when the hand is shown); split into the first paint, the game's worker ready (PyScript's
  xworker.ready: Pyodide and the game loaded in it) and the hand shown;
- warm: the same, a second visit (HTTP cache, the service worker installed meanwhile);
- compile: WebAssembly.compile of Pyodide's 9.6 MB wasm, alone, in the page (the bytes first
  fetched, then timed);
- bare: the floor, bench/boot.py's bare page (loadPyodide() and one line of Python, from the
  site's own runtime, on the page's thread), cold, in a browser of its own: game − bare is
  what the game adds to Pyodide's own start in that engine;
- deal: deal 1 against Beginner played by clicking (nine moves: call, plays, a discard, a claim;
  tests/engine_checks.py), from the hand shown to the end; review: from the end to the coach's
  whole review shown (it runs in the worker, in the background), its verdicts and losses
  checked against the coach's under CPython (an error of the run if they differ: the tests
  check them in Chromium, and only the coach at work in Firefox and WebKit).

With ``--shots``, screenshots of every phase (a first visit's calling, a trick to beat, the end,
the review, the lesson) in English and Persian at 1366×768 and 390×844, per engine, into
artifacts/engines/, and one sheet per phase, language and size with the three side by side
(artifacts/engines/sheet-*.png, drawn by the page itself in Chromium).

    .venv/bin/python bench/engines.py                  # 3 runs of each engine
    .venv/bin/python bench/engines.py --runs 1 --only webkit
    .venv/bin/python bench/engines.py --runs 0 --shots # screenshots only
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]  # run as a script

from boot import BARE_HTML, BARE_READY  # noqa: E402
from engine_checks import READY, open_review, play_deal  # noqa: E402
from engines import ENGINES, Engine, launch  # noqa: E402

from lukfu.coach import review  # noqa: E402
from lukfu.session import Session  # noqa: E402
from tools import devserver, site, stdlib  # noqa: E402

SEED = 1
# Polled until the hand shows: the moments of the boot, on the page's clock (ms since navigation).
MOMENTS = """(() => {
  const at = window.__moments ??= {};
  const now = performance.now();
  const game = document.querySelector("script[type='py'][worker][name='game']");
  if (game && game.xworker && !at.hooked) {  // (PyScript's: ready once the worker's Python ran)
    at.hooked = 1;
    game.xworker.ready.then(() => at.worker ??= performance.now());
  }
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (paint) at.paint = paint.startTime;
  if (""" + READY + """) { at.ready ??= now; return at; }
  return null;
})()"""
COMPILE = """(async url => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const start = performance.now();
  await WebAssembly.compile(bytes);
  return performance.now() - start;
})"""
STILL = "document.getAnimations().every(a => a.playState !== 'running')"  # no card in flight
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
PHASES = ("calling", "trick", "over", "review", "lesson")


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def boot(web: Engine, url: str) -> dict[str, float]:
    web.goto(url)  # (a new document: its __moments start empty)
    moments = web.wait(MOMENTS, 120, "the hand")
    return {name: float(moments[name]) for name in ("paint", "worker", "ready") if name in moments}


def whole_review(web: Engine) -> float:
    """Open the coach's review; return the seconds from the end of the deal until all of it
    shows (its decisions show one by one before the summary)."""
    started = time.monotonic()
    open_review(web)
    web.wait("!!document.querySelector('#review .review-summary')", 240, "the whole review")
    return time.monotonic() - started


def reviewed_as_under_cpython(web: Engine, session: Session) -> float:
    """Open the coach's review of ``session``, just over on the page, and check its verdicts and
    losses are those `lukfu.coach` gives under CPython (worked out meanwhile); return the
    seconds until the whole review showed."""
    with ThreadPoolExecutor(1) as cpython:  # (its review as the page's goes on)
        reviewing = cpython.submit(review, session, 0)
        reviewed = whole_review(web)
        expected = reviewing.result()
    shown = web.js("[...document.querySelectorAll('#review [data-verdict]')]"
                   ".map(e => [e.dataset.loss, e.dataset.verdict])")
    assert shown == [[f"{d.loss:.2f}", d.verdict] for d in expected.decisions], shown
    return reviewed


def one_run(name: str, url: str) -> dict[str, Any]:
    """One fresh browser of ``name``: its figures, in seconds."""
    with tempfile.TemporaryDirectory() as profile, launch(name, Path(profile)) as web:
        web.resize(1366, 768)
        cold = boot(web, f"{url}index.html?delay=0")
        wasm = next(site.SITE.glob("runtime/pyodide-*/pyodide.asm.wasm")).relative_to(site.SITE)
        compiled = float(web.js(f"{COMPILE}('{url}{wasm.as_posix()}')"))
        web.wait("navigator.serviceWorker.ready.then(r => !!r.active)", 120, "the service worker")
        warm = boot(web, f"{url}index.html?delay=0")
        _, played, session = play_deal(web, url, SEED)
        errors: list[str] = []
        try:  # (the figures, as tests/test_page_review.py checks them in Chromium)
            reviewed = reviewed_as_under_cpython(web, session)
        except AssertionError as error:
            errors.append(f"the review's figures are not CPython's: {error}")
            reviewed = float("nan")
        errors += web.errors()
        version = web.version
    return {"version": version, "cold": cold, "warm": warm, "compile": compiled / 1000, "deal": played,
            "review": reviewed, "errors": errors}


def bare_run(name: str, url: str) -> float:
    """Bare Pyodide's cold start in a fresh browser of ``name``, in seconds."""
    with tempfile.TemporaryDirectory() as profile, launch(name, Path(profile)) as web:
        web.open(url, 1366, 768)
        return float(web.wait(f"({BARE_READY}) && performance.now()", 120, "bare Pyodide")) / 1000


def report(name: str, runs: list[dict[str, Any]]) -> None:
    def median(values: list[float]) -> str:
        return f"{statistics.median(values):6.2f}"

    def spread(values: list[float]) -> str:
        return f"{median(values)} ({min(values):.2f}-{max(values):.2f})"

    print(f"\n{name} ({runs[0]['version']})")
    for visit in ("cold", "warm"):
        parts = {moment: [r[visit][moment] / 1000 for r in runs if moment in r[visit]]
                 for moment in ("paint", "worker", "ready")}
        line = "  ".join(f"{moment} {median(values)}" for moment, values in parts.items() if values)
        print(f"  {visit:7} to the hand {spread(parts['ready'])} s   [{line}]")
    for figure in ("bare", "compile", "deal", "review"):
        print(f"  {figure:7} {spread([r[figure] for r in runs])} s")
    errors = [e for r in runs for e in r["errors"]]
    if errors:
        print(f"  errors in the page: {errors}")


def shots(name: str, url: str, folder: Path) -> None:
    """Every phase, in English and Persian, at both sizes, for one engine."""
    for language in ("en", "fa"):
        for size, (width, height) in SIZES.items():
            with tempfile.TemporaryDirectory() as profile, launch(name, Path(profile)) as web:
                def shot(phase: str, web: Engine = web, language: str = language, size: str = size) -> None:
                    web.wait(STILL, 5, "the cards to land")
                    web.screenshot(folder / f"{name}-{language}-{size}-{phase}.png")

                web.open(f"{url}index.html?lang={language}&delay=0", width, height)
                web.wait(READY, 120, "the hand")
                play_deal(web, url, SEED, at=shot, query=f"&lang={language}")
                shot("over")
                whole_review(web)
                web.js("document.getElementById('review').scrollIntoView()")
                shot("review")
                web.act("#learn")
                web.wait("document.getElementById('table').dataset.lessonStep === '1'", 30, "the lesson")
                web.js("scrollTo(0, 0)")
                shot("lesson")
    print(f"  {name}: screenshots in {folder}", flush=True)


SHEET = """(([title, images]) => {
  document.body.innerHTML = '';
  document.body.style.cssText = 'margin: 0; background: #fff; font: 16px sans-serif';
  const row = document.createElement('div');
  row.style.cssText = 'display: flex; gap: 12px; padding: 8px; align-items: flex-start';
  for (const [label, data] of images) {
    const figure = document.createElement('figure');
    figure.style.margin = '0';
    figure.innerHTML = `<figcaption>${label}</figcaption>`;
    const img = new Image(); img.src = data; img.style.maxWidth = '640px'; figure.append(img);
    row.append(figure);
  }
  document.body.append(row);
  return Promise.all([...document.images].map(i => i.decode())).then(() => true);
})"""


def sheets(folder: Path, engines: list[str]) -> None:
    """One picture per phase, language and size: the engines side by side."""
    from playwright.sync_api import sync_playwright

    from tools import chromium

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.find_chromium(), args=chromium.FLAGS)
        page = browser.new_page(viewport={"width": 3 * 660, "height": 400})
        for language in ("en", "fa"):
            for size in SIZES:
                for phase in PHASES:
                    images = []
                    for name in engines:
                        path = folder / f"{name}-{language}-{size}-{phase}.png"
                        if path.is_file():
                            data = base64.b64encode(path.read_bytes()).decode()
                            images.append([name, f"data:image/png;base64,{data}"])
                    if images:
                        page.evaluate(f"{SHEET}({json.dumps([phase, images])})")
                        sheet = folder / f"sheet-{language}-{size}-{phase}.png"
                        page.screenshot(path=str(sheet), full_page=True)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default=",".join(ENGINES), help="engines, comma-separated")
    parser.add_argument("--shots", action="store_true", help="screenshots of every phase")
    args = parser.parse_args()
    engines = [name for name in args.only.split(",") if name]
    site.build_site(verbose=False)
    folder = Path(tempfile.mkdtemp())
    (folder / "bench").mkdir()
    runtime = f"{devserver.PROJECT_FOLDER}/{site.shipment().pyodide}"
    lock = f", lockFileContents: {json.dumps(stdlib.lock_text())}"
    bare = BARE_HTML.replace("FOLDER", runtime).replace("LOCK", lock)
    (folder / "bench" / "bare.html").write_text(bare, encoding="utf-8")
    server, url = devserver.start_in_folder(site.SITE, folder, cache_control="max-age=600")
    try:
        print(f"{load()} at the start; {args.runs} run(s) of each engine, fresh profiles", flush=True)
        for name in engines:
            runs = []
            for _ in range(args.runs):
                runs.append({**one_run(name, url), "bare": bare_run(name, f"{url}../bench/bare.html")})
                print(f"  {name} run {len(runs)} done ({load()})", flush=True)
            if runs:
                report(name, runs)
        if args.shots:
            out = ROOT / "artifacts" / "engines"
            out.mkdir(parents=True, exist_ok=True)
            for name in engines:
                shots(name, url, out)
            sheets(out, engines)
        print(f"\n{load()} at the end")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
