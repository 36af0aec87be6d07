"""The guided first deal as the page shows it: each step's words, what it points at, its buttons.

Plain Python (no ``js``), tested under CPython.  The steps are `lukfu.lesson`'s; here each
``topic`` gets one or two short sentences in the player's language, with the cards named by
`text` (so a language switch rewords the step), and the reason the asked move is the lesson
when the player makes another.  ``focus`` lists the page's elements the step talks about (CSS
selectors) for the renderer to highlight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lukfu import Card, classify, parse_cards
from lukfu.i18n import Translator
from lukfu.lesson import LAST, SCRIPT, STEPS, shown_step
from lukfu.web import naming
from lukfu.web.faces import suit_tip_view
from lukfu.web.model import Model


class LessonView(NamedTuple):
    step: int  # the step on show, from 1 (the table's data-lesson-step)
    title: str  # "Learn to play: step 3 of 15"
    text: str
    note: str  # why the move you made is not this step's ("" when there is none)
    next_label: str  # "Next" or "Finish" on a step that is read; "" when it asks a move
    leave_label: str
    focus: tuple[str, ...]  # CSS selectors of what the step talks about
    legend: tuple[tuple[str, str], ...] = ()  # the suits' pictures and names, low to high


def _card(tr: Translator, code: str) -> str:
    return naming.card_in_sentence(tr, Card.parse(code))


def _play(tr: Translator, codes: str) -> str:
    play = classify(parse_cards(codes))
    assert play is not None
    return naming.play_in_sentence(tr, play)


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


def _call(tr: Translator) -> str:
    return tr.gettext(
        "You are the Master, so you decide first: play this deal as the caller, against the "
        "other two, or pass. If anyone but the caller wins, the caller alone pays the winner "
        "2 × S, and this hand has few high cards: pass.")


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
        "The best play wins the trick: Right takes it, with 1 fu, one for each of Right's own "
        "cards in it. Whoever wins a trick leads the next one.")


def _set(tr: Translator) -> str:
    return tr.gettext(
        "Right leads a set, {led}, and Left discards three cards face down. Whoever can beat the "
        "best play must: beat it with your higher set, {play}.",
        led=_play(tr, "C5 M5 T5"), play=_play(tr, "C7 S7 T7"))


def _won(tr: Translator) -> str:
    return tr.gettext(
        "Your set is the best play: the trick is yours, with 3 fu, one for each of your cards in "
        "it, and you lead next.")


def _run(tr: Translator) -> str:
    return tr.gettext(
        "Lead a run, three or more cards of one suit in a row: {play}. {four} would be a run of "
        "four, and a passed Master may never lead a run of four or more, nor a set of four.",
        play=_play(tr, "S3 S4 S5"), four=_play(tr, "S2 S3 S4 S5"))


def _higher_suit(tr: Translator) -> str:
    return tr.gettext(
        "Right beat your run with {play}: a run in a higher suit beats any run of the same "
        "length in a lower suit. Right takes the trick and 3 fu, one for each of Right's cards "
        "in it, and leads.", play=_play(tr, "M1 M2 M3"))


def _discard(tr: Translator) -> str:
    return tr.gettext(
        "Left beat Right's {led} with {card}, and you hold no higher String: discard face down "
        "as many cards as the best play has, one. Give up {junk}, a card that can win no trick.",
        led=_card(tr, "S6"), card=_card(tr, "S8"), junk=_card(tr, "C2"))


def _keep_old(tr: Translator) -> str:
    return tr.gettext(
        "Left leads {led}. Both {card} and {nine} beat it: play {card}, and keep {nine}, because "
        "an Old card counts towards your claim for as long as you hold it.",
        led=_card(tr, "M4"), card=_card(tr, "M6"), nine=_card(tr, "M9"))


def _claim(tr: Translator) -> str:
    return tr.gettext(
        "You won the trick and have {fu} fu. F is your fu plus your Old cards, {fu} + {old} = "
        "{F}, and at 6 or more the player about to lead may claim: claim now, before anyone else "
        "can.",
        fu=4, old=2, F=6)


def _score(tr: Translator) -> str:
    return tr.gettext(
        "Your claim ends the deal with F = {F}, so you score S = F − 5 = {S}. A non-caller who "
        "wins takes 2 × S from the caller: Right pays you {won}, Left pays nothing. Had Right "
        "won, you and Left would each have paid S.", F=6, S=1, won=2)


WORDS: dict[str, Callable[[Translator], str]] = {
    "suits": _suits, "old": _old, "call": _call, "caller": _caller, "single": _single,
    "beaten": _beaten, "fu": _fu, "set": _set, "won": _won, "run": _run,
    "higher-suit": _higher_suit, "discard": _discard, "keep-old": _keep_old, "claim": _claim,
    "score": _score,
}


def _why(tr: Translator, topic: str) -> str:
    """One sentence: why the step asks for its move rather than the one you made."""
    if topic == "call":
        return tr.gettext("Pass here: this hand is too weak to play alone against two.")
    if topic == "single":
        return tr.gettext("Lead {card}: your {seven} belongs with your other 7s, to beat a set "
                          "later.", card=_card(tr, "T4"), seven=_card(tr, "T7"))
    if topic == "run":
        return tr.gettext("Lead {play}: of the runs you may lead, its top card is the highest, "
                          "so it is the hardest to beat.", play=_play(tr, "S3 S4 S5"))
    if topic == "discard":
        return tr.gettext("Discard {junk}: it can never win a trick, as the only lower Coin is "
                          "Mau Gung, which nobody beats; your Myriads still can, and Mau Gung "
                          "counts towards your claim.", junk=_card(tr, "C2"))
    if topic == "keep-old":
        return tr.gettext("Play {card}: keeping the Old {nine} is what will let you claim.",
                          card=_card(tr, "M6"), nine=_card(tr, "M9"))
    if topic == "claim":
        return tr.gettext("Claim now: if you play on, another player may claim first.")
    return ""  # (the set's step: its play is the only legal move, so no other can be made)


# What each step points at, besides the cards it asks you to play.
FOCUS = {
    "suits": ("#hand",),
    "old": ('#hand [data-card="M9"]', '#hand [data-card="C1"]'),
    "call": ('[data-seat="0"] .seat-marks', '#actions [data-action="call"]',
             '#actions [data-action="pass"]'),
    "caller": ('[data-seat="1"] .seat-marks', '[data-seat="0"] .seat-marks'),
    "beaten": ("#trick",),
    "fu": ('[data-seat="1"] .seat-score',),
    "set": ("#trick",),
    "won": ('[data-seat="0"] .seat-score',),
    "higher-suit": ("#trick",),
    "discard": ("#trick",),
    "keep-old": ('#hand [data-card="M9"]',),
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
    )


assert set(WORDS) == {step.topic for step in STEPS}
assert len(SCRIPT) == STEPS[LAST].at
