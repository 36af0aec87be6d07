"""Whether a stronger judge confirms the coach's verdicts: decisions sampled from self-play,
judged by the coach and again by a judge of eight times its budget with stronger play-outs.

- **The decisions:** seat 0 played by each level in turn (Beginner, Casual, Strong, Expert)
  against two Strong players; every decision seat 0 had is sorted by kind (a call or a pass, a
  lead, a lead where a claim was open, a follow that beats, a discard), and the same number of
  each kind is drawn (each level in turn), claims included.
- **The coach:** ``lukfu.coach.COACH``, as the page judges.
- **The strong judge:** ``lukfu.coach.STRONG_JUDGE``: 3,840 play-outs to find the best move,
  then fresh deals 384 at a time while the verdict is in doubt, up to 3,072 (twelve times the
  coach's 320, eight times its 48 and 384), every sampled deal finished by
  ``search.lookahead_play_out`` (each seat weighs each of its moves with a play-out in the deal:
  Strong's own search, the cards in view), on sampled deals of its own.
- **The result:** the confusion matrix of verdicts (good / mistake / blunder), the share on
  which they agree, and the decisions the strong judge finds sound that the coach calls a
  blunder (there should be none). The strong judge's verdicts are kept in a JSON file, so the
  coach can be measured again against them in seconds (``--verdicts``).

    .venv/bin/python bench/coach_judge.py --decisions 300 --jobs 2 --save /tmp/judged.json
    .venv/bin/python bench/coach_judge.py --verdicts /tmp/judged.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu import new_deal  # noqa: E402
from lukfu.actions import DISCARD, Action, parse_action  # noqa: E402
from lukfu.ai import LEVELS, search  # noqa: E402
from lukfu.ai.thinking import finish  # noqa: E402
from lukfu.coach import BLUNDERED, COACH, GOOD, MISTAKEN, STRONG_JUDGE, Judging, judge  # noqa: E402
from lukfu.observation import CALLING  # noqa: E402
from lukfu.session import Session  # noqa: E402
from lukfu.state import State  # noqa: E402

CASUAL = Judging(480, 24, 96, search.play_out, "coach")
"""The baseline: the coach as it was, every sampled deal finished by Casual's rules."""
KINDS = ("call", "lead", "claim", "follow", "discard")
VERDICTS = (GOOD, MISTAKEN, BLUNDERED)


def kind_of(state: State, action: Action) -> str:
    """Which kind of decision seat 0 had in ``state``."""
    obs = state.observation(0)
    legal = state.legal_actions()
    if obs.phase == CALLING:
        return "call"
    if obs.trick is None:
        return "claim" if Action.claim() in legal else "lead"
    return "discard" if action.kind == DISCARD else "follow"


