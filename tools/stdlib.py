"""The page's standard library: Pyodide's python_stdlib.zip cut down to the modules really imported.

    .venv/bin/python tools/stdlib.py trace   find the modules again, rewrite tools/stdlib.txt
    python3 tools/stdlib.py build            write the trimmed zip (tools/site.py does it)

Pyodide's zip holds the whole standard library (2.55 MB, and it barely compresses), where the
page imports a fraction of it.  Which fraction is found by running, not by guessing: ``trace``
boots the pinned Pyodide in Node (tools/stdlib.mjs), notes what it imported to boot, then runs
tools/stdlib_exercise.py, which imports every module of the game's archive (lukfu.zip, as the
page has it) and plays whole deals through the page's update code (a hint, the coach, a replay,
the statistics exported and imported, a saved deal restored, the guided deal, every catalog).
What cannot run in Node is read instead, and what it names imported in that same Pyodide: the
game's worker-side modules that import the browser's objects from ``js`` at once, their module-
level imports; and PyScript's own Python package (``pyscript``, which PyScript writes into the
worker's file system from the source embedded in its core chunk): every import anywhere in it, and
those of the few lines PyScript runs to write it (``import os as _os`` …). (The page's own DOM
layer runs in MicroPython, whose standard library is its own: it needs none of this zip.) Every
module then in ``sys.modules`` that is a file of the zip goes into tools/stdlib.txt, committed,
with why it is there; the build reads that list and
never traces.  ``build`` takes those members (a package's ``__init__.py``, a module's ``.py``)
out of Pyodide's zip and has the pinned Pyodide compile them, as it compiles the game
(tools/bytecode.py: hash-based pycs without docstrings or column tables, in name order with a
fixed date): the worker then imports the standard library without
compiling it at every visit (which took Pyodide's own start from 0.8 s to 1.7 s, warm, in
headless Chromium here), for 0.17 MB more than the sources.  The same list and the same Pyodide
give the same bytes on every machine.  The result is kept in runtime/stdlib/ under a key of its
inputs, and reused until one changes.  tests/test_stdlib.py boots Pyodide on it and runs the
exercise again.  Building and tracing need Node.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import bytecode, runtime

ROOT = runtime.ROOT
FULL = runtime.PYODIDE_SRC / "python_stdlib.zip"
LIST = ROOT / "tools" / "stdlib.txt"
SCRIPT = ROOT / "tools" / "stdlib.mjs"
EXERCISE = ROOT / "tools" / "stdlib_exercise.py"
DRIVER = ROOT / "tests" / "driver.py"
CACHE = runtime.RUNTIME / "stdlib"
NAME = "python_stdlib.zip"


# --- the zip's modules -------------------------------------------------------------------------


def zip_modules(archive: Path = FULL) -> dict[str, str]:
    """Every module of a stdlib zip by name, to its member: ``json`` -> ``json/__init__.py``
    (or ``json/__init__.pyc``, compiled)."""
    modules = {}
    with zipfile.ZipFile(archive) as zf:
        for member in zf.namelist():
            source = member.removesuffix("c")
            if source.endswith("/__init__.py"):
                modules[source[: -len("/__init__.py")].replace("/", ".")] = member
            elif source.endswith(".py"):
                modules[source[: -len(".py")].replace("/", ".")] = member
    return modules


# --- what cannot be run in Node, read instead ----------------------------------------------------


def module_level_imports(source: str, name: str, is_package: bool) -> set[str]:
    """What importing module ``name`` imports at once: its imports outside function bodies
    (those under ``if TYPE_CHECKING:`` left out), as absolute names; ``from a import b``
    counts ``a`` and ``a.b``."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(source)]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += node.orelse
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        todo += ast.iter_child_nodes(node)
    return found


def game_imports() -> dict[str, list[str]]:
    """For each module of the game's archive, the standard library modules it imports at once."""
    stdlib = zip_modules()
    imports = {}
    for name, path in bytecode.shipped_modules().items():
        found = module_level_imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
        imports[name] = sorted(found & stdlib.keys())
    return imports


