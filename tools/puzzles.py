"""Make the puzzles (static/puzzles.json) from self-play, the same set every time from fixed seeds.

- **Deals:** ``DEALS`` in order, three computer players (levels from ``SEATS``, by deal number).
  Only seat 0's decisions are taken (the page's person sits there), those with 2 to ``MOST_MOVES``
  legal moves.
- **Screen:** every legal move on ``SCREEN_WORLDS`` sampled deals (``lukfu.ai.worlds``, from what
  seat 0 knew), the same deal and dice for every move, each finished by
  ``search.lookahead_play_out`` (as the coach does); kept when the best beats the runner-up by
  more than ``SCREEN_MARGIN``.
- **Confirm:** every legal move again on ``CONFIRM_WORLDS`` fresh deals; kept when every other
  move loses at least ``LOSS`` against the best, and more than ``ERRORS`` standard errors (the
  differences deal by deal), and when the coach (``lukfu.coach.COACH``) finds the same best move.
- **Theme:** by rule from the position and the answer (``theme``); a position of none is dropped.
- **Difficulty:** the share of ``TRIES`` seeds with which Casual and Strong choose the answer, and
  an Elo-like rating from it (``rating``).

Every random number comes from the deal and move numbers (``random.Random`` of a text, the same
on every Python). ``--jobs`` only changes the time taken: results are gathered in deal order.

    nice .venv/bin/python tools/puzzles.py [--deals N] [--jobs J] [--out static/puzzles.json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu.actions import CLAIM, DISCARD, PLAY, Action  # noqa: E402
from lukfu.ai import make_player, search  # noqa: E402
from lukfu.ai.players import from_action  # noqa: E402
from lukfu.ai.policy import holds, unseen_by  # noqa: E402
from lukfu.ai.thinking import finish  # noqa: E402
from lukfu.ai.worlds import Evidence, sample_with  # noqa: E402
from lukfu.cards import to_mask  # noqa: E402
from lukfu.coach import COACH, judge  # noqa: E402
from lukfu.knowledge import old_mask  # noqa: E402
from lukfu.observation import CALLING, Observation  # noqa: E402
from lukfu.plays import classify  # noqa: E402
from lukfu.puzzles import CALL as CALLING_THEME  # noqa: E402
from lukfu.puzzles import CASH, LEAD, OLD, SEAT, THEMES, write  # noqa: E402
from lukfu.puzzles import CLAIM as CLAIMING  # noqa: E402
from lukfu.puzzles import DISCARD as DISCARDING  # noqa: E402
from lukfu.reasons import Choice, why_better  # noqa: E402
from lukfu.session import PERSON, Session  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIRST_DEAL = 70000
DEALS = 400
SEATS = (("casual", "strong", "strong"), ("strong", "expert", "casual"), ("expert", "strong", "strong"),
         ("strong", "casual", "expert"))
"""The three players of a deal, by deal number (``SEATS[deal % 4]``)."""
MOST_MOVES = 12
SCREEN_WORLDS, SCREEN_MARGIN = 40, 0.8
CONFIRM_WORLDS, LOSS, ERRORS = 400, 0.5, 2.0
EARLY = 160
"""After this many fresh deals a position whose answer clearly falls short is dropped at once."""
CALLS_EVERY = 4
"""Calls and passes only from every fourth deal (they are many, and each play-out is a whole deal)."""
TRIES = 8
CAP = 40
"""At most this many puzzles of one theme (the first found, in deal order)."""
TARGET = 130
"""Stop once this many are kept."""


def decisions(deal: int) -> Iterator[tuple[Session, Observation]]:
    """Seat 0's decisions in the self-play of ``deal``: the session just before each (its seats
    ``person`` and the two computer levels), and seat 0's observation."""
    levels = SEATS[deal % len(SEATS)]
    played = Session(Session.new(deal).start, levels, deal).run()
    history = played.state.history
    session = Session(played.start, (PERSON, levels[1], levels[2]), deal)
    for action in history:
        if session.to_move == SEAT:
            obs = session.observation(SEAT)
            if 2 <= len(obs.legal) <= MOST_MOVES and (obs.phase != CALLING or deal % CALLS_EVERY == 0):
                yield session, obs
        session = session.take(action)


