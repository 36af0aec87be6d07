"""The trick's leader and the claimant's Old cards, driven through `update` under CPython: the
leader's play is marked (and named so for screen readers), the trick's title says who led, and
at the end the claimant's Old cards are marked in the revealed hand, so F = fu + Old adds up."""

from __future__ import annotations

from driver import Driver

from lukfu import old_cards
from lukfu.web.naming import YOU


def at_my_turn(query: str) -> Driver:
    page = Driver(query).start()
    page.settle(only_computers=True)
    return page


def test_the_trick_s_leader_is_marked_in_words_and_on_its_play() -> None:
    page = at_my_turn("?seed=3&master=1&delay=0&level=beginner")  # Right leads the first trick
    if page.table.phase == "calling":
        page.call()
    session = page.model.table.session
    assert session is not None
    trick = session.observation(YOU).trick
    assert trick is not None and trick.turns and trick.leader == 1
    view = page.table.trick
    assert view is not None
    assert [slot.seat for slot in view.slots if slot.led] == [1]
    assert view.title == "Trick 1: Right led"
    for slot in view.slots:
        if slot.seat == 1:
            assert slot.label.startswith("Right led: ")
        elif slot.label:
            assert " led" not in slot.label
    page.play_to_the_end()
    session = page.model.table.session
    assert session is not None
    tricks = session.observation(YOU).tricks
    assert len(tricks) > 1 and {trick.leader for trick in tricks} != {1}
    for played, shown in zip(tricks, page.table.history, strict=True):
        assert [slot.seat for slot in shown.slots if slot.led] == [played.leader]


def test_the_claimant_s_old_cards_are_marked_in_the_revealed_hand() -> None:
    """Seed 4: Right calls and claims with F = 7: its Old cards are marked, fu + Old = F."""
    page = at_my_turn("?seed=4&master=0&delay=0&level=beginner")
    page.press("pass")
    page.play_to_the_end()
    session = page.model.table.session
    assert session is not None and session.is_over
    obs = session.observation(YOU)
    result = obs.result
    assert result is not None and result.claimed and result.winner == 1
    assert obs.revealed is not None
    seats = page.table.seats
    marked = {card.code for card in seats[1].revealed or () if card.old}
    expected = {str(card) for card in old_cards(obs.revealed[1], obs.public)}
    assert marked == expected and marked
    assert obs.fu[1] + len(marked) == result.F == 7
    assert all(card.label.endswith(", Old") for card in seats[1].revealed or () if card.old)
    assert not any(card.old for card in seats[2].revealed or ())  # not the claimant: unmarked
    # (the claimant's hand is laid down, each card apart; the others' are not)
    assert [seat.laid for seat in seats] == [False, True, False]
    assert f"{obs.fu[1]}\u00a0+\u00a0{len(marked)}\u00a0=\u00a07" in page.table.result.detail  # type: ignore[union-attr]
    page.press("replay")
    page.press("replay-last")
    replayed = page.table.seats[1].revealed or ()
    assert {card.code for card in replayed if card.old} == expected and page.table.seats[1].laid
