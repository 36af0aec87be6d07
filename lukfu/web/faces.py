"""What a card looks like in the page: the image of each face and of the back, and the suit
legend shown to a new player.

Plain Python (no ``js``): `view` names the images, the renderer shows them.
"""

from __future__ import annotations

from typing import NamedTuple

from lukfu.cards import SUITS
from lukfu.i18n import DEFAULT_LANGUAGE, Translator
from lukfu.web import naming

CARD_DIR = "static/cards/"
BACK = "back"
# Languages whose card faces write the corner index in their own digits (tools/cardart.py
# draws them into static/cards/<language>/); the others use the Western digits.
OWN_INDEX_DIGITS = ("fa",)

SHAPES = "#shapes"
"""The fragment that shows a face's suit shape (tools/cardart.py: the suit-shapes setting)."""


def card_src(code: str, language: str = DEFAULT_LANGUAGE, shapes: bool = False) -> str:
    """The image of a card face (``"C7"``) or of the back, for a page in ``language``; with
    ``shapes``, the face shows its suit's plain shape too (the back has none).

    >>> card_src("C7"), card_src("C7", "fa"), card_src(BACK, "fa", shapes=True)
    ('static/cards/C7.svg', 'static/cards/fa/C7.svg', 'static/cards/back.svg')
    >>> card_src("T1", shapes=True)
    'static/cards/T1.svg#shapes'
    """
    if code == BACK:
        return f"{CARD_DIR}{code}.svg"
    folder = f"{language}/" if language in OWN_INDEX_DIGITS else ""
    return f"{CARD_DIR}{folder}{code}.svg" + (SHAPES if shapes else "")


def legend_src(suit: int, language: str = DEFAULT_LANGUAGE, shapes: bool = False) -> str:
    """The suit legend's picture of a suit (0 Coins … 3 Tens): that suit's 5, in a file named
    by the suit, so that no card code appears in the page for it.

    >>> legend_src(1), legend_src(3, "fa", shapes=True)
    ('static/cards/suit-S.svg', 'static/cards/fa/suit-T.svg#shapes')
    """
    return card_src(f"suit-{SUITS[suit]}", language, shapes)


class SuitTipView(NamedTuple):
    """The suits for a new player: which card face is which suit, from low to high."""

    title: str
    suits: tuple[tuple[str, str], ...]  # (image of that suit's 5, the suit's name)


def suit_tip_view(tr: Translator) -> SuitTipView:
    """The same legend as the rules card's, to show on first use.

    >>> [name for _, name in suit_tip_view(Translator()).suits]
    ['Coins', 'Strings', 'Myriads', 'Tens']
    """
    return SuitTipView(
        tr.gettext("How each suit looks, from low to high"),
        tuple((legend_src(suit, tr.language), naming.suit_name(tr, suit)) for suit in range(4)),
    )
