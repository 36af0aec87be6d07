"""The coach's review in words: each decision's verdict and why the better move is better.

Plain Python (no ``js``). The judging is ``lukfu.coach``'s; here are its words, for the page and
for ``python -m lukfu.coach``.
"""

from __future__ import annotations

from lukfu.i18n import N_, Translator
from lukfu.web.text import HINT_REASONS

VERDICTS = {"good": N_("good"), "mistake": N_("a mistake"), "blunder": N_("a blunder")}

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
