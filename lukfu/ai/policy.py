"""Casual's rules of thumb on card masks: the Casual player, and the play-outs of the search players.

Every judgement here uses what one seat knows: its hand, the cards played face up, its own
face-down discards and the fu won. The Casual player reads those from its ``Observation``; the
search players' play-outs read them from a sampled deal, seat by seat, so that the simulated
opponents play as a sound player would and not as a random one.

- **Calling**: call a hand whose Old cards, sets, runs and high cards promise six fu.
- **Leading**: a lead "holds" when no play beating it can be in an opponent's hand. Cash a
  holding lead that raises F before claiming; claim when nothing raises F; otherwise lead
  a play that holds and gains, else a long play likely to hold, else the cheapest card.
- **Following**: beat with the play that wins the most for the least: a play that holds (or
  comes last) gains its size; what it costs is what the hand loses in keeping value.
- **Discarding**: throw the cards whose loss lowers the hand's keeping value least (sets and
  runs stay together; the top of a chain that makes lower cards Old stays).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import FULL_DECK, SPECIAL_MASK, SUIT_MASK, cards_of
from ..knowledge import old_mask
from ..plays import BEATER_MASKS, PLAY_MASKS, PLAY_SIZES

CLAIM = -1
"""What ``lead`` returns for a claim (play indices are 0 or more)."""

_RANK_WEIGHT = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.55, 0.7, 1.0)
"""What a card that is not Old is worth keeping, by rank (index 1–9)."""

CALL_THRESHOLD = 9.0
"""Hand strength (about the fu a hand can count on) from which Casual calls."""
MASTER_BONUS = 0.5
"""Leading the first trick is worth about half a fu."""


def unseen_by(hand: int, public: int, own_discards: int) -> int:
    """The cards a seat has not seen: in another hand or another seat's face-down discards."""
    return FULL_DECK & ~(hand | public | own_discards)


def holds(index: int, unseen: int) -> bool:
    """Whether a play cannot be beaten: every play beating it needs a card nobody else can hold."""
    return all(mask & unseen != mask for mask in BEATER_MASKS[index])


def F_after_winning(hand: int, public: int, fu: int, index: int) -> int:
    """The seat's F once its play ``index`` has won the trick: the play's cards as fu, and the
    Old cards left (the play's cards, face up now, may make lower ones Old)."""
    mask = PLAY_MASKS[index]
    return fu + PLAY_SIZES[index] + old_mask(hand & ~mask, public | mask).bit_count()


def _run_value(suit: int, pattern: int) -> float:
    """What the runs (three or more in a row) in one suit's 9-bit pattern are worth keeping."""
    value, length = 0.0, 0
    for position in range(10):
        if position < 9 and pattern >> position & 1:
            length += 1
            continue
        if length >= 3:
            value += length * (0.1 + 0.05 * suit + 0.02 * position)
        length = 0
    return value


def _rank_value(pattern: int) -> float:
    """What the cards of a 9-bit pattern are worth keeping one by one, by rank."""
    value = 0.0  # added one by one: float sum() rounds differently from Python 3.12 on, and the
    for position in range(9):  # page (Pyodide) must judge exactly as CPython does
        if pattern >> position & 1:
            value += _RANK_WEIGHT[position + 1]
    return value


# keep_value is on the play-outs' hot path: every part is a table lookup per suit (sets, which
# are rarer, a cached search over the ways to keep them).
_RUNS = tuple(tuple(_run_value(suit, pattern) for pattern in range(SUIT_MASK + 1)) for suit in range(4))
_RANKS = tuple(_rank_value(pattern) for pattern in range(SUIT_MASK + 1))


def keep_value(hand: int, public: int) -> float:
    """About how many fu a hand can still make: Old cards, sets, runs and high cards."""
    old = old_mask(hand, public)
    value = old.bit_count() - 0.1 * (old & SPECIAL_MASK).bit_count()
    free = hand & ~old
    if not free:
        return value
    ranks = _RANKS
    value += ranks[free & SUIT_MASK] + ranks[free >> 9 & SUIT_MASK] + ranks[free >> 18 & SUIT_MASK]
    value += ranks[free >> 27]
    return value + combinations_value(hand)


def _runs(hand: int) -> float:
    runs = _RUNS
    return (runs[0][hand & SUIT_MASK] + runs[1][hand >> 9 & SUIT_MASK] + runs[2][hand >> 18 & SUIT_MASK]
            + runs[3][hand >> 27])


