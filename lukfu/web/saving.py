"""What the page keeps in the browser between visits, and what it says when it cannot.

Plain Python (no ``js``): the storage keys, a save read back with its kind of table, the tab's
running score, and the notices for a save that cannot be resumed (one for each
``lukfu.saves`` problem kind), for statistics that cannot be read back, and for storage that
is full or turned off.  Saving and reading are ``lukfu.saves`` and ``lukfu.stats``; `update`
decides what to keep, `effects` keeps it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from lukfu import saves
from lukfu.i18n import N_, Translator
from lukfu.lesson import LAST, follows_script
from lukfu.session import Session
from lukfu.web.kinds import KINDS, TableKind

SAVE_KEY = "lukfu.save"  # the table, the lesson's too (lukfu.saves: versioned inside)
ASIDE_KEY = "lukfu.save.aside"  # a deal in progress that a shared link's deal replaced
STATS_KEY = "lukfu.statistics"  # the statistics (lukfu.stats: versioned inside)
DAYS_KEY = "lukfu.days"  # your days' results and pars (lukfu.days: versioned inside)
TOTALS_KEY = "lukfu.totals"  # sessionStorage: this tab's running score (Totals.to_text)
STATS_FILE = "lukfu-statistics.json"  # the export's file name
MAX_IMPORT_BYTES = 1_000_000  # far more than an export can hold

SAVE_PROBLEMS = {
    saves.DAMAGED: N_("Your saved deal could not be read: it is damaged or incomplete. "
                      "Here is a new deal."),
    saves.VERSION: N_("Your saved deal comes from another version of the game and cannot be "
                      "resumed. Here is a new deal."),
    saves.CHECK: N_("Your saved deal was changed outside the game, so it cannot be trusted. "
                    "Here is a new deal."),
    saves.IMPOSSIBLE: N_("Your saved deal holds cards or moves that cannot happen, so it cannot "
                         "be resumed. Here is a new deal."),
}


def read_table(text: str) -> tuple[TableKind, saves.Saved]:
    """A save read back (``lukfu.saves.read_save``) with the kind of table it was on, which
    must be one this version knows, and its cards ones that kind deals: dealt from the deal's
    number, or the lesson's, played by its script; a practice's starts where you decided.
    Anything else raises `saves.SaveProblem`."""
    saved = saves.read_save(text)
    kind = KINDS.get(saved.table)
    if kind is None:  # (a kind of table a later version brought)
        raise saves.SaveProblem(saves.VERSION, f"table: no kind of table named {saved.table!r}")
    if kind.dealt != saved.dealt:
        raise saves.SaveProblem(saves.IMPOSSIBLE, f"start: not how a {kind.name} table is dealt")
    if kind.scripted and (saved.step > LAST or not follows_script(saved.session)):
        raise saves.SaveProblem(saves.IMPOSSIBLE, "session: not the lesson's deal and script")
    if kind.practised and practice_start(saved.session, saved.step) is None:
        raise saves.SaveProblem(saves.IMPOSSIBLE, "step: not a decision of yours to practise from")
    return kind, saved


def practice_start(session: Session, move: int) -> Session | None:
    """Where a practice of ``session``'s deal starts from "Play from here" at its action
    ``move``: the deal just before it (`Session.before`), if you were to move there; else None.

    >>> passed = Session.new(5, 1).run()  # Right, the Master, and Left passed: your turn
    >>> practice_start(passed, 2).state.history, practice_start(passed, 1)  # (Left's turn)
    ((parse_action('pass'), parse_action('pass')), None)
    """
    if not 0 <= move <= len(session.state.history):
        return None
    start = session.before(move)
    return start if start.waiting_for_person() else None


def save_problem_text(tr: Translator, kind: str) -> str:
    """The notice for a save that cannot be resumed (``kind`` is a ``lukfu.saves`` kind)."""
    return tr.gettext(SAVE_PROBLEMS.get(kind, SAVE_PROBLEMS[saves.DAMAGED]))


def storage_text(tr: Translator) -> str:
    """The notice, once a visit, when the browser refuses to store anything."""
    return tr.gettext(
        "This browser is not keeping your game: its storage is full or turned off (as in a "
        "private window). You can play on, but a reload will start a new deal, and your "
        "statistics will not be kept.")


def stats_problem_text(tr: Translator) -> str:
    return tr.gettext(
        "Your saved statistics could not be read, so they start again from zero.")


def aside_text(tr: Translator) -> str:
    """The notice when a shared link's deal replaces a deal in progress, which is kept."""
    return tr.gettext("Here is the deal from the link. Your unfinished deal is kept: you can "
                      "go back to it.")


