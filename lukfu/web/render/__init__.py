"""The renderer: the only code that writes the page's DOM, region by region.

Page-only (imports ``js``).  `Renderer.render` copies a `lukfu.web.page.PageView` into the
page: `table` (seats, trick, hand, buttons), `panels` (static words, log, notices, settings,
statistics, failure, dialog), `review` (the coach's) and `lesson` (the guided deal's), with
`motion` moving the cards.
"""

from __future__ import annotations

from lukfu.i18n import Translator
from lukfu.web.page import PageView
from lukfu.web.render.lesson import LessonPanel
from lukfu.web.render.panels import Panels
from lukfu.web.render.review import ReviewPanel
from lukfu.web.render.table import Table


class Renderer:
    def __init__(self) -> None:
        self.table = Table()
        self.panels = Panels()
        self.review = ReviewPanel()
        self.lesson = LessonPanel()

    def render(self, page: PageView, tr: Translator) -> None:
        self.panels.render(page, tr)  # the page's words first: the table's region is in them
        self.table.render(page, failed=page.failure is not None)
        self.review.render(page.review)
        self.lesson.render(page.lesson)

    def focus_card(self, index: int) -> None:
        self.table.focus_card(index)