def sample(count: int, first_deal: int) -> list[tuple[int, str, int, str, str]]:
    """``count`` decisions (deal number, level, move index, action, kind), as many of each kind."""
    wanted = -(-count // len(KINDS))
    found: dict[str, list[tuple[int, str, int, str, str]]] = {kind: [] for kind in KINDS}
    number = first_deal
    while any(len(found[kind]) < wanted for kind in KINDS):
        level = LEVELS[number % len(LEVELS)]
        session = Session(new_deal(number), (level, "strong", "strong"), number).run()
        state = session.start
        for index, action in enumerate(session.state.history):
            if state.to_move == 0 and len(state.legal_actions()) > 1:
                kind = kind_of(state, action)
                if len(found[kind]) < wanted:
                    found[kind].append((number, level, index, str(action), kind))
            state = state.apply(action)
        number += 1
    picked = [d for kind in KINDS for d in found[kind]]
    return picked[:count]


def state_at(number: int, level: str, index: int) -> State:
    session = Session(new_deal(number), (level, "strong", "strong"), number).run()
    state = session.start
    for action in session.state.history[:index]:
        state = state.apply(action)
    return state


def verdict_of(item: tuple[int, str, int, str, str], judging: Judging) -> dict[str, object]:
    number, level, index, made, kind = item
    state = state_at(number, level, index)
    start = time.perf_counter()
    decision = finish(judge(state.observation(0), parse_action(made), number, judging))
    return {"deal": number, "level": level, "index": index, "move": made, "kind": kind,
            "verdict": decision.verdict, "loss": decision.loss, "error": decision.error,
            "best": str(decision.best), "seconds": round(time.perf_counter() - start, 3)}


def _strong(item: tuple[int, str, int, str, str]) -> dict[str, object]:
    return verdict_of(item, STRONG_JUDGE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5000, help="the first deal number")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", help="keep the strong judge's verdicts in this JSON file")
    parser.add_argument("--verdicts", help="the strong judge's verdicts, kept by an earlier run")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    if args.verdicts:
        strong = json.loads(Path(args.verdicts).read_text())
    else:
        items = sample(args.decisions, args.seed)
        started = time.perf_counter()
        strong = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for done in pool.map(_strong, items):
                strong.append(done)
                if args.save:  # (kept as it goes: a long run can be read before it ends)
                    Path(args.save).write_text(json.dumps(strong))
        print(f"strong judge: {len(strong)} decisions in {time.perf_counter() - started:.0f} s", flush=True)
    for name, judging in (("the coach", COACH), ("the coach before issue 35 (Casual's play-outs)", CASUAL)):
        print(f"\n{name}:")
        report(strong, [verdict_of((s["deal"], s["level"], s["index"], s["move"], s["kind"]), judging)
                        for s in strong])


def report(strong: list[dict[str, object]], coach: list[dict[str, object]]) -> None:
    pairs = Counter((str(s["verdict"]), str(c["verdict"])) for s, c in zip(strong, coach, strict=True))
    agree = sum(pairs[v, v] for v in VERDICTS)
    print(f"{len(strong)} decisions: " + ", ".join(
        f"{kind} {sum(1 for s in strong if s['kind'] == kind)}" for kind in KINDS))
    claims = [(s, c) for s, c in zip(strong, coach, strict=True) if s["move"] == "claim"]
    sound = sum(s["verdict"] == GOOD for s, _ in claims)
    passed = sum(c["verdict"] == GOOD for _, c in claims)
    both = sum(s["verdict"] == c["verdict"] == GOOD for s, c in claims)
    print(f"claims made: {len(claims)}; sound to the strong judge {sound}, the coach {passed}, both {both}")
    print("| strong judge ↓ / coach → | " + " | ".join(VERDICTS) + " |")
    print("|---|" + "---|" * len(VERDICTS))
    for row in VERDICTS:
        print(f"| {row} | " + " | ".join(str(pairs[row, col]) for col in VERDICTS) + " |")
    print(f"agreement: {agree}/{len(strong)} = {agree / len(strong):.1%}; "
          f"sound but called a blunder: {pairs[GOOD, BLUNDERED]}")
    for kind in KINDS:
        mine = [(s, c) for s, c in zip(strong, coach, strict=True) if s["kind"] == kind]
        same = sum(1 for s, c in mine if s["verdict"] == c["verdict"])
        print(f"  {kind:8} {same}/{len(mine)} agree")
    for s, c in zip(strong, coach, strict=True):
        if s["verdict"] != c["verdict"]:
            print(f"  deal {s['deal']} {s['level']} move {s['index']} {s['move']} ({s['kind']}): "
                  f"strong {s['verdict']} {s['loss']}±{s['error']} (best {s['best']}), "
                  f"coach {c['verdict']} {c['loss']}±{c['error']} (best {c['best']})")
    seconds = sorted(float(str(c["seconds"])) for c in coach)
    print(f"coach: median {1000 * seconds[len(seconds) // 2]:.0f} ms a decision, "
          f"most {1000 * seconds[-1]:.0f} ms")


if __name__ == "__main__":
    main()
