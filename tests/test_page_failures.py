"""Nothing hangs, nothing crashes: odd addresses, load failures and Python errors.

CPython tests check that every address value is length-capped before any conversion.  Browser
tests (marked ``browser``) break the page on purpose (no Pyodide, a game file missing, Python
failing at start) and check that it says so in plain words, offers Retry, and never shows a
traceback.  Screenshots (artifacts/screenshots/): failure-desktop.png, failure-phone.png,
notice-phone.png.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from lukfu.i18n import translator
from lukfu.web import options

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

    from conftest import BrowserLog

ROOT = Path(__file__).resolve().parent.parent
tr = translator("en")

# --- address values (CPython) -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["seed", "master", "delay"])
def test_a_huge_whole_number_is_a_problem_not_a_crash(name: str) -> None:
    # int() of more than 4,300 digits raises ValueError: the length is checked first.
    got = options.parse_options(f"?{name}=" + "9" * 5000, ["en"])
    assert getattr(got, name) is None
    assert got.problems == [(name, "9" * 5000)]
    notice = options.problem_text(tr, name, got.problems[0][1])
    assert "9" * 24 + "…" in notice and "9" * 25 not in notice


def test_the_largest_seed_is_accepted_and_one_more_digit_is_not() -> None:
    assert options.parse_options(f"?seed={options.MAX_SEED}", ["en"]).seed == options.MAX_SEED
    assert options.parse_options(f"?seed={options.MAX_SEED + 1}", ["en"]).seed is None
    assert options.parse_options("?seed=" + "0" * 19, ["en"]).seed == 0
    assert options.parse_options("?seed=" + "0" * 20 + "1", ["en"]).seed is None
    assert options.parse_options("?seed=+12+", ["en"]).seed == 12  # "+" is a space
    assert options.parse_options("?master=2&delay=10000", ["en"]).delay == options.MAX_DELAY
    assert options.parse_options("?delay=10001", ["en"]).problems == [("delay", "10001")]


@pytest.mark.parametrize("name", ["seed", "master", "delay", "lang", "other"])
def test_a_100_kB_value_is_quick_and_quoted_short(name: str) -> None:
    value = "%E5%85%AD" * 12_000  # 108 kB of escapes, 36,000 characters once decoded
    start = time.perf_counter()
    got = options.parse_options(f"?{name}={value}&seed=5", ["en"])
    assert time.perf_counter() - start < 0.5
    assert got.seed == 5  # a later seed wins over an earlier bad one
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
    assert (got.seed, got.master) == (7, None)
    assert got.problems == [("master", "x")]
    got = options.parse_options("&".join(["seed=1"] * 10_000 + ["seed=" + "9" * 5000]), ["en"])
    assert got.seed is None and [n for n, _ in got.problems] == ["seed"]


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
    assert got.seed is None and len(got.problems) == 1
    assert options.shown_value(got.problems[0][1]) == shown
    assert f"({shown})" in options.problem_text(tr, "seed", got.problems[0][1])


def test_escaped_digits_still_make_a_good_seed() -> None:
    assert options.parse_options("?seed=%31%32", ["en"]).seed == 12
    assert options.parse_options("?%73eed=3", ["en"]).seed == 3  # an escaped name


def test_pyscript_does_not_print_errors_into_the_page() -> None:
    """PyScript's "error" plugin would dump Python tracebacks at the foot of the page."""
    with (ROOT / "pyscript.toml").open("rb") as f:
        config = tomllib.load(f)
    assert "!error" in config.get("plugins", [])
