"""The arena: duplicate deals between two computer levels, to measure which is stronger and by how much.

``python -m lukfu.arena --candidate expert --baseline strong --deals N --seed S [--jobs J]``

Every deal is played seven times with the same cards: the baseline in all three seats (the
control), the candidate in each seat against two baselines, and a lone baseline in each seat
against two candidates. Per deal and seat the arena compares the candidate's net points with
the control's in the same seat (one candidate), and the control's with the lone baseline's
(two candidates); a deal's score is the mean of these six differences, so luck of the cards
cancels. It prints the mean with a 95% confidence interval over deals, each arrangement
apart, win/draw/loss rates, decision times, and as its last line one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from .actions import Action
from .ai.players import BUDGETS, LEVELS, SEER, Player, Seer, make_player
from .state import State, new_deal

CONTENDERS = LEVELS + (SEER,)


def deal_seed(seed: int, number: int) -> int:
    """The deal seed of deal ``number`` of a run seeded ``seed``."""
    return seed * 1_000_003 + number


@dataclass
class DuplicateDeal:
    """One deal played seven ways: net points of the seats that matter, decision times by level."""

    one: list[float]
    """Candidate minus control, per seat (a candidate against two baselines)."""
    two: list[float]
    """Control minus lone baseline, per seat (a baseline against two candidates)."""
    results: list[str]
    """The candidate's result in each one-candidate game: ``win``, ``draw`` or ``loss``."""
    control: list[str]
    """The baseline's result in each seat of the control game."""
    times: dict[str, list[float]] = field(default_factory=dict)


def play(state: State, seats: Sequence[str], seed: int, times: dict[str, list[float]]) -> State:
    """Play a deal to its end with these levels in the seats (the Seer sees the hands)."""
    players: list[Player | Seer] = [
        Seer(seed, BUDGETS["expert"]) if level == SEER else make_player(level, seed) for level in seats
    ]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        player = players[seat]
        start = time.perf_counter()
        action: Action = (
            player.choose_in(state) if isinstance(player, Seer) else player.choose(state.observation(seat))
        )
        times.setdefault(seats[seat], []).append(time.perf_counter() - start)
        state = state.apply(action)
    return state


def result_for(end: State, seat: int) -> str:
    if end.winner is None:
        return "draw"
    return "win" if end.winner == seat else "loss"


def duplicate(task: tuple[str, str, int]) -> DuplicateDeal:
    """One deal, played the seven ways."""
    candidate, baseline, seed = task
    start = new_deal(seed)
    times: dict[str, list[float]] = {}
    control = play(start, (baseline,) * 3, seed, times)
    one: list[float] = []
    two: list[float] = []
    results: list[str] = []
    for seat in range(3):
        alone = [baseline] * 3
        alone[seat] = candidate
        end = play(start, alone, seed, times)
        one.append(end.net_points[seat] - control.net_points[seat])
        results.append(result_for(end, seat))
        outnumbered = [candidate] * 3
        outnumbered[seat] = baseline
        two.append(control.net_points[seat] - play(start, outnumbered, seed, times).net_points[seat])
    return DuplicateDeal(one, two, results, [result_for(control, seat) for seat in range(3)], times)


def summary(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and a 95% confidence interval (normal, over deals)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def rates(results: Sequence[str]) -> dict[str, float]:
    return {kind: results.count(kind) / len(results) for kind in ("win", "draw", "loss")}


def run(
    candidate: str, baseline: str, deals: int, seed: int, jobs: int, progress: int = 0
) -> dict[str, object]:
    """Play the duplicate deals and gather the report; every ``progress`` deals the report so
    far goes to stderr as JSON (a long run can be stopped with a result in hand)."""
    tasks = [(candidate, baseline, deal_seed(seed, number)) for number in range(deals)]
    deals_played: list[DuplicateDeal] = []
    with Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        played = pool.imap(duplicate, tasks, chunksize=max(1, deals // (jobs * 8))) if pool else map(
            duplicate, tasks)
        for deal in played:
            deals_played.append(deal)
            if progress and len(deals_played) % progress == 0 and len(deals_played) < deals:
                print(json.dumps(gather(candidate, baseline, seed, deals_played), sort_keys=True),
                      file=sys.stderr, flush=True)
    return gather(candidate, baseline, seed, deals_played)


def gather(candidate: str, baseline: str, seed: int, deals: list[DuplicateDeal]) -> dict[str, object]:
    """The report of the deals played so far."""
    per_deal = [statistics.fmean(d.one + d.two) for d in deals]
    one = [statistics.fmean(d.one) for d in deals]
    two = [statistics.fmean(d.two) for d in deals]
    times: dict[str, list[float]] = {}
    for deal in deals:
        for level, spent in deal.times.items():
            times.setdefault(level, []).extend(spent)
    mean, low, high = summary(per_deal)
    one_mean, one_low, one_high = summary(one)
    two_mean, two_low, two_high = summary(two)
    return {
        "candidate": candidate,
        "baseline": baseline,
        "deals": len(deals),
        "seed": seed,
        "mean": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "one_candidate": {"mean": round(one_mean, 4), "ci95": [round(one_low, 4), round(one_high, 4)]},
        "two_candidates": {"mean": round(two_mean, 4), "ci95": [round(two_low, 4), round(two_high, 4)]},
        "candidate_results": rates([r for d in deals for r in d.results]),
        "control_results": rates([r for d in deals for r in d.control]),
        "decision_ms": {level: decision_times(spent) for level, spent in sorted(times.items())},
    }


def decision_times(spent: list[float]) -> dict[str, float]:
    """Median, 95th percentile and most of the decision times, in milliseconds."""
    ordered = sorted(spent)
    return {
        "median": round(1000 * ordered[len(ordered) // 2], 2),
        "p95": round(1000 * ordered[int(len(ordered) * 0.95)], 2),
        "max": round(1000 * ordered[-1], 2),
        "decisions": len(ordered),
    }


def report(result: dict[str, object]) -> str:
    """The printed report; its last line is the JSON object."""
    lines = [
        f"{result['candidate']} against {result['baseline']}: {result['deals']} duplicate deals,"
        f" seed {result['seed']}",
        f"mean difference per deal and seat: {result['mean']:+.3f}, 95% CI {result['ci95']}",
        f"  one {result['candidate']} against two {result['baseline']}: {result['one_candidate']}",
        f"  one {result['baseline']} against two {result['candidate']}: {result['two_candidates']}",
        f"  {result['candidate']} alone, win/draw/loss: {result['candidate_results']}",
        f"  {result['baseline']} in the control, win/draw/loss: {result['control_results']}",
        f"  decision times (ms): {result['decision_ms']}",
        json.dumps(result, sort_keys=True),
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lukfu.arena", description=__doc__.splitlines()[0])
    parser.add_argument("--candidate", required=True, choices=CONTENDERS)
    parser.add_argument("--baseline", required=True, choices=CONTENDERS)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the running mean every N deals")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be 1 or more")
    print(report(run(args.candidate, args.baseline, args.deals, args.seed, args.jobs, args.progress)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
