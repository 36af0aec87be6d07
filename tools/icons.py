"""Draw the app's icons (PNG, standard library only): a fan of three slender cards on the table.

``drawn(theme, background)`` returns {"icon-192.png", "icon-512.png", "maskable-512.png": bytes}.
The plain icons are a rounded square with transparent corners; the maskable one fills the whole
square and keeps the cards inside the central safe circle (80% of the side), as platforms crop it
to a circle or a squircle.  Every pixel is computed from signed distances to the shapes, which
gives smooth edges without drawing anything twice.  The result is kept in runtime/icons/ and
drawn again only when this file or the colours change.
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from tools.runtime import each_in_a_process

CACHE = Path(__file__).resolve().parent.parent / "runtime" / "icons"
INK = (0xB2, 0x3A, 0x2E)  # the red of the cards' marks
Colour = tuple[int, int, int]


def hex_colour(text: str) -> Colour:
    value = int(text.lstrip("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


def rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on the origin (< 0 inside)."""
    qx = abs(x) - half_w + radius
    qy = abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def coverage(distance: float) -> float:
    """How much of a one-pixel-wide sample a shape covers, from its signed distance."""
    return min(max(0.5 - distance, 0.0), 1.0)


def card(angle_degrees: float, cx: float, cy: float, w: float, h: float) -> Callable[[float, float], float]:
    """The signed distance function of a card turned about a pivot below its foot."""
    angle = math.radians(angle_degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    pivot_y = cy + h * 0.55

    def distance(x: float, y: float) -> float:
        # Rotate the point the other way round the pivot, then measure against the upright card.
        dx, dy = x - cx, y - pivot_y
        rx, ry = dx * cos + dy * sin, -dx * sin + dy * cos
        return rounded_box(rx, ry + h * 0.55, w / 2, h / 2, w * 0.12)

    return distance


def draw(size: int, theme: Colour, background: Colour, maskable: bool) -> list[list[tuple[int, ...]]]:
    """RGBA rows of one icon."""
    scale = size / 512
    content = 0.72 if maskable else 0.9  # the cards' share of the side (maskable: inside the safe zone)
    w, h = 88 * content / 0.9 * scale, 264 * content / 0.9 * scale
    cx, cy = size / 2, size / 2 + 8 * scale
    cards = [card(angle, cx, cy, w, h) for angle in (-24.0, 24.0, 0.0)]  # the upright card in front
    half = size / 2
    rows = []
    for py in range(size):
        row: list[tuple[int, ...]] = []
        y = py + 0.5
        for px in range(size):
            x = px + 0.5
            if maskable:
                alpha = 1.0
            else:
                alpha = coverage(rounded_box(x - half, y - half, half - 0.5, half - 0.5, size * 0.2))
            colour = [float(c) for c in theme]
            for index, shape in enumerate(cards):
                edge = shape(x, y)
                border = coverage(edge)  # a thin dark edge between overlapping cards
                face = coverage(edge + 3 * scale)
                if border:
                    colour = [c + (t * 0.6 - c) * border for c, t in zip(colour, theme, strict=True)]
                if face:
                    colour = [c + (b - c) * face for c, b in zip(colour, background, strict=True)]
                if index == len(cards) - 1:  # the front (upright) card: a red coin near its top
                    mark = coverage(math.hypot(x - cx, y - (cy - h * 0.22)) - w * 0.3)
                    hole = coverage(rounded_box(x - cx, y - (cy - h * 0.22), w * 0.09, w * 0.09, 0))
                    ink = mark * (1 - hole) * face
                    colour = [c + (i - c) * ink for c, i in zip(colour, INK, strict=True)]
            row.append((*(round(c) for c in colour), round(alpha * 255)))
        rows.append(row)
    return rows


def png(rows: list[list[tuple[int, ...]]]) -> bytes:
    """A truecolour-with-alpha PNG of ``rows``."""
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(v for pixel in row for v in pixel) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "maskable-512.png": (512, True)}


def drawn_png(size: int, theme: Colour, background: Colour, maskable: bool) -> bytes:
    """One icon, drawn and encoded (in a process of its own: see `drawn`)."""
    return png(draw(size, theme, background, maskable))


def drawn(theme: str, background: str) -> dict[str, bytes]:
    """The three icons, from runtime/icons/ when nothing changed since they were drawn."""
    key = hashlib.sha256(Path(__file__).read_bytes() + json.dumps([theme, background]).encode()).hexdigest()
    stamp = CACHE / "key.txt"
    if stamp.is_file() and stamp.read_text() == key and all((CACHE / n).is_file() for n in ICONS):
        return {name: (CACHE / name).read_bytes() for name in ICONS}
    # One icon a process, one process a core (a fresh clone draws all three: 10 s on one core).
    pictures = each_in_a_process(drawn_png, [(size, hex_colour(theme), hex_colour(background), maskable)
                                             for size, maskable in ICONS.values()])
    icons = dict(zip(ICONS, pictures, strict=True))
    CACHE.mkdir(parents=True, exist_ok=True)
    for name, data in icons.items():
        (CACHE / name).write_bytes(data)
    stamp.write_text(key)
    return icons
