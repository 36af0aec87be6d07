"""Saved games: the deal at the table as one versioned, checksummed text that resumes it exactly.

A save holds the session's record (the seats' players, so the computer level; the deal number
that seeds every computer decision; the deal's seed, Master, first hands and every action), the
hints the person asked for in this deal, and whether the finished deal is already counted in
the statistics.  Its ``check`` is a CRC-32 of that body, so a save cut short, damaged or edited
by hand is refused before anything is replayed; one that passes is replayed (once) through the
referee, which refuses impossible cards or moves, and its cards must be the ones its deal number
deals (so that its share link deals them too).  Every refusal is a `SaveProblem` whose
``kind`` says in a word what is wrong, for the page to tell the player.

>>> from lukfu.session import Session
>>> saved = read_save(write_save(Session.new(7), hints=1))
>>> saved.session.deal_number, saved.hints, saved.counted
(7, 1, False)
"""

from __future__ import annotations

import json
import zlib
from typing import Any, NamedTuple

from .dealcode import MAX_DEAL_NUMBER
from .records import RecordError
from .session import Session
from .state import new_deal

SAVE_VERSION = 1
MAX_HINTS = 1000  # more than a deal can ask for: one per decision

# What can be wrong with a save, as `SaveProblem.kind`.
DAMAGED = "damaged"  # not a save at all: cut short, not JSON, or some other program's data
VERSION = "version"  # a save of another version of the game
CHECK = "check"  # the body does not match its check: damaged or edited
IMPOSSIBLE = "impossible"  # it checks, but its cards or moves cannot be (the referee says no)


class SaveProblem(ValueError):
    """A save that cannot be resumed: ``kind`` is one of the kinds above, the message the detail."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Saved(NamedTuple):
    """A save read back: the session resumed where it was, and what the page kept with it."""

    session: Session
    hints: int
    counted: bool


def _check(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def write_save(session: Session, hints: int = 0, counted: bool = False) -> str:
    """The save text of ``session``: compact JSON, about 400 bytes for a whole deal."""
    body = {"session": session.record_data(), "hints": hints, "counted": counted}
    return json.dumps({"lukfu-save": SAVE_VERSION, "check": _check(body), "body": body},
                      separators=(",", ":"))


def read_save(text: str) -> Saved:
    """The save resumed; anything wrong raises `SaveProblem` and changes nothing."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SaveProblem(DAMAGED, f"not JSON: {error}") from None
    if not isinstance(data, dict) or "lukfu-save" not in data:
        raise SaveProblem(DAMAGED, "not a saved game of Luk Fu")
    version = data["lukfu-save"]
    if version != SAVE_VERSION or isinstance(version, bool):
        raise SaveProblem(VERSION, f"version {version!r}, not {SAVE_VERSION}")
    body = data.get("body")
    if not isinstance(body, dict) or set(body) != {"session", "hints", "counted"}:
        raise SaveProblem(DAMAGED, "body: expected session, hints and counted")
    if data.get("check") != _check(body):
        raise SaveProblem(CHECK, f"check {data.get('check')!r} does not match the body")
    hints, counted = body["hints"], body["counted"]
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= MAX_HINTS:
        raise SaveProblem(IMPOSSIBLE, f"hints: expected 0 to {MAX_HINTS}, not {hints!r}")
    if not isinstance(counted, bool):
        raise SaveProblem(IMPOSSIBLE, f"counted: expected true or false, not {counted!r}")
    try:
        session = Session.from_record_data(body["session"])
    except RecordError as error:
        raise SaveProblem(IMPOSSIBLE, str(error)) from None
    if counted and not session.is_over:
        raise SaveProblem(IMPOSSIBLE, "counted: a deal in progress cannot be counted yet")
    # The page deals every deal from its number: the cards must be the ones it deals.
    number = session.deal_number
    if not 0 <= number <= MAX_DEAL_NUMBER or (
            session.start != new_deal(number, session.state.master)):
        raise SaveProblem(IMPOSSIBLE, f"deal_number: deal {number} does not deal these cards")
    return Saved(session, hints, counted)
