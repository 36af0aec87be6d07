"""The renderer's regions, drawn in their order: the one view in, the page's DOM out.

Page-only, MicroPython (imports ``js`` through the regions).
"""

from lukfu.web.dom.render.lesson import LessonPanel
from lukfu.web.dom.render.panels import Panels
from lukfu.web.dom.render.puzzle import PuzzlePanel
from lukfu.web.dom.render.review import ReviewPanel
from lukfu.web.dom.render.table import Table

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from collections.abc import Iterator

    from lukfu.web.page import PageView


class Renderer:
    def __init__(self) -> None:
        self.table = Table()
        self.panels = Panels()
        self.review = ReviewPanel()
        self.lesson = LessonPanel()
        self.puzzle = PuzzlePanel()

    def regions(self, page: "PageView") -> "Iterator[str]":
        """Draw the view ``page``, a region at a time: a generator that pauses after each
        region drawn (the caller goes on at once, or lets the page answer the player first)."""
        self.table.read_places(page)  # before any region writes
        self.panels.render(page)  # the page's words first: the table's region is in them
        yield "panels"
        self.table.render(page, failed=page.failure is not None)
        yield "table"
        self.review.render(page.review)
        self.lesson.render(page.lesson)
        self.puzzle.render(page.puzzle, page.puzzles)
        yield "review, lesson and puzzles"
