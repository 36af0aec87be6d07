"""Search over sampled deals: moves as numbers, play-outs by Casual's rules, and the two searches.

- **Determinized search** (Strong): deal the hidden cards out many times (``worlds``), play
  each candidate action in every world and finish the deal with Casual's rules; the action
  with the best average net points wins. Every candidate meets the same worlds and the same
  play-out dice, so their difference is what the action made.
- **Information-set Monte Carlo tree search** (Expert, and the Seer with the true deal as its only
  world): one tree over what the searching seat can tell apart; every iteration deals a new
  world, walks down by UCB among the moves possible in that world, adds one node and plays
  out. Another seat's face-down discard is one move (nobody sees which cards); the searching
  seat's own discards are the few that keep the most (``discard_candidates``).

Budgets are counted in play-outs, so strength does not depend on the device; ``deadline`` is a
wall-clock cap for safety only. Both searches run in slices (``Thinking``): the page yields to
the browser between slices, so a long think never freezes it; the answer is the same.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from ..cards import DECK_SIZE, cards_of, to_mask
from ..knowledge import old_mask
from ..observation import OVER
from ..plays import PLAY_MASKS, PLAY_SIZES
from ..position import TO_BEAT, TO_CALL, TO_LEAD, Position
from ..scoring import settle
from . import policy
from .thinking import Thinking

Move = int
"""A play index (0 or more), or one of the negative moves below, or ``DISCARDED + mask``."""
CLAIM, CALL, PASS = policy.CLAIM, -2, -3
DISCARDED = 1 << DECK_SIZE
"""A face-down discard: ``DISCARDED | mask``; ``DISCARDED`` alone is another seat's unseen one."""
DISCARD_CANDIDATES = 3
"""How many of its own discards a search player weighs at most (the ones that keep the most)."""
DISCARD_MARGIN = 0.25
"""A discard leaving the hand worth this much less than the best one is not weighed."""
CASUAL_PRIOR = 0.1
"""Net points added to Casual's own choice: among moves the search finds equal, the sound one."""
NO_POINTS = (0, 0, 0)

World = Callable[[random.Random], Position]
"""Deals one world (a position the searching seat cannot tell from the real one)."""

SLICE = 4
"""Play-outs of the tree search between two yields (the determinized search yields per world)."""


def step(pos: Position, move: Move, rng: random.Random) -> bool:
    """Make ``move`` in ``pos``; ``False`` when it was a third pass (the position deals again:
    nobody scores, and the search stops there)."""
    if move >= DISCARDED:
        mask = move - DISCARDED
        if not mask:  # someone else's face-down cards: Casual's choice in this world
            seat = pos.to_move
            assert seat is not None
            mask = policy.discard(pos.hands[seat], pos.public, PLAY_SIZES[pos.best])
        pos.step_discard(mask)
    elif move >= 0:
        pos.step_play(move)
    elif move == CLAIM:
        pos.step_claim()
    else:
        redeals = pos.redeals
        pos.step_call(move == CALL)
        return pos.redeals == redeals
    return True


def casual_move(pos: Position, rng: random.Random, noise: float) -> Move:
    """Casual's move for the seat to move, judged from that seat's own cards only; with chance
    ``noise`` a uniformly random legal move instead (so play-outs do not all agree)."""
    asked, options, may_claim, count = pos.options()
    seat = pos.to_move
    assert seat is not None
    hand = pos.hands[seat]
    if asked == TO_CALL:
        if rng.random() < noise:
            return CALL if rng.random() < 0.5 else PASS
        return CALL if policy.wants_to_call(hand, seat == pos.master) else PASS
    if asked == TO_LEAD:
        if rng.random() < noise:
            pick = int(rng.random() * (len(options) + may_claim))
            return options[pick] if pick < len(options) else CLAIM
        return policy.lead(hand, pos.public, pos.discards[seat], pos.fu[seat], options, may_claim)
    if asked == TO_BEAT:
        if rng.random() < noise:
            return options[int(rng.random() * len(options))]
        return policy.follow(hand, pos.public, pos.discards[seat], options, len(pos.turns) == 2)
    if rng.random() < noise:
        return DISCARDED | to_mask(rng.sample(cards_of(hand), count))
    return DISCARDED | policy.discard(hand, pos.public, count)


def play_out(pos: Position, rng: random.Random, noise: float) -> tuple[int, int, int]:
    """Net points at the end of the deal with every seat playing Casual's moves (``pos`` changes)."""
    while pos.phase != OVER:
        if not step(pos, casual_move(pos, rng, noise), rng):
            return NO_POINTS
    return net_points(pos)


def lookahead_move(pos: Position) -> Move:
    """Strong's choice with the cards in view: each move of the seat to move weighed by one
    play-out of Casual's rules (no noise) in this very deal, the best for that seat made."""
    seat = pos.to_move
    assert seat is not None
    options = moves(pos, seat)
    if len(options) == 1:
        return options[0]
    best, best_points = options[0], -99
    for move in options:
        trial = pos.copy()
        dice = random.Random(0)  # (no noise: the dice decide nothing)
        points = play_out(trial, dice, 0.0)[seat] if step(trial, move, dice) else 0
        if points > best_points:
            best, best_points = move, points
    return best


