"""The coach: each of one seat's decisions in a finished deal, judged from what that seat knew then.

For every decision (a call or pass, a lead, a follow, a discard, a claim) the coach deals out the
cards the seat could not see many times, consistent with everything its observation proves
(``lukfu.ai.worlds``), plays each move weighed in every world and finishes the deal with
``search.lookahead_play_out``: every seat weighs each of its moves by a play-out in that deal
(opponents who punish, as a stronger player's would; Casual's rules let too much pass, and made
sound calls and claims look like blunders: docs/coach.md). It never looks at the hidden hands.

- **Which moves:** the moves Strong weighs in that position, and always the move that was made.
- **Two stages:** all of them on the same sampled deals (``Judging.first_playouts`` shared out,
  at least ``first_worlds`` deals each); the best there (among near-equals, Casual's choice) is
  then measured against the move made on fresh deals, the same deals and dice for both:
  ``second_worlds`` at a time, up to ``most_worlds`` while the verdict is in doubt. The loss is
  the difference of their mean net points there (never below 0), so picking the best does not
  inflate what the move made is said to have cost.
- **Noise:** the standard error of that difference, world by world. A loss of ``MISTAKE`` or more
  is a mistake, ``BLUNDER`` or more a blunder, but only when it is more than ``NOISE_ERRORS``
  standard errors: a loss the sampling cannot tell from none is no mistake (it still counts in
  the review's points lost).
- **Why:** ``lukfu.reasons``: a sentence true of the two moves.
- **Accuracy:** the share of the decisions that were neither mistakes nor blunders.

The same deal always gets the same review: every decision's randomness comes from the deal
number and the move number. ``python -m lukfu.coach [--seat N]`` reviews a finished deal's
``Session.record()`` text read on standard input.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Action
from .ai import search
from .ai.players import from_action, to_action
from .ai.thinking import finish
from .ai.worlds import Evidence, sample_with
from .observation import Observation
from .position import Position
from .reasons import Choice, why_better
from .session import Session
from .state import State

PlayOut = Callable[[Position, random.Random, float], tuple[int, int, int]]
"""Finishes a sampled deal (``search.play_out``'s signature): every seat's net points."""


class Judging(NamedTuple):
    """How hard a decision is judged."""

    first_playouts: int  # shared out among the moves weighed, to find the best
    first_worlds: int  # the fewest sampled deals each of them is played on
    second_worlds: int  # fresh sampled deals on which the best is measured against the move made
    play_out: PlayOut  # how each sampled deal is finished
    name: str = "coach"  # seeds the sampled deals (another judge draws other deals)
    most_worlds: int = 0  # while the verdict is in doubt (the loss's noise straddles a
    #                       threshold), more fresh deals, ``second_worlds`` at a time, up to this


COACH = Judging(320, 24, 48, search.lookahead_play_out, most_worlds=384)
"""The coach's own judging (the page's): lookahead play-outs, some thirty times a Casual one's
cost, so a sixth of the sampled deals Casual's play-outs had (480, 24, 96), more where in doubt."""
STRONG_JUDGE = Judging(3840, 192, 384, search.lookahead_play_out, "strong-judge", most_worlds=3072)
"""What the coach's verdicts are measured against (bench/coach_judge.py): twelve times the coach's
play-outs to find the best, eight times its fresh deals at a time and at most, and lookahead
play-outs, on sampled deals of its own."""
NOISE = 0.05
"""How often Casual's play-outs stray from its rules (``search.play_out``; the lookahead's never do)."""
MISTAKE, BLUNDER = 0.25, 1.0
"""Points lost from which a decision is a mistake, a blunder."""
NOISE_ERRORS = 2.0
"""A loss counts only when it is this many standard errors above none."""
GOOD, MISTAKEN, BLUNDERED = "good", "mistake", "blunder"

