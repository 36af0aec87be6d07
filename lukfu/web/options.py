"""Page options from the address (``?seed=12&master=0&delay=0&lang=en``, ``?deal=<code>``), and
the choices of the player's settings, checked.

Plain Python, tested under CPython.  A bad value is never fatal: it is ignored and reported
with a translated notice, and the game goes on with the default.  Every value's length is
checked before anything converts it: a pasted address can hold anything, and ``int()`` of more
than 4,300 digits raises instead of returning a number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lukfu.daily import day_number
from lukfu.dealcode import MAX_CODE_LENGTH, MAX_DEAL_NUMBER, DealCodeError, read_deal_code
from lukfu.i18n import Translator, match_language

# Pause before each computer move, in milliseconds: the "Speed" setting's choices.
SPEEDS = {"slow": 1400, "normal": 800, "fast": 350, "instant": 0}
DEFAULT_SPEED = "normal"
# How long a card takes to move (hand to trick, trick to its winner), in milliseconds, at each
# "Speed": well under half a second; none when the reader's system asks for reduced motion.
MOTIONS = {"slow": 380, "normal": 240, "fast": 140, "instant": 0}
# The sliders of the table's look: lowest, highest and default value of each range input, and
# the stylesheet's custom property it sets (as a fraction: the value / 100).
LOOKS = {"contrast": (80, 130, 100), "grain": (0, 100, 0), "warmth": (-100, 100, 0)}
MAX_DELAY = 10_000
SHOWN_VALUE_LENGTH = 24  # a pasted address can hold anything: show only its start
MAX_LANGUAGE_LENGTH = 35  # longer than any language tag a catalog could be named after
# The parameters that name a deal: a page that dealt it takes them out of its address, so that
# a reload resumes the saved deal instead of dealing this one again.
DEAL_PARAMETERS = ("seed", "master", "deal", "daily")
# A friend's challenge is never saved: its address stays while it is on the table (a reload
# deals it again), and goes when another table replaces it (`challenging.address`).
CHALLENGE = "challenge"
# The address says seed= for the deal number (links already shared say it too).
FIELDS = {"seed": "deal_number"}
# The longest text each whole-number parameter may hold: as many digits as its largest value.
MAX_DIGITS = {"seed": len(str(MAX_DEAL_NUMBER)), "master": 1, "delay": len(str(MAX_DELAY))}


@dataclass
class Options:
    deal_number: int | None = None  # ?seed= (the address's name for it); None: a random deal
    master: int | None = None  # None: the engine picks the Master
    new_deal: bool = False  # ?seed= or ?deal= given, even a bad one: the address asks for a deal
    delay: int | None = None  # milliseconds; None: use the speed setting
    language: str | None = None  # None: the browser's or the default language
    day: str | None = None  # ?daily=YYYY-MM-DD: that day's deal (`lukfu.daily`)
    challenge: str | None = None  # ?challenge=: a friend's challenge (`lukfu.challenge`), unread
    problems: list[tuple[str, str]] = field(default_factory=list)  # (name, bad value)


def look_value(name: str, text: str | None) -> int:
    """A slider's value as stored (any text, or None), within its range, else its default.

    >>> look_value("contrast", "120"), look_value("contrast", "500"), look_value("grain", "x")
    (120, 130, 0)
    >>> look_value("warmth", "-40"), look_value("warmth", None)
    (-40, 0)
    """
    low, high, default = LOOKS[name]
    text = (text or "").strip()
    digits = text[1:] if text.startswith("-") else text
    if not 0 < len(digits) <= 3 or not digits.isascii() or not digits.isdigit():
        return default
    return max(low, min(high, int(text)))


def look_property(name: str, value: int) -> tuple[str, str]:
    """The custom property that shows a slider's value on the table.

    >>> look_property("contrast", 115), look_property("warmth", -30)
    (('--contrast', '1.15'), ('--warmth', '-0.3'))
    """
    return f"--{name}", f"{value / 100:g}"


def look_text(tr: Translator, name: str, value: int) -> str:
    """A slider's value in words, for a screen reader (``aria-valuetext``).

    >>> from lukfu.i18n import translator
    >>> [look_text(translator(), *look) for look in (("contrast", 115), ("grain", 0), ("warmth", -30))]
    ['115%', 'None', 'Cooler by 30']
    """
    if name == "warmth":
        if value == 0:
            return tr.gettext("Neutral")
        return (tr.gettext("Warmer by {n}", n=value) if value > 0
                else tr.gettext("Cooler by {n}", n=-value))
    if name == "grain" and value == 0:
        return tr.gettext("None")
    return tr.gettext("{value}%", value=value)


def _whole_number(text: str, high: int, digits: int) -> int | None:
    """``text`` as a whole number from 0 to ``high``, or None; checked before any conversion.

    >>> _whole_number(" 12 ", 99, 2), _whole_number("9" * 5000, 99, 2), _whole_number("1e3", 99, 2)
    (12, None, None)
    """
    text = text.strip()
    if not 0 < len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    value = int(text)
    return value if value <= high else None


def parse_options(query: str, languages: list[str]) -> Options:
    """Read the address's query string; ``languages`` are the codes that have a catalog."""
    options = Options()
    params = dict(query_pairs(query))  # the last value of a repeated name wins
    options.new_deal = "seed" in params or "deal" in params
    for name, high in (("seed", MAX_DEAL_NUMBER), ("master", 2), ("delay", MAX_DELAY)):
        value = params.get(name)
        if value is None:
            continue
        number = _whole_number(value, high, MAX_DIGITS[name])
        if number is None:
            options.problems.append((name, value))
        else:
            setattr(options, FIELDS.get(name, name), number)
    value = params.get("deal")  # a shared deal: its number and Master, over seed= and master=
    if value is not None:
        try:
            if len(value) > MAX_CODE_LENGTH:
                raise DealCodeError("too long")
            options.deal_number, options.master = read_deal_code(value.strip())
        except DealCodeError:
            options.problems.append(("deal", value))
    value = params.get("daily")
    if value is not None:
        if day_number(value.strip()) is not None:
            options.day = value.strip()
        else:
            options.problems.append(("daily", value))
    value = params.get(CHALLENGE)
    if value is not None:
        options.challenge = value.strip()
    value = params.get("lang")
    if value is not None:
        code = match_language(value, languages) if len(value) <= MAX_LANGUAGE_LENGTH else None
        if code is not None:
            options.language = code
        else:
            options.problems.append(("lang", value))
    return options


