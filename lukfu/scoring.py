"""Settlement: what a deal's result is worth to each seat (RULES §8)."""

from __future__ import annotations

from .dealing import HAND_SIZE

CLAIM_THRESHOLD = 6
"""Six fu (fu won plus Old cards in hand) make a winning hand."""


def reaches_six(F: int) -> bool:
    """Whether F makes a winning hand: the claim threshold, and the test at the end of hands."""
    return F >= CLAIM_THRESHOLD


def score(F: int) -> int:
    """The winner's score S: six fu is one point, plus one for each fu more."""
    return F - (CLAIM_THRESHOLD - 1)


MAX_SCORE = score(HAND_SIZE)
"""The most a deal is worth to its winner: F counts each of the seat's 12 cards at most once."""
MAX_NET = 2 * MAX_SCORE
"""The most net points one seat can win, or lose, in one deal (``settle``)."""


def settle(winner: int | None, F: int, caller: int | None) -> tuple[int, int, int]:
    """Net points of seats 0, 1, 2; they always sum to 0.

    The winner gets 2S. When the caller wins, both others pay S; when a non-caller wins, the
    caller pays 2S alone and the third seat pays nothing. A drawn deal (``winner is None``) is 0.

    >>> settle(1, 6, 0)
    (-2, 2, 0)
    """
    if winner is None:
        return (0, 0, 0)
    if caller is None:
        raise ValueError("a deal with a winner has a caller")
    if not reaches_six(F):
        raise ValueError(f"a winner needs at least {CLAIM_THRESHOLD} fu, not {F}")
    S = score(F)
    net = [0, 0, 0]
    net[winner] = 2 * S
    if winner == caller:
        for seat in range(3):
            if seat != winner:
                net[seat] = -S
    else:
        net[caller] = -2 * S
    return (net[0], net[1], net[2])
