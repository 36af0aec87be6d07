"""The table explains its own words: a sentence for each game word where it stands (Old, fu,
F, S, Master, Caller, the passed Master's lead limit), and what calling risks.

Plain Python (no ``js``): `view` puts these sentences into the table's view, the renderer shows
them on hover, keyboard focus and long press, and ties them to their words for screen readers
(``aria-describedby``).  The sentences say what RULES.md says, in the player's language.
"""

from __future__ import annotations

from lukfu.i18n import N_, Translator

OLD, FU, F, S, MASTER, PASSED_MASTER, CALLER = (
    "old", "fu", "F", "S", "master", "passed-master", "caller")

# Translators: each explanation is shown in a small bubble beside the word it explains.
TERMS = {
    OLD: N_("Old: nothing can beat this card any more, because it is a 9, Mau Gung or Bak Chi, "
            "or every higher card of its suit is in your hand or was played face up."),
    FU: N_("fu: each of your own cards in a trick you win is one fu; six are needed to win."),
    F: N_("F = fu + the Old cards in your hand: with six or more you may claim before you "
          "lead."),
    S: N_("S = F − 5, the winner’s score: one point for six, and one more for each beyond."),
    MASTER: N_("Master: picked at random, decides first whether to play this deal, and leads "
               "the first trick."),
    PASSED_MASTER: N_("Passed Master: passed while another player called, so may never lead "
                      "four of a rank or a run of four or more."),
    CALLER: N_("Caller: chose to play this deal; if anyone else wins, the caller alone pays "
               "the winner 2 × S."),
}

MARK_TERMS = {"master": MASTER, "caller": CALLER}  # a seat's mark (view.Mark.kind): its term


def term(tr: Translator, name: str) -> str:
    """The one-sentence explanation of the game word ``name`` (OLD, FU, …).

    >>> term(Translator(), F)
    'F = fu + the Old cards in your hand: with six or more you may claim before you lead.'
    """
    return tr.gettext(TERMS[name])


def call_risk(tr: Translator) -> str:
    """What calling risks (RULES §8), said while you decide whether to play this deal."""
    return tr.gettext("If you play this deal and someone else wins, you alone pay the winner "
                      "2 × S; the third player pays nothing.")
