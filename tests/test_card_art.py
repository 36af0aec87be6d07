"""The card art: the committed SVGs are what tools/cardart.py draws, and they need no font."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tools import cardart

SVG = "{http://www.w3.org/2000/svg}"
CODES = [f"{suit}{rank}" for suit in "CSMT" for rank in range(1, 10)]


def views(text: str) -> dict[str, tuple[float, ...]]:
    """Each ``<view>`` of a file of faces: its id and its box (x, y, width, height)."""
    root = ElementTree.fromstring(text)
    return {view.attrib["id"]: tuple(float(v) for v in view.attrib["viewBox"].split())
            for view in root.iter(f"{SVG}view")}


def test_committed_card_files_are_what_the_tool_draws() -> None:
    assert cardart.main(["--check"]) == 0, "run tools/cardart.py and commit static/cards/"


def test_every_card_has_a_face_and_they_share_one_back() -> None:
    files = cardart.all_files()
    assert set(files) == {"faces.svg", "back.svg", "fa/faces.svg"}
    for name in ("faces.svg", "fa/faces.svg"):
        shown = views(files[name])
        legend = [f"suit-{suit}" for suit in "CSMT"]
        names = [code + variant for code in CODES + legend for variant in ("", "-shapes")]
        assert sorted(shown) == sorted(names), name
        # Each face is a card's size, apart from every other: no edge of a neighbour shows.
        boxes = {shown[code + variant] for code in CODES for variant in ("", "-shapes")}
        assert len(boxes) == 72 and all(box[2:] == (60, 180) for box in boxes)
        xs, ys = sorted({box[0] for box in boxes}), sorted({box[1] for box in boxes})
        assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) > 60
        assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) > 180
        # The legend shows each suit's 5.
        assert all(shown[f"suit-{suit}{variant}"] == shown[f"{suit}5{variant}"]
                   for suit in "CSMT" for variant in ("", "-shapes"))
    for index in (None, cardart.persian_digits()):
        drawn = {"\n".join(cardart.face(code[0], int(code[1]), index)) for code in CODES}
        assert len(drawn) == 36  # no two faces alike


def test_the_shapes_faces_are_the_plain_ones_with_their_suit_shape() -> None:
    text = cardart.all_files()["faces.svg"]
    for code in CODES:
        assert text.count(f'<g id="face-{code}"') == 1, code
        # The face again, and its suit's shape over it, in one group.
        shaped = re.findall(rf'<use href="#face-{code}"[^>]*/>(.*?)</g>\n</g>', text, flags=re.S)
        assert len(shaped) == 1 and cardart.SHAPES[code[0]] in shaped[0], code


def test_persian_cards_differ_only_in_their_corner_digit() -> None:
    """The Persian faces write the index in Persian digits (filled outlines) instead of the
    stroked Western digit; everything else on the card is the same."""
    digit = re.compile(r'<path transform="translate\(5.3 6.5\)[^>]*/>')
    persian = re.compile(r'<path stroke="none" d="[^"]*"/>')
    index = cardart.persian_digits()
    for code in CODES:
        western = cardart.face(code[0], int(code[1]))
        own = cardart.face(code[0], int(code[1]), index)
        assert len([e for e in western if digit.fullmatch(e)]) == 1
        assert not [e for e in own if digit.fullmatch(e)]
        assert len([e for e in own if persian.fullmatch(e)]) == 1
        assert [e for e in western if not digit.fullmatch(e)] == [e for e in own if not persian.fullmatch(e)]


def test_cards_draw_every_glyph_as_paths_and_scale_freely() -> None:
    for name, text in cardart.all_files().items():
        root = ElementTree.fromstring(text)
        assert root.tag == f"{SVG}svg", name
        # Text would need fonts the player may not have (no CJK font, no web fonts).
        assert not list(root.iter(f"{SVG}text")), name
        assert "viewBox" in root.attrib and "width" not in root.attrib, name
        assert not re.search(r"https?://(?!www\.w3\.org)", text), name


def test_every_language_with_its_own_digits_has_its_own_cards() -> None:
    from lukfu.i18n import LANGUAGES
    from lukfu.web.faces import OWN_INDEX_DIGITS, card_src

    own = {code for code, lang in LANGUAGES.items() if lang.digits != "0123456789"}
    assert set(OWN_INDEX_DIGITS) == set(cardart.INDEX_LANGUAGES) == own
    for code in LANGUAGES:
        path, view = card_src("T9", code).split("#")
        assert view in views((cardart.OUT_DIR.parent.parent / path).read_text(encoding="utf-8"))
