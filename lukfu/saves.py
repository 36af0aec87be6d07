"""Saved games: the deal at the table as one versioned, checksummed text that resumes it exactly.

A save holds the session's record (the seats' players, so the computer level; the deal number
that seeds every computer decision; the deal's seed, Master, first hands and every action), the
hints the person asked for in this deal, and whether the finished deal is already counted in
the statistics; and, since version 2, the kind of table it was on (``table``: a name the page
gives, `lukfu.web.kinds`), where its cards come from (``start``), how far a scripted table got
(``step``: the lesson's) and the save of the table it was opened over (``aside``, read when
that one comes back).  Its cards come from its deal number (``"number"``: they must be the ones
the number deals, so that its share link deals them too) or are its own start position
(``"hands"``: the record's hands and the history from there, such as the lesson's fixed hands;
the page checks them against what the table's kind deals).  Its ``check`` is a CRC-32 of the
body, so a save cut short, damaged or edited by hand is refused before anything is replayed;
one that passes is replayed (once) through the referee, which refuses impossible cards or
moves.  Every refusal is a `SaveProblem` whose ``kind`` says in a word what is wrong, for the
page to tell the player.  A save of version 1 (no table, no start: a deal from its number) is
still read.

>>> from lukfu.session import Session
>>> saved = read_save(write_save(Session.new(7), hints=1))
>>> saved.session.deal_number, saved.hints, saved.counted, saved.table, saved.dealt
(7, 1, False, 'free', True)
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any, NamedTuple

from .dealcode import MAX_DEAL_NUMBER
from .records import RecordError
from .session import Session
from .state import new_deal

SAVE_VERSION = 2
OLDER_VERSIONS = (1,)  # still read: a deal dealt from its number, with hints and counted
MAX_HINTS = 1000  # more than a deal can ask for: one per decision
MAX_STEP = 1000  # more steps than a scripted table has
MAX_ASIDE = 100_000  # characters of the save of the table put aside: far more than one holds
NUMBER, HANDS = "number", "hands"  # where a save's cards come from (``start``)
BODY = {"table", "start", "session", "hints", "counted", "step", "aside"}
OLD_BODY = {"session", "hints", "counted"}

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
    table: str = "free"  # the kind of table it was on, by name
    dealt: bool = True  # its cards are the ones its deal number deals; False: its own hands
    step: int = 0  # how far a scripted table got
    aside: str | None = None  # the save of the table it was opened over


def _check(body: dict[str, Any]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def write_save(session: Session, hints: int = 0, counted: bool = False, *, table: str = "free",
               dealt: bool = True, step: int = 0, aside: str | None = None) -> str:
    """The save text of ``session`` on a table of kind ``table``: compact JSON, about 500 bytes
    for a whole deal (and the save ``aside``, if any)."""
    body = {"table": table, "start": NUMBER if dealt else HANDS, "session": session.record_data(),
            "hints": hints, "counted": counted, "step": step, "aside": aside}
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
    if version not in (SAVE_VERSION, *OLDER_VERSIONS) or isinstance(version, bool):
        raise SaveProblem(VERSION, f"version {version!r}, not {SAVE_VERSION}")
    body = data.get("body")
    fields = BODY if version == SAVE_VERSION else OLD_BODY
    if not isinstance(body, dict) or set(body) != fields:
        raise SaveProblem(DAMAGED, f"body: expected {', '.join(sorted(fields))}")
    if data.get("check") != _check(body):
        raise SaveProblem(CHECK, f"check {data.get('check')!r} does not match the body")
    if version != SAVE_VERSION:
        body = {**body, "table": "free", "start": NUMBER, "step": 0, "aside": None}
    return _saved(body)


def _saved(body: dict[str, Any]) -> Saved:
    """The save's body read and replayed, each field checked."""
    hints, counted, table, start, step, aside = (
        body[name] for name in ("hints", "counted", "table", "start", "step", "aside"))
    if not _whole(hints, MAX_HINTS):
        raise SaveProblem(IMPOSSIBLE, f"hints: expected 0 to {MAX_HINTS}, not {hints!r}")
    if not isinstance(counted, bool):
        raise SaveProblem(IMPOSSIBLE, f"counted: expected true or false, not {counted!r}")
    if not isinstance(table, str) or not re.fullmatch(r"[a-z][a-z-]{0,39}", table):
        raise SaveProblem(DAMAGED, f"table: expected the name of a kind of table, not {table!r}")
    if start not in (NUMBER, HANDS):
        raise SaveProblem(DAMAGED, f"start: expected {NUMBER!r} or {HANDS!r}, not {start!r}")
    if not _whole(step, MAX_STEP):
        raise SaveProblem(IMPOSSIBLE, f"step: expected 0 to {MAX_STEP}, not {step!r}")
    if aside is not None and (not isinstance(aside, str) or len(aside) > MAX_ASIDE):
        raise SaveProblem(DAMAGED, "aside: expected the save of a table, or null")
    try:
        session = Session.from_record_data(body["session"])
    except RecordError as error:
        raise SaveProblem(IMPOSSIBLE, str(error)) from None
    if counted and not session.is_over:
        raise SaveProblem(IMPOSSIBLE, "counted: a deal in progress cannot be counted yet")
    # A deal dealt from its number: the cards must be the ones the number deals.
    number = session.deal_number
    if start == NUMBER and (not 0 <= number <= MAX_DEAL_NUMBER or (
            session.start != new_deal(number, session.state.master))):
        raise SaveProblem(IMPOSSIBLE, f"deal_number: deal {number} does not deal these cards")
    return Saved(session, hints, counted, table, start == NUMBER, step, aside)


def _whole(value: object, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most
