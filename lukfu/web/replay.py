"""A finished deal told again on the table, step by step, with every hand face up.

Plain Python (no ``js``).  Each step is a ``lukfu.session.Step``: the state after one action and
the events it made, so the replay announces exactly what the table announced in play (a
face-down discard told by its count, your own by its cards).  The table is the same table:
the trick, the marks and the result come from `view`, only every hand is shown and the
buttons are the replay's.  ← → Home End move through the steps; in a right-to-left page the
arrows follow the buttons, which the page mirrors.
"""

from __future__ import annotations

from collections.abc import Sequence

from lukfu import CALLING, OVER, Card
from lukfu.i18n import Translator
from lukfu.session import Step
from lukfu.web import text, view
from lukfu.web.dom.keys import REPLAY_KEYS
from lukfu.web.naming import YOU
from lukfu.web.result import result_view

REPLAY = "replay"  # the table's phase while a replay is shown
FIRST, BACK, NEXT, LAST, CLOSE = (
    "replay-first", "replay-back", "replay-next", "replay-last", "replay-close")
AT = "replay-at-"  # + a step's number: the replay at that step (the review's decisions)


def key_action(key: str, direction: str) -> str | None:
    """The replay button a key stands for; in right-to-left text ← moves on and → back.

    >>> key_action("ArrowLeft", "ltr"), key_action("ArrowLeft", "rtl"), key_action("x", "ltr")
    ('replay-back', 'replay-next', None)
    """
    action = REPLAY_KEYS.get(key)
    if direction == "rtl" and action in (BACK, NEXT):
        return NEXT if action == BACK else BACK
    return action


def moved(action: str, index: int, count: int) -> int:
    """The step a replay button leads to from step ``index`` of ``count`` (0 = as dealt).

    >>> moved(NEXT, 0, 5), moved(NEXT, 4, 5), moved(BACK, 0, 5), moved(LAST, 1, 5)
    (1, 4, 0, 4)
    """
    target = {FIRST: 0, BACK: index - 1, NEXT: index + 1, LAST: count - 1}.get(action, index)
    return max(0, min(count - 1, target))


def step_texts(tr: Translator, step: Step) -> list[str]:
    """What the table announced for this step in play, sentence by sentence."""
    return [text.event_text(tr, event) for event in step.events]


def replay_view(tr: Translator, steps: Sequence[Step], index: int,
                better: Sequence[Card] = (), advice: str = "") -> view.TableView:
    """The table at step ``index`` of a finished deal's ``steps``, every hand face up; where
    the coach found a better move for your decision at this step, ``better`` marks its cards in
    your hand and ``advice`` says what it cost and why."""
    state = steps[index].state
    obs = state.observation(YOU)
    marked = {str(card) for card in better}
    hands = state.hands
    seats = tuple(
        seat._replace(revealed=view.card_views(tr, hands[seat.seat],
                                              view.claimant_old(obs, seat.seat)),
                      to_move=False)
        if seat.seat != YOU else seat._replace(to_move=False)
        for seat in view.seat_views(tr, obs)
    )
    if obs.phase == CALLING:
        trick: view.TrickView | None = view.calling_view(tr, obs)
    elif obs.phase == OVER:
        trick = None
    else:
        trick = view.trick_view(tr, obs)
    last = len(steps) - 1
    return view.TableView(
        phase=REPLAY,
        to_move=None,
        seats=(seats[0], seats[1], seats[2]),
        trick=trick,
        result=result_view(tr, obs),
        prompt=tr.gettext("Replay: step {n} of {count}", n=index, count=last),
        hint=tr.sentences(*step_texts(tr, steps[index]), advice),
        hint_problem=False,
        hand=tuple(card._replace(better=card.code in marked)
                   for card in view.card_views(tr, hands[YOU], obs.old)),
        hand_enabled=False,
        buttons=(
            view.ButtonView(FIRST, True, index > 0, tr.pgettext("replay", "First")),
            view.ButtonView(BACK, True, index > 0, tr.pgettext("replay", "Back")),
            view.ButtonView(NEXT, True, index < last, tr.pgettext("replay", "Next")),
            view.ButtonView(LAST, True, index < last, tr.pgettext("replay", "Last")),
            view.ButtonView(CLOSE, True, True, tr.gettext("End the replay")),
        ),
    )
