#!/usr/bin/env python3
"""Draw the 36 Luk Fu card faces and the card back as font-free SVG files in static/cards/.

The faces are one sheet, faces.svg, the page's one download for all of them: each face is a
``<view>`` of it, named by the card (``faces.svg#C7``), the suit legend's by the suit
(``#suit-C``, that suit's 5), and each shows its suit's plain shape too as ``#C7-shapes`` (a
second row of the sheet); the back is back.svg.  Open a sheet to see every face.
The corner index is a Western digit; the Persian cards (static/cards/fa/) write it in Persian
digits ۱–۹, whose outlines are taken at drawing time from Vazirmatn Bold (SIL Open Font
License; npm ``vazirmatn``, pinned in package.json) with fontTools, so every SVG stays
font-free: the page needs no font to show a card.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # run as a script: make tools/ importable

from tools.cardglyphs import DIGITS, NUMERALS, PIPS, SUIT_CHARS  # noqa: E402

OUT_DIR = ROOT / "static" / "cards"
# The languages whose cards have their own corner digits, and the folder under OUT_DIR each
# set goes to (lukfu/web/view.py picks the folder for the page's language).
INDEX_LANGUAGES = ("fa",)
PERSIAN_FONT = ROOT / "node_modules" / "vazirmatn" / "fonts" / "ttf" / "Vazirmatn-Bold.ttf"

# Card geometry: long and narrow, 1 : 3, like the Hakka money-suited cards.
WIDTH, HEIGHT = 60, 180
CORNER = 5

# Palette: ink and cinnabar on warm paper; a muted tan for rules and frames.
PAPER = "#f5ead3"
INK = "#221c18"
RED = "#b3261e"
TAN = "#a98a5a"
BACK = "#7a1d1a"  # the back: deep red with gold lines
GOLD = "#d4ad64"

SUITS = "CSMT"
# The suit legend (rules card, first-use tip) shows each suit by its 5, in files named by the
# suit alone (the view suit-C): a card code in the page would read as a card someone holds.
LEGEND_RANK = 5
RANKS = range(1, 10)

# -- The Persian digits (the other glyphs: tools/cardglyphs.py) -------------------------------


def persian_digits() -> dict[int, str]:
    """SVG path data of ۱ … ۹ from Vazirmatn Bold, each placed in the index box of a card:
    one scale for all (the tallest digit fills the box's height), each centred across it and
    standing on its foot."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font = TTFont(PERSIAN_FONT)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    names = {rank: cmap[0x06F0 + rank] for rank in RANKS}
    bounds = {}
    for rank, name in names.items():
        pen = BoundsPen(glyphs)
        glyphs[name].draw(pen)
        assert pen.bounds is not None
        bounds[rank] = pen.bounds
    foot = min(b[1] for b in bounds.values())
    scale = INDEX_BOX[3] / (max(b[3] for b in bounds.values()) - foot)
    left, top, width, height = INDEX_BOX
    digits = {}
    for rank, name in names.items():
        x_min, _, x_max, _ = bounds[rank]
        dx = left + width / 2 - scale * (x_min + x_max) / 2
        dy = top + height + scale * foot  # the lowest foot on the box's bottom edge
        path = SVGPathPen(glyphs, ntos=lambda v: num(v))
        glyphs[name].draw(TransformPen(path, (scale, 0, 0, -scale, dx, dy)))
        digits[rank] = path.getCommands()
    return digits



# Where the pips sit in the lower panel for each rank: (column, row) on a 3 × 3 grid.
PIP_LAYOUT = {
    1: [(1, 1)],
    2: [(1, 0), (1, 2)],
    3: [(1, 0), (1, 1), (1, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}

# -- Layout ----------------------------------------------------------------------------------


class Placement(NamedTuple):
    """Where a glyph's grid origin sits on the card, its scale, and the pen width on the card."""

    x: float
    y: float
    scale: float
    pen: float


# Top to bottom on a 60 × 180 card: the index (digit over pictogram) in the top-left corner,
# the Chinese numeral, the suit character, then a framed panel of pips.
INDEX_DIGIT = Placement(5.3, 6.5, 1.4, 1.9)
INDEX_BOX = (5.3, 6.5, 8.4, 14.0)  # x, y, width, height: the digit's 6 × 10 grid at that scale
INDEX_PIP = (3.5, 24.0, 12.0)  # x, y, size
NUMERAL = Placement(12, 39, 1.5, 2.8)
SUIT_CHAR = Placement(9, 82.5, 1.75, 2.2)
PANEL = (7, 130, 46, 44)  # x, y, width, height
# The suit's plain shape, top-right, for players who do not tell the suits apart by their
# pictures: on every face of the sheet's second row, the view of a face whose name ends with
# SHAPES (the "Mark the suits with shapes as well" setting; lukfu/web/dom/faces.py names them).
SHAPES = "-shapes"
SHEET = "faces.svg"
SHAPE_BOX = (40.5, 4.5, 15.0)  # x, y, side
SHAPE_PATHS = {
    "C": '<circle cx="48" cy="12" r="4.6"/>',  # Coins: a disc
    "S": '<rect x="46.1" y="6.6" width="3.8" height="10.8"/>',  # Strings: an upright bar
    "M": '<path d="M48 6.2L53.8 12L48 17.8L42.2 12Z"/>',  # Myriads: a diamond
    "T": '<path d="M46.3 6.5H49.7V10.3H53.5V13.7H49.7V17.5H46.3V13.7H42.5V10.3H46.3Z"/>',  # Tens: a cross
}
PIP_SIZE, PIP_STEP = 11, 13.5  # pips in the panel, on a 3 × 3 grid
SEAL_SIZE = 24  # the special ones' seal, centred in the panel

# -- SVG assembly ----------------------------------------------------------------------------


def num(x: float) -> str:
    """Format a coordinate compactly and deterministically."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def placed(d: str, at: Placement) -> str:
    """A stroked glyph drawn at a placement, its pen width kept in card units."""
    return (
        f'<path transform="translate({num(at.x)} {num(at.y)}) scale({num(at.scale)})" '
        f'stroke-width="{num(at.pen / at.scale)}" d="{d}"/>'
    )


def pip_id(suit: str) -> str:
    """The element id of a suit's pictogram, defined once per sheet."""
    return f"{suit}-pip"


def pip_definition(suit: str) -> str:
    """The suit pictogram as a reusable element; it takes its colour from where it is used."""
    shape = PIPS[suit]
    parts = [f'<g id="{pip_id(suit)}">']
    if shape.fill:
        parts.append(f'<path stroke="none" fill-rule="evenodd" d="{shape.fill}"/>')
    if shape.stroke:
        parts.append(f'<path fill="none" stroke-width="{num(shape.width)}" d="{shape.stroke}"/>')
    parts.append("</g>")
    return "".join(parts)


def pip(suit: str, x: float, y: float, size: float) -> str:
    """A suit pictogram of the given size with its top-left corner at (x, y)."""
    return f'<use href="#{pip_id(suit)}" transform="translate({num(x)} {num(y)}) scale({num(size / 10)})"/>'


def ink(colour: str, filled: bool = False) -> str:
    """Open a group that draws in one colour with round pen ends."""
    fill = colour if filled else "none"
    return f'<g fill="{fill}" stroke="{colour}" stroke-linecap="round" stroke-linejoin="round">'


def is_red(suit: str, rank: int) -> bool:
    """The special ones (C1 Mau Gung, T1 Bak Chi) and every 9 are printed red."""
    return rank == 9 or is_special(suit, rank)


def is_special(suit: str, rank: int) -> bool:
    """C1 and T1, the special ones, which carry a seal ornament."""
    return rank == 1 and suit in "CT"


def outline(background: str) -> str:
    """A card's shared outline: rounded corners and a thin border."""
    return (
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="{CORNER}" '
        f'fill="{background}" stroke="{INK}" stroke-width="1"/>'
    )


def svg(width: int, height: int, defs: list[str], body: list[str]) -> str:
    """An SVG file: its size in card units, its definitions, what it draws."""
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
    return "\n".join([head, "<defs>", *defs, "</defs>", *body, "</svg>"]) + "\n"


def frame(x: float, y: float, w: float, h: float, r: float, colour: str, width: float) -> str:
    """An unfilled rounded rectangle."""
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(r)}" '
        f'fill="none" stroke="{colour}" stroke-width="{num(width)}"/>'
    )


def pips(suit: str, rank: int) -> list[str]:
    """The rank shown as a pattern of suit pictograms in the lower panel."""
    x, y, w, h = PANEL
    left = x + w / 2 - PIP_STEP - PIP_SIZE / 2
    top = y + h / 2 - PIP_STEP - PIP_SIZE / 2
    return [pip(suit, left + col * PIP_STEP, top + row * PIP_STEP, PIP_SIZE) for col, row in PIP_LAYOUT[rank]]


def seal(suit: str) -> list[str]:
    """The special ones' ornament: a cinnabar seal carrying a large pip in paper colour."""
    x, y, w, h = PANEL
    size = SEAL_SIZE
    sx, sy = x + (w - size) / 2, y + (h - size) / 2
    return [
        f'<rect x="{num(sx)}" y="{num(sy)}" width="{size}" height="{size}" rx="2.5" fill="{RED}"/>',
        frame(sx + 1.6, sy + 1.6, size - 3.2, size - 3.2, 1.4, PAPER, 0.7),
        ink(PAPER, filled=True),
        pip(suit, sx + 5, sy + 5, size - 10),
        "</g>",
    ]


def shape_mark(suit: str) -> str:
    """The suit's plain shape in a paper box, as a reusable element (the sheet's second row)."""
    x, y, side = SHAPE_BOX
    return "".join([
        f'<g id="{suit}-shape">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(side)}" height="{num(side)}" rx="2" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="1"/>',
        f'<g fill="{INK}">{SHAPE_PATHS[suit]}</g>',
        "</g>",
    ])


def face(suit: str, rank: int, index: dict[int, str] | None = None) -> list[str]:
    """What one card face draws (its suit's pictogram defined elsewhere: `sheet`); ``index``:
    filled digit outlines for the corner (by rank, already placed), instead of the stroked
    Western digits."""
    colour = RED if is_red(suit, rank) else INK
    special = is_special(suit, rank)
    accent = RED if special else TAN
    x, y, w, h = PANEL
    body = [frame(3, 3, WIDTH - 6, HEIGHT - 6, 3, accent, 0.6)]
    if special:
        body.append(frame(4.6, 4.6, WIDTH - 9.2, HEIGHT - 9.2, 2, accent, 0.3))
    body += [
        frame(x, y, w, h, 2, accent, 0.6),
        ink(colour),
        # Index, top-left: a digit over the suit pictogram ...
        *([] if index else [placed(DIGITS[rank], INDEX_DIGIT)]),
        # ... and the card's name: the Chinese numeral over the suit character.
        placed(NUMERALS[rank], NUMERAL),
        placed(SUIT_CHARS[suit], SUIT_CHAR),
        "</g>",
        ink(colour, filled=True),
        *([f'<path stroke="none" d="{index[rank]}"/>'] if index else []),
        pip(suit, *INDEX_PIP),
        *([] if special else pips(suit, rank)),
        "</g>",
    ]
    if special:
        body += seal(suit)
    return [outline(PAPER), *body]


def sheet(index: dict[int, str] | None = None) -> str:
    """Every face side by side, a suit after another (C1 … C9, S1 … T9), and below them the
    same faces with their suit's shape; a ``<view>`` of each face by its name, of each suit's 5
    by the suit's too (``suit-C``), and of each one with its shape (``C7-shapes``)."""
    cards = [(suit, rank) for suit in SUITS for rank in RANKS]
    views, faces, marked = [], [], []
    for at, (suit, rank) in enumerate(cards):
        x, code = at * WIDTH, f"{suit}{rank}"
        for name in [code] + ([f"suit-{suit}"] if rank == LEGEND_RANK else []):
            views.append(f'<view id="{name}" viewBox="{x} 0 {WIDTH} {HEIGHT}"/>')
            views.append(f'<view id="{name}{SHAPES}" viewBox="{x} {HEIGHT} {WIDTH} {HEIGHT}"/>')
        faces.append(f'<g id="{code}-face" transform="translate({x} 0)">')
        faces += [*face(suit, rank, index), "</g>"]
        marked.append(f'<use href="#{code}-face" y="{HEIGHT}"/>'
                      f'<use href="#{suit}-shape" x="{x}" y="{HEIGHT}"/>')
    defs = [pip_definition(suit) for suit in SUITS] + [shape_mark(suit) for suit in SUITS]
    return svg(WIDTH * len(cards), 2 * HEIGHT, defs, views + faces + marked)


def back() -> str:
    """The SVG text of the card back: an interlocking-coin lattice and a cash-coin medallion."""
    lattice = (
        '<pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse" '
        f'x="5" y="5"><g fill="none" stroke="{GOLD}" stroke-width="0.55">'
        '<circle r="7.07"/><circle cx="10" r="7.07"/><circle cy="10" r="7.07"/>'
        '<circle cx="10" cy="10" r="7.07"/></g></pattern>'
    )
    body = [
        outline(BACK),
        frame(3, 3, WIDTH - 6, HEIGHT - 6, 3.5, GOLD, 0.5),
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="2" '
        f'fill="url(#lattice)" stroke="{GOLD}" stroke-width="1"/>',
        # The medallion: a large cash coin, with rims round its edge and its square hole.
        f'<circle cx="30" cy="90" r="16.5" fill="{BACK}" stroke="{GOLD}" stroke-width="0.6"/>',
        f'<path d="M30 77A13 13 0 1 0 30 103A13 13 0 1 0 30 77ZM25.5 85.5V94.5H34.5V85.5Z" '
        f'fill="{GOLD}" fill-rule="evenodd"/>',
        f'<circle cx="30" cy="90" r="11.2" fill="none" stroke="{BACK}" stroke-width="0.6"/>',
        frame(24, 84, 12, 12, 0, BACK, 0.6),
    ]
    return svg(WIDTH, HEIGHT, [lattice], body)


def all_files() -> dict[str, str]:
    """Every file this tool writes, by path under OUT_DIR: the faces' sheet, the back, then each
    language's own sheet in its folder (the back is the same for all)."""
    files = {SHEET: sheet(), "back.svg": back()}
    index = {"fa": persian_digits()}
    files |= {f"{language}/{SHEET}": sheet(index[language]) for language in INDEX_LANGUAGES}
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if files on disk differ")
    args = parser.parse_args(argv)

    files = all_files()
    if args.check:
        stale = [name for name, text in files.items() if _read(OUT_DIR / name) != text]
        extra = sorted(name for name in (p.relative_to(OUT_DIR).as_posix()
                                         for p in OUT_DIR.rglob("*.svg")) if name not in files)
        for name in stale:
            print(f"out of date: {OUT_DIR / name} (run tools/cardart.py)", file=sys.stderr)
        for name in extra:
            print(f"not written by this tool: {OUT_DIR / name}", file=sys.stderr)
        return 1 if stale or extra else 0

    for name, text in files.items():
        (OUT_DIR / name).parent.mkdir(parents=True, exist_ok=True)
        (OUT_DIR / name).write_text(text, encoding="utf-8", newline="\n")
    return 0


def _read(path: Path) -> str | None:
    """The text of a file, or None when it does not exist."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
