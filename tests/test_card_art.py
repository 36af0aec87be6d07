"""The card art: the committed SVGs are what tools/cardart.py draws, and they need no font."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tools import cardart

SVG = "{http://www.w3.org/2000/svg}"


def test_committed_card_files_are_what_the_tool_draws() -> None:
    assert cardart.main(["--check"]) == 0, "run tools/cardart.py and commit static/cards/"


def views(sheet: str) -> dict[str, str]:
    """A sheet's views: what each shows of it (its viewBox), by name."""
    root = ElementTree.fromstring(sheet)
    return {view.attrib["id"]: view.attrib["viewBox"] for view in root.iter(f"{SVG}view")}


def drawn(sheet: str, view_box: str) -> str:
    """What a sheet draws in the card-sized box of a view: the face's own group, with the suit's
    shape if the view is of the second row."""
    x, y, _, _ = (float(v) for v in view_box.split())
    at = int(x) // cardart.WIDTH
    root = ElementTree.fromstring(sheet)
    groups = [g for g in root if g.tag == f"{SVG}g" and g.attrib.get("id", "").endswith("-face")]
    face = ElementTree.tostring(groups[at], encoding="unicode")
    return face + ("+shape" if y else "")


def test_every_card_is_a_view_of_one_sheet_with_and_without_its_suits_shape() -> None:
    """Each face is a view of faces.svg (one download for all), by its code, with its shape as
    <code>-shapes; each suit's legend is its 5; the back is a file of its own."""
    files = cardart.all_files()
    assert set(files) == {"faces.svg", "back.svg", "fa/faces.svg"}
    codes = [f"{suit}{rank}" for suit in "CSMT" for rank in range(1, 10)]
    for sheet in (files["faces.svg"], files["fa/faces.svg"]):
        found = views(sheet)
        names = codes + [f"suit-{suit}" for suit in "CSMT"]
        assert set(found) == set(names) | {name + "-shapes" for name in names}
        assert len({found[code] for code in codes}) == 36  # each face a place of its own
        assert all(found[f"suit-{suit}"] == found[f"{suit}5"] for suit in "CSMT")
        for code in codes:
            assert drawn(sheet, found[code + "-shapes"]) == drawn(sheet, found[code]) + "+shape"
        faces = {drawn(sheet, found[code]).split(">", 1)[1] for code in codes}
        assert len(faces) == 36  # no two faces alike
        # the second row: each face again, with its own suit's shape over it
        assert re.findall(r'<use href="#([CSMT])[1-9]-face" y="180"/><use href="#([CSMT])-shape"',
                          sheet) == [(suit, suit) for suit in "CSMT" for _ in range(9)]


def test_persian_cards_differ_only_in_their_corner_digit() -> None:
    """The Persian faces write the index in Persian digits (filled outlines) instead of the
    stroked Western digit; everything else on the card is the same."""
    files = cardart.all_files()
    western, own = files["faces.svg"], files["fa/faces.svg"]
    digit = re.compile(r'<path transform="translate\(5.3 6.5\)[^>]*/>\n?')
    persian = re.compile(r'<path stroke="none" d="[^"]*"/>\n?')
    assert len(digit.findall(western)) == 36 and not digit.findall(own)
    assert len(persian.findall(own)) == 36
    assert digit.sub("", western) == persian.sub("", own)


def test_cards_draw_every_glyph_as_paths_and_scale_freely() -> None:
    for name, text in cardart.all_files().items():
        root = ElementTree.fromstring(text)
        assert root.tag == f"{SVG}svg", name
        # Text would need fonts the player may not have (no CJK font, no web fonts).
        assert not list(root.iter(f"{SVG}text")), name
        assert "viewBox" in root.attrib and "width" not in root.attrib, name
        assert not re.search(r"https?://(?!www\.w3\.org)", text), name


def test_every_language_with_its_own_digits_has_its_own_cards() -> None:
    """Every picture the page names, in every language, is a file and a view in it."""
    from lukfu.i18n import LANGUAGES
    from lukfu.web.faces import BACK, OWN_INDEX_DIGITS, card_src, legend_src

    own = {code for code, lang in LANGUAGES.items() if lang.digits != "0123456789"}
    assert set(OWN_INDEX_DIGITS) == set(cardart.INDEX_LANGUAGES) == own
    for code in LANGUAGES:
        pictures = [card_src(f"{suit}{rank}", code, shapes) for suit in "CSMT" for rank in range(1, 10)
                    for shapes in (False, True)]
        pictures += [legend_src(suit, code, shapes) for suit in range(4) for shapes in (False, True)]
        for src in pictures + [card_src(BACK, code)]:
            path, _, view = src.partition("#")
            file = cardart.OUT_DIR.parent.parent / path
            assert file.is_file(), src
            assert not view or view in views(file.read_text(encoding="utf-8")), src
