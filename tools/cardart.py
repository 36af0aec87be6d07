#!/usr/bin/env python3
"""Draw the 36 Luk Fu card faces and the card back as font-free SVG files in static/cards/.

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
# suit alone (suit-C.svg): a card code in the page would read as a card someone holds.
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
# pictures: drawn in every face but shown only when the page asks for the file's ``#shapes``
# fragment (the "Mark the suits with shapes as well" setting).
SHAPE_ID = "shapes"
SHAPE_BOX = (40.5, 4.5, 15.0)  # x, y, side
SHAPES = {
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
    """The element id of a suit's pictogram, defined once per card file."""
    return f"{suit}-pip"


def pip_definition(suit: str) -> str:
    """The suit pictogram as a reusable element; it takes its colour from where it is used."""
    shape = PIPS[suit]
    parts = [f'<defs><g id="{pip_id(suit)}">']
    if shape.fill:
        parts.append(f'<path stroke="none" fill-rule="evenodd" d="{shape.fill}"/>')
    if shape.stroke:
        parts.append(f'<path fill="none" stroke-width="{num(shape.width)}" d="{shape.stroke}"/>')
    parts.append("</g></defs>")
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


def svg(body: list[str], background: str, defs: str = "") -> str:
    """Wrap card content in the shared outline: rounded corners and a thin border."""
    outline = (
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="{CORNER}" '
        f'fill="{background}" stroke="{INK}" stroke-width="1"/>'
    )
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">'
    return "\n".join([head, *([defs] if defs else []), outline, *body, "</svg>"]) + "\n"


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


def shape_mark(suit: str) -> list[str]:
    """The suit's plain shape in a paper box, hidden unless the file is shown as ``#shapes``."""
    x, y, side = SHAPE_BOX
    return [
        f"<style>#{SHAPE_ID}{{display:none}}#{SHAPE_ID}:target{{display:inline}}</style>",
        f'<g id="{SHAPE_ID}">',
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(side)}" height="{num(side)}" rx="2" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="1"/>',
        f'<g fill="{INK}">{SHAPES[suit]}</g>',
        "</g>",
    ]


def face(suit: str, rank: int, index: dict[int, str] | None = None) -> str:
    """The SVG text of one card face; ``index``: filled digit outlines for the corner (by rank,
    already placed), instead of the stroked Western digits."""
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
    body += shape_mark(suit)
    return svg(body, PAPER, defs=pip_definition(suit))


def back() -> str:
    """The SVG text of the card back: an interlocking-coin lattice and a cash-coin medallion."""
    lattice = (
        '<defs><pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse" '
        f'x="5" y="5"><g fill="none" stroke="{GOLD}" stroke-width="0.55">'
        '<circle r="7.07"/><circle cx="10" r="7.07"/><circle cy="10" r="7.07"/>'
        '<circle cx="10" cy="10" r="7.07"/></g></pattern></defs>'
    )
    body = [
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
    return svg(body, BACK, defs=lattice)


def all_files() -> dict[str, str]:
    """Every file this tool writes, by path under OUT_DIR, in a fixed order: the faces, the
    back, then each language's faces in its folder (the back is the same for all)."""
    files = {f"{suit}{rank}.svg": face(suit, rank) for suit in SUITS for rank in RANKS}
    files["back.svg"] = back()
    files |= {f"suit-{suit}.svg": face(suit, LEGEND_RANK) for suit in SUITS}
    index = {"fa": persian_digits()}
    for language in INDEX_LANGUAGES:
        for suit in SUITS:
            for rank in RANKS:
                files[f"{language}/{suit}{rank}.svg"] = face(suit, rank, index[language])
        for suit in SUITS:
            files[f"{language}/suit-{suit}.svg"] = face(suit, LEGEND_RANK, index[language])
    return files


def gallery_html(card_dir: Path) -> str:
    """A preview page: every card 48 px wide, then every card 200 px wide, a suit a row (and a
    row per suit of each language's own faces)."""
    rows = [[f"{suit}{rank}" for rank in RANKS] + ["back"] for suit in SUITS]
    rows += [[f"{language}/{suit}{rank}" for rank in RANKS] for language in INDEX_LANGUAGES
             for suit in SUITS]

    def image(name: str, width: int) -> str:
        return f'<img src="{(card_dir / f"{name}.svg").as_uri()}" style="width:{width}px">'

    html = [
        "<!doctype html><meta charset=utf-8><style>body{background:#3c5a44;margin:8px}"
        "img{margin:3px;vertical-align:top}</style>"
    ]
    for width in (48, 200):
        html += ["<div>" + "".join(image(name, width) for name in row) + "</div>" for row in rows]
    return "".join(html) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if files on disk differ")
    parser.add_argument("--gallery", type=Path, metavar="PATH", help="also write a preview page")
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
    if args.gallery:
        args.gallery.write_text(gallery_html(OUT_DIR), encoding="utf-8")
    return 0


def _read(path: Path) -> str | None:
    """The text of a file, or None when it does not exist."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
