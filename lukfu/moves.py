"""Which plays a hand may make (RULES §5): leading limits and beating, by mask tests on tables.

Each leading rule has its home here, read through ``Position.options`` by the legal-action list,
the fast playouts and the searches, and by the reasons for a refusal: the highest free suit
for a non-caller's single, and the passed Master's limit on long leads.
"""

from __future__ import annotations

from .cards import SUIT_MASK
from .plays import BEATERS, PLAY_SIZES, RUNS_IN_SUIT, SETS_AT_RANK, SINGLES_IN_SUIT

PASSED_MASTER_LONGEST_LEAD = 3
"""A passed Master may not lead a set of four or a run of four or more (following is free)."""


def is_passed_master(seat: int, master: int, caller: int | None) -> bool:
    """Whether ``seat`` is a Master who passed while another seat called (RULES §2)."""
    return seat == master and caller is not None and caller != master


def passed_master_may_lead(size: int) -> bool:
    """Whether a passed Master may lead a play of this many cards."""
    return size <= PASSED_MASTER_LONGEST_LEAD


def highest_free_suit(hand: int, old: int) -> int | None:
    """The highest suit holding a card that is not Old: a non-caller's single comes from it.

    ``None`` when every card in the hand is Old (then any single may be led).
    """
    free = hand & ~old
    return (free.bit_length() - 1) // 9 if free else None


def lead_play_indices(hand: int, old: int, is_caller: bool, passed_master: bool) -> list[int]:
    """Indices of every play this hand may lead (RULES §5.1), singles first; ``old`` is its Old cards."""
    singles = hand
    if not is_caller:
        suit = highest_free_suit(hand, old)
        if suit is not None:
            singles = hand & ~old & (SUIT_MASK << 9 * suit)
    # Plain ints, not Cards: the tables these index later are quickest with exact ints.
    s0, s1, s2, s3 = SINGLES_IN_SUIT
    indices = [*s0[singles & SUIT_MASK], *s1[singles >> 9 & SUIT_MASK], *s2[singles >> 18 & SUIT_MASK]]
    indices += s3[singles >> 27]
    a, b, c, d = hand & SUIT_MASK, hand >> 9 & SUIT_MASK, hand >> 18 & SUIT_MASK, hand >> 27
    three_of_a_rank = (a & b & (c | d)) | (c & d & (a | b))
    while three_of_a_rank:
        position = three_of_a_rank.bit_length() - 1
        three_of_a_rank ^= 1 << position
        bit = 1 << position
        pattern = bool(a & bit) | bool(b & bit) << 1 | bool(c & bit) << 2 | bool(d & bit) << 3
        indices.extend(SETS_AT_RANK[position + 1][pattern])
    for suit, pattern in enumerate((a, b, c, d)):
        if pattern & pattern >> 1 & pattern >> 2:
            indices.extend(RUNS_IN_SUIT[suit][pattern])
    if passed_master:
        indices = [i for i in indices if passed_master_may_lead(PLAY_SIZES[i])]
    return indices


def beating_play_indices(hand: int, best: int) -> list[int]:
    """Indices of the plays in ``hand`` that beat the current best play (RULES §4)."""
    return [index for index, mask in BEATERS[best] if mask & hand == mask]
