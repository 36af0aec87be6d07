"""The puzzles: the puzzle on the table (its title, question, verdict and buttons, in the table's
flow where the lesson's step goes; the table's ``data-puzzle`` and ``data-verdict``) and the list
of puzzles with your progress (``#puzzles``).

Page-only, MicroPython (imports ``js``): it copies `lukfu.web.puzzle_view`'s views into the page.
The verdict is said to screen readers by the table's live region (``TableView.news``); once you
answered, the keyboard goes to the button that follows (Try again, or Play it out), unless you
took it elsewhere; the list, as it opens, takes the keyboard on its first button.
"""

from js import document

from lukfu.web.dom.render.dom import Shown, fill, js_options, tree
from lukfu.web.dom.render.lesson import free

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from lukfu.web.puzzle_view import PuzzlesView, PuzzleView


class PuzzlePanel:
    def __init__(self) -> None:
        self.shown = Shown()
        self.focused = ""  # (puzzle id, verdict, focus) the keyboard was last given for
        self.listed = False  # the list is open with its puzzles (not loading)

    def render(self, puzzle: "PuzzleView | None", puzzles: "PuzzlesView | None") -> None:
        if self.shown.changed("puzzle", puzzle):
            self._puzzle(puzzle)
        if self.shown.changed("list", puzzles):
            self._list(puzzles)

    def _puzzle(self, puzzle: "PuzzleView | None") -> None:
        panel = document.getElementById("puzzle")
        table = document.getElementById("table")
        if panel is None or table is None:
            return
        if puzzle is None:
            panel.hidden = True
            table.removeAttribute("data-puzzle")
            table.removeAttribute("data-verdict")
            self.focused = ""
            return
        table.setAttribute("data-puzzle", puzzle.id)
        if puzzle.verdict:
            table.setAttribute("data-verdict", puzzle.verdict)
        else:
            table.removeAttribute("data-verdict")
        panel.hidden = False
        document.getElementById("puzzle-title").textContent = puzzle.title
        document.getElementById("puzzle-question").textContent = puzzle.question
        verdict = document.getElementById("puzzle-verdict")
        verdict.textContent = puzzle.verdict_text
        verdict.className = "puzzle-verdict " + puzzle.verdict
        document.getElementById("puzzle-detail").textContent = puzzle.detail
        for button in puzzle.buttons:
            node = panel.querySelector('[data-action="' + button.action + '"]')
            if node:
                node.textContent = button.label
                node.hidden = not button.visible
                node.disabled = not button.enabled
        target = puzzle.id + "/" + puzzle.verdict + "/" + puzzle.focus
        if puzzle.focus and target != self.focused and free():
            node = panel.querySelector('[data-action="' + puzzle.focus + '"]')
            if node and not node.hidden:
                node.focus(js_options(preventScroll=True))
                node.scrollIntoView(js_options(block="nearest"))
        self.focused = target

    def _list(self, puzzles: "PuzzlesView | None") -> None:
        panel = document.getElementById("puzzles")
        if panel is None:
            return
        if puzzles is None:
            if panel.contains(document.activeElement):
                document.getElementById("table").focus()
            panel.hidden = True
            self.listed = False
            return
        opening = bool(panel.hidden) or (bool(puzzles.items) and not self.listed)
        self.listed = bool(puzzles.items)
        items = [tree("li", "puzzle-item " + item.state, inside=[
            tree("button", "btn puzzle-open", item.label, type="button", data_action=item.action,
                 aria_current="true" if item.current else "false",
                 inside=[tree("span", "puzzle-state", item.state_text)] if item.state_text else [])])
            for item in puzzles.items]
        parts = [tree("h2", "panel-title", puzzles.title, id="puzzles-title", tabindex="-1"),
                 tree("p", "puzzles-status", puzzles.status, role="status")]
        close = tree("button", "btn", puzzles.close_label, type="button", data_action="puzzles-close")
        if puzzles.items:
            parts.append(tree("div", "puzzles-actions", inside=[
                tree("button", "btn primary", puzzles.next_label, type="button", data_action="puzzles-next"),
                close]))
            parts.append(tree("ul", "puzzles-list", inside=items, aria_label=puzzles.list_label))
        else:
            parts.append(close)
        fill(panel, parts)
        panel.hidden = False
        if opening:
            first = panel.querySelector("button") if puzzles.items else panel.querySelector("h2")
            if first:
                first.focus(js_options(preventScroll=True))
            panel.scrollIntoView(js_options(block="start"))