def lookahead_play_out(pos: Position, rng: random.Random, noise: float) -> tuple[int, int, int]:
    """Net points at the end of the deal with every seat making ``lookahead_move``: opponents
    who punish what Casual's would let pass (a play-out some thirty times a Casual one's cost;
    ``noise`` is not used)."""
    while pos.phase != OVER:
        if not step(pos, lookahead_move(pos), rng):
            return NO_POINTS
    return net_points(pos)


def net_points(pos: Position) -> tuple[int, int, int]:
    """What a finished position pays each seat."""
    assert pos.result is not None
    winner, _claimed, F = pos.result
    return settle(winner, F, pos.caller)


@lru_cache(maxsize=1 << 12)
def discard_candidates(hand: int, public: int, size: int) -> tuple[int, ...]:
    """The few discards (masks) of ``size`` cards that leave the hand worth nearly the most.

    Knowledge prunes the rest: a discard that breaks a set or a run, or throws an Old card,
    leaves the hand worth clearly less (``DISCARD_MARGIN``) and is not weighed at all.
    """
    first = policy.discard(hand, public, size)
    if size == 1:
        options = [1 << card for card in cards_of(hand)]
    else:
        options = [to_mask(cards) for cards in combinations(cards_of(hand), size)]
    values = {mask: policy.keep_value(hand & ~mask, public) for mask in options}
    values[first] = policy.keep_value(hand & ~first, public)
    best = max(values.values())
    options = sorted((m for m in values if values[m] >= best - DISCARD_MARGIN), key=lambda m: -values[m])
    masks = options[:DISCARD_CANDIDATES]
    return tuple(masks if first in masks else [first] + masks[: DISCARD_CANDIDATES - 1])


def cheapest_winners(hand: int, public: int, options: list[int]) -> list[int]:
    """The last to act wins the trick with any beating play: only those spending the fewest Old
    cards are worth weighing (an Old card spent where a plain one wins is F thrown away)."""
    old = old_mask(hand, public)
    spent = [(PLAY_MASKS[index] & old).bit_count() for index in options]
    fewest = min(spent)
    return [index for index, count in zip(options, spent, strict=True) if count == fewest]


def moves(pos: Position, searcher: int) -> list[Move]:
    """The moves a search weighs for the seat to move (another seat's discard is one move)."""
    asked, options, may_claim, count = pos.options()
    seat = pos.to_move
    assert seat is not None
    if asked == TO_CALL:
        return [CALL, PASS]
    if asked == TO_LEAD:
        return ([CLAIM] + options) if may_claim else options
    hand = pos.hands[seat]
    if asked == TO_BEAT:
        return cheapest_winners(hand, pos.public, options) if len(pos.turns) == 2 else options
    if seat != searcher:
        return [DISCARDED]
    return [DISCARDED | m for m in discard_candidates(hand, pos.public, count)]


def determinized(
    world: World, seat: int, candidates: list[Move], worlds: int, rng: random.Random, noise: float,
    deadline: float,
) -> Thinking[list[float]]:
    """Average net points of ``seat`` after each candidate, over ``worlds`` sampled deals."""
    totals = [0.0] * len(candidates)
    played = 0
    for _ in range(worlds):
        start = world(rng)
        dice = rng.getrandbits(64)  # an int: a float seed goes through hash(), which differs
        # between 64-bit CPython and 32-bit WebAssembly (Pyodide), and the page must play alike
        for number, move in enumerate(candidates):
            pos = start.copy()
            same = random.Random(dice)
            if step(pos, move, same):
                totals[number] += play_out(pos, same, noise)[seat]
        played += 1
        if time.monotonic() > deadline:
            break
        yield
    return [total / played for total in totals]


class Node:
    """One node of the search tree: the move that led here, by whom, and what it earned them."""

    __slots__ = ("seat", "children", "visits", "total", "available")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


SCALE = 8.0
"""Net points are divided by this for UCB (most deals pay within ±8)."""


def tree_search(
    world: World, searcher: int, iterations: int, rng: random.Random, noise: float, exploration: float,
    deadline: float,
) -> Thinking[dict[Move, tuple[int, float]]]:
    """Information-set MCTS from ``searcher``'s point of view: visits and mean net points of
    each root move."""
    root = Node(searcher)
    for iteration in range(1, iterations + 1):
        pos = world(rng)
        node = root
        path: list[Node] = []
        points: tuple[int, int, int] | None = None
        while pos.phase != OVER:
            seat = pos.to_move
            assert seat is not None
            options = moves(pos, searcher)
            children = node.children
            untried = [m for m in options if m not in children]
            if untried:
                move = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                child = children[move] = Node(seat)
                for m in options:
                    if m in children:
                        children[m].available += 1
                path.append(child)
                if not step(pos, move, rng):
                    points = NO_POINTS
                break
            best_score, move = -1e9, options[0]
            for m in options:
                child = children[m]
                child.available += 1
                score = child.total / child.visits + exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best_score, move = score, m
            node = children[move]
            path.append(node)
            if not step(pos, move, rng):
                points = NO_POINTS
                break
        if points is None:
            points = play_out(pos, rng, noise) if pos.phase != OVER else net_points(pos)
        for visited in path:
            visited.visits += 1
            visited.total += points[visited.seat] / SCALE
        if time.monotonic() > deadline:
            break
        if iteration % SLICE == 0:
            yield
    return {move: (child.visits, child.total * SCALE / child.visits) for move, child in root.children.items()}

