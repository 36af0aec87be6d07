"""Build what the page loads besides the sources: the runtime, the subset fonts, the catalogs.

``tools/build.py`` runs this first, then writes the site to publish, site/ (tools/site.py), which
imports this module (and never the other way round). Run alone, ``python3 tools/runtime.py``
builds only what is below.

runtime/pyodide/   the five files Pyodide needs to boot (no CDN: pyscript.toml points here)
runtime/pyscript/  every .js/.css chunk of @pyscript/core's dist/ (they are dynamic imports)
runtime/fonts/     Noto Sans TC and Vazirmatn cut down to the characters the page and the
                   catalogs use (static/style.css declares them; see build_fonts_here)
locales/<folder>/LC_MESSAGES/messages.mo
                   each translation catalog compiled by Babel (tools/catalogs.py), git-ignored

Idempotent: a file is copied only when its size or modification time differs, and files that no
longer exist upstream are removed, so a second run does nothing and is fast.  A font is subset
again only when the hash of its inputs (the characters, the source fonts, fontTools' version)
changes; a face cut again is the same file, byte for byte (its dates are its source's).  Other
folders under runtime/ (e.g. runtime/bench/) are left alone.

Stdlib only; run with any CPython 3.11+.  The two steps with tools (compiling the catalogs
with Babel, subsetting the fonts with fontTools and brotli, all pinned in requirements-dev.txt)
run in .venv/bin/python when this interpreter lacks them, creating .venv with just those pins
first if there is none (tools/test completes it later).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
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
    """Fail unless node_modules matches the exact pins in package.json; return Pyodide's version.

    Also check that PyScript's built-in default Pyodide version is the one we ship, because
    PyScript was built and tested against exactly that version.
    """
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    pyodide_version = installed_version(PYODIDE_SRC)
    pyscript_version = installed_version(PYSCRIPT_SRC.parent)
    installed = [("pyodide", pyodide_version), ("@pyscript/core", pyscript_version)]
    installed += [(name, installed_version(NODE_MODULES / name)) for name in (NOTO, VAZIRMATN)]
    for name, found in installed:
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


# --- Self-hosted subset fonts ---------------------------------------------------------------------
# A machine without a Chinese (or Persian) font would show 六虎 as empty boxes, so the page ships
# its own: Noto Sans TC and Vazirmatn, each cut down to the characters the page and the
# translation catalogs actually use (a few hundred glyphs instead of the whole font).
# static/style.css declares them with unicode-range, so a browser fetches a face only for text
# that needs it: see the @font-face rules there, and tests/test_fonts.py.

FONTS = RUNTIME / "fonts"
FONT_MANIFEST = FONTS / "fonts.json"
FONT_RECIPE = 2  # bump when the way fonts are cut below changes: every font is cut again
TOOL_PINS = ("fonttools", "brotli", "babel")  # the build's tools, pinned in requirements-dev.txt
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"

# The characters each font serves (the unicode-range of its @font-face rules in style.css):
# CJK punctuation, ideographs (with extension A and compatibility forms) and full-width forms;
# Arabic, the zero-width (non-)joiner and direction marks, Arabic presentation forms.
CJK_RANGES = ((0x3000, 0x303F), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF))
ARABIC_RANGES = ((0x0600, 0x06FF), (0x200C, 0x200F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
# Kept whatever the catalogs say today: the game's own words (六虎 Luk Fu, 老歲牌 Old cards,
# 毛公 Mau Gung, 百子 Bak Chi); Persian digits (numbers are formatted at run time), Persian
# punctuation (، ؛ ؟ ٪ ٫ ٬), the zero-width non-joiner and joiner, the direction marks.
FIXED_TEXT = "六虎老歲牌毛公百子" + "۰۱۲۳۴۵۶۷۸۹" + "،؛؟٪٫٬" + "\u200c\u200d\u200e\u200f"


@dataclass(frozen=True)
class Face:
    """One file the build writes: runtime/fonts/<name>.woff2."""

    name: str
    package: str  # under node_modules/, pinned in package.json
    pattern: str  # glob under the package for the source file(s): a character is taken from
    #               the first file (by name) that has it; Noto Sans TC ships in ~100 slices
    ranges: tuple[tuple[int, int], ...]
    # Only the characters of index.html itself (the title 六虎, the language names 繁體中文 and
    # فارسی): a small face an English page may need, declared after the full one in style.css
    # so that a browser tries it first and never fetches the full one for those characters.
    page_only: bool = False


NOTO_SLICES = "files/noto-sans-tc-[0-9]*-{weight}-normal.woff2"
FACES = tuple(
    face
    for weight in (400, 700)
    for face in (
        Face(f"noto-sans-tc-{weight}", NOTO, NOTO_SLICES.format(weight=weight), CJK_RANGES),
        Face(f"noto-sans-tc-{weight}-page", NOTO, NOTO_SLICES.format(weight=weight), CJK_RANGES, True),
    )
) + tuple(
    face
    for weight, style in ((400, "Regular"), (700, "Bold"))
    for face in (
        Face(f"vazirmatn-{weight}", VAZIRMATN, f"fonts/webfonts/Vazirmatn-{style}.woff2", ARABIC_RANGES),
        Face(
            f"vazirmatn-{weight}-page",
            VAZIRMATN,
            f"fonts/webfonts/Vazirmatn-{style}.woff2",
            ARABIC_RANGES,
            True,
        ),
    )
)


def page_text() -> str:
    """What index.html shows in every language (the whole file: markup is ASCII anyway)."""
    return (ROOT / "index.html").read_text(encoding="utf-8")


def catalog_text(language: str = "*") -> str:
    """Every translation (each plural form too) in the catalogs of ``language`` (a folder name,
    e.g. ``zh_Hant``; ``*`` for all), read with Babel."""
    from babel.messages.pofile import read_po

    parts: list[str] = []
    for po in sorted((ROOT / "locales").glob(f"{language}/LC_MESSAGES/messages.po")):
        with po.open("rb") as source:
            for message in read_po(source):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                parts.extend(text for text in strings if text)
    return "\n".join(parts)


def in_ranges(codepoint: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= codepoint <= high for low, high in ranges)


def face_codepoints(face: Face, page: str, catalogs: str) -> list[int]:
    """The characters ``face`` must have, sorted."""
    text = page if face.page_only else page + catalogs + FIXED_TEXT
    return sorted({cp for cp in map(ord, text) if in_ranges(cp, face.ranges)})


def face_sources(face: Face) -> list[Path]:
    package = NODE_MODULES / face.package
    sources = sorted(package.glob(face.pattern))
    if not sources:
        raise BuildError(f"no {face.pattern} in {package.relative_to(ROOT)}: run `npm ci`.")
    return sources


def read_manifest() -> dict[str, dict[str, object]]:
    try:
        manifest: dict[str, dict[str, object]] = json.loads(FONT_MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest


def subset_face(face: Face, sources: list[Path], codepoints: list[int], dest: Path) -> list[int]:
    """Write ``dest`` (woff2) with the glyphs for ``codepoints``; return those no source has."""
    from fontTools import subset
    from fontTools.merge import Merger
    from fontTools.ttLib import TTFont

    remaining = set(codepoints)
    parts = []
    # The file's dates (head.created and head.modified) are the source's, not the time of the
    # build, which fontTools would write by default: one commit always cuts the same bytes.
    head = TTFont(sources[0])["head"]
    dates = head.created, head.modified
    options = subset.Options()
    # Horizontal text only (and fontTools' merger does not know these tables).
    options.drop_tables += ["BASE", "STAT", "vhea", "vmtx"]
    for src in sources:
        if not remaining:
            break
        font = TTFont(src)
        found = remaining & set(font.getBestCmap())
        if not found:
            continue
        remaining -= found
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=found)
        subsetter.subset(font)
        parts.append(font)
    if not parts:  # none of the characters: a face with no glyphs, so that its URL still works
        font = TTFont(sources[0])
        subset.Subsetter(options).subset(font)
        parts.append(font)
    if len(parts) == 1:
        merged = parts[0]
    else:
        # Characters from several slices of one font: same design, same metrics, one file.
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for i, part in enumerate(parts):
                part.flavor = None
                path = str(Path(tmp) / f"part{i}.ttf")
                part.save(path)
                paths.append(path)
            merged = Merger().merge(paths)
    merged["head"].created, merged["head"].modified = dates  # (the merger sets them to now)
    merged.recalcTimestamp = False
    merged.flavor = "woff2"
    partial = dest.with_name(dest.name + ".partial")
    merged.save(str(partial))
    partial.replace(dest)
    return sorted(remaining)


def build_fonts_here(verbose: bool = True) -> tuple[int, int]:
    """Subset every face of FACES that changed, in this interpreter (it has fontTools)."""
    import logging

    import fontTools

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    FONTS.mkdir(parents=True, exist_ok=True)
    page, catalogs = page_text(), catalog_text()
    old = read_manifest()
    manifest: dict[str, dict[str, object]] = {}
    digests: dict[Path, bytes] = {}
    changed = 0
    for face in FACES:
        sources = face_sources(face)
        codepoints = face_codepoints(face, page, catalogs)
        key = hashlib.sha256()
        key.update(json.dumps([FONT_RECIPE, fontTools.version, face.name, codepoints]).encode())
        for src in sources:
            if src not in digests:
                digests[src] = hashlib.sha256(src.read_bytes()).digest()
            key.update(src.name.encode() + digests[src])
        dest = FONTS / f"{face.name}.woff2"
        entry = old.get(face.name, {})
        unchanged = entry.get("key") == key.hexdigest()
        if unchanged and dest.is_file() and dest.stat().st_size == entry.get("bytes"):
            manifest[face.name] = entry
            continue
        missing = subset_face(face, sources, codepoints, dest)
        changed += 1
        manifest[face.name] = {
            "key": key.hexdigest(),
            "bytes": dest.stat().st_size,
            "source_bytes": sum(src.stat().st_size for src in sources),
            "source": f"{face.package} {installed_version(NODE_MODULES / face.package)}",
            "chars": len(codepoints) - len(missing),
            "missing": "".join(map(chr, missing)),
        }
    partial = FONT_MANIFEST.with_name(FONT_MANIFEST.name + ".partial")
    partial.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(FONT_MANIFEST)
    wanted = {f"{face.name}.woff2" for face in FACES} | {FONT_MANIFEST.name}
    for stale in FONTS.iterdir():
        if stale.name not in wanted:
            stale.unlink()
            changed += 1
    return report_fonts(manifest, changed, verbose)


def report_fonts(manifest: dict[str, dict[str, object]], changed: int, verbose: bool) -> tuple[int, int]:
    """Print the fonts table (when ``verbose``) and any missing glyph; return (bytes, changed)."""
    sizes = {name: int(str(entry.get("bytes", 0))) for name, entry in manifest.items()}
    total = sum(sizes.values())
    for name, entry in manifest.items():
        if entry.get("missing"):
            print(
                f"tools/build.py: warning: {entry['source']} has no glyph for {entry['missing']!r} "
                f"({name}.woff2): those characters fall back to the reader's own fonts",
                file=sys.stderr,
            )
    if verbose:
        status = f"{changed} subset or removed" if changed else "up to date"
        rel = str(FONTS.relative_to(ROOT)) + "/"
        print(f"{rel:20} {human(total):>9}  {len(manifest):3} files  (subset fonts; {status})")
        for name, entry in manifest.items():
            was = int(str(entry.get("source_bytes", 0)))
            print(
                f"  {name + '.woff2':26} {human(sizes[name]):>9}  {entry.get('chars')!s:>4} chars"
                f"  (whole font: {human(was)}, {entry.get('source')})"
            )
    return total, changed


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
    check = [str(VENV_PYTHON), "-c", "import babel, brotli, fontTools"]
    if VENV_PYTHON.is_file() and subprocess.run(check, capture_output=True).returncode == 0:
        return VENV_PYTHON
    needs = ("The build needs Babel, fontTools and brotli to compile the translation catalogs and "
             "to cut the Chinese and Persian fonts the page ships, and cannot go on without them")
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
                         f"brotli and fontTools. {needs}. Remove .venv and run tools/build.py again.")
    return VENV_PYTHON


def build_with_tools_here(verbose: bool = True) -> tuple[int, int]:
    """Compile the catalogs, then subset the fonts, in this interpreter (it has the tools)."""
    if str(ROOT) not in sys.path:  # run as a script: tools/ is on the path, not the root
        sys.path.insert(0, str(ROOT))
    from tools.catalogs import compile_catalogs

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
    sys.exit(main())
