"""The card art's glyphs: each a path on its own grid, placed on a card by tools/cardart.py.

The Chinese numerals, the suit characters, the Western index digits and the suit pictograms,
drawn for this game as strokes and fills, so that no card needs a font.
"""

from __future__ import annotations

from typing import NamedTuple

# Every glyph is SVG path data for stroking, designed on its own grid and placed with a
# transform, so one definition serves every card.  No fonts are used anywhere.

# Chinese numerals 一 … 九 on a 24 × 24 grid.
NUMERALS = {
    1: "M2 12.6Q12 11.2 22 12.2",
    2: "M5.5 7Q12 6 18.5 6.6M2 17.4Q12 16.2 22 17",
    3: "M4.5 4.4Q12 3.4 19.5 4M6 12Q12 11.2 18 11.6M2 19.8Q12 18.6 22 19.4",
    4: "M3 4V20.5M3 4H21V20.5M3 19.6H21M9.5 4.2Q9.5 11 6 14M14.5 4.2V12Q14.5 13.4 16 13.4H21",
    5: "M4 3.5H20M10.8 3.5L9.4 20.5M5.5 11H17.5L16.8 20.5M2 20.5H22",
    6: "M11 1.5L12.5 4.8M3 8.5H21M9 12.5Q8 17 4.5 21M15 12.5Q17 17 20 20.5",
    7: "M2.5 12.5L21.5 9.5M9 2.5V18Q9 21 12 21H19.5Q21 21 21 18.5",
    8: "M9.5 4Q9.5 14 3 21M14 4Q14.5 15 21.5 20.5",
    9: "M9.5 2V9Q9.5 16 3 21.5M3.5 8H15Q15.5 8 15.5 9V18.5Q15.5 21 18 21H20Q21.5 21 21.5 18",
}

# The suit characters on a 24 × 24 grid, built from their components.
SUIT_CHARS = {
    # 錢 = 金 (as the left radical 釒) + 戔 (two 戈 stacked)
    "C": (
        "M5 1Q4 4 1 6.5M5 1Q6.5 4 9 5.5M3 8H7.5M2 11.5H8M5 8V19.5M3 13.5L3.8 16M7.2 13.5"
        "L6.4 16M1.5 20.5L9 18.5"
        "M11 5.2L21.5 3.8M14 1Q16 7 20.5 10M19.5 5.8L14.5 10M19.5 0.6L20.8 1.8"
        "M10.5 15L22.5 13M14 10.5Q16 19 22.5 22.5L22.8 19.5M20.5 16L13 22.5M20.5 10.5L21.8 12"
    ),
    # 索 = 十 + 冖 + 糸
    "S": (
        "M5 3.8H19M12 0.5V7"
        "M3.5 10.5L3 7.8H21L20 10.5"
        "M12.5 9L8.5 12.5L14.5 14L7 18L17 17M15 15.5L17.5 17.5M12 17.5V23.5M8 20L6 22.5M16 20L18 22.5"
    ),
    # 貫 = 毌 over 貝
    "M": (
        "M5 1.5V8M5 1.5H19V8M5 8H19M2 4.8H22M12 0V9.5"
        "M6 10.5V19.5M6 10.5H18V19.5M6 13.5H18M6 16.5H18M6 19.5H18M10 20Q9 22.5 5 24M14 20.5L18 23.5"
    ),
    # 拾 = 扌 + 合
    "T": (
        "M1 7H8M4.5 1V21Q4.5 22.5 3 21.5M1 15.5L8 12"
        "M16 1Q14 6 9 9.5M16 1Q18 6 23 9.5M13 9.5H19M11.5 13V22M11.5 13H20.5V22M11.5 21.5H20.5"
    ),
}

# Western digits 1 … 9 on a 6 × 10 grid, for the index.
DIGITS = {
    1: "M1.2 2.2L3.6 0.4V10",
    2: "M0.6 2.6C0.8 0.2 5.6 0 5.5 2.9C5.4 5.2 0.6 7.4 0.4 10H5.8",
    3: "M0.8 1C2.5-0.3 5.6 0.2 5.4 2.6C5.3 4.4 3.5 4.8 2.4 4.8C4.6 4.8 5.8 5.8 5.7 7.4"
    "C5.6 10.4 1.4 10.6 0.4 8.8",
    4: "M4.2 10V0.2L0.3 7H5.8",
    5: "M5.4 0.4H1.2L0.8 4.4C2.8 3.4 5.8 4 5.7 6.9C5.6 10.2 1.6 10.6 0.4 8.9",
    6: "M4.8 0.5C2 0.6 0.4 3.4 0.4 6.6C0.4 9.1 1.6 10 3 10C4.6 10 5.6 8.7 5.6 7"
    "C5.6 5.3 4.5 4.2 3 4.2C1.7 4.2 0.6 5.1 0.4 6.4",
    7: "M0.4 0.4H5.6C3.8 3 2.6 6.4 2.2 10",
    8: "M3 4.7A2.3 2.15 0 1 1 3 0.4A2.3 2.15 0 1 1 3 4.7A2.7 2.65 0 1 1 3 10A2.7 2.65 0 1 1 3 4.7Z",
    9: "M1.2 9.5C4 9.4 5.6 6.6 5.6 3.4C5.6 0.9 4.4 0 3 0C1.4 0 0.4 1.3 0.4 3"
    "C0.4 4.7 1.5 5.8 3 5.8C4.3 5.8 5.4 4.9 5.6 3.6",
}


class Pip(NamedTuple):
    """A suit pictogram on a 10 × 10 grid: filled shapes plus stroked lines."""

    fill: str  # path data filled with the card colour (even-odd, so holes work)
    stroke: str = ""  # path data stroked with the card colour
    width: float = 0  # stroke width on the pip's grid


# Each suit has its own silhouette, so colour is never needed to tell suits apart:
# round, kite, bowl and cross.
PIPS = {
    # Coins: a round cash coin with a square hole.
    "C": Pip(fill="M5 0.5A4.5 4.5 0 1 0 5 9.5A4.5 4.5 0 1 0 5 0.5ZM3.5 3.5V6.5H6.5V3.5Z"),
    # Strings: a hanging cord ornament, a woven knot above a tassel.
    "S": Pip(
        fill="M5 1L8.2 4.2L5 7.4L1.8 4.2Z"
        "M5 1.9L5.7 2.6L5 3.3L4.3 2.6ZM6.6 3.5L7.3 4.2L6.6 4.9L5.9 4.2Z"
        "M5 5.1L5.7 5.8L5 6.5L4.3 5.8ZM3.4 3.5L4.1 4.2L3.4 4.9L2.7 4.2Z"
        "M4.2 7.7H5.8L6.9 9.9H3.1Z",
        stroke="M5 0.1V1.4",
        width=1,
    ),
    # Myriads: a silver ingot, a boat-shaped bowl with a dome.
    "M": Pip(
        fill="M0.3 3.8Q2.6 5.7 5 5.7Q7.4 5.7 9.7 3.8Q9.6 9 5 9.2Q0.4 9 0.3 3.8Z"
        "M2.4 5.2A2.6 2.9 0 0 1 7.6 5.2Q5 5.9 2.4 5.2Z",
    ),
    # Tens: the ten-mark 十.
    "T": Pip(fill="", stroke="M5 1.2V8.8M1.2 5H8.8", width=2.1),
}