def go_back_label(tr: Translator) -> str:
    return tr.gettext("Go back to my deal")


def resumed_text(tr: Translator) -> str:
    return tr.gettext("Your deal goes on where you left it.")


SHEET_LENGTH = 200  # deals of a visit kept on its score sheet (its totals count them all)


class Totals(NamedTuple):
    """Each seat's points over the deals finished in this tab (this one included), and each of
    those deals' net points, for the visit's score sheet (the last `SHEET_LENGTH`)."""

    points: tuple[int, int, int]
    deals: int
    sheet: tuple[tuple[int, int, int], ...] = ()

    def add(self, net: tuple[int, int, int]) -> Totals:
        """These totals with one more deal's net points.

        >>> Totals((2, -1, -1), 1, ((2, -1, -1),)).add((0, 4, -4))
        Totals(points=(2, 3, -5), deals=2, sheet=((2, -1, -1), (0, 4, -4)))
        """
        a, b, c = self.points
        return Totals((a + net[0], b + net[1], c + net[2]), self.deals + 1,
                      (*self.sheet, tuple(net))[-SHEET_LENGTH:])  # type: ignore[arg-type]

    def to_text(self) -> str:
        """The totals as kept in the tab's storage, so that a reload keeps the running score
        and the score sheet: the totals and the count, then each deal's net points.

        >>> Totals((2, 3, -5), 2, ((2, -1, -1), (0, 4, -4))).to_text()
        '2 3 -5 2;2 -1 -1;0 4 -4'
        """
        return ";".join(" ".join(str(n) for n in numbers)
                        for numbers in ((*self.points, self.deals), *self.sheet))

    @classmethod
    def from_text(cls, text: str | None) -> Totals:
        """Totals read back from ``to_text``; none yet (or anything else) is a fresh start.  A
        sheet that does not add up to the totals is left out (the totals stand).

        >>> Totals.from_text("2 3 -5 2;2 -1 -1;0 4 -4").sheet, Totals.from_text(None).deals
        (((2, -1, -1), (0, 4, -4)), 0)
        >>> Totals.from_text("2 3 -5 2"), Totals.from_text("2 x").deals
        (Totals(points=(2, 3, -5), deals=2, sheet=()), 0)
        """
        parts = (text or "").split(";")
        numbers = parts[0].split()
        if len(numbers) != 4 or not all(re.fullmatch(r"-?\d{1,9}", n) for n in numbers):
            return cls((0, 0, 0), 0)
        a, b, c, deals = (int(n) for n in numbers)
        if deals <= 0 or a + b + c != 0:
            return cls((0, 0, 0), 0)
        sheet = []
        for part in parts[1:]:
            row = part.split()
            if len(row) != 3 or not all(re.fullmatch(r"-?\d{1,4}", n) for n in row):
                return cls((a, b, c), deals)
            sheet.append((int(row[0]), int(row[1]), int(row[2])))
        each_adds_up = all(sum(row) == 0 for row in sheet)
        if len(sheet) == deals:  # every deal of the visit: together they make the totals
            kept = each_adds_up and tuple(map(sum, zip(*sheet, strict=True))) == (a, b, c)
        else:  # a long visit: its last deals only
            kept = each_adds_up and len(sheet) == SHEET_LENGTH < deals
        return cls((a, b, c), deals, tuple(sheet) if kept else ())