@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the move made, the best move found, and what the difference cost."""

    move_number: int  # in the deal (``Observation.move_number``)
    move: Action
    best: Action
    loss: float  # net points, judged from the seat's observation then
    error: float  # the loss's standard error
    verdict: str  # GOOD, MISTAKEN or BLUNDERED
    reason: str  # lukfu.reasons.REASONS: why ``best`` is better ("" when it is the move made)
    won: tuple[float, float] = (0.0, 0.0)  # the share of the sampled deals the seat won after
    #                                        ``best``, after the move made (0 when they are one)
    F: int = 0  # the seat's F then (the claim's reason says it)


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in one deal."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def total_loss(self) -> float:
        return sum(round(100 * d.loss) for d in self.decisions) / 100  # in hundredths: exact

    def count(self, verdict: str) -> int:
        return sum(1 for d in self.decisions if d.verdict == verdict)

    @property
    def accuracy(self) -> float:
        """The share (0–1) of the decisions that were neither mistakes nor blunders."""
        if not self.decisions:
            return 1.0
        return self.count(GOOD) / len(self.decisions)


class Progress(NamedTuple):
    """How far a review is: the share of its play-outs done (0–1), and the decisions judged."""

    share: float
    judged: tuple[Decision, ...]


Reviewing = Generator[Progress, None, Review]
"""A review in slices: yields its progress between play-outs, returns the review."""


def decisions_of(session: Session, seat: int) -> Iterator[tuple[State, Action]]:
    """Each position where ``seat`` had a choice (more than one legal action), and what it did."""
    state = session.start
    for action in session.state.history:
        if state.to_move == seat and len(state.legal_actions()) > 1:
            yield state, action
        state = state.apply(action)


def review_progress(session: Session, seat: int, judging: Judging = COACH) -> Reviewing:
    """Review ``seat``'s decisions in the finished deal of ``session``, yielding progress: the
    share of the play-outs planned that are done (a decision whose best move is the one made
    needs no second stage: its share is done at once)."""
    planned: list[Judgement] = []
    for state, action in decisions_of(session, seat):  # (each a slice: the page stays smooth)
        planned.append(Judgement(state.observation(seat), action, session.deal_number, judging))
        yield Progress(0.0, ())
    total = sum(judgement.playouts for judgement in planned) or 1
    judged: list[Decision] = []
    done = 0
    for judgement in planned:
        work = judgement.run()
        while True:
            try:
                count = next(work)
            except StopIteration as finished:
                judged.append(finished.value)
                done += judgement.playouts
                yield Progress(done / total, tuple(judged))
                break
            yield Progress((done + count) / total, tuple(judged))
    return Review(seat, tuple(judged))


def review(session: Session, seat: int, judging: Judging = COACH) -> Review:
    """``review_progress`` run at once."""
    return finish(review_progress(session, seat, judging))


def judge(
    obs: Observation, made: Action, deal_number: int, judging: Judging = COACH,
) -> Generator[int, None, Decision]:
    """The decision ``made`` by the seat of ``obs``: its loss against the best move found."""
    return Judgement(obs, made, deal_number, judging).run()


class Judgement:
    """One decision being judged: the moves weighed, and the play-outs that will take."""

    def __init__(self, obs: Observation, made: Action, deal_number: int, judging: Judging) -> None:
        self.obs, self.made, self.judging = obs, made, judging
        self.rng = random.Random(f"lukfu/{judging.name}/{deal_number}/{obs.move_number}")
        evidence = Evidence.of(obs)
        self.world: search.World = lambda dice: sample_with(evidence, obs, dice)
        self.first_world = self.world(random.Random(self.rng.getrandbits(64)))
        self.mine = from_action(made)
        self.candidates = search.moves(self.first_world, obs.seat)
        if self.mine not in self.candidates:
            self.candidates.append(self.mine)
        self.worlds = max(judging.first_worlds, judging.first_playouts // len(self.candidates))

    @property
    def playouts(self) -> int:
        """The play-outs both stages take (the second is not needed if the move made is best)."""
        return self.worlds * len(self.candidates) + 2 * max(self.judging.second_worlds,
                                                            self.judging.most_worlds)

    def run(self) -> Generator[int, None, Decision]:
        """Judge, yielding the play-outs done so far."""
        obs, made, mine, candidates = self.obs, self.made, self.mine, self.candidates
        play_out = self.judging.play_out
        first = yield from _outcomes(self.world, obs.seat, candidates, self.worlds, self.rng, 0, play_out)
        means = [sum(points) / self.worlds for points in first]  # (whole numbers: exact on every Python)
        sound = search.casual_move(self.first_world, random.Random(0), 0.0)  # (the seat's own cards)
        best = max(candidates, key=lambda move: means[candidates.index(move)]
                   + (search.CASUAL_PRIOR if move == sound else 0.0))
        # (among moves that did about as well, Casual's choice, as Strong's: the sound one, whose
        # reason is plain; the second stage measures it against the move made all the same)
        if best == mine:
            return Decision(obs.move_number, made, made, 0.0, 0.0, GOOD, "", F=obs.F)
        batch = self.judging.second_worlds
        most = max(batch, self.judging.most_worlds)
        second: list[list[int]] = [[], []]
        done = self.worlds * len(candidates)
        while True:
            count = min(batch, most - len(second[0]))
            more = yield from _outcomes(self.world, obs.seat, [best, mine], count, self.rng, done, play_out)
            second[0] += more[0]
            second[1] += more[1]
            done = self.worlds * len(candidates) + 2 * len(second[0])
            loss, error = _mean_and_error([b - m for b, m in zip(second[0], second[1], strict=True)])
            margin = NOISE_ERRORS * error
            if len(second[0]) >= most or _band(loss - margin) == _band(loss + margin):
                break  # (the verdict cannot change within the noise, or no more deals)
        n = len(second[0])
        if loss <= 0:
            return Decision(obs.move_number, made, made, 0.0, round(error, 2), GOOD, "", F=obs.F)
        verdict = GOOD
        if loss > NOISE_ERRORS * error:
            verdict = BLUNDERED if loss >= BLUNDER else MISTAKEN if loss >= MISTAKE else GOOD
        better = to_action(best)
        won = (round(sum(p > 0 for p in second[0]) / n, 2), round(sum(p > 0 for p in second[1]) / n, 2))
        why = why_better(Choice(obs, made, better, won_made=won[1], won_best=won[0]))
        return Decision(obs.move_number, made, better, round(loss, 2), round(error, 2), verdict, why,
                        won, obs.F)


def _mean_and_error(differences: list[int]) -> tuple[float, float]:
    """The mean of the differences, and its standard error."""
    n, total, squares = len(differences), sum(differences), sum(d * d for d in differences)
    return total / n, math.sqrt(max(0, n * squares - total * total) / (n * (n - 1))) / math.sqrt(n)


def _band(loss: float) -> int:
    """Which verdict a loss is in: 0 none (good), 1 a mistake, 2 a blunder."""
    return 0 if loss < MISTAKE else 1 if loss < BLUNDER else 2


def _outcomes(
    world: search.World, seat: int, moves: Sequence[search.Move], count: int, rng: random.Random,
    done: int, play_out: PlayOut,
) -> Generator[int, None, list[list[int]]]:
    """Each move's net points for ``seat`` in ``count`` sampled deals, the same deal and the same
    play-out dice for every move; yields the play-outs done (``done`` before these) after each
    (one play-out is a few milliseconds: the page's slices stay short)."""
    points: list[list[int]] = [[] for _ in moves]
    for _ in range(count):
        start = world(rng)
        dice = rng.getrandbits(64)  # an int seed (a float one hashes differently in Pyodide)
        for move, mine in zip(moves, points, strict=True):
            pos = start.copy()
            same = random.Random(dice)
            mine.append(play_out(pos, same, NOISE)[seat] if search.step(pos, move, same) else 0)
            done += 1
            yield done
    return points


# --- the command line ------------------------------------------------------------------------


def decision_summary(d: Decision) -> dict[str, Any]:
    """One decision as plain numbers and action texts (the page's, the command line's)."""
    return {"move": str(d.move), "best": str(d.best), "loss": d.loss, "verdict": d.verdict,
            "error": d.error, "reason": d.reason, "move_number": d.move_number, "won": list(d.won),
            "F": d.F}


def summary(review_: Review) -> dict[str, Any]:
    """The review as the command line's last line: plain numbers and action texts."""
    return {
        "seat": review_.seat,
        "decisions": [decision_summary(d) for d in review_.decisions],
        "total_loss": review_.total_loss,
        "mistakes": review_.count(MISTAKEN),
        "blunders": review_.count(BLUNDERED),
        "accuracy": round(review_.accuracy, 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # (here, not at the top: the page imports this module, and argparse costs
    # Pyodide a seventh of a second)

    parser = argparse.ArgumentParser(
        prog="python -m lukfu.coach",
        description="Review one seat's decisions in a finished deal (Session.record() on stdin).")
    parser.add_argument("--seat", type=int, choices=(0, 1, 2),
                        help="the seat to review (default: the person's seat, else 0)")
    args = parser.parse_args(argv)
    from .i18n import translator
    from .records import RecordError
    from .web.review import reason_text, verdict_text

    try:
        session = Session.from_record(sys.stdin.read())
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not session.is_over:
        print("error: the deal is not finished", file=sys.stderr)
        return 2
    seat = args.seat if args.seat is not None else (session.person if session.person is not None else 0)
    found = review(session, seat)
    tr = translator("en")
    print(f"Deal {session.deal_number}, seat {seat}: {len(found.decisions)} decisions")
    for d, said in zip(found.decisions, summary(found)["decisions"], strict=True):
        line = f"{d.move_number:3d}. {d.move}: {verdict_text(tr, d.verdict)}"
        if d.loss > 0:
            line += f", {d.loss:.2f} points (± {d.error:.2f}); better {d.best}: {reason_text(tr, said)}"
        print(line)
    print(f"Points lost: {found.total_loss:.2f}; mistakes {found.count(MISTAKEN)}, "
          f"blunders {found.count(BLUNDERED)}; accuracy {found.accuracy:.0%}")
    print(json.dumps(summary(found), separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