def core_chunk() -> str:
    """PyScript's core-*.js: the chunk that holds its Python package and its start-up."""
    chunks = sorted(runtime.PYSCRIPT_SRC.glob("core-*.js"))
    if len(chunks) != 1:
        raise runtime.BuildError(f"@pyscript/core has {len(chunks)} core-*.js chunks, not one")
    return chunks[0].read_text(encoding="utf-8")


def js_literal_end(text: str, start: int) -> int:
    """The end of the JavaScript object literal opening at ``text[start]`` (a ``{``)."""
    depth, i = 0, start
    while i < len(text):
        char = text[i]
        if char in "\"'`":
            i += 1
            while text[i] != char:
                i += 2 if text[i] == "\\" else 1
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise runtime.BuildError("PyScript's Python package: its object literal does not end")


def pyscript_package() -> dict[str, str]:
    """PyScript's Python package, as PyScript writes it: {path: source}, e.g. pyscript/fs.py."""
    chunk = core_chunk()
    start = chunk.find("{pyscript:{")
    if start < 0:
        raise runtime.BuildError("@pyscript/core's core chunk no longer embeds {pyscript:{…}}")
    literal = chunk[start: js_literal_end(chunk, start)]
    node = shutil.which("node") or "node"
    read = "process.stdout.write(JSON.stringify(eval('(' + require('fs').readFileSync(0, 'utf-8') + ')')))"
    result = subprocess.run([node, "-e", read], input=literal, capture_output=True, text=True, check=True)
    files: dict[str, str] = {}
    todo: list[tuple[str, object]] = list(json.loads(result.stdout).items())
    while todo:
        path, value = todo.pop()
        if isinstance(value, dict):
            todo += [(f"{path}/{name}", inner) for name, inner in value.items()]
        else:
            files[path] = str(value)
    return dict(sorted(files.items()))


def pyscript_imports() -> list[str]:
    """The standard library modules PyScript's Python imports: anywhere in its package, and in
    the lines it runs to write the package (``import os as _os``, ``from pathlib import …``)."""
    found: set[str] = set()
    for path, source in pyscript_package().items():
        name = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        found |= module_level_imports(source, name, path.endswith("__init__.py"))
        found |= {n for node in ast.walk(ast.parse(source)) for n in imports_of(node)}
    for line in re.findall(r'"((?:import|from) [\w. ]+ as _\w+)"', core_chunk()):
        found |= module_level_imports(line, "", False)
    return sorted(found & zip_modules().keys())


def imports_of(node: ast.AST) -> set[str]:
    """The absolute modules one import statement names (none for relative imports)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if isinstance(node, ast.ImportFrom) and not node.level and node.module:
        return {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return set()


# --- running the exercise -------------------------------------------------------------------------


def run_exercise(stdlib: Path | None = None) -> dict[str, Any]:
    """Boot Pyodide (on ``stdlib`` if given), run tools/stdlib_exercise.py; return the job's
    report (see tools/stdlib.mjs).  Raises BuildError, with Python's traceback, if it fails."""
    node = shutil.which("node")
    if node is None:
        raise runtime.BuildError("node is missing: install Node.js 20+")
    version = runtime.check_versions()
    archive = bytecode.build_archive(version)
    files = {"/game/lukfu.zip": str(archive), "/game/tests/driver.py": str(DRIVER)}
    for mo in sorted((ROOT / "locales").glob("*/LC_MESSAGES/messages.mo")):
        files["/locales/" + mo.relative_to(ROOT / "locales").as_posix()] = str(mo)
    if not any(path.startswith("/locales/") for path in files):
        raise runtime.BuildError("no compiled catalogs in locales/: run tools/build.py first")
    imports = game_imports()
    job = {"runtime": str(runtime.RUNTIME / "pyodide"), "stdlib": str(stdlib) if stdlib else None,
           "files": files, "path": ["/game/lukfu.zip", "/game/tests"], "exercise": str(EXERCISE),
           "args": {"game": list(imports), "imports": imports, "locales": "/locales",
                    "static": pyscript_imports()}}
    result = subprocess.run([node, str(SCRIPT)], input=json.dumps(job), capture_output=True, text=True)
    if result.returncode:
        raise runtime.BuildError(
            "the exercise failed in Pyodide (a module missing from tools/stdlib.txt? run "
            f"`.venv/bin/python tools/stdlib.py trace`):\n{short(result.stderr)}")
    report: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    return report


