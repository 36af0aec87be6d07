"""Today's deal and a friend's challenge under CPython: the day's deal and its par are the same on
every run, your days and streak are kept once a day, a challenge link round-trips and every
altered character of it is refused, and the page (tests/driver.py) deals, counts, compares and
leaves your own things alone as a player expects.  The browser's side: tests/test_page_daily.py.
"""

from __future__ import annotations

import datetime
import json
import string
import subprocess
import sys
from pathlib import Path

import pytest
from driver import Driver

from lukfu.challenge import ChallengeError, challenge_code, read_challenge
from lukfu.daily import LEVEL, MODULUS, MULTIPLIER, daily_deal, day_of, par
from lukfu.days import Days
from lukfu.session import Session
from lukfu.web.saving import DAYS_KEY, SAVE_KEY, STATS_KEY

ROOT = Path(__file__).resolve().parent.parent
TODAY = "2026-12-04"  # the driver's device date


def test_the_days_deal_is_the_documented_function_of_its_date() -> None:
    for day in ("2026-12-04", "2024-02-29", "2000-01-01", "9999-12-31"):
        n = datetime.date.fromisoformat(day).toordinal()
        assert daily_deal(day) == (n * MULTIPLIER % MODULUS, n % 3)
        assert day_of(daily_deal(day)[0]) == day
    assert daily_deal("2026-12-04") != daily_deal("2026-12-05")
    for bad in ("2026-02-29", "2026-13-01", "26-12-04", "2026-12-4", ""):
        with pytest.raises(ValueError):
            daily_deal(bad)