def shown_value(value: str) -> str:
    """A bad value as a notice quotes it: its start only, with no control or direction marks.

    >>> shown_value("x" * 30), shown_value("a\\u202eb\\nc")
    ('xxxxxxxxxxxxxxxxxxxxxxxx…', 'a�b�c')
    """
    shown = _UNSHOWN.sub("\ufffd", value[: SHOWN_VALUE_LENGTH + 1])
    return shown if len(shown) <= SHOWN_VALUE_LENGTH else shown[:SHOWN_VALUE_LENGTH] + "…"


def problem_text(tr: Translator, name: str, value: str) -> str:
    """The notice for a bad address parameter."""
    shown = shown_value(value)
    if name == "seed":
        return tr.gettext(
            "The deal number in the address ({value}) must be a whole number from 0 to {max}, "
            "so this deal is random.", value=shown, max=MAX_DEAL_NUMBER)
    if name == "master":
        return tr.gettext(
            "The Master in the address ({value}) must be 0, 1 or 2, so it was ignored.",
            value=shown)
    if name == "deal":
        return tr.gettext(
            "The shared deal in the address ({value}) is not a deal code this game wrote: "
            "it may be cut short or changed. Here is a new deal instead.", value=shown)
    if name == "daily":
        return tr.gettext(
            "The day in the address ({value}) is not a date written year-month-day "
            "(2026-12-04), so it was ignored.", value=shown)
    if name == "daily-future":
        return tr.gettext(
            "The day in the address ({value}) has not come yet: here is today's deal instead.",
            value=shown)
    if name == CHALLENGE:
        return tr.gettext(
            "The challenge in the address is not one this game wrote: it may be cut short or "
            "changed. Here is a new deal instead.")
    if name == "delay":
        return tr.gettext(
            "The delay in the address ({value}) must be a whole number of milliseconds "
            "from 0 to {max}, so it was ignored.", value=shown, max=MAX_DELAY)
    return tr.gettext(
        "The language in the address ({value}) is not available, so it was ignored.",
        value=shown)