def outcomes(obs: Observation, moves: Sequence[Action], worlds: int, rng: random.Random) -> list[list[int]]:
    """Each move's net points for the seat over ``worlds`` sampled deals, the same deal and dice
    for every move, each deal finished by lookahead play-outs (``coach._outcomes``' way)."""
    evidence = Evidence.of(obs)
    points: list[list[int]] = [[] for _ in moves]
    searched = [from_action(move) for move in moves]
    for _ in range(worlds):
        start = sample_with(evidence, obs, rng)
        dice = rng.getrandbits(64)
        for move, mine in zip(searched, points, strict=True):
            pos = start.copy()
            same = random.Random(dice)
            finished = search.step(pos, move, same)
            mine.append(search.lookahead_play_out(pos, same, 0.0)[obs.seat] if finished else 0)
    return points


def losses(points: list[list[int]], best: int) -> list[tuple[float, float]]:
    """Each move's mean loss against move ``best``, and its standard error, deal by deal."""
    found = []
    for mine in points:
        differences = [b - m for b, m in zip(points[best], mine, strict=True)]
        n = len(differences)
        mean = sum(differences) / n
        variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
        found.append((mean, math.sqrt(variance / n)))
    return found


def theme(obs: Observation, answer: Action, other: Action) -> str | None:
    """The puzzle's theme, by rule: ``other`` is the answer's closest rival."""
    if obs.phase == CALLING:
        return CALLING_THEME
    if answer.kind == DISCARD:
        return DISCARDING
    if answer.kind == CLAIM:
        return CLAIMING
    hand, public = to_mask(obs.hand), to_mask(obs.public)
    if obs.trick is None:
        play = classify(answer.cards)
        assert play is not None
        if holds(play.index, unseen_by(hand, public, to_mask(obs.own_discards))):
            return CASH
        if Action.claim() in obs.legal:
            return CLAIMING
    old = old_mask(hand, public)
    if any(move.kind == PLAY and to_mask(move.cards) & old for move in (answer, other)):
        return OLD
    if obs.trick is None and obs.caller != obs.seat:
        return LEAD
    return None


def rating(found: tuple[float, float]) -> int:
    """Elo-like: a solver of 1500 (between Casual and Strong) finds the answer as often as they
    do on average (smoothed), so a puzzle both miss rates high; rounded to 10."""
    share = (sum(found) * TRIES + 0.5) / (2 * TRIES + 1)
    return round((1500 + 400 * math.log10((1 - share) / share)) / 10) * 10


def found_by(obs: Observation, answer: Action, deal: int) -> tuple[float, float]:
    """The share of ``TRIES`` seeds with which Casual and Strong choose the answer."""
    casual, strong = (sum(make_player(level, deal * 100 + seed).choose(obs) == answer
                          for seed in range(TRIES)) / TRIES for level in ("casual", "strong"))
    return casual, strong


