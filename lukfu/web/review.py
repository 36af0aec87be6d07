"""The coach's review in words and as the page shows it: each decision's verdict, what it cost
and why the better move is better.

Plain Python (no ``js``). The judging is ``lukfu.coach``'s; here are its words, for the page and
for ``python -m lukfu.coach``, and the review panel's view.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lukfu import Action, classify, parse_action
from lukfu.actions import CALL, CLAIM, DISCARD, PASS
from lukfu.i18n import N_, Translator
from lukfu.web.model import Coaching
from lukfu.web.naming import cards_in_sentence, play_in_sentence
from lukfu.web.text import HINT_REASONS

VERDICTS = {"good": N_("good"), "mistake": N_("a mistake"), "blunder": N_("a blunder")}
# A decision in one line, by verdict: the move made, then the verdict.
LINES = {"good": N_("{move}: good."), "mistake": N_("{move}: a mistake."),
         "blunder": N_("{move}: a blunder.")}

# Why the better move is better, by ``lukfu.coach.REASONS`` code (else the Hint's reasons).
REASONS = {
    "cash-first": N_("Cash this unbeatable play before claiming: it raises your F."),
    "claim-now": N_("Your F already wins: claim now, playing on could only lose it."),
    "old-spent": N_("This play spends an Old card where a plain card wins the same."),
    "breaks-combination": N_("This discard breaks a set, a run or an Old card you could still use."),
    "call-out-of-reach": N_("This call needs six fu your hand is unlikely to reach."),
    "pass-strong": N_("This hand can reach six fu: playing the deal was worth it."),
    "beatable-lead": N_("This lead can be beaten; the better lead cannot."),
}

ACCURACY = N_("Accuracy is the share of your decisions that lost less than a quarter of a point.")


def verdict_text(tr: Translator, verdict: str) -> str:
    return tr.gettext(VERDICTS[verdict])


def reason_text(tr: Translator, code: str) -> str:
    """One sentence: why the better move is better."""
    if code in REASONS or code == "claim":
        return tr.gettext(REASONS.get(code, REASONS["claim-now"]))
    return tr.gettext(HINT_REASONS[code])


# --- the review panel's view ------------------------------------------------------------------


class DecisionView(NamedTuple):
    """One decision in the review: ``loss`` is a plain decimal ("0.42", whatever the language),
    the page's ``data-loss``; ``verdict`` its ``data-verdict``."""

    move_number: int
    move: str  # the move made, in words
    verdict: str  # "good", "mistake" or "blunder"
    verdict_text: str
    loss: str
    loss_text: str  # "0.42 points lost", in the language's digits ("" when good)
    better: str  # the better move, in words ("" when good)
    why: str
    line: str  # the decision in one line: the move and its verdict
    detail: str  # what it cost, the better move and why ("" when good)
    best: str = ""  # the better move as an action's text ("C7 C8 C9"), for the replay's cards


class ReviewView(NamedTuple):
    title: str
    progress: float | None  # 0–1 while the coach thinks, None once done
    progress_text: str
    decisions: tuple[DecisionView, ...]
    summary: str
    accuracy_note: str
    close_label: str  # "Cancel" while it thinks, "Close" once done
    show_label: str = ""  # a mistake's or blunder's button: the replay at that decision


def action_text(tr: Translator, action: Action) -> str:
    """A move in words: "call", "pass", "claim", "discard 2 of Coins face down", "7 of Coins"."""
    if action.kind == CALL:
        return tr.gettext("play the deal (call)")
    if action.kind == PASS:
        return tr.gettext("pass")
    if action.kind == CLAIM:
        return tr.gettext("claim")
    if action.kind == DISCARD:
        return tr.gettext("discard {cards} face down", cards=cards_in_sentence(tr, action.cards))
    play = classify(action.cards)
    assert play is not None
    return play_in_sentence(tr, play)


def decision_view(tr: Translator, decision: dict[str, Any]) -> DecisionView:
    verdict = str(decision["verdict"])
    loss = float(decision["loss"])
    good = verdict == "good"
    move = action_text(tr, parse_action(str(decision["move"])))
    loss_text = "" if good else tr.gettext("{points} points lost", points=tr.decimal(loss))
    better = "" if good else action_text(tr, parse_action(str(decision["best"])))
    why = "" if good else reason_text(tr, str(decision["reason"]))
    return DecisionView(
        move_number=int(decision["move_number"]), move=move, verdict=verdict,
        verdict_text=verdict_text(tr, verdict), loss=f"{loss:.2f}", loss_text=loss_text,
        better=better, why=why,
        line=tr.gettext(LINES[verdict], move=move),
        detail="" if good else tr.gettext("{lost}. Better: {better}. {why}", lost=loss_text,
                                          better=better, why=why),
        best="" if good else str(decision["best"]),
    )


def review_view(tr: Translator, coaching: Coaching | None) -> ReviewView | None:
    """The review panel, once the player opened it."""
    if coaching is None or not coaching.open:
        return None
    title = tr.gettext("Review of this deal")
    summary = coaching.summary
    if summary is None:
        percent = round(100 * coaching.progress)
        return ReviewView(title, coaching.progress,
                          tr.gettext("The coach is looking at your decisions: {percent}%", percent=percent),
                          (), "", "", tr.gettext("Cancel"))
    decisions = tuple(decision_view(tr, d) for d in summary["decisions"])
    mistakes, blunders = int(summary["mistakes"]), int(summary["blunders"])
    if decisions:
        counted = tr.gettext(
            "{lost} points lost in {decisions}; {mistakes}, {blunders}. Accuracy: {accuracy}%.",
            lost=tr.decimal(float(summary["total_loss"])),
            decisions=tr.ngettext("{n} decision", "{n} decisions", len(decisions)),
            mistakes=tr.ngettext("{n} mistake", "{n} mistakes", mistakes),
            blunders=tr.ngettext("{n} blunder", "{n} blunders", blunders),
            accuracy=round(100 * float(summary["accuracy"])))
    else:
        counted = tr.gettext("You had no decision to make in this deal.")
    return ReviewView(title, None, "", decisions, counted, tr.gettext(ACCURACY), tr.gettext("Close"),
                      tr.gettext("Show it on the cards"))
