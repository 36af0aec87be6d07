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
    assert len(files) == 37 and "back.svg" in files
    faces = {name for name in files if name != "back.svg"}
    assert faces == {f"{suit}{rank}.svg" for suit in "CSMT" for rank in range(1, 10)}
    assert len({files[name] for name in faces}) == 36  # no two faces alike


def test_cards_draw_every_glyph_as_paths_and_scale_freely() -> None:
    for name, text in cardart.all_files().items():
        root = ElementTree.fromstring(text)
        assert root.tag == f"{SVG}svg", name
        # Text would need fonts the player may not have (no CJK font, no web fonts).
        assert not list(root.iter(f"{SVG}text")), name
        assert "viewBox" in root.attrib and "width" not in root.attrib, name
        assert not re.search(r"https?://(?!www\.w3\.org)", text), name
