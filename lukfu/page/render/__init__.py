"""The renderer: the only code that writes the page's DOM, region by region.

Page-only, MicroPython (imports ``js``).  `Renderer.render` copies the worker's view (a
`lukfu.web.page.PageView`, read through `lukfu.page.data`) into the page: `table` (seats,
trick, hand, buttons), `panels` (static words, log, notices, settings, statistics, failure,
dialog), `review` (the coach's) and `lesson` (the guided deal's), with `motion` moving the cards.
"""

from lukfu.page.render.lesson import LessonPanel
from lukfu.page.render.panels import Panels
from lukfu.page.render.review import ReviewPanel
from lukfu.page.render.table import Table


class Renderer:
    def __init__(self) -> None:
        self.table = Table()
        self.panels = Panels()
        self.review = ReviewPanel()
        self.lesson = LessonPanel()

    def render(self, page: object) -> None:
        self.panels.render(page)  # the page's words first: the table's region is in them
        self.table.render(page, failed=page.failure is not None)
        self.review.render(page.review)
        self.lesson.render(page.lesson)

    def focus_card(self, index: int) -> None:
        self.table.focus_card(index)
