"""A quick soak (bench/soak.py): a few hundred random deals and fifty session deals, every invariant
checked at every step, and proof that the checks catch a broken engine."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from lukfu import Card, Observation, State, parse_action
from lukfu.session import DISCARDED, Event

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import soak  # noqa: E402 (bench/ on the path above)


def test_random_deals_hold_every_invariant() -> None:
    tally = soak.soak("random", range(300))
    assert tally.deals == 300
    assert tally.fast_ends > 100  # odd deals finish on the fast path (unless over before the branch)
    assert tally.replays > tally.deals and tally.round_trips > 3 * tally.deals
    assert tally.claims and tally.draws and sum(tally.wins) + tally.draws == 300


def test_session_deals_hold_every_invariant() -> None:
    tally = soak.soak("session", range(50))
    assert tally.deals == 50
    assert tally.replays == tally.steps + 50 and tally.resumes == tally.steps  # at every step
    assert sum(tally.wins) + tally.draws == 50


def test_the_command_runs_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--deals", "20", "--session-deals", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "every invariant held" in out and "steps/s" in out and "net points per seat" in out


def test_a_leaked_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation that reveals the hands before the end fails, naming deal and step."""
    real = State.observation

    def leaky(self: State, seat: int) -> Observation:
        obs = real(self, seat)
        return dataclasses.replace(obs, revealed=self.hands) if self.trick is not None else obs

    monkeypatch.setattr(State, "observation", leaky)
    with pytest.raises(soak.DealFailure) as failure:
        soak.soak("random", range(2))
    assert failure.value.deal == 0 and failure.value.step > 0
    assert "reveals hands before the end" in failure.value.what
    assert failure.value.record.startswith('{"lukfu":1')


def test_wrong_fu_is_caught_and_the_command_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(State, "fu", property(lambda self: (1, 0, 0)))
    assert soak.main(["--deals", "3", "--session-deals", "0", "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAILED: random deal 0, step 0: fu (1, 0, 0)" in out and "record: {" in out


def test_a_computer_players_discard_in_an_event_is_caught() -> None:
    card = Card.parse("C2")
    soak.check_events([Event(DISCARDED, 0, count=1, cards=(card,))], parse_action("discard C2"))
    with pytest.raises(soak.SoakFailure, match="seat 1's discards: C2"):
        soak.check_events([Event(DISCARDED, 1, count=1, cards=(card,))])
    with pytest.raises(soak.SoakFailure, match="person's discard"):
        soak.check_events([Event(DISCARDED, 0, count=1)], parse_action("discard C2"))


def test_the_soaks_expected_scores_are_the_rules_examples() -> None:
    assert soak.expected_net(0, 6, 0) == (2, -1, -1)  # RULES §10 example 25
    assert soak.expected_net(1, 6, 0) == (-2, 2, 0)  # example 27
    assert soak.expected_net(1, 7, 1) == (-2, 4, -2)  # example 28
    assert soak.expected_net(None, 0, 2) == (0, 0, 0)  # example 29
