"""Statistics and replays under CPython: tallies, the export read back, imports refused field by
field, the panel's words and chart, and a finished deal told again step by step."""

from __future__ import annotations

import json
import random

import pytest
from test_session import play, random_person

from lukfu.i18n import translator
from lukfu.session import Session
from lukfu.stats import (
    DOES_NOT_ADD_UP,
    MAX_NET,
    MAX_REJECTIONS,
    MISSING,
    NOT_JSON,
    NOT_LIST,
    NOT_OBJECT,
    NOT_STATISTICS,
    NOT_WHOLE,
    OUT_OF_RANGE,
    RECENT,
    TOO_LONG,
    TOO_MANY,
    UNKNOWN,
    Outcome,
    Rejection,
    Statistics,
    StatisticsError,
    Tally,
    outcome,
)
from lukfu.web import statistics

tr = translator("en")


def finished(number: int) -> Session:
    session = Session.new(number, master=number % 3)
    session = play(session, random_person(number))
    return session


def some_statistics(deals: int = 12) -> Statistics:
    stats = Statistics()
    for number in range(deals):
        stats.add("beginner", outcome(finished(number), hints=number % 2))
    return stats


def test_each_finished_deal_counts_once_as_the_person_played_it() -> None:
    stats = Statistics()
    nets = []
    for number in range(60):
        session = finished(number)
        deal = outcome(session, hints=1)
        state = session.state
        assert deal.net == state.net_points[0]
        assert deal.won == (state.winner == 0) and deal.drawn == (state.winner is None)
        assert deal.called == (state.caller == 0)
        stats.add("beginner", deal)
        nets.append(deal.net)
    total = stats.total()
    assert total == stats.levels["beginner"]
    assert total.deals == 60 == total.wins + total.draws + total.losses + total.spared
    assert total.net == sum(nets) and total.hints == 60
    assert 0 < total.calls_won <= total.calls <= 60
    assert stats.recent == nets[-RECENT:]
    with pytest.raises(AssertionError):
        outcome(Session.new(1), 0)  # a deal in progress does not count


def test_the_export_reads_back_as_the_same_statistics() -> None:
    stats = some_statistics()
    text_ = stats.to_json()
    assert Statistics.from_json(text_) == stats
    assert Statistics.from_json("\ufeff" + text_) == stats  # as some editors save it
    assert json.loads(text_)["lukfu-statistics"] == 1
    assert Statistics.from_json(Statistics().to_json()) == Statistics()


def rejections(data: object) -> list[Rejection]:
    with pytest.raises(StatisticsError) as info:
        Statistics.from_json(data if isinstance(data, str) else json.dumps(data))
    return info.value.rejections


