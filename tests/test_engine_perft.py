"""Golden counts ("perft") of legal action sequences from fixed positions across a deal.

The positions and their counts live in tests/perft.json. A mismatch prints the counts per
first action, so a bug localises itself. To regenerate after a deliberate rules change:
``python tests/test_engine_perft.py`` (then review the diff of perft.json).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lukfu import State, new_deal  # noqa: E402

GOLDEN = Path(__file__).with_name("perft.json")


def perft(state: State, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` (fewer where the deal ends)."""
    actions = state.legal_actions()
    if depth == 1 or not actions:
        return len(actions) if actions else 1
    return sum(perft(state.apply(action), depth - 1) for action in actions)


def divide(state: State, depth: int) -> dict[str, int]:
    """Perft split by first action."""
    return {str(action): perft(state.apply(action), depth - 1) for action in state.legal_actions()}


def positions() -> list[tuple[str, State, int]]:
    """Positions spread over a deal: calling, early and late tricks, some mid-trick with discards."""
    found = []
    for seed in range(1, 25):
        walk = random.Random(seed)
        state = new_deal(seed * 7919)
        steps = (seed * 5) % 37  # 0 to 36 random actions in
        for _ in range(steps):
            if state.is_over:
                break
            # Never claim on the way, so that the walk reaches late tricks.
            state = state.apply(walk.choice([a for a in state.legal_actions() if a.kind != "claim"]))
        if state.is_over:
            state = new_deal(seed)
        depth = 4 if state.phase == "calling" else 3
        found.append((f"seed {seed}, {steps} actions in", state, depth))
    return found


def load() -> list[dict[str, object]]:
    return list(json.loads(GOLDEN.read_text())["positions"])


@pytest.mark.parametrize("entry", load(), ids=lambda entry: str(entry["name"]))
def test_legal_action_sequences_from_each_golden_position_count_as_recorded(entry: dict[str, object]) -> None:
    state = State.from_record(str(entry["record"]))
    depth, expected = int(str(entry["depth"])), int(str(entry["count"]))
    count = perft(state, depth)
    if count != expected:
        split = divide(state, depth)
        golden = entry.get("divide", {})
        lines = [
            f"{a}: {n} (golden {golden.get(a) if isinstance(golden, dict) else '?'})"
            for a, n in split.items()
        ]
        pytest.fail(f"perft({depth}) = {count}, golden {expected}\n" + "\n".join(lines))


def test_golden_file_covers_the_whole_deal() -> None:
    entries = load()
    phases = {State.from_record(str(e["record"])).phase for e in entries}
    assert len(entries) >= 20 and phases == {"calling", "playing"}
    records = [json.loads(str(e["record"])) for e in entries]
    assert any(any(a.startswith("discard") for a in r["actions"]) for r in records)
    assert any(len(r["actions"]) > 25 for r in records)


def regenerate() -> None:
    entries = []
    for name, state, depth in positions():
        entries.append(
            {
                "name": name,
                "record": state.record(),
                "depth": depth,
                "count": perft(state, depth),
                "divide": divide(state, depth),
            }
        )
    GOLDEN.write_text(json.dumps({"positions": entries}, indent=1) + "\n")
    print(f"wrote {len(entries)} positions to {GOLDEN}")


if __name__ == "__main__":
    regenerate()
