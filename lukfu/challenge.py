"""A friend's challenge: a finished deal as a link's code (its cards, the level, your result and
every move), checksummed, and read back into the deal it was.

The code is URL-safe base64 (unpadded) of a zlib-compressed JSON body followed by a four-byte
CRC-32 of it (with the format's version folded in).  The body names the deal by its number and
Master (``"d"``, ``"m"``: its cards are the ones the number deals) or, for a deal with its own
start position, carries that deal's record without its moves (``"p"``); then the computer level
(``"l"``), the challenger's net points (``"r"``) and every action of the deal in order (``"a"``).

Reading one back refuses anything that is not exactly what `challenge_code` writes, with a
`ChallengeError` that says why: a character changed or missing (the check), a body that is not
the game's, moves the referee refuses, a deal not played to its end, or a result that is not the
one the moves make.  So every altered byte of a code is refused, and a code that reads back names
one deal, played one way.

>>> from lukfu.session import Session
>>> played = Session.new(12, 0, "casual").run()
>>> while not played.is_over:
...     played = played.act(played.observation(0).legal[0]).run()
>>> code = challenge_code(played)
>>> back = read_challenge(code)
>>> back.session.state.history == played.state.history, back.level, back.net == played.state.net_points[0]
(True, 'casual', True)
>>> read_challenge(code[:-1] + ("A" if code[-1] != "A" else "B"))
Traceback (most recent call last):
...
lukfu.challenge.ChallengeError: the link's check does not match: part of it is missing or changed
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any, NamedTuple

from .actions import Action, parse_action
from .ai import LEVELS
from .records import RecordError
from .session import PERSON, Session
from .state import State, new_deal

CHALLENGE_VERSION = 1
CHECK_BYTES = 4
MAX_CODE_LENGTH = 4000  # far more than a deal's moves take (a code is some 150 characters)
MAX_BODY = 20_000  # bytes a body may inflate to
_SALT = f"lukfu challenge {CHALLENGE_VERSION}".encode()
_SHAPE = re.compile(r"[A-Za-z0-9_-]+")


class ChallengeError(ValueError):
    """A text that is not a challenge this game wrote; the message says why (in English, for
    developers: the page says it in the player's words)."""


class Challenge(NamedTuple):
    """A challenge read back: the challenger's finished deal, the level it was played against,
    and the challenger's net points (seat 0's)."""

    session: Session
    level: str
    net: int
    dealt: bool  # its cards are the ones its deal number deals


def _check(body: bytes) -> bytes:
    return zlib.crc32(_SALT + body).to_bytes(CHECK_BYTES, "big")


def challenge_code(session: Session, dealt: bool = True) -> str:
    """The code of ``session``'s finished deal, with the person at seat 0 (``dealt``: its cards
    are the ones its deal number deals, so the code names the number instead of the cards)."""
    if not session.is_over or session.person != 0:
        raise ValueError("a challenge is made of a finished deal played from seat 0")
    level = session.seats[1]
    body: dict[str, Any] = {"v": CHALLENGE_VERSION, "l": level, "r": session.state.net_points[0]}
    if dealt:
        body |= {"d": session.deal_number, "m": session.start.master}
    else:
        body |= {"d": session.deal_number, "p": json.loads(session.start.record())}
    body["a"] = [str(action) for action in session.state.history]
    raw = zlib.compress(json.dumps(body, separators=(",", ":"), sort_keys=True).encode(), 9)
    return base64.urlsafe_b64encode(raw + _check(raw)).rstrip(b"=").decode("ascii")


def read_challenge(text: str) -> Challenge:
    """The challenge a code names; anything else raises `ChallengeError`."""
    if not text or len(text) > MAX_CODE_LENGTH:
        raise ChallengeError(f"a challenge has 1 to {MAX_CODE_LENGTH} characters")
    if not _SHAPE.fullmatch(text) or len(text) % 4 == 1:
        raise ChallengeError("a challenge has only letters, digits, '-' and '_'")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    body, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not body or _check(body) != check:
        raise ChallengeError("the link's check does not match: part of it is missing or changed")
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") != text:
        raise ChallengeError("the link is not written as the game writes it")
    try:
        inflate = zlib.decompressobj()
        data = json.loads(inflate.decompress(body, MAX_BODY))
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("too long, or cut short")
    except (zlib.error, ValueError) as error:
        raise ChallengeError(f"the link's contents cannot be read: {error}") from None
    return _challenge(data)


def _challenge(data: object) -> Challenge:
    if not isinstance(data, dict) or data.get("v") != CHALLENGE_VERSION:
        raise ChallengeError("not a challenge of this version")
    level, net, number, actions = (data.get(key) for key in ("l", "r", "d", "a"))
    if level not in LEVELS:
        raise ChallengeError(f"unknown level {level!r}")
    if not isinstance(net, int) or not isinstance(number, int) or isinstance(number, bool):
        raise ChallengeError("the result and the deal number are whole numbers")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ChallengeError("the moves are a list of texts")
    dealt = "p" not in data
    try:
        if dealt:
            master = data.get("m")
            if master not in (0, 1, 2) or isinstance(master, bool):
                raise ValueError(f"the Master is seat 0, 1 or 2, not {master!r}")
            start = new_deal(number, master)
        else:
            start = State.from_record(json.dumps({**data["p"], "actions": []}))
        moves: list[Action] = [parse_action(action) for action in actions]
    except (RecordError, ValueError, TypeError) as error:
        raise ChallengeError(f"the deal cannot be dealt: {error}") from None
    session = Session(start, (PERSON, level, level), number)
    for count, action in enumerate(moves, 1):
        try:
            session = session.take(action)
        except ValueError as error:  # (IllegalAction is one)
            raise ChallengeError(f"move {count} ({action}) is not legal: {error}") from None
    if not session.is_over:
        raise ChallengeError("the deal was not played to its end")
    if session.state.net_points[0] != net:
        raise ChallengeError("the result is not the one the moves make")
    return Challenge(session, level, net, dealt)

