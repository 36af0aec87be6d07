"""Lighthouse (pinned in package.json) on the built site, mobile and desktop presets.

Prints, per preset, the four category scores (performance, accessibility, best practices,
SEO), first contentful paint, largest contentful paint and total blocking time, plus every
audit that cost points outside performance.  (Lighthouse 12.2.3 cannot name the LCP element with
this Chromium: its trace gatherer fails, so the element is not printed.)
The site is served the way GitHub Pages serves it (``Cache-Control: max-age=600``) from a
project folder (``/luk-fu/``); Lighthouse's own throttling is used (simulated slow 4G for
mobile).

    .venv/bin/python bench/lighthouse.py               # build the site, median of 1 run each
    .venv/bin/python bench/lighthouse.py --runs 3      # median of 3 per preset
    .venv/bin/python bench/lighthouse.py --root DIR    # serve DIR as it is (e.g. an old checkout)
    .venv/bin/python bench/lighthouse.py --runs 3 --floor  # and PyScript's floor, on a phone

``--floor`` also measures the floor the brief sets (mobile only): a page with PyScript,
MicroPython on the page and Pyodide in a worker, that says one word and does nothing else
(written next to the site at run time, on the site's own PyScript, MicroPython and Pyodide: it
differs from the game only by what the game does).  For each page it prints its longest
main-thread tasks as Lighthouse's phone sees them.

The last report of each is kept in artifacts/lighthouse-<preset or floor>.json (open it in the
Lighthouse viewer for the details).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from tools import chromium, devserver, runtime, site, stdlib  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
ARTIFACTS = ROOT / "artifacts"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
}
FLOOR_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="PyScript's floor: MicroPython on the page, Pyodide in a worker.">
<title>PyScript floor</title>
<link rel="icon" href="data:,">
<mpy-config>{mpy}</mpy-config>
<py-config>{py}</py-config>
<script type="module" src="../{site}/{pyscript}/core.js"></script>
</head>
<body>
<h1>PyScript floor</h1>
<p>MicroPython on the page, Pyodide in a worker, nothing else.</p>
<script type="py" worker name="game" config='{worker}'>
def answer():
    return "ready"
__export__ = ["answer"]
</script>
<script type="mpy">
from pyscript import document, workers
game = await workers["game"]
document.body.dataset.said = await game.answer()
</script>
</body>
</html>
"""


FLOOR_RUNTIME = """// PyScript's floor's interpreter: the site's own Pyodide (its cut standard library), given
// its package index as the game's worker is (static/pyodide.mjs), and nothing more.
import {{ loadPyodide as load, version }} from "../{site}/{pyodide}/pyodide.mjs";
export {{ version }};
const FOLDER = new URL("../{site}/{pyodide}/", import.meta.url).href;
export const loadPyodide = (options) => load({{ ...options, indexURL: FOLDER, lockFileContents: {lock} }});
"""


def write_floor(parent: Path) -> str:
    """PyScript's floor page in ``parent`` (served as the site's sibling); its path there.
    Its worker runs the site's own Pyodide, as the game's does, so that floor/bare is what
    PyScript itself costs on the same runtime."""
    ship = site.shipment()
    plugins = site.game_config()["plugins"]  # (pyscript.toml's: it leaves out what the game does)
    page = {"interpreter": f"../{devserver.PROJECT_FOLDER}/{ship.micropython}/micropython.mjs",
            "plugins": plugins}
    worker = {"interpreter": "./floor-pyodide.mjs", "plugins": plugins}
    html = FLOOR_HTML.format(mpy=json.dumps(page), py=json.dumps({"plugins": plugins}),
                             worker=json.dumps(worker), site=devserver.PROJECT_FOLDER,
                             pyscript=ship.pyscript)
    (parent / "bench").mkdir(exist_ok=True)
    (parent / "bench" / "floor.html").write_text(html, encoding="utf-8")
    interpreter = FLOOR_RUNTIME.format(site=devserver.PROJECT_FOLDER, pyodide=ship.pyodide,
                                       lock=json.dumps(stdlib.lock_text()))
    (parent / "bench" / "floor-pyodide.mjs").write_text(interpreter, encoding="utf-8")
    return "bench/floor.html"


def longest_tasks(report: dict[str, Any]) -> list[int]:
    """The main-thread tasks Lighthouse found over 50 ms, longest first, in its phone's ms."""
    items = report["audits"]["long-tasks"].get("details", {}).get("items", [])
    return sorted((round(item["duration"]) for item in items), reverse=True)


