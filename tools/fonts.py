"""The page's own Chinese and Persian fonts, cut down to the characters it uses (fontTools, brotli).

tools/runtime.py runs `build_fonts_here` (in an interpreter that has fontTools: see its
tool_python) after compiling the catalogs; it writes runtime/fonts/<face>.woff2 and
runtime/fonts/fonts.json, the key of each face's inputs, so that a face is cut again only when
its characters, its sources, fontTools' version or FONT_RECIPE change.  A face cut again is the
same file, byte for byte: its dates are its source's, not the time of the build.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tools.runtime import (
    NODE_MODULES,
    NOTO,
    ROOT,
    RUNTIME,
    VAZIRMATN,
    BuildError,
    each_in_a_process,
    human,
    installed_version,
)

# A machine without a Chinese (or Persian) font would show 六虎 as empty boxes, so the page ships
# its own: Noto Sans TC and Vazirmatn, each cut down to the characters the page and the
# translation catalogs actually use (a few hundred glyphs instead of the whole font).
# static/style.css declares them with unicode-range, so a browser fetches a face only for text
# that needs it: see the @font-face rules there, and tests/test_fonts.py.

FONTS = RUNTIME / "fonts"
FONT_MANIFEST = FONTS / "fonts.json"
FONT_RECIPE = 3  # bump when the way fonts are cut below changes: every font is cut again

# The characters each font serves (the unicode-range of its @font-face rules in style.css):
# CJK punctuation, ideographs (with extension A and compatibility forms) and full-width forms;
# Arabic, the zero-width (non-)joiner and direction marks, Arabic presentation forms.
CJK_RANGES = ((0x3000, 0x303F), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF))
ARABIC_RANGES = ((0x0600, 0x06FF), (0x200C, 0x200F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
# Kept whatever the catalogs say today: the game's own words (六虎 Luk Fu, 老歲牌 Old cards,
# 毛公 Mau Gung, 百子 Bak Chi); Persian digits (numbers are formatted at run time), Persian
# punctuation (، ؛ ؟ ٪ ٫ ٬), the zero-width non-joiner and joiner, the direction marks.
FIXED_TEXT = "六虎老歲牌毛公百子" + "۰۱۲۳۴۵۶۷۸۹" + "،؛؟٪٫٬" + "\u200c\u200d\u200e\u200f"
# Kept in every face, outside its unicode-range: the space, which WebKit draws a zero-width
# non-joiner with (without it, the letter after U+200C is dropped: کارت‌های as کارت‌ای); and the
# joiners themselves, in the faces that serve their range.
EVERY_FACE = " \u200c\u200d"
SPACE = 0x20


@dataclass(frozen=True)
class Face:
    """One file the build writes: runtime/fonts/<name>.woff2."""

    name: str
    package: str  # under node_modules/, pinned in package.json
    pattern: str  # glob under the package for the source file(s): a character is taken from
    #               the first file (by name) that has it; Noto Sans TC ships in ~100 slices
    ranges: tuple[tuple[int, int], ...]
    # Only the characters of index.html itself (the title 六虎, the language names 繁體中文 and
    # فارسی): a small face an English page may need.  It has a family of its own (PAGE_FAMILY),
    # named before the full family in the stacks that may need it: two faces of one family split
    # by unicode-range would break Persian joining at each change of face in Gecko and WebKit,
    # which shape each face's run apart.
    page_only: bool = False

    @property
    def family(self) -> str:
        """The font-family this face is declared under in style.css."""
        if self.page_only:
            return PAGE_FAMILY
        return "Noto Sans TC" if self.package == NOTO else "Vazirmatn"

    @property
    def weight(self) -> str:
        return self.name.split("-")[-2 if self.page_only else -1]


PAGE_FAMILY = "Luk Fu Page"


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
    text = (page if face.page_only else page + catalogs + FIXED_TEXT) + EVERY_FACE
    return sorted(cp for cp in set(map(ord, text)) if in_ranges(cp, face.ranges) or cp == SPACE)


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
    import logging

    from fontTools import subset
    from fontTools.merge import Merger
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)
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
    import fontTools

    FONTS.mkdir(parents=True, exist_ok=True)
    page, catalogs = page_text(), catalog_text()
    old = read_manifest()
    manifest: dict[str, dict[str, object]] = {}
    digests: dict[Path, bytes] = {}
    cuts: list[tuple[Face, list[Path], list[int], Path, str]] = []
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
        else:
            cuts.append((face, sources, codepoints, dest, key.hexdigest()))
    # Each face on its own, one process a core (a fresh clone cuts all eight).
    missed = each_in_a_process(subset_face, [cut[:4] for cut in cuts])
    for (face, sources, codepoints, dest, key_digest), missing in zip(cuts, missed, strict=True):
        manifest[face.name] = {
            "key": key_digest,
            "bytes": dest.stat().st_size,
            "source_bytes": sum(src.stat().st_size for src in sources),
            "source": f"{face.package} {installed_version(NODE_MODULES / face.package)}",
            "chars": len(codepoints) - len(missing),
            "missing": "".join(map(chr, missing)),
        }
    manifest = {face.name: manifest[face.name] for face in FACES}  # (in FACES' order, as before)
    changed = len(cuts)
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
