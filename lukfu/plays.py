"""Plays (single, set, run) and what beats what: every possible play is precomputed once.

There are 193 possible plays in the 36-card deck. Each has an index into ``PLAYS``; legality
during a deal is a mask test against a hand, and "what beats this play" is a precomputed list.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import DECK_SIZE, SUIT_MASK, Card, format_cards, to_mask

SINGLE, SET, RUN = "single", "set", "run"


class Play:
    """A legal combination of cards, with what is needed to compare it.

    ``rank`` is the rank of a single or a set and the top rank of a run; ``suit`` is the suit
    of a single or a run (``-1`` for a set). Plays are interned: ``classify`` returns the one
    instance for those cards, so equality is identity and ``index`` keys the tables below.
    """

    __slots__ = ("index", "cards", "kind", "mask", "size", "suit", "rank")

    index: int
    cards: tuple[Card, ...]
    kind: str
    mask: int
    size: int
    suit: int
    rank: int

    def __init__(self, index: int, cards: tuple[Card, ...], kind: str, suit: int, rank: int) -> None:
        self.index = index
        self.cards = cards
        self.kind = kind
        self.mask = to_mask(cards)
        self.size = len(cards)
        self.suit = suit
        self.rank = rank

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"classify(parse_cards('{self}'))"


def _build_plays() -> tuple[Play, ...]:
    plays: list[Play] = []

    def add(cards: Iterable[int], kind: str, suit: int, rank: int) -> None:
        plays.append(Play(len(plays), tuple(sorted(Card(c) for c in cards)), kind, suit, rank))

    for card in range(DECK_SIZE):
        add([card], SINGLE, card // 9, card % 9 + 1)
    for rank in range(1, 10):
        suits_of_rank = [suit * 9 + rank - 1 for suit in range(4)]
        for left_out in range(4):
            add([c for i, c in enumerate(suits_of_rank) if i != left_out], SET, -1, rank)
        add(suits_of_rank, SET, -1, rank)
    for suit in range(4):
        for length in range(3, 10):
            for low in range(1, 11 - length):
                cards = [suit * 9 + rank - 1 for rank in range(low, low + length)]
                add(cards, RUN, suit, low + length - 1)
    return tuple(plays)


PLAYS: tuple[Play, ...] = _build_plays()
_BY_MASK = {play.mask: play for play in PLAYS}
PLAY_SIZES = tuple(play.size for play in PLAYS)
"""How many cards each play holds, by play index (for the hot paths: a tuple lookup)."""
PLAY_MASKS = tuple(play.mask for play in PLAYS)
"""The cards of each play as a mask, by play index."""


def classify(cards: Iterable[int]) -> Play | None:
    """The play these cards make, or ``None`` when they are not a play (a pair, a gap, ...).

    >>> from lukfu import parse_cards
    >>> classify(parse_cards("T7 T8 T9")).kind
    'run'
    >>> classify(parse_cards("C4 S4")) is None
    True
    """
    cards = list(cards)
    mask = to_mask(cards)
    if len(cards) != mask.bit_count():
        return None  # the same card twice
    return _BY_MASK.get(mask)


def beats(best: Play, candidate: Play, best_is_lead: bool) -> bool:
    """Whether ``candidate`` beats the current best play (RULES §4)."""
    if candidate.kind != best.kind or candidate.size != best.size:
        return False
    if best.kind == SINGLE:
        if candidate.cards[0].is_special:
            return False
        if best_is_lead and best.cards[0].is_special:
            return False
        return candidate.suit == best.suit and candidate.rank > best.rank
    if best.kind == SET:
        return candidate.rank == 9 if best.rank == 1 else candidate.rank > best.rank
    return candidate.suit > best.suit or (candidate.suit == best.suit and candidate.rank > best.rank)


def _beaters() -> tuple[tuple[tuple[int, int], ...], ...]:
    # Only plays of the same kind and size can beat each other: compare within those groups.
    groups: dict[tuple[str, int], list[Play]] = {}
    for play in PLAYS:
        groups.setdefault((play.kind, play.size), []).append(play)
    return tuple(
        tuple((other.index, other.mask) for other in groups[play.kind, play.size] if beats(play, other, True))
        for play in PLAYS
    )


BEATERS = _beaters()
"""For each play index: the ``(index, mask)`` of every play that beats it.

Only a led C1 or T1 single differs from a followed one, and neither can ever be a followed best
play (a special one never beats), so this one table serves leads and follows alike."""
BEATER_MASKS = tuple(tuple(mask for _index, mask in beaters) for beaters in BEATERS)
"""For each play index: the masks of the plays that beat it (``BEATERS`` without the indices)."""


def _singles_in_suit(suit: int) -> tuple[tuple[int, ...], ...]:
    """For each 9-bit pattern of this suit in a hand: the indices of its singles, as plain ints
    (a single's index is its card's; built by doubling, bit by bit)."""
    table: list[tuple[int, ...]] = [()]
    for position in range(9):
        table += [singles + (suit * 9 + position,) for singles in table]
    return tuple(table)


def _runs_in_suit(suit: int) -> tuple[tuple[int, ...], ...]:
    """For each 9-bit pattern of this suit in a hand: the indices of the runs it holds."""
    runs = [(play.index, play.mask >> 9 * suit) for play in PLAYS if play.kind == RUN and play.suit == suit]
    return tuple(tuple(i for i, m in runs if m & pattern == m) for pattern in range(SUIT_MASK + 1))


def _sets_at_rank(rank: int) -> tuple[tuple[int, ...], ...]:
    """For each 4-bit pattern of the suits held at this rank: the indices of the sets it holds."""
    sets = [(p.index, sum(1 << c.suit for c in p.cards)) for p in PLAYS if p.kind == SET and p.rank == rank]
    return tuple(tuple(i for i, m in sets if m & pattern == m) for pattern in range(16))


SINGLES_IN_SUIT = tuple(_singles_in_suit(suit) for suit in range(4))
RUNS_IN_SUIT = tuple(_runs_in_suit(suit) for suit in range(4))
SETS_AT_RANK = ((),) + tuple(_sets_at_rank(rank) for rank in range(1, 10))
"""Indexed by rank 1–9 (entry 0 is empty), then by the 4-bit pattern of suits held."""
