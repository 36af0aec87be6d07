"""Fast random playouts for search: uniformly random legal actions to the end of a deal.

Each legal action is equally likely, as with ``rng.choice(state.legal_actions())``, but the
steps work on one private ``Position`` in place: plays come straight from the tables, and a
discard is drawn directly instead of listing every choice of cards. The rules are the ones
the referee uses (``moves``, ``Position.lead_choices``); only the bookkeeping is lighter.
"""

from __future__ import annotations

import random

from .cards import DECK_SIZE, cards_of, to_mask
from .moves import beating_play_indices
from .observation import CALLING, OVER
from .plays import PLAYS
from .state import State

_PLAY_SIZES = tuple(play.size for play in PLAYS)


def random_playout(state: State, rng: random.Random) -> State:
    """The end of the deal after uniformly random legal actions from ``state`` (left unchanged)."""
    pos = state._pos.copy()
    uniform = rng.random  # int(uniform() * n) is a uniform choice in range(n)
    lead_choices, step_play, step_discard = pos.lead_choices, pos.step_play, pos.step_discard
    while pos.phase != OVER:
        if pos.phase == CALLING:
            pos.step_call(uniform() < 0.5)
        elif not pos.turns:
            options, may_claim = lead_choices()
            if may_claim and int(uniform() * (len(options) + 1)) == 0:
                pos.step_claim()
            else:
                step_play(options[int(uniform() * len(options))])
        else:
            hand = pos.hands[pos.to_move]  # type: ignore[index]
            best = pos.best
            options = beating_play_indices(hand, best)
            if options:
                step_play(options[int(uniform() * len(options))])
            elif best < DECK_SIZE:  # a single: discard one card
                step_discard(1 << cards_of(hand)[int(uniform() * hand.bit_count())])
            else:
                step_discard(to_mask(rng.sample(cards_of(hand), _PLAY_SIZES[best])))
    return state._next(pos)
