"""The guided first deal's panel: the step's words between the trick and your hand, its Next and
Leave buttons, the table's ``data-lesson-step``, and the highlight on what the step talks about.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.lesson.LessonView` into
``#lesson``. The panel is part of the table's layout, never laid over it, so it covers no card.
"""

from js import document

from lukfu.web.dom.render.dom import Shown, clear, element

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.lesson import LessonView

FOCUS_CLASS = "lesson-focus"


class LessonPanel:
    def __init__(self) -> None:
        self.shown = Shown()
        self.marked: list[JsProxy] = []

    def render(self, lesson: "LessonView | None") -> None:
        self._mark(lesson.focus if lesson else ())  # each time: the table may have new cards
        if not self.shown.changed("lesson", lesson):
            return
        panel = document.getElementById("lesson")
        table = document.getElementById("table")
        learn = document.getElementById("learn")
        if panel is None or table is None:
            return
        if learn:
            learn.hidden = lesson is not None
        if lesson is None:
            panel.hidden = True
            table.removeAttribute("data-lesson-step")
            return
        table.setAttribute("data-lesson-step", str(lesson.step))
        opening = bool(panel.hidden)
        panel.hidden = False
        document.getElementById("lesson-title").textContent = lesson.title
        document.getElementById("lesson-text").textContent = lesson.text
        document.getElementById("lesson-note").textContent = lesson.note
        legend = document.getElementById("lesson-legend")
        if self.shown.changed("legend", lesson.legend):
            clear(legend)
            for src, name in lesson.legend:
                item = element("li")
                item.appendChild(element("img", src=src, alt="", width="30", height="90"))
                item.appendChild(element("span", "", name))
                legend.appendChild(item)
        legend.hidden = not lesson.legend
        following = panel.querySelector('[data-action="lesson-next"]')
        following.textContent = lesson.next_label
        following.hidden = not lesson.next_label
        panel.querySelector('[data-action="lesson-leave"]').textContent = lesson.leave_label
        if opening:
            table.scrollIntoView()

    def _mark(self, selectors: tuple[str, ...]) -> None:
        found = [node for selector in selectors for node in document.querySelectorAll(selector)]
        for node in self.marked:
            node.classList.remove(FOCUS_CLASS)
        for node in found:
            node.classList.add(FOCUS_CLASS)
        self.marked = found
