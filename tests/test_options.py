"""Options from the page's address (``lukfu.web.options``): seed, Master, delay, language and a
shared deal's code are checked, a bad or odd value is a problem shown in a short notice (never
a crash), and every value is length-capped before any conversion.
"""

from __future__ import annotations

import time

import pytest

from lukfu.dealcode import MAX_DEAL_NUMBER, deal_code
from lukfu.i18n import translator
from lukfu.web import options

tr = translator("en")


def test_good_options_are_read_and_each_bad_one_is_reported() -> None:
    good = options.parse_options("?seed=12&master=0&delay=0&lang=en", ["en"])
    assert (good.deal_number, good.master, good.delay, good.language, good.problems) == \
        (12, 0, 0, "en", [])
    bad = options.parse_options("?seed=-1&master=3&delay=fast&lang=fi", ["en"])
    assert (bad.deal_number, bad.master, bad.delay, bad.language) == (None, None, None, None)
    assert [name for name, _ in bad.problems] == ["seed", "master", "delay", "lang"]
    assert options.parse_options("", ["en"]).problems == []
    assert options.parse_options("?seed=%EF%BC%91", ["en"]).deal_number is None  # a full-width digit
    assert options.replay_query("?lang=en&seed=1&delay=0&deal=x", "AJOi") == \
        "?lang=en&delay=0&deal=AJOi"
    long = options.problem_text(tr, "seed", "x" * 100)
    assert "x" * 24 + "…" in long and "x" * 25 not in long


def test_the_address_takes_a_deal_code_and_reports_a_bad_one() -> None:
    code = deal_code(4242, 1)
    got = options.parse_options(f"?deal={code}&delay=0", ["en"])
    assert (got.deal_number, got.master, got.delay, got.problems) == (4242, 1, 0, [])
    got = options.parse_options(f"?seed=7&master=0&deal={code}", ["en"])  # the code wins
    assert (got.deal_number, got.master) == (4242, 1)
    for bad in (code[:-1] + ("A" if code[-1] != "A" else "B"), "x" * 5000, "%E2%80%AE"):
        got = options.parse_options(f"?deal={bad}", ["en"])
        assert got.deal_number is None and got.master is None and [n for n, _ in got.problems] == ["deal"]
        notice = options.problem_text(tr, "deal", got.problems[0][1])
        assert notice.startswith("The shared deal in the address") and "new deal" in notice
        assert len(notice) < 200  # a long value is shown by its start only
    assert options.without_deal(f"?lang=fa&deal={code}&seed=3&master=1&delay=0") == "?lang=fa&delay=0"
    assert options.share_query(code) == f"?deal={code}"


# --- odd and huge values ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["seed", "master", "delay"])
def test_a_huge_whole_number_is_a_problem_not_a_crash(name: str) -> None:
    # int() of more than 4,300 digits raises ValueError: the length is checked first.
    got = options.parse_options(f"?{name}=" + "9" * 5000, ["en"])
    assert getattr(got, options.FIELDS.get(name, name)) is None
    assert got.problems == [(name, "9" * 5000)]
    notice = options.problem_text(tr, name, got.problems[0][1])
    assert "9" * 24 + "…" in notice and "9" * 25 not in notice


@pytest.mark.parametrize("value", ["-1", "2.5", f"{MAX_DEAL_NUMBER + 1}", "seven"])
def test_a_bad_deal_number_is_told_what_a_deal_number_may_be(value: str) -> None:
    """A negative, fractional, too large or wordy ?seed= gets the range, not "not a number"."""
    got = options.parse_options(f"?seed={value}", ["en"])
    assert got.deal_number is None and got.problems == [("seed", value)]
    notice = options.problem_text(tr, "seed", value)
    assert f"({value})" in notice and f"from 0 to {MAX_DEAL_NUMBER:,}" in notice
    assert "random" in notice


