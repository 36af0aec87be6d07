"""The coach's review in words and as the page shows it: each decision's verdict, what it cost
and why the better move is better.

Plain Python (no ``js``). The judging is ``lukfu.coach``'s; here are its words, for the page and
for ``python -m lukfu.coach``, and the review panel's view.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lukfu import Action, classify, parse_action
from lukfu.actions import CALL, CLAIM, DISCARD, PASS, PLAY
from lukfu.i18n import N_, NP_, Translator
from lukfu.web.model import Coaching
from lukfu.web.naming import by_kind, cards_in_sentence, kinds
from lukfu.web.text import HINT_REASONS

VERDICTS = {"good": N_("good"), "mistake": N_("a mistake"), "blunder": N_("a blunder")}
# A decision in one line, by verdict, the verdict first: "Blunder: you called."
LINES = {"good": N_("Good: {move}."), "mistake": N_("Mistake: {move}."),
         "blunder": N_("Blunder: {move}.")}
# The move you made, as a line's {move} says it; a play named by its kind, as the log names it.
MADE = {CALL: N_("you called"), PASS: N_("you passed"), CLAIM: N_("you claimed"),
        DISCARD: N_("you discarded {cards} face down")}
MADE_PLAY = kinds(NP_("single", "you played {cards}"), NP_("set", "you played {cards}"),
                  NP_("run", "you played {cards}"))
# The better move, as "Better: {better}" says it.
BETTER = {CALL: N_("play the deal (call)"), PASS: N_("pass"), CLAIM: N_("claim"),
          DISCARD: N_("discard {cards} face down")}
BETTER_PLAY = kinds(NP_("single", "play {cards}"), NP_("set", "play {cards}"),
                    NP_("run", "play {cards}"))

# Why the better move is better, by ``lukfu.reasons.REASONS`` code (the Hint's words for its own).
REASONS = {
    "cash-first": N_("Cash this unbeatable play before claiming: it raises your F."),
    "claim-now": N_("Your F = {F} already wins: claim now. Playing on risked more than it could gain."),
    "lead-safe-first": N_("Nobody can beat this lead: play it before you claim, and the lead "
                          "stays yours."),
    "raise-F-first": N_("If this play wins the trick, your F rises before you claim: playing on "
                        "was worth the risk."),
    "old-spent": N_("This play spends an Old card where a plain card wins the same."),
    "breaks-combination": N_("This discard breaks a set, a run or an Old card you could still use."),
    "call-out-of-reach": N_("With this call you won only {percent}% of the coach's sampled deals. "
                            "Your Old cards count in F from the start, but only tricks won with "
                            "your other cards raise it."),
    "pass-strong": N_("Calling won {percent}% of the coach's sampled deals: this hand was worth "
                      "playing."),
    "beatable-lead": N_("This lead can be beaten; the better lead cannot."),
    "won-more": N_("With it you won {best}% of the coach's sampled deals; with your move, {made}%."),
    "scored-more": N_("Over the coach's sampled deals it scored {points} points more on average."),
}

ACCURACY = N_("Accuracy is the share of your decisions that lost less than a quarter of a point.")


def verdict_text(tr: Translator, verdict: str) -> str:
    return tr.gettext(VERDICTS[verdict])


def reason_text(tr: Translator, decision: dict[str, Any]) -> str:
    """One sentence: why the better move is better (``decision`` as ``lukfu.coach.summary``
    gives it)."""
    code = str(decision["reason"])
    if code not in REASONS:
        return tr.gettext(HINT_REASONS[code])
    won_best, won_made = (round(100 * float(share)) for share in decision.get("won", (0, 0)))
    return tr.gettext(REASONS[code], F=int(decision.get("F", 0)), best=won_best, made=won_made,
                      percent=won_made if code == "call-out-of-reach" else won_best,
                      points=tr.decimal(float(decision["loss"])))


# --- the review panel's view ------------------------------------------------------------------


class DecisionView(NamedTuple):
    """One decision in the review: ``loss`` is a plain decimal ("0.42", whatever the language),
    the page's ``data-loss``; ``verdict`` its ``data-verdict``."""

    move_number: int
    move: str  # the move made, in words
    verdict: str  # "good", "mistake" or "blunder"
    verdict_text: str
    loss: str
    loss_text: str  # "0.42 points lost", in the language's digits ("" when nothing was lost)
    better: str  # the better move, in words ("" when nothing was lost)
    why: str
    line: str  # the decision in one line: the move and its verdict
    detail: str  # what it cost, the better move and why ("" when nothing was lost)
    best: str = ""  # the better move as an action's text ("C7 C8 C9"), for the replay's cards
    play_from: str = ""  # "Play from here" at this decision: its button's accessible name, the
    #                      move's number and words ("" for none; `lukfu.web.practice` fills it)