def _sets_at(hand: int) -> int:
    """The ranks (a 9-bit pattern) at which the hand holds a set (three or four suits)."""
    a, b, c, d = hand & SUIT_MASK, hand >> 9 & SUIT_MASK, hand >> 18 & SUIT_MASK, hand >> 27
    return (a & b & (c | d)) | (c & d & (a | b))


def combinations_value(hand: int) -> float:
    """What the hand's sets and runs are worth keeping, each card in one of them at most: a
    card is played once, so S6 M6 T6 beside M4 M5 M6 and T4 T5 T6 is a set or two runs, not
    both (Old cards count in them too: T1 T2 T3 is a run of Tens)."""
    ranks = _sets_at(hand)
    return _best_arrangement(hand, ranks) if ranks else _runs(hand)


_COLUMN = 1 | 1 << 9 | 1 << 18 | 1 << 27
"""A rank's card in every suit (times the rank's bit)."""


@lru_cache(maxsize=1 << 15)
def _best_arrangement(hand: int, ranks: int) -> float:
    """The best value of the sets at ``ranks`` and the runs of the cards they leave: each set
    kept whole, as three of four, or given up to the runs."""
    if not ranks:
        return _runs(hand)
    low = ranks & -ranks
    rest = ranks ^ low
    held = hand & low * _COLUMN
    worth = 0.1 + 0.06 * (low.bit_length() - 1)
    best = _best_arrangement(hand, rest)
    three_of_four = [held & ~(low << 9 * suit) for suit in range(4)] if held.bit_count() == 4 else []
    for kept in [held, *three_of_four]:
        best = max(best, kept.bit_count() * worth + _best_arrangement(hand & ~kept, rest))
    return best


def call_strength(hand: int, master: bool) -> float:
    """How many fu a fresh hand can count on (``keep_value`` with nothing played), plus the lead."""
    return keep_value(hand, 0) + (MASTER_BONUS if master else 0.0)


def wants_to_call(hand: int, master: bool) -> bool:
    """Casual's call: a hand strong enough to reach six fu."""
    return call_strength(hand, master) >= CALL_THRESHOLD


def lead(hand: int, public: int, own_discards: int, fu: int, options: list[int], may_claim: bool) -> int:
    """The play index to lead, or ``CLAIM``; ``options`` are the legal leads."""
    unseen = unseen_by(hand, public, own_discards)
    F = fu + old_mask(hand, public).bit_count()
    best_gain, best_index = 0, -1
    for index in options:
        if holds(index, unseen):
            gain = F_after_winning(hand, public, fu, index) - F
            longer = best_index >= 0 and PLAY_SIZES[index] > PLAY_SIZES[best_index]
            if gain > best_gain or (gain == best_gain and longer):
                best_gain, best_index = gain, index
    if best_gain > 0:
        return best_index  # cash what cannot be beaten first: F rises
    if may_claim:
        return CLAIM
    # Nothing sure gains: a long play with few possible beaters, else the cheapest lead.
    value = keep_value(hand, public)
    best_score, best_index = -99.0, options[0]
    for index in options:
        mask = PLAY_MASKS[index]
        size = PLAY_SIZES[index]
        rest = keep_value(hand & ~mask, public | mask)
        if size >= 3:
            threats = sum(1 for beater in BEATER_MASKS[index] if beater & unseen == beater)
            chance = 1.0 / (1 + threats)
        else:
            chance = 1.0 if holds(index, unseen) else 0.0
        score = chance * size + rest - value
        if score > best_score:
            best_score, best_index = score, index
    return best_index


def follow(hand: int, public: int, own_discards: int, options: list[int], last: bool) -> int:
    """The beating play to make (``options`` are the plays that beat); ``last`` if nobody acts after."""
    unseen = unseen_by(hand, public, own_discards)
    value = keep_value(hand, public)
    best_score, best_index = -99.0, options[0]
    for index in options:
        mask = PLAY_MASKS[index]
        wins = 1.0 if last or holds(index, unseen) else 0.4
        score = wins * PLAY_SIZES[index] + keep_value(hand & ~mask, public | mask) - value
        if score > best_score:
            best_score, best_index = score, index
    return best_index


@lru_cache(maxsize=1 << 16)
def discard(hand: int, public: int, count: int) -> int:
    """The mask of ``count`` cards to throw face down, least useful first (one at a time).

    Cached: play-outs meet the same hands again and again."""
    thrown = 0
    for _ in range(count):
        rest = hand & ~thrown
        best_value, best_card = -99.0, 0
        for card in cards_of(rest):
            value = keep_value(rest & ~(1 << card), public)
            if value > best_value:
                best_value, best_card = value, card
        thrown |= 1 << best_card
    return thrown
