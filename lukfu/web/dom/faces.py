"""The card images: the picture of each face and of the back, for a page in a language.

Plain Python that MicroPython runs too: the worker's views (`lukfu.web.faces`) and the page's
renderer name the same pictures.  Every face is a view of one sheet (tools/cardart.py), so the
page downloads one file for all of them.
"""

CARD_DIR = "static/cards/"
BACK = "back"
# Languages whose card faces write the corner index in their own digits (tools/cardart.py
# draws their sheet into static/cards/<language>/); the others use the Western digits.
OWN_INDEX_DIGITS = ("fa",)
SHEET = "faces.svg"

SHAPES = "-shapes"
"""What ends the view of a face that shows its suit's plain shape (tools/cardart.py's SHAPES)."""


def card_src(code: str, language: str = "en", shapes: bool = False) -> str:
    """The image of a card face (``"C7"``), a suit's legend (``"suit-C"``) or the back, for a
    page in ``language``; with ``shapes``, the face shows its suit's plain shape too (the back
    has none).

    >>> card_src("C7"), card_src("C7", "fa"), card_src(BACK, "fa", shapes=True)
    ('static/cards/faces.svg#C7', 'static/cards/fa/faces.svg#C7', 'static/cards/back.svg')
    >>> card_src("T1", shapes=True)
    'static/cards/faces.svg#T1-shapes'
    """
    if code == BACK:
        return CARD_DIR + code + ".svg"
    folder = language + "/" if language in OWN_INDEX_DIGITS else ""
    return CARD_DIR + folder + SHEET + "#" + code + (SHAPES if shapes else "")


def plain(src: str) -> str:
    """A face's picture without its suit's shape (any other picture as it is).

    >>> plain(card_src("T1", shapes=True)) == card_src("T1"), plain(card_src(BACK))
    (True, 'static/cards/back.svg')
    """
    return src[:-len(SHAPES)] if src.endswith(SHAPES) else src
