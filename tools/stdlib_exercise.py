"""Everything the game does, once, in the page's Python: run by tools/stdlib.mjs inside Pyodide.

tools/stdlib.py runs it to learn which standard library modules the game imports (they are then
in ``sys.modules``), and tests/test_stdlib.py runs it again on the trimmed standard library,
where a missing module fails it.  ``exercise(args)`` imports every module of the game, plays
whole deals through the page's own update code (tests/driver.py, the page without a browser):
a hint, the coach's review, a replay, the statistics exported and imported, a reload that
restores a saved deal, the guided deal, every language's catalog; then imports what the modules
that cannot be run here import at once (found by reading them).

Its own imports are only the game's, so that it adds nothing to what is traced.  It fails (an
exception) when a module cannot be imported, or when the deal does not go as it must.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

PAGE_ONLY = "js"  # the browser's objects: a module that imports one of them at once is page-side


def import_all(names: list[str]) -> list[str]:
    """Import the game's modules ``names``; return those that need the page (``js.document``…).

    Any other failure to import (a missing standard library module) is raised."""
    page_side = []
    for name in names:
        try:
            __import__(name)
        except ImportError as error:
            if error.name != PAGE_ONLY:
                raise
            page_side.append(name)
    return page_side


def play(locales: str) -> list[str]:
    """Whole deals through the page's update code; return what was seen, for the report."""
    import driver

    from lukfu.i18n import OFFERED, catalog_path
    from lukfu.web.saving import STATS_KEY

    # The catalogs as the page fetches them: from locales/, not from beside the game's archive.
    def fetched(language: str, root: Path = Path(locales)) -> Path:
        return catalog_path(language, root)

    driver.catalog_path = fetched  # type: ignore[attr-defined]
    # The coach's review runs through the same code as the page's, on a sixteenth of its deals
    # (what is imported is the same; the figures are tests/test_page_review.py's).
    page = driver.Driver("?seed=12&master=0&delay=0", coach=True, judging=driver.QUICK).start()
    page.settle(only_computers=True)
    spoken = []  # every language's catalog read first (a missing module fails at once)
    for code in OFFERED:
        page.send(("setting", "language", code))
        page.settle(only_computers=True)
        if page.view.language != code:
            raise AssertionError(f"the page is not in {code}")
        spoken.append(f"{code}: {page.model.visit.tr.gettext('Play')}")
    page.send(("setting", "language", "en"))
    page.settle(only_computers=True)
    page.press("hint")
    page.settle(only_computers=True)
    page.play_to_the_end()
    session = page.model.table.session
    if session is None or not session.is_over or page.table.result is None:
        raise AssertionError("the deal did not end with a result")
    seen = [f"deal {page.table.result.number} over", *spoken]
    page.press("review")
    page.settle()
    page.press("copy-link")
    page.press("export-stats")
    (_name, exported), = page.downloads
    page.send(("file-read", len(exported), exported))
    page.press("import-replace")
    if STATS_KEY not in page.stored:
        raise AssertionError("the statistics were not stored")
    page.press("replay")
    page.settle()
    page.press("replay-close")
    page.press("new-deal")
    page.settle(only_computers=True)
    page.call()
    # A reload mid-deal: the saved deal is restored from storage.
    again = driver.Driver("?delay=0", stored=page.stored, tab=page.tab).start()
    again.settle(only_computers=True)
    before, after = page.model.table.session, again.model.table.session
    if before is None or after is None or after.record() != before.record():
        raise AssertionError("the saved deal was not restored")
    lesson = driver.Driver("", new_player=True).start()
    lesson.press("learn")
    if not lesson.model.table.kind.scripted:
        raise AssertionError("the guided deal did not start")
    lesson.press("lesson-next")
    return seen


async def exercise(args: dict[str, Any]) -> dict[str, Any]:
    """``args``: "game" (the game's modules), "imports" (the standard library modules each of
    them imports at once), "locales" (where the compiled catalogs are), "static" (standard
    library modules to import besides: PyScript's)."""
    phases = {}  # what was imported by the end of each step, for tools/stdlib.txt to say why
    page_side = import_all(list(args["game"]))
    phases["the game's modules"] = sorted(sys.modules)
    seen = play(str(args["locales"]))
    phases["the game's play"] = sorted(sys.modules)
    for name in page_side:
        import_all(list(args["imports"][name]))
    phases["the game's page-side modules"] = sorted(sys.modules)
    import_all(list(args["static"]))
    phases["PyScript's package, read"] = sorted(sys.modules)
    return {"page_side": page_side, "seen": seen, "phases": phases}
