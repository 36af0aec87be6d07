"""The site's service worker: Workbox writes sw.js (tools/service_worker.mjs), once for each site.

Workbox runs in Node and takes about two seconds; a build that leaves every file of the site as
it was takes the sw.js it wrote then, from runtime/sw/, named by a hash of every file's path and
bytes, of the script and of the npm lock (Workbox's version).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from tools import runtime

SCRIPT = runtime.ROOT / "tools" / "service_worker.mjs"
CACHE = runtime.RUNTIME / "sw"
NAME = "sw.js"
KEPT = 4
"""How many sites' workers runtime/sw/ keeps (a test publishes a second version beside this one)."""


def key(site: Path) -> str:
    """What sw.js is made from: the site's files (but sw.js), the script and Workbox's version."""
    digest = hashlib.sha256(SCRIPT.read_bytes() + (runtime.ROOT / "package-lock.json").read_bytes())
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.name != NAME and path.suffix != ".partial":
            name = path.relative_to(site).as_posix().encode("utf-8")
            digest.update(name + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def generate(site: Path) -> None:
    """Write site/sw.js with every file of ``site`` in its precache manifest."""
    kept = CACHE / f"{key(site)}.js"
    if kept.is_file():
        runtime.write(site / NAME, kept.read_bytes())
        return
    node = shutil.which("node")
    if node is None:
        raise runtime.BuildError("node is missing: install Node.js 20+ (the service worker needs it)")
    result = subprocess.run([node, str(SCRIPT), str(site)], capture_output=True, text=True)
    if result.returncode:
        raise runtime.BuildError(f"Workbox failed:\n{result.stderr.strip() or result.stdout.strip()}")
    runtime.write(kept, (site / NAME).read_bytes())
    for old in sorted(CACHE.glob("*.js"), key=lambda path: path.stat().st_mtime)[:-KEPT]:
        old.unlink(missing_ok=True)