def test_a_bad_import_is_refused_field_by_field() -> None:
    good = json.loads(some_statistics().to_json())
    level = good["levels"]["beginner"]
    assert rejections("{not json") == [Rejection("", NOT_JSON)]
    assert rejections("[" * 100_000) == [Rejection("", NOT_JSON)]
    assert rejections([1, 2]) == [Rejection("", NOT_STATISTICS)]
    assert rejections({**good, "lukfu-statistics": 2}) == [Rejection("", NOT_STATISTICS)]
    bad = {
        **good,
        "colour": "red",
        "levels": {
            "beginner": {**level, "wins": level["deals"] + 1, "draws": "3", "net": MAX_NET * 1000,
                         "calls_won": True, "extra": 1},
            "grandmaster": {},
            "expert": [],
        },
        "recent": [1, 2.5, MAX_NET + 1],
    }
    got = {(r.path, r.problem) for r in rejections(bad)}
    assert got == {
        ("colour", UNKNOWN),
        ("levels.beginner.extra", UNKNOWN),
        ("levels.beginner.wins", TOO_MANY),
        ("levels.beginner.draws", NOT_WHOLE),
        ("levels.beginner.calls_won", NOT_WHOLE),
        ("levels.beginner.net", OUT_OF_RANGE),
        ("levels.grandmaster", UNKNOWN),
        ("levels.expert", NOT_OBJECT),  # a level this game has, but not a tally
        ("recent.1", NOT_WHOLE),
        ("recent.2", OUT_OF_RANGE),
    }
    assert {(r.path, r.problem) for r in rejections({"lukfu-statistics": 1})} == {
        ("levels", MISSING), ("recent", MISSING)}
    missing = {k: v for k, v in level.items() if k != "hints"}
    assert rejections({**good, "levels": {"beginner": missing}}) == [
        Rejection("levels.beginner.hints", MISSING)]
    assert rejections({**good, "levels": {"beginner": 3}}) == [
        Rejection("levels.beginner", NOT_OBJECT, "3")]
    assert rejections({**good, "levels": []})[0].problem == NOT_OBJECT
    assert rejections({**good, "recent": {}}) == [Rejection("recent", NOT_LIST, "{}")]
    assert rejections({**good, "recent": [0] * (RECENT + 1)})[0].problem == TOO_LONG
    assert rejections({**good, "recent": good["recent"] * 4})[0].problem == TOO_MANY
    uneven = {**level, "draws": level["draws"] + 1, "deals": level["deals"]}
    assert rejections({**good, "levels": {"beginner": uneven}}) == [
        Rejection("levels.beginner.deals", DOES_NOT_ADD_UP, str(level["deals"]))]
    greedy = {**level, "calls_won": level["calls"] + 1}
    assert [r.problem for r in rejections({**good, "levels": {"beginner": greedy}})] == [TOO_MANY]
    many = {**good, **{f"x{i}": 0 for i in range(50)}}
    assert len(rejections(many)) == MAX_REJECTIONS


