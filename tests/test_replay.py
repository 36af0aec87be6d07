"""Replays (``lukfu.web.replay``): a finished deal told again step by step, every hand face up,
with the announcements of play; the keys and buttons that move through it.
"""

from __future__ import annotations

from test_page_game import cards_in
from test_stats import finished

from lukfu import OVER
from lukfu.i18n import translator
from lukfu.session import DEAL_OVER, Session
from lukfu.web import replay, text

tr = translator("en")


def test_a_replay_steps_through_every_action_with_the_announcements_of_play() -> None:
    for number in range(12):
        session = finished(number)
        steps = session.steps()
        assert len(steps) == len(session.state.history) + 1
        assert tuple(e for step in steps for e in step.events) == session.events
        assert steps[-1].state == session.state and steps[-1].events[-1].kind == DEAL_OVER
        assert Session.from_record(session.record()).steps() == steps
        for index, step in enumerate(steps):
            view = replay.replay_view(tr, steps, index)
            assert view.phase == replay.REPLAY and not view.hand_enabled
            assert view.hint == " ".join(text.event_text(tr, e) for e in step.events)
            assert view.prompt == f"Replay: step {index} of {len(steps) - 1}"
            hands = step.state.hands
            assert [c.code for c in view.hand] == [str(c) for c in hands[0]]
            for seat in (1, 2):  # every hand face up
                shown = view.seats[seat].revealed
                assert shown is not None and [c.code for c in shown] == [str(c) for c in hands[seat]]
            enabled = {b.action: b.enabled for b in view.buttons}
            assert enabled == {replay.FIRST: index > 0, replay.BACK: index > 0,
                               replay.NEXT: index < len(steps) - 1,
                               replay.LAST: index < len(steps) - 1, replay.CLOSE: True}
            assert (view.result is not None) == (step.state.phase == OVER)


def test_replay_keys_and_buttons_move_within_the_deal() -> None:
    count = 9
    assert [replay.moved(a, 4, count) for a in (replay.FIRST, replay.BACK, replay.NEXT, replay.LAST)] \
        == [0, 3, 5, 8]
    assert replay.moved(replay.BACK, 0, count) == 0 and replay.moved(replay.NEXT, 8, count) == 8
    keys = ("Home", "End", "ArrowLeft", "ArrowRight")
    first, last, back, on = replay.FIRST, replay.LAST, replay.BACK, replay.NEXT
    assert [replay.key_action(k, "ltr") for k in keys] == [first, last, back, on]
    # In right-to-left text the arrows swap: ← moves on, → back; Home and End stay.
    assert [replay.key_action(k, "rtl") for k in keys] == [first, last, on, back]
    assert replay.key_action("Enter", "ltr") is None


def test_a_replays_announcements_name_no_card_a_computer_discarded_face_down() -> None:
    """The steps show every hand (the page offers a replay only once the deal is over, see
    test_update_deal.py), but what each step announces, as in play, keeps face-down cards hidden."""
    session = finished(5)
    hidden = set(session.state.discards[1]) | set(session.state.discards[2])
    for step in session.steps():
        assert not cards_in(" ".join(text.event_text(tr, e) for e in step.events)) & hidden
