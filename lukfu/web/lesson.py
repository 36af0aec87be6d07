"""The guided first deal as the page shows it: each step's words, what it points at, its buttons.

Plain Python (no ``js``), tested under CPython.  The steps are `lukfu.lesson`'s; here each
``topic`` gets one or two short sentences in the player's language, with the cards named by
`text` (so a language switch rewords the step), and the reason the asked move is the lesson
when the player makes another.  ``focus`` lists the page's elements the step talks about (CSS
selectors) for the renderer to highlight, ``keyboard`` the one that takes the keyboard: a read
step's Next, or the hand or button of the move it asks.  While a step is read, nobody at the
table is thinking (`reading_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lukfu import Card, classify, parse_cards
from lukfu.actions import DISCARD, PLAY
from lukfu.i18n import Translator
from lukfu.lesson import LAST, SCRIPT, STEPS, YOUR_F, Step, shown_step, waits
from lukfu.web import naming
from lukfu.web.faces import suit_tip_view
from lukfu.web.model import Model, Table
from lukfu.web.view import TableView

NEXT = '#lesson [data-action="lesson-next"]'
HAND = "#hand"  # (the renderer gives the keyboard to the hand's tab stop)


class LessonView(NamedTuple):
    step: int  # the step on show, from 1 (the table's data-lesson-step)
    title: str  # "Learn to play: step 3 of 17"
    text: str
    note: str  # why the move you made is not this step's ("" when there is none)
    next_label: str  # "Next" or "Finish" on a step that is read; "" when it asks a move
    leave_label: str
    focus: tuple[str, ...]  # CSS selectors of what the step talks about
    legend: tuple[tuple[str, str], ...] = ()  # the suits' pictures and names, low to high
    keyboard: str = ""  # a CSS selector: what takes the keyboard as the step comes ("": stays)
    key_note: str = ""  # the key that presses Next, in words ("" when there is no Next)


def _card(tr: Translator, code: str) -> str:
    return naming.card_in_sentence(tr, Card.parse(code))


def _play(tr: Translator, codes: str) -> str:
    play = classify(parse_cards(codes))
    assert play is not None
    return naming.play_in_sentence(tr, play)


def _figures(topic: str) -> dict[str, int]:
    """The figures the step of ``topic`` gives for F: your fu, your Old cards, F (their sum)."""
    fu, old = YOUR_F[topic]
    return {"fu": fu, "old": old, "F": fu + old}


def _suits(tr: Translator) -> str:
    return tr.gettext(
        "This is a guided deal: play it step by step. The four suits rank from low to high"
        ": {suits}; in each suit the cards run from 1, the lowest, to 9.",
        suits=tr.join([naming.suit_name(tr, suit) for suit in range(4)]))


def _old(tr: Translator) -> str:
    return tr.gettext(
        "Your {nine} and {mau_gung} are marked Old: every 9 is, so are the two special ones, "
        "Mau Gung and Bak Chi, and so is a card whose higher cards of its suit are all in your "
        "hand or already played face up. As single cards, Mau Gung and Bak Chi never beat "
        "anything, but nobody can beat them when they are led.",
        nine=_card(tr, "M9"), mau_gung=_card(tr, "C1"))


def _goal(tr: Translator) -> str:
    return tr.gettext(
        "You win a deal by claiming it with F = 6 or more. F is your fu, one for each of your "
        "own cards in each trick you win, plus the Old cards in your hand: yours is {fu} + "
        "{old} = {F} now. The winner scores S = F − 5: 1 point at 6, one more for each beyond.",
        **_figures("goal"))


def _call(tr: Translator) -> str:
    return tr.gettext(
        "You are the Master, so you decide first: play this deal alone against the other two, "
        "or pass. Play it only with a hand that can reach F = 6: Old cards count, but F grows "
        "only when your other cards win tricks, as high cards, sets and runs can. Here F is "
        "{F}: to reach 6, your three 7s and your run of Strings would both have to win, and a "
        "higher set or run can beat either. Alone against two, that is too risky: pass.",
        F=_figures("call")["F"])


def _caller(tr: Translator) -> str:
    return tr.gettext(
        "Right called, so Right is the caller, alone against you and Left, and nobody else is "
        "asked. You passed: as a passed Master you still lead the first trick.")


def _single(tr: Translator) -> str:
    return tr.gettext(
        "Lead a single card: {card}. A non-caller who leads a single must lead a card that is "
        "not Old, from the highest suit in which they hold one: here, Tens.",
        card=_card(tr, "T4"))


def _beaten(tr: Translator) -> str:
    return tr.gettext(
        "Right beat your card with {card}, a higher card of the same suit. Left could not beat "
        "it, so Left discarded one card face down: nobody sees it, and it scores nothing.",
        card=_card(tr, "T9"))


def _fu(tr: Translator) -> str:
    return tr.gettext(
        "The best play wins the trick: Right takes it, with 1 fu, one for each of Right's own "
        "cards in it. Whoever wins a trick leads the next one.")


def _set(tr: Translator) -> str:
    return tr.gettext(
        "Right leads a set, {led}, and Left discards three cards face down. Whoever can beat the "
        "best play must: beat it with your higher set, {play}.",
        led=_play(tr, "C5 M5 T5"), play=_play(tr, "C7 S7 T7"))


def _won(tr: Translator) -> str:
    won = _figures("won")
    return tr.gettext(
        "Your set is the best play: the trick is yours, and you lead next. It brings {fu} fu, "
        "one for each of your cards in it, and none of them was Old, so your F went up by "
        "{gain}: F = {fu} + {old} = {F}.", **won, gain=won["F"] - _figures("call")["F"])


def _run(tr: Translator) -> str:
    return tr.gettext(
        "Lead a run, three or more cards of one suit in a row: {play}. A passed Master may lead "
        "a run of three, but never one of four or more, nor a set of four.",
        play=_play(tr, "S3 S4 S5"))


def _higher_suit(tr: Translator) -> str:
    return tr.gettext(
        "Right beat your run with {play}: a run in a higher suit beats any run of the same "
        "length in a lower suit. Right takes the trick and 3 fu, one for each of Right's cards "
        "in it, and leads.", play=_play(tr, "M1 M2 M3"))


def _discard(tr: Translator) -> str:
    return tr.gettext(
        "Left beat Right's {led} with {card}, and you hold no higher String: discard face down "
        "as many cards as the best play has, one. Give up {junk}, a card that can win no trick.",
        led=_card(tr, "S6"), card=_card(tr, "S8"), junk=_card(tr, "C2"))


def _old_win(tr: Translator) -> str:
    return tr.gettext(
        "Left leads {led}. Whoever can beat the best play must, and only your Old {nine} can: "
        "play it. Your F is {fu} + {old} = {F}: watch what winning this trick does to it.",
        led=_card(tr, "M8"), nine=_card(tr, "M9"), **_figures("old-win"))


def _plain_win(tr: Translator) -> str:
    return tr.gettext(
        "You won the trick: {fu} fu now, one more, but {nine} has left your hand, so F = {fu} "
        "+ {old} = {F}, as before. An Old card counts already: winning with it only turns it "
        "into a fu. Now lead {card}, which is not Old: if it wins, F goes up.",
        nine=_card(tr, "M9"), card=_card(tr, "M6"), **_figures("plain-win"))


def _claim(tr: Translator) -> str:
    return tr.gettext(
        "Nobody could beat {card}: a card that is not Old won the trick, so F went up by one: "
        "F = {fu} + {old} = {F}. At 6 or more the player about to lead may claim, but need not: "
        "playing on may earn more, but whoever loses the lead may never get to claim. Here you "
        "would have to lead {six}, and {eight} and {nine} have not been seen: claim now.",
        card=_card(tr, "M6"), six=_card(tr, "C6"), eight=_card(tr, "C8"), nine=_card(tr, "C9"),
        **_figures("claim"))


def _score(tr: Translator) -> str:
    F = _figures("claim")["F"]
    return tr.gettext(
        "Your claim ends the deal with F = {F}, so you score S = F − 5 = {S}. A non-caller who "
        "wins takes 2 × S from the caller: Right pays you {won}, Left pays nothing. Had Right "
        "won, you and Left would each have paid S.", F=F, S=F - 5, won=2 * (F - 5))


WORDS: dict[str, Callable[[Translator], str]] = {
    "suits": _suits, "old": _old, "goal": _goal, "call": _call, "caller": _caller,
    "single": _single, "beaten": _beaten, "fu": _fu, "set": _set, "won": _won, "run": _run,
    "higher-suit": _higher_suit, "discard": _discard, "old-win": _old_win,
    "plain-win": _plain_win, "claim": _claim, "score": _score,
}


def _why(tr: Translator, topic: str) -> str:
    """One sentence: why the step asks for its move rather than the one you made."""
    if topic == "call":
        return tr.gettext("Pass here: this hand is too weak to play alone against two.")
    if topic == "single":
        return tr.gettext("Lead {card}: your {seven} belongs with your other 7s, to beat a set "
                          "later.", card=_card(tr, "T4"), seven=_card(tr, "T7"))
    if topic == "run":
        return tr.gettext("Lead {play}: if nobody beats it, its three cards win you three fu at "
                          "once.", play=_play(tr, "S3 S4 S5"))
    if topic == "discard":
        return tr.gettext("Discard {junk}: it can never win a trick, as the only lower Coin is "
                          "Mau Gung, which nobody beats; your Myriads still can, and Mau Gung "
                          "counts towards your claim.", junk=_card(tr, "C2"))
    if topic == "claim":
        return tr.gettext("Claim now: playing on, you must lead {six}, and if {eight} or {nine} "
                          "beats it, you may never lead again to claim.", six=_card(tr, "C6"),
                          eight=_card(tr, "C8"), nine=_card(tr, "C9"))
    return ""  # (the set's, the Old card's and M6's steps: their play is the only legal move)


# What each step points at, besides the cards it asks you to play.
FOCUS = {
    "suits": ("#hand",),
    "old": ('#hand [data-card="M9"]', '#hand [data-card="C1"]'),
    "goal": ('[data-seat="0"] .seat-score', "#hand .card.old"),
    "call": ('[data-seat="0"] .seat-marks', '#actions [data-action="call"]',
             '#actions [data-action="pass"]'),
    "caller": ('[data-seat="1"] .seat-marks', '[data-seat="0"] .seat-marks'),
    "beaten": ("#trick",),
    "fu": ('[data-seat="1"] .seat-score',),
    "set": ("#trick",),
    "won": ('[data-seat="0"] .seat-score',),
    "higher-suit": ("#trick",),
    "discard": ("#trick",),
    "old-win": ("#trick", '[data-seat="0"] .seat-score'),
    "plain-win": ('[data-seat="0"] .seat-score', "#hand .card.old"),
    "claim": ('#actions [data-action="claim"]', '[data-seat="0"] .seat-score', "#hand .card.old"),
    "score": ("#trick",),
}


def lesson_view(tr: Translator, model: Model) -> LessonView | None:
    table = model.table
    session = table.session
    if not table.kind.scripted or session is None:
        return None
    number = shown_step(table.step, session)
    step = STEPS[number]
    asked = step.asks
    focus = tuple(f'#hand [data-card="{card}"]' for card in (asked.cards if asked else ()))
    note = ""
    if table.off_script == "read":
        note = tr.gettext("Read this step first, then press Next.")
    elif table.off_script == "other" and asked is not None:
        note = _why(tr, step.topic)
    reading = asked is None and number == table.step
    return LessonView(
        step=number + 1,
        title=tr.gettext("Learn to play: step {n} of {total}", n=number + 1, total=LAST + 1),
        text=WORDS[step.topic](tr),
        note=note,
        next_label=(tr.gettext("Finish") if number == LAST else tr.gettext("Next")) if reading
        else "",
        leave_label=tr.gettext("Leave the lesson"),
        focus=focus + FOCUS.get(step.topic, ()),
        legend=suit_tip_view(tr).suits if step.topic == "suits" else (),
        keyboard=NEXT if reading else keyboard(step),
        key_note=tr.gettext("Press Enter to go on.") if reading else "",
    )


def keyboard(step: Step) -> str:
    """What takes the keyboard on a step that asks a move: your hand for a play or a discard,
    else the move's button ("" on a read step: its Next, once the computers' moves are made)."""
    asked = step.asks
    if asked is None:
        return ""
    return HAND if asked.kind in (PLAY, DISCARD) else f'#actions [data-action="{asked.kind}"]'


def reading_table(tr: Translator, table: Table, shown: TableView) -> TableView:
    """The lesson's table while a step is read and the computer players wait for Next: nobody
    is thinking, so no seat is marked to move and the prompt says what the table waits for."""
    session = table.session
    if session is None or not session.computer_to_move() or not waits(table.step, session):
        return shown
    you, right, left = (seat._replace(to_move=False) for seat in shown.seats)
    return shown._replace(prompt=tr.gettext("Read this step first, then press Next."),
                          seats=(you, right, left))


assert set(WORDS) == {step.topic for step in STEPS}
assert len(SCRIPT) == STEPS[LAST].at
