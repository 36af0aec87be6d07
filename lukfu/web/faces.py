"""The suit legend shown to a new player: a picture and a name for each suit.

Plain Python (no ``js``).  The card images' files are `lukfu.web.dom.faces`' (the page names them
too); this module adds what needs the catalog.
"""

from __future__ import annotations

from typing import NamedTuple

from lukfu.cards import SUITS
from lukfu.i18n import DEFAULT_LANGUAGE, Translator
from lukfu.web import naming
from lukfu.web.dom.faces import BACK, CARD_DIR, OWN_INDEX_DIGITS, SHAPES, card_src


def legend_src(suit: int, language: str = DEFAULT_LANGUAGE, shapes: bool = False) -> str:
    """The suit legend's picture of a suit (0 Coins … 3 Tens): that suit's 5, in a file named
    by the suit, so that no card code appears in the page for it.

    >>> legend_src(1), legend_src(3, "fa", shapes=True)
    ('static/cards/suit-S.svg', 'static/cards/fa/suit-T.svg#shapes')
    """
    return card_src(f"suit-{SUITS[suit]}", language, shapes)


__all__ = ["BACK", "CARD_DIR", "OWN_INDEX_DIGITS", "SHAPES", "SuitTipView", "card_src", "legend_src",
           "suit_tip_view"]


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
