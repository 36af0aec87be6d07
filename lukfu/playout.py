"""Fast random playouts for search: uniformly random legal actions to the end of a deal.

The contract of the fast path, against the referee (``State.legal_actions`` and ``apply``):

- **What it shares**: who is to act and what they may do come from ``Position.options``, the
  same reading of the rules the referee's legal actions and refusals come from, and each step
  is the referee's own (``Position.step_*``). So every action taken is legal, and the end is
  the very position ``State.apply`` reaches by the same actions: ``State.from_record`` of the
  result replays it through the referee to an equal state.
- **What it skips**: checking each action (they are legal by construction), ``Action`` and
  ``State`` objects between the first state and the last, and the list of every discard: a
  face-down discard is drawn directly, one of the ``count``-card subsets of the hand.
- **Its dice**: each legal action is equally likely, as with
  ``rng.choice(state.legal_actions())``, but drawn another way: the same ``rng`` takes other
  actions than that loop would.
"""

from __future__ import annotations

import random

from .cards import cards_of, to_mask
from .position import TO_BEAT, TO_CALL, TO_DISCARD, TO_LEAD
from .state import State


def random_playout(state: State, rng: random.Random) -> State:
    """The end of the deal after uniformly random legal actions from ``state`` (left unchanged)."""
    pos = state.position()
    uniform = rng.random  # int(uniform() * n) is a uniform choice in range(n)
    options, step_play, step_discard = pos.options, pos.step_play, pos.step_discard
    to_beat, to_discard, to_lead = TO_BEAT, TO_DISCARD, TO_LEAD  # local names are the fastest
    while True:
        asked, plays, may_claim, count = options()
        if asked is to_beat:
            step_play(plays[int(uniform() * len(plays))])
        elif asked is to_discard:
            hand = pos.hands[pos.to_move]  # type: ignore[index]
            if count == 1:
                step_discard(1 << cards_of(hand)[int(uniform() * hand.bit_count())])
            else:
                step_discard(to_mask(rng.sample(cards_of(hand), count)))
        elif asked is to_lead:
            if may_claim and int(uniform() * (len(plays) + 1)) == 0:
                pos.step_claim()
            else:
                step_play(plays[int(uniform() * len(plays))])
        elif asked == TO_CALL:
            pos.step_call(uniform() < 0.5)
        else:
            return state.at(pos)