class ReviewView(NamedTuple):
    title: str
    progress: float | None  # 0–1 while the coach thinks, None once done
    progress_text: str
    decisions: tuple[DecisionView, ...]
    summary: str
    accuracy_note: str
    close_label: str  # "Cancel" while it thinks, "Close" once done
    show_label: str = ""  # a mistake's or blunder's button: the replay at that decision
    play_from_label: str = ""  # each decision's button: practice from there (`practice`)


def action_text(tr: Translator, action: Action, made: bool = False) -> str:
    """A move in words: as the better move ("play the deal (call)", "discard 2 of Coins face
    down", "play 7 of Coins"), or with ``made`` as the move you made ("you called", "you played
    the run 3–5 of Strings" where the language names the kind)."""
    if action.kind != PLAY:
        words = (MADE if made else BETTER)[action.kind]
        return tr.gettext(words, cards=cards_in_sentence(tr, action.cards))
    play = classify(action.cards)
    assert play is not None
    return by_kind(tr, MADE_PLAY if made else BETTER_PLAY, play)


def decision_view(tr: Translator, decision: dict[str, Any]) -> DecisionView:
    """One decision; any loss is shown with the better move and why, a good decision's too (a
    loss too small to be a mistake still counts in the review's total)."""
    verdict = str(decision["verdict"])
    loss = float(decision["loss"])
    lost = loss > 0
    move = action_text(tr, parse_action(str(decision["move"])), made=True)
    loss_text = tr.gettext("{points} points lost", points=tr.decimal(loss)) if lost else ""
    better = action_text(tr, parse_action(str(decision["best"]))) if lost else ""
    why = reason_text(tr, decision) if lost else ""
    if not lost:
        detail = ""
    elif verdict == "good":
        detail = tr.gettext("{lost}: too little for a mistake. Better: {better}. {why}",
                            lost=loss_text, better=better, why=why)
    else:
        detail = tr.gettext("{lost}. Better: {better}. {why}", lost=loss_text, better=better, why=why)
    detail = detail.rstrip()  # (a reason may be missing: nothing after the sentence before it)
    return DecisionView(
        move_number=int(decision["move_number"]), move=move, verdict=verdict,
        verdict_text=verdict_text(tr, verdict), loss=f"{loss:.2f}", loss_text=loss_text,
        better=better, why=why, line=tr.gettext(LINES[verdict], move=move), detail=detail,
        best=str(decision["best"]) if lost else "",
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
                          tuple(decision_view(tr, d) for d in coaching.judged), "", "", tr.gettext("Cancel"))
    decisions = tuple(decision_view(tr, d) for d in summary["decisions"])
    mistakes, blunders = int(summary["mistakes"]), int(summary["blunders"])
    if decisions:
        counted = tr.gettext(
            "{lost} points lost in {decisions}; {mistakes}, {blunders}. Accuracy: {accuracy}%.",
            lost=tr.decimal(float(summary["total_loss"])),
            decisions=tr.ngettext("{n} decision", "{n} decisions", len(decisions)),
            mistakes=tr.ngettext("{n} mistake", "{n} mistakes", mistakes),
            blunders=tr.ngettext("{n} blunder", "{n} blunders", blunders),
            accuracy=round(100 * float(summary["accuracy"])))
    else:
        counted = tr.gettext("You had no decision to make in this deal.")
    return ReviewView(title, None, "", decisions, counted, tr.gettext(ACCURACY), tr.gettext("Close"),
                      tr.gettext("Show it on the cards"))
