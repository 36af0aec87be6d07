"""Copy the self-hosted Python runtime from node_modules/ into the git-ignored runtime/ folder.

runtime/pyodide/   the five files Pyodide needs to boot (no CDN: pyscript.toml points here)
runtime/pyscript/  every .js/.css chunk of @pyscript/core's dist/ (they are dynamic imports)

Idempotent: a file is copied only when its size or modification time differs, and files that no
longer exist upstream are removed, so a second run does nothing and is fast.  Other folders under
runtime/ (e.g. runtime/bench/) are left alone.  Stdlib only; run with any CPython 3.11+.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "runtime"

PYODIDE_SRC = NODE_MODULES / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYSCRIPT_SRC = NODE_MODULES / "@pyscript" / "core" / "dist"


class BuildError(Exception):
    """Something the user must fix (usually: run `npm ci`)."""


def installed_version(package_dir: Path) -> str:
    """The version in node_modules/<package>/package.json."""
    manifest = package_dir / "package.json"
    if not manifest.is_file():
        raise BuildError(
            f"{manifest.relative_to(ROOT)} is missing: run `npm ci` in {ROOT} first "
            "(tools/serve and tools/test do that for you)."
        )
    version: str = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    return version


def check_versions() -> str:
    """Fail unless node_modules matches the exact pins in package.json; return Pyodide's version.

    Also check that PyScript's built-in default Pyodide version is the one we ship, because
    PyScript was built and tested against exactly that version.
    """
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    pyodide_version = installed_version(PYODIDE_SRC)
    pyscript_version = installed_version(PYSCRIPT_SRC.parent)
    for name, found in (("pyodide", pyodide_version), ("@pyscript/core", pyscript_version)):
        if pins[name] != found:
            raise BuildError(
                f"node_modules is stale: package.json pins {name} {pins[name]} but "
                f"{found} is installed. Run `npm ci`."
            )
    expected = set()
    for core in PYSCRIPT_SRC.glob("core-*.js"):
        # e.g.  module:(e="314.0.2")=>`https://cdn.jsdelivr.net/pyodide/v${e}/full/pyodide.mjs`
        pattern = r'"(\d+\.\d+\.\d+)"\)=>`[^`]*/pyodide/v\$\{'
        expected.update(re.findall(pattern, core.read_text(encoding="utf-8")))
    if expected and expected != {pyodide_version}:
        raise BuildError(
            f"@pyscript/core {pyscript_version} expects Pyodide {sorted(expected)}, "
            f"but pyodide {pyodide_version} is pinned."
        )
    return pyodide_version


def sync(sources: list[Path], dest: Path) -> tuple[int, int]:
    """Make ``dest`` hold exactly ``sources`` (by name); return (files copied, files removed)."""
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in sources:
        target = dest / src.name
        st = src.stat()
        if target.is_file():
            tt = target.stat()
            if tt.st_size == st.st_size and tt.st_mtime_ns == st.st_mtime_ns:
                continue
        # Copy to a temporary name and rename, so a server never sees a half-written file.
        partial = target.with_name(target.name + ".partial")
        shutil.copy2(src, partial)
        partial.replace(target)
        copied += 1
    wanted = {src.name for src in sources}
    removed = 0
    for old in dest.iterdir():
        if old.name not in wanted:
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()
            removed += 1
    return copied, removed


def human(size: int) -> str:
    """Bytes as e.g. '9.2 MB' (decimal units, like most web tooling)."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{size / 1000:.1f} kB"


def build(verbose: bool = True) -> tuple[int, int]:
    """Check versions, sync both runtime folders; return (bytes, files changed).

    ``verbose`` prints a size table.
    """
    pyodide_version = check_versions()
    pyodide_sources = [PYODIDE_SRC / name for name in PYODIDE_FILES]
    for src in pyodide_sources:
        if not src.is_file():
            raise BuildError(f"{src.relative_to(ROOT)} is missing: run `npm ci`.")
    pyscript_sources = sorted(
        p for p in PYSCRIPT_SRC.iterdir() if p.is_file() and p.suffix in (".js", ".css")
    )
    if not pyscript_sources:
        raise BuildError(f"no .js/.css files in {PYSCRIPT_SRC.relative_to(ROOT)}: run `npm ci`.")

    total = 0
    changed = 0
    for label, sources, dest in (
        (f"pyodide {pyodide_version}", pyodide_sources, RUNTIME / "pyodide"),
        ("pyscript", pyscript_sources, RUNTIME / "pyscript"),
    ):
        copied, removed = sync(sources, dest)
        changed += copied + removed
        size = sum(src.stat().st_size for src in sources)
        total += size
        if not verbose:
            continue
        status = f"{copied} copied, {removed} removed" if copied or removed else "up to date"
        rel = dest.relative_to(ROOT)
        print(f"{str(rel) + '/':20} {human(size):>9}  {len(sources):3} files  ({label}; {status})")
        if dest.name == "pyodide":
            for src in sources:
                print(f"  {src.name:22} {human(src.stat().st_size):>9}")
    if verbose:
        print(f"{'runtime total':20} {human(total):>9}")
    return total, changed


def main() -> int:
    quiet = "-q" in sys.argv[1:] or "--quiet" in sys.argv[1:]
    try:
        total, changed = build(verbose=not quiet)
        if quiet:
            print(f"runtime/: {human(total)}, " + (f"{changed} file(s) updated" if changed else "up to date"))
    except BuildError as error:
        print(f"tools/build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
