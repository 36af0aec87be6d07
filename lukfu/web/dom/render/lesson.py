"""The guided first deal's panel: the step's words between the trick and your hand, its Next and
Leave buttons, the table's ``data-lesson-step``, the highlight on what the step talks about, and
the keyboard given to what the step asks for.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.lesson.LessonView` into
``#lesson``. The panel is part of the table's layout, never laid over it, so it covers no card.
As each step comes, the keyboard goes to what it asks for (``LessonView.keyboard``: Next on a
step that is read, your hand or the move's button), unless the player has taken it elsewhere
(the settings, the rules): it never waits on a button the step hides, nor falls to the page's
top; once the lesson is over it goes to your hand.
"""

from js import document

from lukfu.web.dom.render.dom import Shown, clear, element, js_options

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.lesson import LessonView

FOCUS_CLASS = "lesson-focus"
HAND = "#hand"  # (lukfu.web.lesson.HAND: the hand's tab stop takes the keyboard)
NEXT_KEY = "Enter"  # presses Next on a step that is read (lukfu.web.update.key)


class LessonPanel:
    def __init__(self) -> None:
        self.shown = Shown()
        self.marked: list[JsProxy] = []
        self.target: tuple[int, str] | None = None  # (step, what has the keyboard) last given

    def render(self, lesson: "LessonView | None") -> None:
        self._mark(lesson.focus if lesson else ())  # each time: the table may have new cards
        if self.shown.changed("lesson", lesson):
            self._draw(lesson)
        self._keyboard(lesson)

    def _draw(self, lesson: "LessonView | None") -> None:
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
        following.setAttribute("aria-keyshortcuts", NEXT_KEY)
        key = document.getElementById("lesson-key")
        key.textContent = lesson.key_note
        key.hidden = not lesson.key_note
        panel.querySelector('[data-action="lesson-leave"]').textContent = lesson.leave_label
        if opening:
            table.scrollIntoView()

    def _keyboard(self, lesson: "LessonView | None") -> None:
        """Give the keyboard to what the step asks for, as the step (or its Next) comes; to your
        hand as the lesson ends."""
        before = self.target
        self.target = (lesson.step, lesson.keyboard) if lesson and lesson.keyboard else (
            before if lesson else None)
        if self.target == before or (lesson is None and before is None) or not free():
            return
        selector = self.target[1] if self.target is not None else HAND
        if selector == HAND:
            node = (document.querySelector('#hand [data-card][tabindex="0"]')
                    or document.querySelector("#hand [data-card]"))
        else:
            node = document.querySelector(selector)
        if node and not node.matches(":disabled, [hidden], [hidden] *"):
            node.focus(js_options(preventScroll=True))
            node.scrollIntoView(js_options(block="nearest"))

    def _mark(self, selectors: tuple[str, ...]) -> None:
        found = [node for selector in selectors for node in document.querySelectorAll(selector)]
        for node in self.marked:
            node.classList.remove(FOCUS_CLASS)
        for node in found:
            node.classList.add(FOCUS_CLASS)
        self.marked = found


def free() -> bool:
    """Whether the keyboard may be moved: it is on the table (the lesson's panel, your hand, a
    button), on nothing, or on something hidden now (the "Learn to play" that opened the lesson),
    not where the player took it."""
    active = document.activeElement
    if not active or str(active.tagName) == "BODY":
        return True
    table = document.getElementById("table")
    return bool(table.contains(active) or active.matches("[hidden], [hidden] *"))
