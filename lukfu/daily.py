"""Today's deal: one deal for everyone each calendar day, and its par (Expert's score in your seat).

**The day's deal.** A day is a date of the Gregorian calendar, written ``YYYY-MM-DD``; its day
number ``n`` counts from 1 January of the year 1 (day 1, Python's ``date.toordinal``).  The
day's deal number is ``n × 48271 mod 2147483647`` (the "minimal standard" multiplier of Park and
Miller: neighbouring days get deals far apart) and its Master is seat ``n mod 3``.  Anyone can
work it out from the date, here or in another program, and deal it with ``State.new_deal``.

**Who plays.** You sit at seat 0, as in every deal; the two computer players are always
`LEVEL` (Strong), whatever level the page is set to.  Each of their decisions is seeded by the
deal number and the move number (``lukfu.ai.players``), so they make the same replies to the
same moves, for everybody.

**The par** is what Expert (`PAR_LEVEL`), sitting in your seat, scores on the same deal against
the same two Strong players: a whole number of points, the same on every run and in every
browser (every decision is seeded; nothing depends on the clock).  The page works it out in its
worker once your deal is over; ``python -m lukfu.daily YYYY-MM-DD`` prints it and ends with one
JSON line ``{"date": …, "deal": …, "master": …, "par": …}``.

>>> day_number("0001-01-01"), day_number("2026-12-04")
(1, 739954)
>>> daily_deal("2026-12-04")
(1358581182, 1)
>>> day_text(day_number("2024-02-29") + 1)
'2024-03-01'
>>> day_number("2026-02-29") is None, day_number("2026-1-5") is None
(True, True)
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Sequence

from .ai.thinking import Thinking, finish
from .session import Session
from .state import new_deal

LEVEL = "strong"  # the computer players of every day's deal
PAR_LEVEL = "expert"  # who plays your seat for the par
MULTIPLIER, MODULUS = 48271, 2**31 - 1
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
LAST_DAY = 3_652_059  # 9999-12-31
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year: int) -> int:
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def day_number(text: str) -> int | None:
    """The day number of a date written ``YYYY-MM-DD`` (1 for 0001-01-01); None if it is not one."""
    found = _DATE.fullmatch(text)
    if found is None:
        return None
    year, month, day = (int(part) for part in found.groups())
    if year < 1 or not 1 <= month <= 12:
        return None
    lengths = [*_MONTH_DAYS]
    lengths[1] += _leap(year)
    if not 1 <= day <= lengths[month - 1]:
        return None
    return _days_before_year(year) + sum(lengths[: month - 1]) + day


def day_text(number: int) -> str:
    """The date ``YYYY-MM-DD`` of day ``number`` (the inverse of `day_number`)."""
    year = max(1, number // 366)
    while _days_before_year(year + 1) < number:
        year += 1
    left = number - _days_before_year(year)
    month = 1
    for month, length in enumerate(_MONTH_DAYS, 1):
        length += month == 2 and _leap(year)
        if left <= length:
            break
        left -= length
    return f"{year:04d}-{month:02d}-{left:02d}"


def today() -> str:
    """This device's date (its own time zone): the page's worker asks, as does the command line."""
    now = time.localtime()
    return f"{now.tm_year:04d}-{now.tm_mon:02d}-{now.tm_mday:02d}"


def daily_deal(day: str) -> tuple[int, int]:
    """(deal number, Master) of the day ``day`` (``YYYY-MM-DD``); ``ValueError`` if it is no date."""
    number = day_number(day)
    if number is None:
        raise ValueError(f"not a date written YYYY-MM-DD: {day!r}")
    return number * MULTIPLIER % MODULUS, number % 3


def day_of(number: int) -> str | None:
    """The day whose deal is numbered ``number`` (`daily_deal` backwards), if there is one.

    >>> day_of(daily_deal("2026-12-04")[0]), day_of(7)
    ('2026-12-04', None)
    """
    found = number * pow(MULTIPLIER, -1, MODULUS) % MODULUS
    return day_text(found) if 0 < number < MODULUS and 0 < found <= LAST_DAY else None


def par_thinking(day: str) -> Thinking[int]:
    """The day's par, worked out in slices (the page's worker lets the page be heard between
    them): Expert plays seat 0 of the day's deal to its end against the same Strong players."""
    number, master = daily_deal(day)
    session = Session(new_deal(number, master), (PAR_LEVEL, LEVEL, LEVEL), number)
    while not session.is_over:
        action = yield from session.thinking()
        session = session.take(action)
    result = session.state.result
    assert result is not None
    return result.net_points[0]


def par(day: str) -> int:
    """`par_thinking` at once."""
    return finish(par_thinking(day))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print("usage: python -m lukfu.daily [YYYY-MM-DD]   (default: today, on this machine)")
        return 0 if args and args[0] in ("-h", "--help") else 2
    day = args[0] if args else today()
    try:
        number, master = daily_deal(day)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    points = par(day)
    print(f"Today's deal for {day}: deal {number}, Master seat {master}, Strong players at seats 1 and 2.")
    print(f"Par (Expert in seat 0): {points:+d}")
    print(json.dumps({"date": day, "deal": number, "master": master, "par": points}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