def short(output: str) -> str:
    """The end of Node's output, each line cut short (a failed boot prints minified JavaScript)."""
    return "\n".join(line[:300] for line in output.strip().splitlines()[-40:])


def trace() -> dict[str, str]:
    """Run the exercise on the whole standard library: {module: why it is needed}."""
    runtime.build(verbose=False)
    report = run_exercise()
    stdlib = zip_modules()
    phases: dict[str, list[str]] = {"Pyodide's start": report["boot"]}
    phases.update(report["result"]["phases"])
    why: dict[str, str] = {}
    for phase, modules in phases.items():
        for name in modules:
            if name in stdlib:
                why.setdefault(name, phase)
    return dict(sorted(why.items()))


def write_list(why: dict[str, str]) -> None:
    version = runtime.installed_version(runtime.PYODIDE_SRC)
    lines = [
        "# The standard library modules the page's Pyodide needs: tools/stdlib.py builds the",
        "# trimmed python_stdlib.zip from this list. Written by `python3 tools/stdlib.py trace`",
        f"# (Pyodide {version}); trace again rather than edit. Each module, then what needs it",
        "# (the first step of the trace that imported it: see tools/stdlib_exercise.py).",
    ]
    width = max(map(len, why))
    lines += [f"{name:{width}}  {reason}" for name, reason in why.items()]
    LIST.write_text("\n".join(lines) + "\n", encoding="utf-8")


def reasons(path: Path = LIST) -> dict[str, str]:
    """tools/stdlib.txt: {module: the step of the trace that first imported it}."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return dict(line.split(None, 1) for line in lines if line.strip() and not line.startswith("#"))


def listed(path: Path = LIST) -> list[str]:
    """The modules of tools/stdlib.txt."""
    return list(reasons(path))


# --- the trimmed zip ---------------------------------------------------------------------------

LOCAL = struct.Struct("<4sHHHHHIIIHH")
CENTRAL = struct.Struct("<4sHHHHHHIIIHHHHHII")
END = struct.Struct("<4sHHHHIIH")
DOS_DATE = (0 << 9) | (1 << 5) | 1  # 1980-01-01, 00:00:00


def members(modules: list[str], source: Path = FULL) -> list[str]:
    """The members of ``source`` the modules need: their files and their folders' entries."""
    stdlib = zip_modules(source)
    unknown = [name for name in modules if name not in stdlib]
    if unknown:
        raise runtime.BuildError(f"tools/stdlib.txt names modules Pyodide's zip lacks: {unknown}; "
                                 "run `python3 tools/stdlib.py trace`")
    wanted = {stdlib[name] for name in modules}
    for member in list(wanted):
        parts = member.split("/")[:-1]
        wanted.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    with zipfile.ZipFile(source) as zf:
        return sorted(wanted & set(zf.namelist()))


