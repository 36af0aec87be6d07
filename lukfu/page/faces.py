"""The card images: the file of each face and of the back, for a page in a language.

Plain Python that MicroPython runs too: the worker's views (`lukfu.web.faces`) and the page's
renderer name the same files.
"""

CARD_DIR = "static/cards/"
FACES = "faces.svg"  # every face of a language in one file, a view each (tools/cardart.py)
BACK = "back"
# Languages whose card faces write the corner index in their own digits (tools/cardart.py
# draws them into static/cards/<language>/); the others use the Western digits.
OWN_INDEX_DIGITS = ("fa",)

SHAPES = "-shapes"
"""The end of a face's view that shows its suit shape too (the suit shapes setting)."""


def card_src(code: str, language: str = "en", shapes: bool = False) -> str:
    """The image of a card face (``"C7"``), a suit's legend (``"suit-C"``) or the back, for a
    page in ``language``; with ``shapes``, the face shows its suit's plain shape too (the back
    has none).

    >>> card_src("C7"), card_src("C7", "fa"), card_src(BACK, "fa", shapes=True)
    ('static/cards/faces.svg#C7', 'static/cards/fa/faces.svg#C7', 'static/cards/back.svg')
    >>> card_src("T1", shapes=True), card_src("suit-T", "fa")
    ('static/cards/faces.svg#T1-shapes', 'static/cards/fa/faces.svg#suit-T')
    """
    if code == BACK:
        return CARD_DIR + code + ".svg"
    folder = language + "/" if language in OWN_INDEX_DIGITS else ""
    return CARD_DIR + folder + FACES + "#" + code + (SHAPES if shapes else "")


def with_shapes(src: str, shapes: bool) -> str:
    """The same face as ``src`` (a `card_src`), with or without its suit shape.

    >>> with_shapes("static/cards/faces.svg#C7", True), with_shapes(card_src("C7", shapes=True), False)
    ('static/cards/faces.svg#C7-shapes', 'static/cards/faces.svg#C7')
    """
    if src.endswith(SHAPES):
        src = src[:-len(SHAPES)]
    return src + SHAPES if shapes else src
