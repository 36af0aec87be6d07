"""Mutation testing of the engine with mutmut: run it, then print the score.

    .venv/bin/python bench/mutation.py                     # every engine module (lukfu/*.py)
    .venv/bin/python bench/mutation.py cards plays scoring # only these modules
    .venv/bin/python bench/mutation.py --report cards      # the score of the last run, no new run

mutmut (pinned in requirements-dev.txt, configured in pyproject.toml ``[tool.mutmut]``) copies
the tree into ``mutants/`` (git-ignored), turns each function into a trampoline that can run one
mutant at a time, and runs the non-browser tests that reach that function. What it cannot judge
alone is handled here:

- Tables built at import time (``plays.PLAYS`` and ``BEATERS``, the suit tables of ``cards``,
  the chains of ``knowledge``) are built before any mutant is switched on, so mutmut reports
  their mutants as survivors (or as reached by no test). Every such mutant is therefore checked
  again in a fresh interpreter: it is written into a scratch copy of the tree (``mutmut apply``)
  and the non-browser tests run there. Those that fail count as killed ("fresh").
- mutmut reports a mutant as "segfault" when its tests died by a signal other than its CPU
  limit's SIGXCPU: in practice an endless loop that fills memory, killed at the hard CPU limit
  (SIGKILL). Those are checked again the same way, in a fresh interpreter. Every process here
  runs with its memory capped (``MEMORY_CAP``), so such a loop fails its tests with
  ``MemoryError`` instead of filling the machine's memory.
- Equivalent mutants, which change nothing a player or caller could observe, are listed in
  ``EQUIVALENT`` below with the reason, matched by function and mutated line (not by mutmut's
  numbering, which shifts when code changes), and left out of the score.

Score = (killed + timeouts) / (all mutants − equivalent).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"

# The engine: lukfu/*.py except the translations (i18n); web/ and ai/ are not the rules.
NOT_ENGINE = {"__init__", "i18n"}
STABLE = ["cards", "plays", "knowledge", "scoring", "actions", "dealing"]

TESTS = ["-m", "not browser", "-x", "-q", "-p", "no:cacheprovider", "tests"]
MEMORY_CAP = 4 << 30  # bytes of address space for mutmut and each re-check (the tests need far less)
RECHECKED = ("survived", "no tests", "segfault")  # mutmut statuses checked again in a fresh interpreter

# (module, function, the mutated line as mutmut shows it, stripped) -> why no test can tell.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    ("cards", "Card.parse", "return _CARDS[SUITS.rindex(text[0].upper()) * 9 + int(text[1]) - 1]"):
        'SUITS is "CSMT": each letter occurs once, so rindex is index',
    ("knowledge", "old_mask", "| table[known >> 27 & SUIT_MASK] << 28"):
        "shifting the Tens chain by one more bit changes only T1, which is special and always Old, "
        "and bit 36, past the deck",
    ("actions", "Action.__hash__", "return hash(None)"):
        "a constant hash is still a valid hash (equal actions hash equal); only set and dict speed changes",
    ("dealing", "deal", "for i in range(DECK_SIZE - 1, 1, -1):  # Fisher–Yates"):
        "the skipped last swap exchanges deck[0] and deck[1], both in the first hand (a mask, so "
        "order does not matter), and no draw follows it",
    ("plays", "_build_plays", "for length in range(3, 11):"):
        "a run of ten has no lowest rank: range(1, 11 - 10) is empty, so no play is added",
    ("plays", "_runs_in_suit", "return tuple(tuple(i for i, m in runs if m & pattern == m) "
     "for pattern in range(SUIT_MASK + 2))"):
        "one more table entry, for a 10-bit pattern that no 9-card suit can have",
    ("plays", "_sets_at_rank", "return tuple(tuple(i for i, m in sets if m & pattern == m) "
     "for pattern in range(17))"):
        "one more table entry, for pattern 16, which four suits cannot make",
    # --- the deal (moves, position, legality, state, playout, observation) ---
    **dict.fromkeys(
        [
            ("moves", "lead_play_indices", "three_of_a_rank = (a & b | (c | d)) | (c & d & (a | b))"),
            ("moves", "lead_play_indices", "three_of_a_rank = (a | b & (c | d)) | (c & d & (a | b))"),
            ("moves", "lead_play_indices", "three_of_a_rank = (a & b & (c | d)) | (c & d | (a | b))"),
            ("moves", "lead_play_indices", "three_of_a_rank = (a & b & (c | d)) | (c | d & (a | b))"),
        ],
        "a looser test for ranks held in three suits: it also picks ranks held in fewer, for which "
        "SETS_AT_RANK lists no set, so the same sets are found in the same order",
    ),
    **dict.fromkeys(
        [
            ("moves", "lead_play_indices", "if pattern & pattern >> 1 | pattern >> 2:"),
            ("moves", "lead_play_indices", "if pattern | pattern >> 1 & pattern >> 2:"),
            ("moves", "lead_play_indices", "if pattern & pattern >> 2 & pattern >> 2:"),
        ],
        "a looser test for three consecutive ranks in a suit: it also looks up suits without them, "
        "whose RUNS_IN_SUIT entry is empty",
    ),
    ("legality", "_check_lead", "assert play.size == 1 or suit is not None  # only a non-caller's single "
     "is otherwise limited"):
        "a weaker assertion of an invariant that holds there (only a non-caller's single with a "
        "free suit is refused at that point), so it never fails either way",
    ("position", "Position.step_discard", "self.turns = self.turns + ((seat, -2, mask),)"):
        "-1 and -2 both mark a face-down turn: every reader tests index >= 0",
    ("position", "Position.trick_in_progress",
     "return trick_of((self.leader, self.turns, self.best, self.best_seat), finished=None)"):
        "None is as false as False",
    **dict.fromkeys(
        [
            ("position", "trick_of", "best_seat if (best >= 0) or True else None,"),
            ("position", "trick_of", "PLAYS[best] if (best >= 0) or True else None,"),
        ],
        "every trick shown has a best play (a trick in progress has its lead), so best >= 0 always",
    ),
    **dict.fromkeys(
        [
            ("position", "Position._next_turn", line)
            for line in [
                "self.best = None", "self.best = +1", "self.best = -2", "self.best_seat = None",
                "self.best_seat = +1", "self.best_seat = -2", "self.leader = None",
            ]
        ],
        "between tricks nothing reads the best play, its owner or the leader (the next lead sets them; "
        "a trick view needs a turn), and every state reached by play holds the same value there, so "
        "equality does not change either",
    ),
    ("position", "Position.deal", "self.leader = None"):
        "the first lead sets the leader before anything reads it (a trick view needs a turn); until "
        "then every state has the same value, so equality does not change either",
    ("playout", "random_playout", "pos.step_call(uniform() <= 0.5)"):
        "random() is exactly 0.5 once in 2**53 draws: calling stays an even coin toss",
    ("playout", "random_playout", "if may_claim and int(uniform() * (len(plays) + 1)) == 1:"):
        "any one of the n + 1 equally likely values may stand for the claim: still one chance in "
        "n + 1, and the play is drawn afresh, so every legal action stays equally likely",
    ("state", "State.__hash__", "return hash(None)"):
        "a constant hash is still a valid hash (equal states hash equal); only set and dict speed changes",
    **dict.fromkeys(
        [
            ("state", "hash_hands", "value = 1"),
            ("state", "hash_hands", "value = (value * 1099511628212 ^ mask) & ((1 << 64) - 1)"),
            ("state", "hash_hands", "value = (value * 0x100000001B3 ^ mask) & ((1 << 64) - 2)"),
        ],
        "another stable 64-bit hash of the given hands: the same hands still redeal alike and other "
        "hands otherwise, and a record keeps the seed it was made with",
    ),
    **dict.fromkeys(
        [
            ("state", "State.from_hands", "if public_mask.bit_count() > 4 * (HAND_SIZE - size):"),
            ("state", "State.from_hands", "if public_mask.bit_count() > 3 * (HAND_SIZE + size):"),
            ("state", "State.from_hands", "raise ValueError(None)"),
            ("state", "State.from_hands", 'raise ValueError("XXmore cards played face up than tricks played '
             'allowXX")'),
            ("state", "State.from_hands", 'raise ValueError("MORE CARDS PLAYED FACE UP THAN TRICKS PLAYED '
             'ALLOW")'),
        ],
        "never reached with cards: the face-up cards are in none of three disjoint hands of `size` "
        "cards, so there are at most 36 - 3 * size = 3 * (HAND_SIZE - size) of them (only ints past the "
        "deck, which from_hands does not refuse in `public`, could reach it)",
    ),
    ("observation", "_read_calls",
     'return tuple((_seat(call[:-1]), {"c": True, "p": False}[call[+1]]) for call in text.split())'):
        "_seat(call[:-1]) has already accepted exactly one character, so call has two and "
        "call[1] is call[-1]",
    ("observation", "_read_trick",
     "best = next((t.play for t in turns if t.seat == best_seat), None) if (best_seat is not None) "
     "or True else None"):
        "with no best seat, no turn matches and next() gives its default None anyway",
    **dict.fromkeys(
        [
            ("observation", "_read_trick",
             'turns = tuple(_read_turn(t) for t in turns_text.split(",")) if (turns_text) or True else ()'),
            ("observation", "_read_trick",
             "best = next((t.play for t in turns if t.seat == best_seat), ) "
             "if best_seat is not None else None"),
        ],
        "differs only for hand-made text no observation prints (a trick with no turns, a best seat "
        "with no turn in the trick): from_text reads what str(observation) writes",
    ),
}


@dataclass
class Mutant:
    name: str  # e.g. lukfu.cards.x_parse_cards__mutmut_3 or lukfu.cards.xǁCardǁparse__mutmut_1
    status: str
    module: str = ""
    function: str = ""
    diff: str = ""
    why: str = ""

    def __post_init__(self) -> None:
        _, module, rest = self.name.split(".", 2)
        self.module = module
        function = rest.rsplit("__mutmut_", 1)[0]
        self.function = function[2:] if function.startswith("x_") else function.lstrip("x").replace("ǁ", ".")
        self.function = self.function.strip(".")

    @property
    def added_lines(self) -> list[str]:
        lines = self.diff.splitlines()
        return [line[1:].strip() for line in lines if line.startswith("+") and not line.startswith("+++")]


def mutmut(*args: str, cwd: Path = ROOT, log: Path | None = None) -> str:
    command = [sys.executable, "-m", "mutmut", *args]
    # Capped memory: a mutant that loops forever appending fails its tests with MemoryError
    # instead of filling the machine's memory until its CPU limit.
    preexec = cap_memory if os.name == "posix" else None
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, preexec_fn=preexec)
    if log is not None:
        log.write_text(result.stdout + result.stderr, encoding="utf-8")
    if result.returncode != 0:
        tail = (result.stdout + result.stderr)[-3000:]
        raise SystemExit(f"{' '.join(command[2:])} failed ({result.returncode}):\n{tail}")
    return result.stdout


def engine_modules() -> list[str]:
    return sorted(p.stem for p in (ROOT / "lukfu").glob("*.py") if p.stem not in NOT_ENGINE)


def results(modules: list[str]) -> list[Mutant]:
    """The status of every mutant of these modules from the last run (``mutmut results``)."""
    found = []
    for line in mutmut("results", "--all", "true").splitlines():
        match = re.fullmatch(r"\s*(lukfu\.(\w+)\.\S+): (.+)", line)
        if match and match.group(2) in modules:
            found.append(Mutant(match.group(1), match.group(3).strip()))
    return found


def show(mutants: list[Mutant]) -> None:
    """Fill in each mutant's diff (what ``mutmut show`` prints), in this process: much faster."""
    from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant

    paths: dict[str, Path] = {}
    for mutant in mutants:
        key = mutant.module
        if key not in paths:
            paths[key] = Path(find_mutant(mutant.name).path)
        mutant.diff = get_diff_for_mutant(mutant.name, path=paths[key])


