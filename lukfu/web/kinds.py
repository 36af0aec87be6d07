"""The kinds of table: a free deal, a shared deal, the guided lesson, practice, a puzzle, and what
each one answers.

Plain Python (no ``js``).  Whatever the page does differently at one kind of table than at
another is a question to the table's `TableKind` (``model.table.kind``), answered here and
nowhere else: whether it is saved, counted, reviewed, hinted, replayed, shared, scripted.  A
new kind (a daily deal, a puzzle) is one more row.

>>> FREE.withheld, sorted(LESSON.withheld)
(frozenset(), ['copy-link', 'hint', 'new-deal', 'replay', 'review'])
>>> KINDS["shared"] == SHARED, SHARED.counted, LESSON.counted, PRACTICE.counted
(True, True, False, False)
"""

from __future__ import annotations

from typing import NamedTuple


class TableKind(NamedTuple):
    """What a table of this kind is, as yes-or-no answers."""

    name: str  # as a save names it
    dealt: bool  # dealt from a deal number: a save's cards must be the ones the number deals,
    #              the end says the number, and its links (replay, share) deal it again
    saved: bool  # kept in the browser after every move: a reload resumes it
    counted: bool  # a finished deal goes into the statistics and the tab's running score
    reviewed: bool  # the coach reviews it ("Review this deal", and as it ends if the coach is on)
    hinted: bool  # "Hint" is offered
    replayed: bool  # the finished deal can be told again, step by step
    scripted: bool  # every move is the lesson's script, told step by step (`learning`): the
    #                 computer players' level plays no part, and the lesson's own buttons stand
    #                 for "New deal"
    practised: bool = False  # played on from a moment of a finished deal (its ``step``: the
    #                          moves made before it), for practice: said on the table, and
    #                          offered again from there at its end (`practice`)
    puzzled: bool = False  # a puzzle's position (`puzzling`): your first move there is judged,
    #                        not played, and its own buttons stand for "New deal"

    @property
    def withheld(self) -> frozenset[str]:
        """The buttons (``data-action``) a table of this kind does not offer."""
        offered = {"copy-link": self.dealt, "review": self.reviewed, "hint": self.hinted,
                   "replay": self.replayed, "new-deal": not (self.scripted or self.puzzled)}
        return frozenset(name for name, yes in offered.items() if not yes)


FREE = TableKind("free", dealt=True, saved=True, counted=True, reviewed=True, hinted=True,
                 replayed=True, scripted=False)
"""A deal dealt at random: "New deal", or the first one."""

SHARED = FREE._replace(name="shared")
"""A deal named by the address (``?seed=``, ``?deal=``: a shared link, or the end's "Play it
again"); opened over a deal in progress, it keeps that one to go back to (`update.ready`)."""

LESSON = TableKind("lesson", dealt=False, saved=True, counted=False, reviewed=False,
                   hinted=False, replayed=False, scripted=True)
"""The guided first deal (`lukfu.lesson`'s fixed hands and script)."""

PRACTICE = FREE._replace(name="practice", counted=False, practised=True)
"""A finished deal played on from one of your decisions in its review ("Play from here"): the
same cards and computer players, never counted; its own end can be reviewed (not counted
either) and played from again."""

PUZZLE = TableKind("puzzle", dealt=False, saved=False, counted=False, reviewed=False,
                   hinted=False, replayed=False, scripted=False, puzzled=True)
"""A puzzle (`lukfu.puzzles`): a position of a real deal, your move judged from the stored
losses, then played out against the computer players if you like; never saved (the deal it
was opened over stays the saved one, and comes back when you leave), never counted."""

KINDS = {kind.name: kind for kind in (FREE, SHARED, LESSON, PRACTICE)}
"""Every kind a save can hold, by the name it gives it (a puzzle is never saved)."""
