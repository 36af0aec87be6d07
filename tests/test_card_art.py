"""The card art: the committed SVGs are what tools/cardart.py draws, and they need no font."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tools import cardart

SVG = "{http://www.w3.org/2000/svg}"


def test_committed_card_files_are_what_the_tool_draws() -> None:
    assert cardart.main(["--check"]) == 0, "run tools/cardart.py and commit static/cards/"


def test_every_card_has_a_face_and_they_share_one_back() -> None:
    files = cardart.all_files()
    names = {f"{suit}{rank}.svg" for suit in "CSMT" for rank in range(1, 10)}
    legend = {f"suit-{suit}.svg" for suit in "CSMT"}
    assert set(files) == names | {"back.svg"} | legend | {f"fa/{name}" for name in names | legend}
    assert all(files[f"suit-{suit}.svg"] == files[f"{suit}5.svg"] for suit in "CSMT")
    for folder in ("", "fa/"):
        assert len({files[folder + name] for name in names}) == 36  # no two faces alike


def test_persian_cards_differ_only_in_their_corner_digit() -> None:
    """The Persian faces write the index in Persian digits (filled outlines) instead of the
    stroked Western digit; everything else on the card is the same."""
    files = cardart.all_files()
    digit = re.compile(r'<path transform="translate\(5.3 6.5\)[^>]*/>\n?')
    persian = re.compile(r'<path stroke="none" d="[^"]*"/>\n?')
    for suit in "CSMT":
        for rank in range(1, 10):
            western, own = files[f"{suit}{rank}.svg"], files[f"fa/{suit}{rank}.svg"]
            assert len(digit.findall(western)) == 1 and not digit.findall(own)
            assert len(persian.findall(own)) == 1
            assert digit.sub("", western) == persian.sub("", own, count=1)


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
        assert (cardart.OUT_DIR.parent.parent / card_src("T9", code)).is_file()