def equivalent_reason(mutant: Mutant) -> str | None:
    for line in mutant.added_lines:
        reason = EQUIVALENT.get((mutant.module, mutant.function, line))
        if reason:
            return reason
    return None


def link_node_modules(tree: Path) -> None:
    """Non-browser tests read node_modules/ too (the fonts the build subsets): link it in, not copied."""
    source, link = ROOT / "node_modules", tree / "node_modules"
    if source.is_dir() and not link.exists():
        link.symlink_to(source.resolve(), target_is_directory=True)


def scratch_copy() -> Path:
    """A copy of the tree to write mutants into, with mutmut's mutants/ and node_modules/ linked in."""
    target = Path(tempfile.mkdtemp(prefix="lukfu-mutant-"))
    ignore = shutil.ignore_patterns(
        "mutants", ".venv", ".git", "node_modules", "runtime", "artifacts", ".*_cache", "__pycache__",
        ".hypothesis",
    )
    shutil.copytree(ROOT, target, dirs_exist_ok=True, ignore=ignore)
    (target / "mutants").symlink_to(MUTANTS)
    link_node_modules(target)
    return target


def cap_memory() -> None:
    """In the child before it runs the tests: an endless loop that appends fails with MemoryError."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def fresh_check(mutant: Mutant, copy: Path, timeout: float) -> str:
    """Run the tests in a fresh interpreter with the mutant written into ``copy``."""
    source = copy / "lukfu" / f"{mutant.module}.py"
    original = source.read_bytes()
    try:
        mutmut("apply", mutant.name, cwd=copy)
        try:
            run = subprocess.run(
                [sys.executable, "-m", "pytest", *TESTS],
                cwd=copy,
                capture_output=True,
                timeout=timeout,
                preexec_fn=cap_memory if os.name == "posix" else None,
            )
        except subprocess.TimeoutExpired:
            return "timeout"
        return "killed" if run.returncode == 1 else "survived" if run.returncode == 0 else "suspicious"
    finally:
        source.write_bytes(original)


def recheck(mutants: list[Mutant], workers: int, timeout: float) -> None:
    if not mutants:
        return
    copies = [scratch_copy() for _ in range(min(workers, len(mutants)))]
    try:
        chunks = [mutants[i :: len(copies)] for i in range(len(copies))]

        def work(index: int) -> None:
            for mutant in chunks[index]:
                outcome = fresh_check(mutant, copies[index], timeout)
                if outcome != "survived":
                    mutant.status, mutant.why = outcome, "in a fresh interpreter"

        with ThreadPoolExecutor(len(copies)) as pool:
            list(pool.map(work, range(len(copies))))
    finally:
        for copy in copies:
            shutil.rmtree(copy, ignore_errors=True)


def report(mutants: list[Mutant], modules: list[str]) -> None:
    columns = ["killed", "fresh", "timeout", "survived", "equivalent", "other"]

    def bucket(m: Mutant) -> str:
        if m.status == "killed":
            return "fresh" if m.why else "killed"
        if m.status in ("timeout", "survived", "equivalent"):
            return m.status
        return "other"

    print(f"\n{'module':<12}" + "".join(f"{c:>11}" for c in columns) + f"{'score':>9}")
    total: Counter[str] = Counter()
    for module in modules:
        counts = Counter(bucket(m) for m in mutants if m.module == module)
        total += counts
        print(f"{module:<12}" + "".join(f"{counts[c]:>11}" for c in columns) + f"{score(counts):>9}")
    print(f"{'total':<12}" + "".join(f"{total[c]:>11}" for c in columns) + f"{score(total):>9}")
    print(
        f"\nkilled {total['killed'] + total['fresh']} ({total['fresh']} only in a fresh interpreter), "
        f"survived {total['survived']}, timeouts {total['timeout']}, "
        f"equivalent-excluded {total['equivalent']}, other {total['other']}: score {score(total)}"
    )
    for title, wanted in (("Survivors", "survived"), ("Other (no tests, suspicious, ...)", "other")):
        chosen = [m for m in mutants if bucket(m) == wanted]
        if chosen:
            print(f"\n{title}:")
            for m in chosen:
                print(f"  {m.name} ({m.status})")
                for line in m.diff.splitlines()[2:]:
                    print(f"      {line}")
    chosen = [m for m in mutants if m.status == "equivalent"]
    if chosen:
        print("\nEquivalent, excluded:")
        for m in chosen:
            print(f"  {m.name}: {' | '.join(m.added_lines)}\n      {m.why}")


def score(counts: Counter[str]) -> str:
    caught = counts["killed"] + counts["fresh"] + counts["timeout"]
    counted = sum(counts.values()) - counts["equivalent"]
    return f"{100 * caught / counted:.1f}%" if counted else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help=f"lukfu modules (default: all of {engine_modules()})")
    parser.add_argument("--report", action="store_true", help="only report the last run and re-check")
    parser.add_argument(
        "--no-run", action="store_true", help="use the last mutmut run's results (and re-check its survivors)"
    )
    parser.add_argument("--no-recheck", action="store_true", help="reuse the last fresh re-check, if any")
    parser.add_argument("--resume", action="store_true", help="keep mutants/ from the last run")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=float, default=600, help="seconds per fresh re-check")
    args = parser.parse_args()
    modules = [m.removeprefix("lukfu/").removesuffix(".py").removeprefix("lukfu.") for m in args.modules]
    modules = modules or engine_modules()
    unknown = set(modules) - set(engine_modules())
    if unknown:
        parser.error(f"not engine modules: {sorted(unknown)}; choose from {engine_modules()}")

    os.chdir(ROOT)
    start = time.monotonic()
    if args.report:
        args.no_run = args.no_recheck = True
    if not args.no_run:
        if not args.resume:
            shutil.rmtree(MUTANTS, ignore_errors=True)
        MUTANTS.mkdir(exist_ok=True)
        link_node_modules(MUTANTS)
        print(f"mutmut run on {', '.join(modules)} ({args.max_children} workers) ...", flush=True)
        log = MUTANTS / "bench-mutation.log"
        mutmut("run", "--max-children", str(args.max_children), *[f"lukfu.{m}.*" for m in modules], log=log)
        print(f"  done in {time.monotonic() - start:.0f} s (log: {log.relative_to(ROOT)})", flush=True)
    mutants = results(modules)
    if not mutants:
        raise SystemExit("no mutation results for these modules: run without --report first")
    show([m for m in mutants if m.status != "killed"])
    for mutant in mutants:
        reason = equivalent_reason(mutant) if mutant.status != "killed" else None
        if reason:
            mutant.status, mutant.why = "equivalent", reason
    doubtful = [m for m in mutants if m.status in RECHECKED]
    saved = MUTANTS / "bench-fresh.txt"  # the last re-check: name -> outcome
    fresh = dict(line.split(": ", 1) for line in saved.read_text().splitlines()) if saved.exists() else {}
    if args.no_run or args.no_recheck:
        # Reuse the kills of the last re-check: with the same mutants, they stand.
        for m in doubtful:
            if fresh.get(m.name, "survived") not in RECHECKED:
                m.status, m.why = fresh[m.name], "in a fresh interpreter"
        doubtful = [m for m in doubtful if m.status in RECHECKED]
    if doubtful and not args.no_recheck:
        print(f"re-checking {len(doubtful)} survivors in a fresh interpreter ...", flush=True)
        recheck(doubtful, args.max_children, args.timeout)
        fresh.update({m.name: m.status for m in doubtful})
        saved.write_text("".join(f"{name}: {status}\n" for name, status in sorted(fresh.items())))
    report(mutants, modules)
    print(f"\n{time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