def puzzle_of(deal: int) -> tuple[list[dict[str, Any]], Counter[str]]:
    """The positions of ``deal`` that make puzzles (themes not yet capped: the gatherer's job),
    and how many positions passed each stage."""
    made = []
    counts: Counter[str] = Counter()
    for session, obs in decisions(deal):
        counts["positions"] += 1
        legal = list(obs.legal)
        key = f"lukfu/puzzles/{deal}/{obs.move_number}"
        screen = outcomes(obs, legal, SCREEN_WORLDS, random.Random(f"{key}/screen"))
        means = sorted(((sum(p) / SCREEN_WORLDS, n) for n, p in enumerate(screen)), reverse=True)
        if means[0][0] - means[1][0] <= SCREEN_MARGIN:
            continue
        counts["screened"] += 1
        rng = random.Random(f"{key}/confirm")
        points = outcomes(obs, legal, EARLY, rng)
        best = max(range(len(legal)), key=lambda n: sum(points[n]))
        if best != means[0][1] or any(loss + 2 * ERRORS * error < LOSS for n, (loss, error)
                                      in enumerate(losses(points, best)) if n != best):
            continue  # (it will not make it: not worth the rest of the deals)
        more = outcomes(obs, legal, CONFIRM_WORLDS - EARLY, rng)
        points = [mine + rest for mine, rest in zip(points, more, strict=True)]
        best = max(range(len(legal)), key=lambda n: sum(points[n]))
        judged = losses(points, best)
        if any(loss < LOSS or loss <= ERRORS * error for n, (loss, error) in enumerate(judged) if n != best):
            continue
        counts["confirmed"] += 1
        answer = legal[best]
        rival = min((n for n in range(len(legal)) if n != best), key=lambda n: judged[n][0])
        kind = theme(obs, answer, legal[rival])
        if kind is None:
            continue
        counts["themed"] += 1
        if finish(judge(obs, answer, deal, COACH)).best != answer:
            continue
        counts["coach"] += 1
        won = [sum(p > 0 for p in mine) / CONFIRM_WORLDS for mine in points]
        moves = [[str(answer), 0.0, "", round(won[best], 2)]]
        for n in sorted((n for n in range(len(legal)) if n != best),
                        key=lambda n: (judged[n][0], str(legal[n]))):
            why = why_better(Choice(obs, legal[n], answer, won_made=won[n], won_best=won[best]))
            moves.append([str(legal[n]), round(judged[n][0], 2), why, round(won[n], 2)])
        found = found_by(obs, answer, deal)
        made.append({"theme": kind, "record": session.record_data(), "answer": str(answer), "moves": moves,
                     "saves": moves[1][1], "found": list(found), "rating": rating(found),
                     "worlds": CONFIRM_WORLDS, "deal": deal, "move": obs.move_number})
    return made, counts


def save(out: Path, kept: list[dict[str, Any]], first: int, last: int) -> None:
    """Write the puzzles kept so far (numbered in deal order) and how they were made."""
    for number, item in enumerate(kept, 1):
        item["id"] = f"p{number:03d}"
    about = {"made_by": "tools/puzzles.py", "deals": [first, last], "seats": [list(s) for s in SEATS],
             "screen": [SCREEN_WORLDS, SCREEN_MARGIN], "confirm": [CONFIRM_WORLDS, LOSS, ERRORS],
             "tries": TRIES, "cap": CAP, "calls_every": CALLS_EVERY, "most_moves": MOST_MOVES}
    out.write_text(write(kept, about), encoding="utf-8")


def cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    import resource
    return sum(resource.getrusage(who).ru_utime for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--first", type=int, default=FIRST_DEAL)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--target", type=int, default=TARGET)
    parser.add_argument("--out", type=Path, default=ROOT / "static" / "puzzles.json")
    args = parser.parse_args(argv)
    started, load = time.time(), os.getloadavg()[0]
    deals = range(args.first, args.first + args.deals)
    kept: list[dict[str, Any]] = []
    per_theme: Counter[str] = Counter()
    screened = 0
    stages: Counter[str] = Counter()
    if args.jobs > 1:
        from multiprocessing import Pool
        pool = Pool(args.jobs)
        results: Iterator[tuple[list[dict[str, Any]], Counter[str]]] = pool.imap(puzzle_of, deals)
    else:
        results = map(puzzle_of, deals)
    for deal, (found, counts) in zip(deals, results, strict=False):
        screened += 1
        stages += counts
        for item in found:
            if per_theme[item["theme"]] < CAP and len(kept) < args.target:
                per_theme[item["theme"]] += 1
                kept.append(item)
        save(args.out, kept, args.first, deal)
        print(f"deal {deal}: {len(found)} found, {len(kept)} kept {dict(per_theme)} "
              f"{time.time() - started:.0f} s", file=sys.stderr, flush=True)
        if len(kept) >= args.target:
            break
    if args.jobs > 1:
        pool.close()
        pool.terminate()
        pool.join()
    summary = {"puzzles": len(kept), "deals": screened, "themes": {t: per_theme[t] for t in THEMES},
               "stages": dict(stages), "seconds": round(time.time() - started), "cpu": round(cpu()),
               "load": load}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