def replay_query(query: str, code: str) -> str:
    """The address (a relative ``?…``) that deals this deal again, keeping the other options.

    >>> replay_query("?delay=0&seed=3&master=1", "AJOi")
    '?delay=0&deal=AJOi'
    """
    return "?" + "&".join(f"{_quote(k)}={_quote(v)}"
                          for k, v in [*query_pairs(without_deal(query)[1:]), ("deal", code)])


def share_query(code: str) -> str:
    """The query of a link that deals this deal to somebody else: the deal alone, so the
    person who opens it plays in their own language, at their own speed.

    >>> share_query("AJOi")
    '?deal=AJOi'
    """
    return f"?deal={_quote(code)}"


def daily_query(day: str) -> str:
    """The query of a link to a day's deal.

    >>> daily_query("2026-12-04")
    '?daily=2026-12-04'
    """
    return f"?daily={_quote(day)}"


def challenge_query(code: str) -> str:
    """The query of a friend's challenge: the challenge alone."""
    return f"?{CHALLENGE}={_quote(code)}"


def without(query: str, name: str) -> str:
    """The address's query without the parameter ``name`` ("" if nothing is left).

    >>> without("?challenge=x&lang=fi", "challenge"), without("?challenge=x", "challenge")
    ('?lang=fi', '')
    """
    return _without(query, (name,))


def without_deal(query: str) -> str:
    """The address's query without the parameters that name a deal ("" if nothing is left).

    >>> without_deal("?seed=3&lang=fi&deal=x"), without_deal("?seed=3")
    ('?lang=fi', '')
    """
    return _without(query, DEAL_PARAMETERS)


def _without(query: str, names: tuple[str, ...]) -> str:
    kept = [(k, v) for k, v in query_pairs(query) if k not in names]
    return "?" + "&".join(f"{_quote(k)}={_quote(v)}" for k, v in kept) if kept else ""


def with_language(query: str, language: str) -> str:
    """The address's query with ``lang`` set to ``language`` if it named one, else unchanged.

    >>> with_language("?seed=3&lang=fi", "fa"), with_language("?seed=3", "fa")
    ('?seed=3&lang=fa', '?seed=3')
    """
    pairs = query_pairs(query)
    if not any(name == "lang" for name, _ in pairs):
        return query
    kept = [(k, language if k == "lang" else v) for k, v in pairs]
    return "?" + "&".join(f"{_quote(k)}={_quote(v)}" for k, v in kept)


# urllib.parse would do, but importing it costs ~70 ms of the page's start-up under Pyodide.
_ESCAPE = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.~-]")
# Control characters, and the invisible marks that would reorder or hide the notice's text.
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")


def query_pairs(query: str) -> list[tuple[str, str]]:
    """``?a=1&b=x%20y`` as ``[("a", "1"), ("b", "x y")]``, "+" and %-escapes decoded.

    >>> query_pairs("?seed=7&lang=&x=%E5%85%AD+tigers")
    [('seed', '7'), ('lang', ''), ('x', '六 tigers')]
    """
    pairs = []
    for part in query.lstrip("?").split("&"):
        if part:
            name, _, value = part.partition("=")
            pairs.append((_unquote(name), _unquote(value)))
    return pairs


def _unquote(text: str) -> str:
    return _ESCAPE.sub(
        lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"),
        text.replace("+", " "),
    )


def _quote(text: str) -> str:
    return _UNSAFE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode("utf-8")), text)
