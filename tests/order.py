"""Test files longest first across the workers, by each file's seconds in a whole run.

pytest-xdist gives each worker a whole test file at a time (``--dist=loadfile``), in the order of
the collection (``--no-loadscope-reorder``; by default it starts with the files that hold the
most tests, which leaves the long browser files to the end, one worker busy with them while the
other has nothing left).  tests/weights.json holds what each file took in a whole run, measured:
a file it does not know (a new one) goes first.  After a change that moves them a lot:

    .venv/bin/python -m pytest -m "not alone" --weigh     # rewrites tests/weights.json
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

WEIGHTS = Path(__file__).with_name("weights.json")
HELP = "write each test file's seconds in this run to tests/weights.json (files run longest first)"


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0]


def read_weights() -> dict[str, float]:
    return json.loads(WEIGHTS.read_text(encoding="utf-8")) if WEIGHTS.exists() else {}


def longest_first(items: list[Any]) -> None:
    """Sort ``items`` (pytest's, in place) by their file's weight, the heaviest first; a file's
    own tests keep their order."""
    weights = read_weights()
    items.sort(key=lambda item: (-weights.get(file_of(item.nodeid), math.inf)))


class Scales:
    """A pytest plugin (on the controller only): sums each file's setup, call and teardown
    seconds as the reports come in, and at the end of a run that passed writes them over those
    files' old weights (a file this run did not run keeps its own)."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.seconds[file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session: Any, exitstatus: int) -> None:
        if exitstatus == 0 and self.seconds:
            weights = read_weights()
            weights.update((name, round(seconds, 1)) for name, seconds in self.seconds.items())
            weights = dict(sorted(weights.items()))
            WEIGHTS.write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
