"""Deal codes: a deal's number and Master as a short, URL-safe text for a shared link (``?deal=``).

The code is the deal number times three plus the Master, in as few bytes as it takes, followed
by a two-byte check, written in unpadded URL-safe base64: deal 123456789 with Master 2 is
``FhNnQVpH``.  The check (with the format's version folded into it) catches a code mistyped,
cut short or edited by hand; a code that reads back must also be written exactly as
`deal_code` writes it, so every deal has one code only.

A code names the whole deal: with the engine anyone can deal its cards from it.  The page
offers one only once the deal is over, when every hand is shown anyway.

>>> deal_code(123456789, 2)
'FhNnQVpH'
>>> read_deal_code("FhNnQVpH")
(123456789, 2)
"""

from __future__ import annotations

import base64
import re
import zlib

DEAL_CODE_VERSION = 1
MAX_DEAL_NUMBER = 2**63 - 1
CHECK_BYTES = 2
# The longest code: the largest deal number with Master 2 takes 9 bytes, plus the check.
MAX_CODE_LENGTH = 15
_SALT = f"lukfu deal code {DEAL_CODE_VERSION}".encode()
_SHAPE = re.compile(r"[A-Za-z0-9_-]+")


class DealCodeError(ValueError):
    """A text that is not a deal code; the message says why (for developers, in English)."""


def _check(payload: bytes) -> bytes:
    return (zlib.crc32(_SALT + payload) & 0xFFFF).to_bytes(CHECK_BYTES, "big")


def deal_code(number: int, master: int) -> str:
    """The code of deal ``number`` (0 to `MAX_DEAL_NUMBER`) dealt with ``master`` (0, 1 or 2)."""
    if not 0 <= number <= MAX_DEAL_NUMBER or isinstance(number, bool):
        raise ValueError(f"a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}")
    if master not in (0, 1, 2) or isinstance(master, bool):
        raise ValueError(f"the Master is seat 0, 1 or 2, not {master!r}")
    value = number * 3 + master
    payload = value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big")
    return base64.urlsafe_b64encode(payload + _check(payload)).rstrip(b"=").decode("ascii")


def read_deal_code(text: str) -> tuple[int, int]:
    """(deal number, Master) from a code; anything else raises `DealCodeError`.

    >>> read_deal_code("FhNnQVpJ")
    Traceback (most recent call last):
    ...
    lukfu.dealcode.DealCodeError: the code's check does not match: mistyped or changed
    """
    if not text or len(text) > MAX_CODE_LENGTH:
        raise DealCodeError(f"a deal code has 1 to {MAX_CODE_LENGTH} characters")
    if not _SHAPE.fullmatch(text) or len(text) % 4 == 1:
        raise DealCodeError("a deal code has only letters, digits, '-' and '_'")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    payload, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if not payload or _check(payload) != check:
        raise DealCodeError("the code's check does not match: mistyped or changed")
    number, master = divmod(int.from_bytes(payload, "big"), 3)
    if number > MAX_DEAL_NUMBER or deal_code(number, master) != text:
        raise DealCodeError("the code is not written as the game writes it")
    return number, master
