"""Old cards (老歲牌): which cards in a hand can no longer be beaten, judged from one seat's knowledge.

A card is Old when its rank is 9, when it is C1 or T1, or when every higher rank of its suit is
either in the hand or has been played face up (RULES §6). Face-down discards are never known.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import SPECIAL_MASK, SUIT_MASK, Card, cards_of, to_mask


def _top_chain(known: int) -> int:
    """Positions (0–8) of a suit whose higher positions are all in ``known``."""
    chain = 0
    for position in range(8, -1, -1):
        chain |= 1 << position
        if not known >> position & 1:
            break
    return chain


_TOP_CHAIN = tuple(_top_chain(known) for known in range(SUIT_MASK + 1))


def old_mask(hand: int, public: int) -> int:
    """The Old cards of ``hand`` as a mask, given the face-up cards ``public``."""
    known = hand | public
    table = _TOP_CHAIN
    reach = (
        table[known & SUIT_MASK]
        | table[known >> 9 & SUIT_MASK] << 9
        | table[known >> 18 & SUIT_MASK] << 18
        | table[known >> 27 & SUIT_MASK] << 27
    )
    return hand & (reach | SPECIAL_MASK)


def old_cards(hand: Iterable[int], public: Iterable[int]) -> frozenset[Card]:
    """The Old cards of a hand (RULES §6), ``public`` being every card played face up so far.

    >>> from lukfu import parse_cards
    >>> sorted(map(str, old_cards(parse_cards("S8 S7 S5"), parse_cards("S9"))))
    ['S7', 'S8']
    """
    return frozenset(cards_of(old_mask(to_mask(hand), to_mask(public))))
