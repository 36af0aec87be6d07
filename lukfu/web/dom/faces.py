"""The card images: the file of each face and of the back, for a page in a language.

Plain Python that MicroPython runs too: the worker's views (`lukfu.web.faces`) and the page's
renderer name the same files.
"""

CARD_DIR = "static/cards/"
BACK = "back"
# Languages whose card faces write the corner index in their own digits (tools/cardart.py
# draws them into static/cards/<language>/); the others use the Western digits.
OWN_INDEX_DIGITS = ("fa",)

SHAPES = "#shapes"
"""The fragment that shows a face's suit shape (tools/cardart.py: the suit-shapes setting)."""


def card_src(code: str, language: str = "en", shapes: bool = False) -> str:
    """The image of a card face (``"C7"``), a suit's legend (``"suit-C"``) or the back, for a
    page in ``language``; with ``shapes``, the face shows its suit's plain shape too (the back
    has none).

    >>> card_src("C7"), card_src("C7", "fa"), card_src(BACK, "fa", shapes=True)
    ('static/cards/C7.svg', 'static/cards/fa/C7.svg', 'static/cards/back.svg')
    >>> card_src("T1", shapes=True)
    'static/cards/T1.svg#shapes'
    """
    if code == BACK:
        return CARD_DIR + code + ".svg"
    folder = language + "/" if language in OWN_INDEX_DIGITS else ""
    return CARD_DIR + folder + code + ".svg" + (SHAPES if shapes else "")
