"""Your days: the result of each day's deal you finished (`lukfu.daily`), its par, and your streak.

A day counts once: the first time you finish that day's deal on that day; a replay, or an earlier
day's deal, is practice and changes nothing here.  The streak is the days played in a row up to
today (or up to yesterday, while today's deal waits).  Kept as JSON text; a stored text that is
not what `Days.to_text` writes is refused whole (`DaysError`): the page says so and starts anew.

>>> days = Days().played("2026-12-03", 2).played("2026-12-04", -1).with_par("2026-12-04", 1)
>>> days.result("2026-12-04"), days.streak("2026-12-04"), days.streak("2026-12-05"), days.streak("2026-12-06")
((-1, 1), 2, 2, 0)
>>> Days.from_text(days.to_text()) == days
True
"""

from __future__ import annotations

import json
from typing import NamedTuple

from .daily import day_number
from .scoring import MAX_NET

DAYS_VERSION = 1
MAX_DAYS = 3660  # ten years of days kept; the oldest go first


class DaysError(ValueError):
    """A stored text that is not your days as this game writes them."""


class Days(NamedTuple):
    """Each day played: (date ``YYYY-MM-DD``, your net points, the par or None until known),
    oldest first."""

    days: tuple[tuple[str, int, int | None], ...] = ()

    def result(self, day: str) -> tuple[int, int | None] | None:
        """(your points, par) on ``day``, if you played it."""
        for date, you, par in self.days:
            if date == day:
                return you, par
        return None

    def played(self, day: str, you: int) -> Days:
        """With ``day``'s result, unless that day already has one (the first finished play counts)."""
        if self.result(day) is not None:
            return self
        days = sorted((*self.days, (day, you, None)))
        return Days(tuple(days[-MAX_DAYS:]))

    def with_par(self, day: str, par: int) -> Days:
        """With ``day``'s par, once worked out (a day you did not play is left out)."""
        return Days(tuple((date, you, par if date == day else known) for date, you, known in self.days))

    def streak(self, today: str) -> int:
        """Days played in a row, ending today or, if today is not played yet, yesterday."""
        numbers = {day_number(date) for date, _you, _par in self.days}
        end = day_number(today)
        if end is None:
            return 0
        if end not in numbers:
            end -= 1
        count = 0
        while end - count in numbers:
            count += 1
        return count

    def best_streak(self) -> int:
        """The longest run of days played in a row."""
        best = run = 0
        last = None
        for number in sorted({day_number(date) or 0 for date, _you, _par in self.days}):
            run = run + 1 if last is not None and number == last + 1 else 1
            best, last = max(best, run), number
        return best

    def to_text(self) -> str:
        return json.dumps({"days": DAYS_VERSION, "played": [list(day) for day in self.days]},
                          separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str | None) -> Days:
        """Your days from their stored text (none: no days yet); ``DaysError`` if it is not one."""
        if text is None:
            return cls()
        try:
            data = json.loads(text)
        except ValueError:
            raise DaysError("not JSON") from None
        if not isinstance(data, dict) or data.get("days") != DAYS_VERSION:
            raise DaysError("not your days, or of another version")
        played = data.get("played")
        if not isinstance(played, list) or len(played) > MAX_DAYS:
            raise DaysError("played: a list of days")
        days: list[tuple[str, int, int | None]] = []
        for entry in played:
            if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                    and day_number(entry[0]) is not None and _points(entry[1])
                    and (entry[2] is None or _points(entry[2]))):
                raise DaysError(f"not a day's result: {str(entry)[:40]}")
            days.append((entry[0], entry[1], entry[2]))
        if [day for day, _you, _par in days] != sorted({day for day, _you, _par in days}):
            raise DaysError("the days are not in order, or one is there twice")
        return cls(tuple(days))


def _points(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_NET <= value <= MAX_NET