def write_trimmed(modules: list[str], out: Path, source: Path = FULL) -> Path:
    """Write ``out``: the members of ``source`` that ``modules`` need, copied as they are
    (compressed data, CRC, permissions), with a fixed date, in name order: the sources' form of
    what `compile_modules` ships (tests/test_stdlib.py runs the game on it without one)."""
    names = members(modules, source)
    local, central = bytearray(), bytearray()
    with zipfile.ZipFile(source) as zf, source.open("rb") as raw:
        for name in names:
            info = zf.getinfo(name)
            raw.seek(info.header_offset)
            header = LOCAL.unpack(raw.read(LOCAL.size))
            raw.seek(header[9] + header[10], 1)  # past the name and the extra field
            data = raw.read(info.compress_size)
            encoded = name.encode("utf-8")
            offset = len(local)
            flags = 0x800 if not encoded.isascii() else 0
            local += LOCAL.pack(b"PK\x03\x04", 20, flags, info.compress_type, 0, DOS_DATE, info.CRC,
                                info.compress_size, info.file_size, len(encoded), 0) + encoded + data
            central += CENTRAL.pack(b"PK\x01\x02", 0x0314, 20, flags, info.compress_type, 0, DOS_DATE,
                                    info.CRC, info.compress_size, info.file_size, len(encoded),
                                    0, 0, 0, 0, info.external_attr, offset) + encoded
    end = END.pack(b"PK\x05\x06", 0, 0, len(names), len(names), len(central), len(local), 0)
    out.write_bytes(bytes(local + central + end))
    return out


def key(version: str) -> str:
    """What the trimmed zip depends on: Pyodide (its version, its zip), the list, this recipe
    and the compiler's (tools/bytecode.py)."""
    digest = hashlib.sha256(f"pyodide {version}\n".encode())
    for part in (Path(__file__), LIST, bytecode.SCRIPT, Path(bytecode.__file__)):
        digest.update(part.read_bytes())
    digest.update(hashlib.sha256(FULL.read_bytes()).digest())
    return digest.hexdigest()[:20]


LOCK = "pyodide-lock.json"


def pyodide_info() -> dict[str, str]:
    """The ``info`` of Pyodide's package index: its Python, platform and ABI."""
    lock = json.loads((runtime.PYODIDE_SRC / LOCK).read_text(encoding="utf-8"))
    info: dict[str, str] = lock["info"]
    return info


def mounted_at() -> str:
    """Where Pyodide puts its standard library zip (``/lib/python314.zip``): the files its
    tracebacks name."""
    major, minor = pyodide_info()["python"].split(".")[:2]
    return f"/lib/python{major}{minor}.zip"


def compile_modules(modules: list[str], out: Path, source: Path = FULL) -> Path:
    """Write ``out``: the sources of ``modules`` in ``source`` compiled, each a pyc where its
    source was, so the worker imports the standard library without compiling it (Pyodide's
    own start alone compiled for a second and more, at every visit)."""
    sources = [name for name in members(modules, source) if name.endswith(".py")]
    with tempfile.TemporaryDirectory(prefix="lukfu-stdlib-") as folder, zipfile.ZipFile(source) as zf:
        for name in sources:
            target = Path(folder) / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(zf.read(name))
        return bytecode.compile_members({name + "c": name for name in sources}, Path(folder), out,
                                        "the standard library", filenames=mounted_at() + "/")


def build_stdlib(version: str) -> Path:
    """runtime/stdlib/python_stdlib-<key>.zip, written now unless already there."""
    target = CACHE / f"python_stdlib-{key(version)}.zip"
    if target.is_file():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = compile_modules(listed(), target.with_suffix(".partial"))
    for old in CACHE.glob("python_stdlib-*.zip"):
        old.unlink()
    partial.replace(target)
    return target


def lock_text() -> str:
    """Pyodide's package index with its packages left out, for the worker's loadPyodide (in
    the page's boot JSON).  The worker installs none, and none of their wheels ships: the index
    would only be 114 kB of names fetched at every start.  (Pyodide reads its ``info`` to check
    it belongs to it.)"""
    return json.dumps({"info": pyodide_info(), "packages": {}}, sort_keys=True)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    try:
        if command == "trace":
            why = trace()
            write_list(why)
            print(f"{LIST.relative_to(ROOT)}: {len(why)} modules")
        elif command == "build":
            built = build_stdlib(runtime.check_versions())
            print(f"{built.relative_to(ROOT)}: {runtime.human(built.stat().st_size)} "
                  f"(Pyodide's: {runtime.human(FULL.stat().st_size)})")
        else:
            print(__doc__.split("\n\n")[1], file=sys.stderr)
            return 2
    except runtime.BuildError as error:
        print(f"tools/stdlib.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