def run_lighthouse(url: str, preset: str, name: str = "") -> dict[str, Any]:
    """One Lighthouse run; its JSON report (kept as artifacts/lighthouse-<name or preset>.json).

    On a busy machine Lighthouse may time out reading a response body back from Chromium
    (PROTOCOL_TIMEOUT): it still writes the report, with every metric and score; such a report
    is used and its error is listed under the results.  A run without scores is tried again.
    """
    flags = " ".join(["--headless=new", *chromium.FLAGS])
    command = [
        "node", str(LIGHTHOUSE), url, "--output=json", "--quiet",
        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
        "--max-wait-for-load=120000",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": chromium.find_chromium() or ""}
    for attempt in (1, 2):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            subprocess.run([*command, f"--output-path={out.name}"], env=env, cwd=ROOT)
            text = Path(out.name).read_text(encoding="utf-8")
        try:
            report: dict[str, Any] = json.loads(text)
            if all(report["categories"][name]["score"] is not None for name in CATEGORIES):
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                (ARTIFACTS / f"lighthouse-{name or preset}.json").write_text(text, encoding="utf-8")
                return report
        except (ValueError, KeyError):
            pass
        print(f"bench/lighthouse.py: no scores ({preset}, attempt {attempt})", file=sys.stderr)
    raise SystemExit("bench/lighthouse.py: Lighthouse gave no scores twice")


def summary(report: dict[str, Any]) -> dict[str, float]:
    scores = {name: float(report["categories"][name]["score"] or 0) for name in CATEGORIES}
    for label, audit in METRICS.items():
        scores[label] = float(report["audits"][audit]["numericValue"]) / 1000
    return scores


def failed_audits(report: dict[str, Any]) -> list[str]:
    """The audits that cost points in the non-performance categories, by title."""
    lines = []
    for name in CATEGORIES[1:]:
        for ref in report["categories"][name]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref.get("weight") and audit.get("score") is not None and audit["score"] < 1:
                lines.append(f"{name}: {audit['title']} ({ref['id']})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per preset (median)")
    parser.add_argument("--root", type=Path, help="serve this folder instead of building the site")
    parser.add_argument("--floor", action="store_true", help="PyScript's floor page too (mobile)")
    args = parser.parse_args()
    if not LIGHTHOUSE.is_file():
        raise SystemExit("bench/lighthouse.py: node_modules/lighthouse is missing: run `npm ci`")
    if args.root is None:
        try:
            root = site.build_site(verbose=False)
        except runtime.BuildError as error:
            raise SystemExit(f"bench/lighthouse.py: {error}") from None
    else:
        root = args.root.resolve()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="lukfu-lighthouse-") as parent:
        floor = write_floor(Path(parent)) if args.floor else ""
        server, url = devserver.start_in_folder(root, Path(parent), cache_control="max-age=600")
        pages = [("mobile", url, "mobile"), ("desktop", url, "desktop")]
        if floor:
            pages.append(("floor", url.removesuffix(f"{devserver.PROJECT_FOLDER}/") + floor, "mobile"))
        try:
            results: dict[str, list[dict[str, float]]] = {}
            notes: dict[str, set[str]] = {}
            tasks: dict[str, list[list[int]]] = {}
            for _ in range(args.runs):  # (the pages in turns, so that a busy moment hits them all)
                for name, address, preset in pages:
                    report = run_lighthouse(address, preset, name)
                    results.setdefault(name, []).append(summary(report))
                    tasks.setdefault(name, []).append(longest_tasks(report)[:4])
                    notes.setdefault(name, set()).update(failed_audits(report))
                    if report.get("runtimeError"):
                        notes[name].add(f"Lighthouse: {report['runtimeError'].get('code')}")
        finally:
            server.shutdown()
            server.server_close()
    print(f"\nLighthouse 12 on {url} (served from {root}), median of {args.runs};"
          f" load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")
    print(f"{'page':8} {'perf':>5} {'a11y':>5} {'b.p.':>5} {'seo':>5} {'FCP':>7} {'LCP':>7} {'TBT':>7}")
    for preset, runs in results.items():
        m = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(
            f"{preset:8} {m['performance']:>5.2f} {m['accessibility']:>5.2f} "
            f"{m['best-practices']:>5.2f} {m['seo']:>5.2f} {m['FCP']:>6.2f}s {m['LCP']:>6.2f}s "
            f"{m['TBT'] * 1000:>5.0f}ms"
        )
    print("the longest main-thread tasks of each run (ms, as Lighthouse's phone or desktop runs them):")
    for name, runs_tasks in tasks.items():
        print(f"  {name:8} " + "   ".join(", ".join(map(str, run)) for run in runs_tasks))
    for preset, lines in notes.items():
        for line in sorted(lines):
            print(f"  {preset}: {line}")


if __name__ == "__main__":
    main()
