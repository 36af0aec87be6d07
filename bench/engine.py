"""Random full-deal playouts per second in CPython and in Pyodide (Node), and their ratio.

Both runtimes run the same code, bench/playouts.py, on the same fixed seeds; the measured
playout functions are ``playouts.PLAYOUTS``.  Pyodide runs in Node from node_modules/pyodide
(the build the page ships) through bench/pyodide_run.mjs.

    .venv/bin/python bench/engine.py            # best of 3, api and fast playouts
    .venv/bin/python bench/engine.py --quick    # a tenth of the work, for a smoke test
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import playouts  # noqa: E402 (needs the path above)

# Playouts per kind: about a second of work per repetition in CPython on the 2-core dev machine.
DEFAULT_N = {"api": 1000, "fast": 10000}
WARMUP_SEED = 1_000_000  # warm-up deals use other seeds than the measured ones


def jobs(n_scale: float, kinds: list[str]) -> list[dict[str, int | str]]:
    """The measured runs, identical for both runtimes."""
    return [{"kind": kind, "n": max(1, int(DEFAULT_N.get(kind, 1000) * n_scale))} for kind in kinds]


def best_of(results: list[dict[str, float | int | str]]) -> dict[str, float | int | str]:
    """The fastest of repeated runs of one kind (least disturbed by other processes)."""
    checksums = {r["checksum"] for r in results}
    assert len(checksums) == 1, f"repeated runs disagree: {checksums}"
    return max(results, key=lambda r: float(r["per_second"]))


def run_cpython(job_list: list[dict[str, int | str]], repeat: int) -> list[dict[str, float | int | str]]:
    out = []
    for job in job_list:
        playouts.run(max(1, int(job["n"]) // 10), str(job["kind"]), WARMUP_SEED)
        out.append(best_of([playouts.run(int(job["n"]), str(job["kind"])) for _ in range(repeat)]))
    return out


def run_pyodide(
    job_list: list[dict[str, int | str]], repeat: int
) -> tuple[list[dict[str, float | int | str]], str, float]:
    """Run the jobs in Node + Pyodide; return (best results, Python version, load seconds)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench/engine.py: node not found (Node 20+ is needed for the Pyodide run)")
    if not (ROOT / "node_modules" / "pyodide" / "package.json").is_file():
        raise SystemExit("bench/engine.py: node_modules/pyodide missing: run `npm ci` (or tools/test)")
    warmups = [{**job, "n": max(1, int(job["n"]) // 10), "first_seed": WARMUP_SEED} for job in job_list]
    # Warm-up, then `repeat` rounds of every job, interleaved like the CPython side.
    all_jobs = []
    for warmup, job in zip(warmups, job_list, strict=True):
        all_jobs += [warmup] + [job] * repeat
    proc = subprocess.run(
        [node, str(ROOT / "bench" / "pyodide_run.mjs"), json.dumps(all_jobs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    if proc.returncode != 0 or not lines:
        sys.stderr.write(proc.stderr)
        raise SystemExit(f"bench/engine.py: the Pyodide run failed (exit {proc.returncode})")
    data = json.loads(lines[-1][len("RESULT ") :])
    results = data["results"]
    best = []
    step = 1 + repeat
    for i in range(len(job_list)):
        best.append(best_of(results[i * step + 1 : (i + 1) * step]))
    return best, data["python"], data["load_seconds"]


TARGET = 10_000  # random full-deal playouts per second in CPython on a 2-core machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the playouts, one repetition")
    parser.add_argument("--repeat", type=int, default=3, help="take the best of this many runs")
    parser.add_argument("--kinds", default=",".join(playouts.PLAYOUTS), help="comma-separated")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args()

    kinds = args.kinds.split(",")
    job_list = jobs(0.1 if args.quick else 1.0, kinds)
    repeat = 1 if args.quick else args.repeat

    cpython = run_cpython(job_list, repeat)
    cp_label = f"CPython {platform.python_version()}"
    if args.no_pyodide:
        pyodide, py_label, load = [], "", 0.0
    else:
        pyodide, py_version, load = run_pyodide(job_list, repeat)
        py_label = f"Pyodide {py_version} (Node)"

    print(f"Random full-deal playouts per second, seeds 0..n-1, best of {repeat}")
    print(f"{'playout':8} {'n':>6}  {cp_label:>18}  {py_label:>22}  {'Pyodide/CPython':>15}")
    for i, job in enumerate(job_list):
        c = cpython[i]
        row = f"{job['kind']!s:8} {job['n']!s:>6}  {c['per_second']:>16,.0f}/s"
        if pyodide:
            p = pyodide[i]
            ratio = float(p["per_second"]) / float(c["per_second"])
            same = "" if p["checksum"] == c["checksum"] else "  CHECKSUM DIFFERS!"
            row += f"  {p['per_second']:>20,.0f}/s  {ratio:>15.2f}{same}"
        print(row)
    for i, job in enumerate(job_list):
        if job["kind"] == "fast":  # the engine's search path: the target applies to it
            rate = float(cpython[i]["per_second"])
            verdict = "OK" if rate >= TARGET else "BELOW TARGET"
            print(f"target: fast playouts >= {TARGET:,}/s in CPython: {rate:,.0f}/s {verdict}")
    if pyodide:
        agree = all(p["checksum"] == c["checksum"] for p, c in zip(pyodide, cpython, strict=True))
        print(f"results identical in both runtimes: {'yes' if agree else 'NO'}")
        print(f"Pyodide load time in Node: {load:.2f} s")
        if not agree:
            sys.exit(1)


if __name__ == "__main__":
    main()
