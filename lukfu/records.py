"""Deal records: a deal as compact, versioned JSON text (seed, Master, first hands, actions), and back.

Here is the format and its shape checks; ``State.from_record`` replays the actions through the
referee, so a tampered or damaged record is refused with the first bad entry named
(``RecordError``), never half-read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from .actions import Action, parse_action
from .cards import cards_of, format_cards

RECORD_VERSION = 1


class RecordError(ValueError):
    """A deal record that cannot be read or replayed; the message names the first bad entry."""


Start = tuple[int, int, tuple[int, ...], int]
"""(caller, leader, fu, public mask): where a deal built mid-way by ``State.from_hands`` started."""


def write_record(
    seed: int, master: int, first: tuple[int, int, int], start: Start | None, actions: Iterable[Action]
) -> str:
    """The record text (see ``State.record``)."""
    data: dict[str, object] = {
        "lukfu": RECORD_VERSION,
        "seed": seed,
        "master": master,
        "hands": [format_cards(cards_of(h)) for h in first],
    }
    if start is not None:
        caller, leader, fu, public = start
        data["position"] = {
            "caller": caller,
            "leader": leader,
            "fu": list(fu),
            "public": format_cards(cards_of(public)),
        }
    data["actions"] = [str(a) for a in actions]
    return json.dumps(data, separators=(",", ":"))


class Record(NamedTuple):
    """A record read and checked for shape; ``State.from_record`` replays it through the referee."""

    seed: int
    master: int
    hands: list[str]
    start: dict[str, Any]  # from_hands' keyword arguments for a deal recorded mid-way
    actions: list[Action]


def read_record(text: str) -> Record:
    """The parts of a record text (see ``State.from_record``); a bad one raises ``RecordError``."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise RecordError(f"the record is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("the record is not a JSON object")
    if data.get("lukfu") != RECORD_VERSION:
        raise RecordError(f"unknown record version {data.get('lukfu')!r}")
    seed, master, hands, actions = (data.get(k) for k in ("seed", "master", "hands", "actions"))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed: expected an integer, not {seed!r}")
    if master not in (0, 1, 2) or isinstance(master, bool):
        raise RecordError(f"master: expected 0, 1 or 2, not {master!r}")
    if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
        raise RecordError("hands: expected three texts of 12 cards")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions: expected a list of action texts")
    position = data.get("position", {})
    if not isinstance(position, dict) or not set(position) <= {"caller", "leader", "fu", "public"}:
        raise RecordError("position: expected an object with caller, leader, fu and public")
    parsed: list[Action] = []
    for number, text_action in enumerate(actions, 1):
        try:
            parsed.append(parse_action(text_action))
        except ValueError as error:
            raise RecordError(f"action {number} ({text_action!r}): {error}") from None
    return Record(seed, master, hands, position, parsed)