def test_no_damage_to_an_export_raises_anything_but_a_refusal() -> None:
    rng = random.Random(3)
    text_ = some_statistics().to_json()
    for _ in range(300):
        chars = list(text_)
        for _ in range(rng.randrange(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice('0123456789-{}[]",:ae ')
        damaged = "".join(chars)
        try:
            stats = Statistics.from_json(damaged)
        except StatisticsError as error:
            assert 1 <= len(error.rejections) <= MAX_REJECTIONS
        else:  # a change that still makes sense: it must still add up
            for tally in stats.levels.values():
                assert tally.wins + tally.draws + tally.losses + tally.spared == tally.deals


# --- the panel -------------------------------------------------------------------------------


def test_the_panel_shows_counts_a_chart_and_every_refusal_in_words() -> None:
    assert statistics.stats_view(tr, Statistics()).empty.startswith("No deals yet")
    stats = Statistics()
    for net, drawn in ((4, False), (-2, False), (0, True), (-2, False), (6, False), (0, False)):
        stats.add("beginner", Outcome(net, net > 0, drawn, net == 4, 1))
    stats.recent.pop()  # the chart below keeps to the first five
    view = statistics.stats_view(tr, stats)
    assert view.columns == ("Beginner",) and not view.empty
    rows = {row.label: row.values[0] for row in view.rows}
    assert rows == {"Deals": "6", "Wins": "2", "Draws": "1", "Losses": "2",
                    "Won by another, you paid nothing": "1", "Net points": "+6",
                    "Deals you called": "1", "Called and won": "1 of 1", "Hints used": "6"}
    chart = view.chart
    assert chart is not None and chart.label.startswith("Net points over your last 5\u00a0deals: +6")
    points = [tuple(map(float, p.split(","))) for p in chart.points.split()]
    assert len(points) == 6 and points[0][1] == chart.zero  # from zero, one point a deal
    running = [0, 4, 2, 2, 0, 6]  # higher totals are drawn higher up (smaller y)
    ys = [y for _, y in points]
    assert sorted(range(6), key=lambda i: (-running[i], i)) == sorted(range(6), key=lambda i: (ys[i], i))
    assert (min(ys), max(ys)) == (statistics.CHART_PAD, statistics.CHART_HEIGHT - statistics.CHART_PAD)
    assert (chart.low, chart.high) == ("0", "+6")
    assert statistics.chart(tr, [3]) is None
    for problem in (MISSING, UNKNOWN, NOT_OBJECT, NOT_LIST, NOT_WHOLE, OUT_OF_RANGE, TOO_MANY,
                    TOO_LONG, DOES_NOT_ADD_UP, NOT_JSON, NOT_STATISTICS):
        words = statistics.rejection_text(tr, Rejection("levels.beginner.wins", problem, "99"))
        assert "{" not in words and words.endswith(".")
        if problem not in (NOT_JSON, NOT_STATISTICS):
            assert words.startswith("levels.beginner.wins: ")
    assert statistics.confirm_text(tr, 1, 30) == \
        "Replace your statistics (1\u00a0deal) with the imported ones (30\u00a0deals)?"
    fa = translator("fa")
    assert "۳۰" in statistics.confirm_text(fa, 1, 30)


@pytest.mark.parametrize(("won", "drawn", "net", "counted"), [
    (True, False, 4, "wins"),        # you won (as the caller +2S, or as a non-caller +2S)
    (False, True, 0, "draws"),       # nobody won: nobody pays
    (False, False, -2, "losses"),    # another won and you paid (S as a non-caller, 2S as caller)
    (False, False, 0, "spared"),     # a non-caller beat the caller: you, the third, paid nothing
])
def test_each_kind_of_result_is_counted_by_what_it_did_to_your_points(
        won: bool, drawn: bool, net: int, counted: str) -> None:
    tally = Tally()
    tally.add(Outcome(net=net, won=won, drawn=drawn, called=False, hints=0))
    kinds = {name: getattr(tally, name) for name in ("wins", "draws", "losses", "spared")}
    assert kinds == {name: int(name == counted) for name in kinds}


def test_a_real_deal_you_neither_won_nor_paid_for_is_not_a_loss() -> None:
    """Over many deals, every deal another seat won: a loss exactly when it cost you points."""
    seen = set()
    for seed in range(200):
        session = Session.new(seed, master=seed % 3)
        while not session.state.is_over:
            session = session.step() if session.computer_to_move() else session.act(
                session.observation(0).legal[0])
        deal = outcome(session, 0)
        tally = Tally()
        tally.add(deal)
        if not (deal.won or deal.drawn):
            assert tally.losses == (deal.net < 0) and tally.spared == (deal.net == 0)
            seen.add(deal.net < 0)
    assert seen == {True, False}, "both kinds met"


def test_an_export_from_before_spared_deals_were_counted_is_read() -> None:
    data = json.loads(some_statistics(2).to_json())
    del data["levels"]["beginner"]["spared"]
    assert Statistics.from_json(json.dumps(data)).total().spared == 0


def test_an_export_holds_every_count_of_a_level_by_name() -> None:
    counts = json.loads(some_statistics(2).to_json())["levels"]["beginner"]
    names = {"deals", "wins", "draws", "losses", "spared", "net", "calls", "calls_won", "hints"}
    assert set(counts) == names == set(vars(Tally())) and counts["deals"] == 2


def test_the_coachs_accuracy_round_trips_and_a_bad_one_is_refused() -> None:
    stats = Statistics()
    stats.add("strong", Outcome(net=2, won=True, drawn=False, called=True, hints=0))
    stats.add_accuracy(83)
    assert Statistics.from_json(stats.to_json()).accuracy == [83]
    data = json.loads(stats.to_json())
    data["accuracy"] = [101, 50]
    with pytest.raises(StatisticsError) as refused:
        Statistics.from_json(json.dumps(data))
    assert [r.path for r in refused.value.rejections] == ["accuracy.0"]
    del data["accuracy"]  # an export from before the coach
    assert Statistics.from_json(json.dumps(data)).accuracy == []
