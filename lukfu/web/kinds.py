"""The kinds of table: a free deal, a shared deal, the guided lesson, practice, today's deal, a
friend's challenge, a puzzle, and what each one answers.

Plain Python (no ``js``).  Whatever the page does differently at one kind of table than at
another is a question to the table's `TableKind` (``model.table.kind``), answered here and
nowhere else: whether it is saved, counted, reviewed, hinted, replayed, shared, scripted.  A
new kind (a daily deal, a puzzle) is one more row.

>>> FREE.withheld, sorted(LESSON.withheld)
(frozenset(), ['challenge', 'copy-link', 'hint', 'new-deal', 'replay', 'review'])
>>> KINDS["shared"] == SHARED, SHARED.counted, LESSON.counted, PRACTICE.counted
(True, True, False, False)
>>> sorted({kind.family for kind in KINDS.values()})
['challenge', 'daily', 'free', 'lesson']
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
    family: str = "free"  # what the page calls it (the table's ``data-kind``): "free" (a deal
    #                       of your own: random, shared or practised), "lesson", "daily",
    #                       "challenge", "puzzle"
    puzzled: bool = False  # a puzzle's position (`puzzling`): your first move there is judged,
    #                        not played, and its own buttons stand for "New deal"

    @property
    def withheld(self) -> frozenset[str]:
        """The buttons (``data-action``) a table of this kind does not offer."""
        offered = {"copy-link": self.dealt, "review": self.reviewed, "hint": self.hinted,
                   "replay": self.replayed, "new-deal": not (self.scripted or self.puzzled),
                   "challenge": not (self.scripted or self.puzzled)}
        return frozenset(name for name, yes in offered.items() if not yes)


FREE = TableKind("free", dealt=True, saved=True, counted=True, reviewed=True, hinted=True,
                 replayed=True, scripted=False)
"""A deal dealt at random: "New deal", or the first one."""

SHARED = FREE._replace(name="shared")
"""A deal named by the address (``?seed=``, ``?deal=``: a shared link, or the end's "Play it
again"); opened over a deal in progress, it keeps that one to go back to (`update.ready`)."""

LESSON = TableKind("lesson", dealt=False, saved=True, counted=False, reviewed=False,
                   hinted=False, replayed=False, scripted=True, family="lesson")
"""The guided first deal (`lukfu.lesson`'s fixed hands and script)."""

PRACTICE = FREE._replace(name="practice", counted=False, practised=True)
"""A finished deal played on from one of your decisions in its review ("Play from here"): the
same cards and computer players, never counted; its own end can be reviewed (not counted
either) and played from again."""

DAILY = FREE._replace(name="daily", family="daily")
"""Today's deal (`lukfu.daily`: the same cards and Strong players for everybody), played on its
day and not yet finished that day: counted, and its result kept among your days (`dailies`)."""

DAILY_PRACTICE = DAILY._replace(name="daily-practice", counted=False)
"""An earlier day's deal (``?daily=``), or today's once you have finished it: practice, its par
said all the same."""

CHALLENGE = FREE._replace(name="challenge", family="challenge", saved=False, counted=False,
                          hinted=False)
"""A friend's challenge (``?challenge=``, `challenging`): their deal, in their seat, at their
level; never saved over your own deal nor counted, no hints; at its end both results side by
side, and a replay of how your friend played it."""

PUZZLE = TableKind("puzzle", dealt=False, saved=False, counted=False, reviewed=False,
                   hinted=False, replayed=False, scripted=False, family="puzzle", puzzled=True)
"""A puzzle (`lukfu.puzzles`): a position of a real deal, your move judged from the stored
losses, then played out against the computer players if you like; never saved (the deal it
was opened over stays the saved one, and comes back when you leave), never counted."""

KINDS = {kind.name: kind for kind in (FREE, SHARED, LESSON, PRACTICE, DAILY, DAILY_PRACTICE, CHALLENGE)}
"""Every kind a save can hold, by the name it gives it (a puzzle is never saved)."""
