"""Cards: the 36-card deck, its text notation and the bitmask form the engine computes with.

A card is a small int, ``suit * 9 + rank - 1``, so a hand or any set of cards is a 36-bit mask.
``Card`` is an ``int`` subclass that reads and prints in the rules' notation (``C7``).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CSMT"
"""Suit letters, low to high: Coins, Strings, Myriads, Tens."""

DECK_SIZE = 36
FULL_DECK = (1 << DECK_SIZE) - 1
"""The mask of every card in the deck."""
SUIT_MASK = 0x1FF
"""The nine bits of one suit, before shifting by ``9 * suit``."""


class Card(int):
    """One card: ``Card.parse("C7")``, ``card.suit == 0``, ``card.rank == 7``, ``str(card) == "C7"``.

    >>> Card.parse("M7").suit, Card.parse("M7").rank
    (2, 7)
    >>> sorted(parse_cards("T1 C9 C2"))
    [Card('C2'), Card('C9'), Card('T1')]
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        return _CARDS[index]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card in the rules' notation; a bad token raises ``ValueError`` naming it."""
        text = token.strip()
        if len(text) == 2 and text[0].upper() in SUITS and text[1] in "123456789":
            return _CARDS[SUITS.index(text[0].upper()) * 9 + int(text[1]) - 1]
        raise ValueError(f"not a card: {token!r} (expected a suit letter C, S, M or T and a rank 1-9)")

    @property
    def suit(self) -> int:
        return int(self) // 9

    @property
    def rank(self) -> int:
        return int(self) % 9 + 1

    @property
    def bit(self) -> int:
        return 1 << int(self)

    @property
    def is_special(self) -> bool:
        """Mau Gung (C1) or Bak Chi (T1): never beats anything, always Old."""
        return int(self) in (0, 27)

    def __str__(self) -> str:
        return SUITS[int(self) // 9] + str(int(self) % 9 + 1)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card('{self}')"


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
ALL_CARDS = _CARDS
MAU_GUNG = _CARDS[0]
BAK_CHI = _CARDS[27]
SPECIAL_MASK = MAU_GUNG.bit | BAK_CHI.bit


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces, in the given order: ``parse_cards("C7 C8 C9")``."""
    return tuple(Card.parse(token) for token in text.split())


def format_cards(cards: Iterable[int]) -> str:
    """The rules' notation for a group of cards, in the given order."""
    return " ".join(str(_CARDS[c]) for c in cards)


def to_mask(cards: Iterable[int]) -> int:
    """The bitmask of some cards (duplicates collapse)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _suit_table(suit: int) -> tuple[tuple[Card, ...], ...]:
    """For each 9-bit pattern of one suit: its cards in order (built by doubling, bit by bit)."""
    table: list[tuple[Card, ...]] = [()]
    for position in range(9):
        card = _CARDS[suit * 9 + position]
        table += [cards + (card,) for cards in table]
    return tuple(table)


# cards_of(mask) is on the hot path of search: four lookups, one per suit.
_S0, _S1, _S2, _S3 = (_suit_table(suit) for suit in range(4))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards in a mask, sorted by suit then rank."""
    return _S0[mask & 511] + _S1[mask >> 9 & 511] + _S2[mask >> 18 & 511] + _S3[mask >> 27 & 511]