def test_the_par_is_the_same_on_every_run_and_the_command_line_prints_it() -> None:
    found = subprocess.run([sys.executable, "-m", "lukfu.daily", "2026-12-03"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    last = json.loads(found[-1])
    assert last == {"date": "2026-12-03", "deal": daily_deal("2026-12-03")[0],
                    "master": daily_deal("2026-12-03")[1], "par": par("2026-12-03")}
    # It is Expert's score in seat 0 against the same Strong players, played out here too.
    number, master = daily_deal("2026-12-03")
    expert = Session(Session.new(number, master).start, ("expert", LEVEL, LEVEL), number)
    while not expert.is_over:
        expert = expert.step()
    assert expert.state.net_points[0] == last["par"]


def test_days_count_once_and_the_streak_runs_to_today_or_yesterday() -> None:
    days = Days().played("2026-12-01", 3).played("2026-12-02", 1).played("2026-12-02", -4)
    assert days.result("2026-12-02") == (1, None)  # the first finished play counts
    assert days.streak("2026-12-02") == days.streak("2026-12-03") == 2
    assert days.streak("2026-12-04") == 0 and days.best_streak() == 2
    days = days.played("2026-12-04", 0)
    assert days.streak("2026-12-04") == 1 and days.best_streak() == 2
    with pytest.raises(ValueError):
        Days.from_text('{"days":1,"played":[["2026-12-02",1,null],["2026-12-01",3,null]]}')


def finished(query: str, **kwargs: object) -> Driver:
    page = Driver(query + "&delay=0", **kwargs).start()  # type: ignore[arg-type]
    page.play_to_the_end()
    page.settle(only_computers=True)
    return page


def test_todays_deal_counts_once_with_its_par_and_a_replay_is_practice() -> None:
    page = Driver("?delay=0").start()
    page.settle(only_computers=True)
    page.press("daily")
    assert page.model.table.kind.name == "daily" and page.view.table is not None
    assert page.view.table.kind == "daily" and TODAY in page.view.table.practice
    number, master = daily_deal(TODAY)
    assert (page.model.table.session.deal_number, page.model.table.session.seats[1]) == (number, LEVEL)
    page.play_to_the_end()
    page.settle(only_computers=True)
    you = page.model.table.session.state.net_points[0]
    versus = page.view.table.result.versus
    assert versus is not None and versus.par == str(par(TODAY))
    assert Days.from_text(page.stored[DAYS_KEY]).result(TODAY) == (you, par(TODAY))
    deals = json.loads(page.stored[STATS_KEY])
    page.press(dailies_share := "share-daily")
    assert dailies_share and TODAY in page.clipboard[-1] and "?daily=" + TODAY in page.clipboard[-1]
    page.press("daily")  # again: practice, never counted, the day's result as it was
    assert page.model.table.kind.name == "daily-practice"
    page.play_to_the_end()
    page.settle(only_computers=True)
    assert json.loads(page.stored[STATS_KEY]) == deals
    days = page.view.stats.days
    assert days is not None and days.rows[0][1] == f"{you:+d}".replace("-", "\u2212")


def test_an_earlier_day_is_practice_a_later_or_broken_one_is_refused() -> None:
    page = Driver("?daily=2026-12-01&delay=0").start()
    assert page.model.table.kind.name == "daily-practice" and page.address == "?delay=0"
    assert page.model.table.session.deal_number == daily_deal("2026-12-01")[0]
    page = Driver("?daily=2027-01-01&delay=0").start()
    assert page.model.table.session.deal_number == daily_deal(TODAY)[0]
    assert any("has not come yet" in notice for notice in page.notices())
    page = Driver("?daily=yesterday&delay=0").start()
    assert page.model.table.kind.name == "free" and any("not a date" in n for n in page.notices())
    page = Driver("?delay=0", stored={DAYS_KEY: "{broken"}).start()
    assert any("days played could not be read" in n for n in page.notices())


def test_a_challenge_link_round_trips_and_every_altered_character_is_refused() -> None:
    page = finished("?seed=77&master=2")
    session = page.model.table.session
    code = challenge_code(session)
    back = read_challenge(code)
    assert back.session.record() == session.record() and back.net == session.state.net_points[0]
    alphabet = string.ascii_letters + string.digits + "-_"
    for at, was in enumerate(code):
        for other in alphabet.replace(was, ""):
            with pytest.raises(ChallengeError):
                read_challenge(code[:at] + other + code[at + 1:])
    for cut in (code[:-1], code[:-5], code + "A", code[:40]):
        with pytest.raises(ChallengeError):
            read_challenge(cut)


def test_a_friend_plays_the_challenge_without_touching_their_own_deal_or_statistics() -> None:
    you = finished("?seed=77&master=2")
    you.press("challenge")
    link = you.model.table.challenge_link
    assert link.startswith("http://127.0.0.1/luk-fu/?challenge=")
    query = link[link.index("?"):]
    mine = Driver("?seed=5&delay=0").start()  # the friend's own deal, one move in
    mine.settle(only_computers=True)
    mine.act(mine.model.table.session.observation(0).legal[0])
    own = dict(mine.stored)
    friend = Driver(query + "&delay=0", stored=own).start()
    assert friend.model.table.kind.name == "challenge" and friend.view.table.kind == "challenge"
    assert "challenge=" in friend.address  # while it is on the table (a reload deals it again)
    friend.settle(only_computers=True)
    assert friend.view.table.result is None  # nothing of the challenger's before the end
    friend.play_to_the_end()
    friend.settle(only_computers=True)
    versus = friend.view.table.result.versus
    assert versus is not None and [row.points for row in versus.rows] == [
        friend.model.table.session.state.net_points[0], you.model.table.session.state.net_points[0]]
    assert friend.stored[SAVE_KEY] == own[SAVE_KEY] and friend.stored.get(STATS_KEY) == own.get(STATS_KEY)
    friend.press("challenge-replay")  # how the challenger played it
    assert friend.model.table.replay == you.model.table.session.steps()
    friend.press("replay-close")
    friend.press("resume-aside")  # back to the friend's own deal, as it was
    assert friend.model.table.session.record() == mine.model.table.session.record()
    assert "challenge" not in friend.address
    broken = Driver(query[:-3] + "xyz&delay=0").start()
    assert broken.model.table.kind.name == "free"
    assert any("challenge in the address" in notice for notice in broken.notices())