def test_the_largest_seed_is_accepted_and_one_more_digit_is_not() -> None:
    assert options.parse_options(f"?seed={MAX_DEAL_NUMBER}", ["en"]).deal_number == MAX_DEAL_NUMBER
    assert options.parse_options(f"?seed={MAX_DEAL_NUMBER + 1}", ["en"]).deal_number is None
    assert options.parse_options("?seed=" + "0" * 19, ["en"]).deal_number == 0
    assert options.parse_options("?seed=" + "0" * 20 + "1", ["en"]).deal_number is None
    assert options.parse_options("?seed=+12+", ["en"]).deal_number == 12  # "+" is a space
    assert options.parse_options("?master=2&delay=10000", ["en"]).delay == options.MAX_DELAY
    assert options.parse_options("?delay=10001", ["en"]).problems == [("delay", "10001")]


@pytest.mark.parametrize("name", ["seed", "master", "delay", "lang", "other"])
def test_a_100_kB_value_is_quick_and_quoted_short(name: str) -> None:
    value = "%E5%85%AD" * 12_000  # 108 kB of escapes, 36,000 characters once decoded
    start = time.perf_counter()
    got = options.parse_options(f"?{name}={value}&seed=5", ["en"])
    assert time.perf_counter() - start < 0.5
    assert got.deal_number == 5  # a later seed wins over an earlier bad one
    problems = [n for n, _ in got.problems]
    assert problems == ([name] if name not in ("seed", "other") else [])
    for n, v in got.problems:
        assert len(options.problem_text(tr, n, v)) < 200


def test_a_language_code_is_capped_before_it_is_lowered() -> None:
    got = options.parse_options("?lang=" + "EN" * 50_000, ["en"])
    assert got.language is None and [n for n, _ in got.problems] == ["lang"]
    assert options.parse_options("?lang=%20EN%20", ["en"]).language == "en"
    assert options.parse_options("?lang=", ["en"]).problems == [("lang", "")]


def test_repeated_names_the_last_one_wins() -> None:
    got = options.parse_options("?seed=abc&seed=7&master=1&master=x", ["en"])
    assert (got.deal_number, got.master) == (7, None)
    assert got.problems == [("master", "x")]
    got = options.parse_options("&".join(["seed=1"] * 10_000 + ["seed=" + "9" * 5000]), ["en"])
    assert got.deal_number is None and [n for n, _ in got.problems] == ["seed"]


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("?seed=%", "%"),
        ("?seed=%3", "%3"),
        ("?seed=%zz1", "%zz1"),
        ("?seed=%00", "\ufffd"),  # a control character is not shown as such
        ("?seed=%FF%FE", "\ufffd\ufffd"),  # not UTF-8
        ("?seed=%E5%85", "\ufffd"),  # a cut UTF-8 sequence
        ("?seed=%ED%A0%80", "\ufffd\ufffd\ufffd"),  # an encoded surrogate
        ("?seed=1%E2%80%AE2", "1\ufffd2"),  # a right-to-left override would reorder the notice
        ("?seed=%EF%BC%91", "１"),  # a full-width digit is not a digit here
        ("?seed=%2D1", "-1"),
        ("?seed=1e3", "1e3"),
        ("?seed=0x10", "0x10"),
        ("?seed=1_000", "1_000"),
        ("?seed=%25%32%35", "%25"),  # decoded once only
    ],
)
def test_odd_percent_escapes_are_problems(query: str, shown: str) -> None:
    got = options.parse_options(query, ["en"])
    assert got.deal_number is None and len(got.problems) == 1
    assert options.shown_value(got.problems[0][1]) == shown
    assert f"({shown})" in options.problem_text(tr, "seed", got.problems[0][1])


def test_escaped_digits_still_make_a_good_seed() -> None:
    assert options.parse_options("?seed=%31%32", ["en"]).deal_number == 12
    assert options.parse_options("?%73eed=3", ["en"]).deal_number == 3  # an escaped name
