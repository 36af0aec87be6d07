"""The coach's review panel: its progress while the coach thinks, then each decision with what
it cost (``data-loss``, ``data-verdict``), "Show it on the cards" and "Play from here", and the
summary.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.review.ReviewView` into ``#review``.
"""

from js import document

from lukfu.web.dom.render.dom import Shown, clear, element

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.review import ReviewView


class ReviewPanel:
    def __init__(self) -> None:
        self.shown = Shown()

    def render(self, review: "ReviewView | None") -> None:
        if not self.shown.changed("review", review):
            return
        panel = document.getElementById("review")
        if panel is None:
            return
        if review is None:
            if panel.contains(document.activeElement):  # (closed, or "Play from here")
                document.getElementById("table").focus()  # the keyboard goes back to the table
            panel.hidden = True
            return
        bar = panel.querySelector(".review-bar")
        if review.progress is not None and bar is not None and not panel.hidden:
            # Still thinking: only the bar and its words move (the Cancel button keeps focus).
            bar.value = round(100 * review.progress)
            document.getElementById("review-status").textContent = review.progress_text
            listed = panel.querySelector(".review-decisions")  # each decision shown once judged
            if review.decisions and (listed is None or listed.childElementCount != len(review.decisions)):
                fresh = self._decisions(review)
                if listed is None:
                    panel.insertBefore(fresh, panel.querySelector("[data-action=review-close]"))
                else:
                    listed.replaceWith(fresh)
            return
        opening = bool(panel.hidden)
        panel.hidden = False
        clear(panel)
        panel.appendChild(element("h2", "panel-title", review.title, id="review-title"))
        if review.progress is not None:
            bar = element("progress", "review-bar", max="100", value=str(round(100 * review.progress)),
                          aria_labelledby="review-status")
            panel.appendChild(bar)
            panel.appendChild(element("p", "review-status", review.progress_text, id="review-status"))
            if review.decisions:
                panel.appendChild(self._decisions(review))
        else:
            panel.appendChild(element("p", "review-summary", review.summary, role="status"))
            panel.appendChild(element("p", "review-note", review.accuracy_note))
            panel.appendChild(self._decisions(review))
        panel.appendChild(element("button", "btn", review.close_label, type="button",
                                  data_action="review-close"))
        if opening:
            panel.scrollIntoView()

    def _decisions(self, review: "ReviewView") -> "JsProxy":
        found = element("ol", "review-decisions")
        for decision in review.decisions:
            item = element("li", f"decision {decision.verdict}", data_loss=decision.loss,
                           data_verdict=decision.verdict, data_move=str(decision.move_number))
            item.appendChild(element("p", "decision-line", decision.line))
            if decision.detail:
                item.appendChild(element("p", "decision-detail", decision.detail))
                item.appendChild(element("button", "btn decision-show", review.show_label,
                                         type="button",
                                         data_action=f"replay-at-{decision.move_number}"))
            if decision.play_from:  # practice from this decision (lukfu.web.practice.AT)
                item.appendChild(element("button", "btn decision-play", review.play_from_label,
                                         type="button", aria_label=decision.play_from,
                                         data_action=f"practice-at-{decision.move_number}"))
            found.appendChild(item)
        return found
