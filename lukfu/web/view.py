"""What the table shows, as plain data: built from one observation and the player's selection.

The records are NamedTuples rather than dataclasses: they are created at start-up under
Pyodide, where a NamedTuple class costs a quarter of what a frozen dataclass does.

Plain Python (no ``js``), tested under CPython; `render` copies a `TableView` into the page.
Nothing here decides a rule: what is legal comes from ``observation.legal`` and the engine's
``check`` (passed in), Old cards from ``observation.old``, results from ``observation.result``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import NamedTuple

from lukfu import CALLING, OVER, PLAYING, Action, Card, IllegalAction, Observation, Trick, classify
from lukfu.actions import CLAIM, DISCARD, PLAY
from lukfu.i18n import Translator
from lukfu.knowledge import old_cards
from lukfu.web import explain, naming, text
from lukfu.web.naming import YOU
from lukfu.web.result import DealLinks, ResultView, result_view
from lukfu.web.saving import Totals

# Where each seat's play goes in the trick area, left to right: Left, You, Right.
SLOT_ORDER = (2, 0, 1)

class CardView(NamedTuple):
    code: str  # "C7"
    label: str  # accessible name: "7 of Coins, Old"
    old: bool = False
    selected: bool = False
    usable: bool = True  # False: the legal-play marks say it can take part in no play now
    better: bool = False  # in a replay: part of the move the coach found better here


class Mark(NamedTuple):
    kind: str  # css suffix: master, caller, passed, called, winner
    text: str
    tip: str = ""  # what the word means (explain), shown beside it and described to screen readers


class SeatView(NamedTuple):
    seat: int
    marks: tuple[Mark, ...]
    score: str  # "3 fu"
    hand_size: int  # cards in hand (backs shown for the computer players)
    count_text: str
    revealed: tuple[CardView, ...] | None  # a computer player's hand, face up, once over
    to_move: bool
    score_tip: str = ""  # what a fu is
    laid: bool = False  # its hand laid down with its claim: each card apart, its Old ones marked


class SlotView(NamedTuple):
    seat: int
    name: str
    cards: tuple[CardView, ...]  # face up
    backs: int  # face-down discards
    note: str  # text instead of cards (a decision while calling, "leads", …)
    best: bool
    label: str  # accessible description of the slot
    mark: str = ""  # the best play so far (or the trick's winner) says so in words
    led: bool = False  # this seat led the trick (the title says who, in words)


class TrickView(NamedTuple):
    title: str
    slots: tuple[SlotView, ...]
    finished: bool  # the last completed trick, shown until the next lead


class ButtonView(NamedTuple):
    action: str  # the data-action value
    visible: bool
    enabled: bool
    label: str
    sub: str = ""
    pressed: bool | None = None  # a toggle button's state (aria-pressed); None: not a toggle
    tips: tuple[str, ...] = ()  # what its words mean (Claim's F and S), beside it on hover/focus


class TableView(NamedTuple):
    phase: str
    to_move: int | None
    seats: tuple[SeatView, SeatView, SeatView]
    trick: TrickView | None
    result: ResultView | None
    prompt: str
    hint: str
    hint_problem: bool
    hand: tuple[CardView, ...]
    hand_enabled: bool
    buttons: tuple[ButtonView, ...]
    news: str = ""  # said once to a screen reader when your turn comes: the prompt
    history: tuple[TrickView, ...] = ()  # the tricks finished so far
    old_tip: str = ""  # what Old means, beside an Old card of your hand on hover/focus
    risk: str = ""  # while you decide to call: what calling risks (also the hint line's words)
    dealt: str = ""  # which cards were dealt (the deal and its redeals): new ones are dealt out
    practice: str = ""  # atop the table: that it is practice, a day's deal, a challenge…
    kind: str = "free"  # the table's kind, as the page names it (`kinds.TableKind.family`)


Check = Callable[[Action], None]  # the engine's State.check: raises IllegalAction


def card_views(
    tr: Translator, cards: Iterable[Card], old: Collection[Card] = (),
    selected: Collection[Card] = (), usable: Collection[Card] | None = None,
) -> tuple[CardView, ...]:
    def label(card: Card) -> str:
        name = naming.card_label(tr, card, card in old)
        # The legal-play marks, for a screen reader too: a card that can take part in a play now.
        return tr.gettext("{card}, playable", card=name) if usable and card in usable else name

    return tuple(
        CardView(str(c), label(c), c in old, c in selected, usable is None or c in usable)
        for c in cards
    )


def usable_cards(obs: Observation) -> frozenset[Card] | None:
    """The cards of your hand that take part in some legal play now, for the legal-play marks;
    None when there is nothing to mark (not your turn to play, or a discard: any card will do)."""
    plays = [action for action in obs.legal if action.kind == PLAY]
    if obs.to_move != obs.seat or not plays:
        return None
    return frozenset(card for action in plays for card in action.cards)


def seat_views(tr: Translator, obs: Observation) -> tuple[SeatView, SeatView, SeatView]:
    decisions = dict(obs.calls)
    result = obs.result
    views = []
    for seat in range(3):
        marks: list[Mark] = []
        if seat == obs.master:
            if obs.passed_master:
                marks.append(Mark("master", tr.gettext("Passed Master"),
                                  explain.term(tr, explain.PASSED_MASTER)))
            else:
                marks.append(Mark("master", tr.gettext("Master"), explain.term(tr, explain.MASTER)))
        if seat == obs.caller:
            marks.append(Mark("caller", tr.gettext("Caller"), explain.term(tr, explain.CALLER)))
        elif obs.phase == CALLING and decisions.get(seat) is False:
            marks.append(Mark("passed", tr.gettext("Passed")))
        if result is not None and result.winner == seat:
            marks.append(Mark("winner", tr.gettext("Winner")))
        revealed = None
        if obs.revealed is not None and seat != YOU:
            revealed = card_views(tr, obs.revealed[seat], claimant_old(obs, seat))
        count = obs.hand_sizes[seat]
        views.append(
            SeatView(
                seat=seat,
                marks=tuple(marks),
                score=tr.ngettext("{n} fu", "{n} fu", obs.fu[seat]),
                hand_size=count,
                # (a revealed empty hand says "No cards left" itself: no "0 cards" beside it)
                count_text="" if revealed == () else tr.ngettext("{n} card", "{n} cards", count),
                revealed=revealed,
                to_move=obs.to_move == seat,
                score_tip=explain.term(tr, explain.FU),
                laid=bool(revealed is not None and result and result.claimed
                          and result.winner == seat),
            )
        )
    return (views[0], views[1], views[2])


def claimant_old(obs: Observation, seat: int) -> frozenset[Card]:
    """The Old cards ``seat`` laid down with its claim, once the deal is over (its F is its fu
    plus these), judged by the engine from its hand and the face-up cards; none for another
    seat, or when the cards ran out."""
    result = obs.result
    if obs.revealed is None or result is None or not result.claimed or result.winner != seat:
        return frozenset()
    return old_cards(obs.revealed[seat], obs.public)


def calling_view(tr: Translator, obs: Observation) -> TrickView:
    decisions = dict(obs.calls)
    slots = []
    for seat in SLOT_ORDER:
        if seat in decisions:
            # "Plays" is also the rules card's heading: the context keeps the two apart.
            note = tr.pgettext("calling", "Plays") if decisions[seat] else tr.gettext("Passes")
        elif obs.to_move == seat:
            note = tr.gettext("Deciding…")
        else:
            note = ""
        slots.append(SlotView(seat, naming.seat_name(tr, seat), (), 0, note, False,
                              f"{naming.seat_name(tr, seat)}: {note}" if note else ""))
    if obs.redeals:
        title = tr.ngettext("Calling: new cards after {n} redeal",
                            "Calling: new cards after {n} redeals", obs.redeals)
    else:
        title = tr.gettext("Calling")
    return TrickView(title, tuple(slots), False)


def trick_view(tr: Translator, obs: Observation, last: bool = False) -> TrickView:
    """The trick in progress, or the last one completed (until the next lead, or at any time
    when ``last``: the player asked to see it again), or an empty table."""
    trick = obs.trick
    number = len(obs.tricks) + 1
    if last or trick is None or not trick.turns:
        if not obs.tricks:
            return TrickView(tr.gettext("Trick {n}", n=number), (), False)
        return played_trick_view(tr, obs.tricks[-1], number - 1, True)
    return played_trick_view(tr, trick, number, False)


def history_view(tr: Translator, obs: Observation) -> tuple[TrickView, ...]:
    """Every trick finished in this deal, first to last: what everybody saw (face-down
    discards as backs)."""
    return tuple(played_trick_view(tr, trick, number, True)
                 for number, trick in enumerate(obs.tricks, 1))


def played_trick_view(tr: Translator, trick: Trick, number: int, finished: bool) -> TrickView:
    """Trick ``number`` as the table shows it, in progress or ``finished``."""
    turns = {turn.seat: turn for turn in trick.turns}
    slots = []
    for seat in SLOT_ORDER:
        name = naming.seat_name(tr, seat)
        turn = turns.get(seat)
        if turn is None:
            slots.append(SlotView(seat, name, (), 0, "", False, ""))
            continue
        is_best = seat == (trick.winner if finished else trick.best_seat)
        led = seat == trick.leader
        if turn.play is not None:
            cards = card_views(tr, turn.play.cards)
            play = naming.play_text(tr, turn.play)
            if led:
                label = tr.gettext("{seat} led: {cards}", seat=name, cards=play)
            else:
                label = tr.gettext("{seat}: {cards}", seat=name, cards=play)
            mark = ""
            if is_best:
                mark = tr.gettext("Took the trick") if finished else tr.gettext("Best so far")
            slots.append(SlotView(seat, name, cards, 0, "", is_best, label, mark, led))
        else:
            label = tr.ngettext(
                "{seat}: {n} card face down", "{seat}: {n} cards face down", turn.discarded,
                seat=name)
            slots.append(SlotView(seat, name, (), turn.discarded, "", False, label))
    if finished:
        winner = trick.winner if trick.winner is not None else trick.best_seat
        assert winner is not None
        if winner == YOU:
            title = tr.gettext("Trick {n}: you won it", n=number)
        else:
            title = tr.gettext("Trick {n}: {seat} won it", n=number,
                               seat=naming.seat_name(tr, winner))
    elif trick.leader == YOU:
        title = tr.gettext("Trick {n}: you led", n=number)
    else:
        title = tr.gettext("Trick {n}: {seat} led", n=number, seat=naming.seat_name(tr, trick.leader))
    return TrickView(title, tuple(slots), finished)


def claim_value(obs: Observation) -> tuple[int, int, int]:
    """(F, S, your net points) if you claimed now, as the engine scores it (RULES §8)."""
    result = obs.claim_result()
    assert result is not None, "no claim is open"
    return result.F, result.S, result.net_points[obs.seat]


class Feedback(NamedTuple):
    hint: str
    problem: bool
    play: bool  # the Play button may be pressed
    discard: bool  # the Discard button may be pressed


def feedback(tr: Translator, obs: Observation, selected: Collection[Card], check: Check,
             touch: bool = False) -> Feedback:
    """Tell the player what the selection would do, asking the engine whether it is legal."""
    kinds = {a.kind for a in obs.legal}
    chosen = sorted(selected)
    if DISCARD in kinds:
        need = text.discard_count(obs)
        if len(chosen) < need:
            return Feedback(text.selection_hint(tr, len(chosen), need), False, False, False)
        try:
            check(Action.discard(chosen))
        except IllegalAction as error:
            return Feedback(text.illegal_text(tr, error, obs), True, False, False)
        return Feedback(text.selection_hint(tr, len(chosen), need), False, False, True)
    if PLAY not in kinds:
        return Feedback("", False, False, False)
    if not chosen:
        if CLAIM in kinds:
            F, S, points = claim_value(obs)
            return Feedback(text.claim_hint(tr, F, S, points), False, False, False)
        return Feedback(text.selection_hint(tr, 0, 0, touch), False, False, False)
    try:
        check(Action.play(chosen))
    except IllegalAction as error:
        return Feedback(text.illegal_text(tr, error, obs), True, False, False)
    play = classify(chosen)
    assert play is not None  # the engine accepted it
    return Feedback(naming.by_kind(tr, text.READY_TO_PLAY, play), False, True, False)


def buttons(
    tr: Translator, obs: Observation, fb: Feedback | None, hinting: bool = False,
    last: bool = False,
) -> tuple[ButtonView, ...]:
    mine = obs.to_move == obs.seat
    kinds = {a.kind for a in obs.legal} if mine else set()
    calling = obs.phase == CALLING
    over = obs.phase == OVER
    claim_sub = ""
    if CLAIM in kinds:
        F, S, points = claim_value(obs)
        claim_sub = tr.gettext("F = {F}, S = {S}, {points} points", F=F, S=S,
                               points=tr.signed(points))
    playing = not calling and not over
    return (
        ButtonView("call", calling, calling and mine, tr.gettext("Play this deal")),
        ButtonView("pass", calling, calling and mine, tr.gettext("Pass")),
        ButtonView("last-trick", playing and bool(obs.tricks), True, tr.gettext("Last trick"),
                   pressed=last),
        ButtonView("play", playing and DISCARD not in kinds, bool(fb and fb.play),
                   tr.gettext("Play")),
        ButtonView("discard", playing and DISCARD in kinds, bool(fb and fb.discard),
                   tr.gettext("Discard face down")),
        ButtonView("claim", CLAIM in kinds, CLAIM in kinds, tr.gettext("Claim"), claim_sub,
                   tips=(explain.term(tr, explain.F), explain.term(tr, explain.S))),
        ButtonView("hint", mine and not over, mine and not hinting, tr.gettext("Hint")),
        # (before the end it abandons the deal in progress, once the player confirms)
        ButtonView("new-deal", True, True, tr.gettext("New deal")),
        ButtonView("replay", over, over, tr.gettext("Replay this deal")),
        ButtonView("review", over, over, tr.gettext("Review this deal")),
    )


def table_view(
    tr: Translator, obs: Observation, selected: Collection[Card], check: Check | None,
    links: DealLinks | None = None, advice: str = "", hints: int = 0, hinting: bool = False,
    touch: bool = False, last: bool = False, marks: bool = True, totals: Totals | None = None,
    refusal: str = "",
) -> TableView:
    """Everything the table shows for ``obs`` (seat 0's observation); ``advice`` is a hint's
    text (shown instead of the selection's feedback), ``hints`` how many were asked for, and
    ``hinting`` whether one is being worked out; ``touch`` when the page is played with a
    finger (its words say tap, not click), ``last`` when the player asked to see the last trick
    again, ``marks`` to mark the cards that can take part in a legal play; ``refusal`` says why
    the engine refused your last action (until you change the selection)."""
    mine = obs.to_move == obs.seat and obs.phase == PLAYING
    fb = feedback(tr, obs, selected, check, touch) if mine and check is not None else None
    if obs.phase == CALLING:
        trick: TrickView | None = calling_view(tr, obs)
    elif obs.phase == OVER:
        trick = None
    else:
        trick = trick_view(tr, obs, last)
    prompt = text.prompt_text(tr, obs)
    risk = explain.call_risk(tr) if obs.phase == CALLING and obs.to_move == obs.seat else ""
    return TableView(
        phase=obs.phase,
        to_move=obs.to_move,
        seats=seat_views(tr, obs),
        trick=trick,
        result=result_view(tr, obs, links, hints, totals),
        prompt=prompt,
        hint=refusal or advice or (fb.hint if fb else "") or risk,
        hint_problem=bool(refusal) or bool(fb and fb.problem and not advice),
        hand=card_views(tr, obs.hand, obs.old, selected if mine else (),
                        usable_cards(obs) if marks else None),
        hand_enabled=mine,
        buttons=buttons(tr, obs, fb, hinting, last and bool(obs.tricks)),
        news=prompt if obs.to_move == obs.seat and obs.phase != OVER else "",
        history=history_view(tr, obs),
        old_tip=explain.term(tr, explain.OLD),
        risk=risk,
    )
