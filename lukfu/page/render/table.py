"""The card table's DOM: seats, the trick (or the deal's result), the tricks so far, the prompt and
the hint, your hand, the buttons.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.view.TableView` into the page,
touching only the parts that changed. Elements are built with ``document.createElement`` and
``textContent``.
"""

from js import document

from lukfu.page.faces import BACK, card_src
from lukfu.page.keys import shortcut_key
from lukfu.page.render.dom import Shown, card_image, clear, element, js_options, old_mark, term
from lukfu.page.render.motion import Flight, deal_out
from lukfu.page.render.tips import Tips


class Table:
    """The table's DOM.  `render` it with each new page view."""

    def __init__(self) -> None:
        self.node = document.getElementById("table")
        self.trick = document.getElementById("trick")
        self.prompt = document.getElementById("prompt")
        self.hint = document.getElementById("hint")
        self.hand = document.getElementById("hand")
        self.failure = document.getElementById("failure")
        self.seats = [self.node.querySelector(f'[data-seat="{seat}"]') for seat in range(3)]
        self.buttons = {str(b.getAttribute("data-action")): b
                        for b in document.querySelectorAll("#actions [data-action]")}
        self.tips = Tips(self.node)
        self.shown = Shown()
        self.language = ""
        self.shapes = False
        self.motion = 0
        self.words: object = None
        self._trick_view: object = None
        self._dealt = ""  # the cards last dealt out (TableView.dealt)
        self._current = ""  # the card of your hand that holds the tab stop
        self._current_index = 0

    def render(self, page: object, failed: bool) -> None:
        view = page.table
        self.words, self.motion = page, page.settings.motion
        if self.language != page.language or self.shapes != page.settings.shapes:
            self.language, self.shapes = page.language, page.settings.shapes
            self.shown = Shown()  # every face again, in the new language's digits or shapes
            self._trick_view = None
        if view is None or failed:
            return
        focused = self.node.contains(document.activeElement)
        self._render(view)
        active = document.activeElement
        # (JavaScript's null may arrive as None or as a falsy proxy: test truth, not identity.)
        lost = (not active or not self.node.contains(active)
                or bool(active.matches(":disabled, [hidden], [hidden] *")))
        if focused and lost:
            # The focused card or button went away (played, hidden, disabled): keep the keyboard
            # on the table instead of dropping it to the top of the page.
            self.node.focus(js_options(preventScroll=True))

    def _render(self, view: object) -> None:
        panel = self.failure
        if self.node.getAttribute("data-phase") == "error" and not panel.hidden:
            # The page's last-resort panel (index.html: a Python error nobody caught) stays up,
            # whatever still moves behind it, until a new deal ("New deal") is on the table.
            if view.dealt == self._dealt:
                return
            panel.hidden = True
        self.node.setAttribute("data-phase", view.phase)
        self.node.setAttribute("data-to-move", "" if view.to_move is None else str(view.to_move))
        for seat_view in view.seats:
            self._seat(seat_view)
        if self.shown.changed("trick", (view.trick, view.result)):
            self._trick(view.trick, view.result)
        if self.shown.changed("history", view.history):
            self._history(view.history)
        if self.shown.changed("prompt", view.prompt):
            self.prompt.textContent = view.prompt
        if self.shown.changed("news", view.news):  # emptied between turns: said again next turn
            document.getElementById("turn-news").textContent = view.news
        if self.shown.changed("tips", (view.old_tip, view.risk)):
            document.getElementById("old-tip").textContent = view.old_tip
            document.getElementById("call-risk").textContent = view.risk
        if self.shown.changed("hint", (view.hint, view.hint_problem)):
            self.hint.textContent = view.hint
            self.hint.classList.toggle("problem", view.hint_problem)
        self._hand(view.hand, view.hand_enabled)
        if view.dealt != self._dealt:
            if self._dealt and self.motion and view.phase == "calling":
                deal_out(self.hand, self.seats, self.trick, self.motion)  # (not at the page's start)
            self._dealt = view.dealt
        for button in view.buttons:
            self._button(button)
        listed = {button.action for button in view.buttons}
        for action, node in self.buttons.items():  # the buttons of another mode (the replay's)
            if action not in listed and self.shown.changed(f"button-{action}", None):
                node.hidden = True
        status = document.getElementById("share-status")
        if status and self.words is not None:
            status.textContent = self.words.share_status

    def _seat(self, view: object) -> None:
        if not self.shown.changed(f"seat{view.seat}", view):
            return
        node = self.seats[view.seat]
        node.classList.toggle("to-move", view.to_move)
        marks = node.querySelector(".seat-marks")
        clear(marks)
        for mark in view.marks:
            if mark.tip:
                marks.appendChild(term(f"mark mark-{mark.kind}", mark.text, mark.tip,
                                       f"tip-{view.seat}-{mark.kind}"))
            else:
                marks.appendChild(element("span", f"mark mark-{mark.kind}", mark.text))
        score = node.querySelector(".seat-score")
        clear(score)
        score.appendChild(term("term-fu", view.score, view.score_tip, f"tip-{view.seat}-fu"))
        if view.seat == 0:
            return
        cards = node.querySelector(".seat-cards")
        clear(cards)
        if view.revealed is not None:
            cards.classList.add("revealed")
            for card in view.revealed:
                img = card_image(card.code, card.label, self.language, self.shapes)
                if card.old:  # the claimant's Old cards, laid down: F = fu + these
                    img.classList.add("old")
                cards.appendChild(img)
            if not view.revealed and self.words is not None:
                cards.appendChild(element("span", "revealed-none", self.words.no_cards))
        else:
            cards.classList.remove("revealed")
            for _ in range(view.hand_size):
                cards.appendChild(element("img", "back", src=card_src(BACK), alt="",
                                          width="60", height="180"))
        node.querySelector(".seat-count").textContent = view.count_text

    def _trick(self, trick: object, result: object) -> None:
        box = self.trick
        flight = None
        if self.motion:  # where the cards were before
            flight = Flight(box, self.hand, self.seats, self._trick_view, self.motion)
        self._trick_view = trick if result is None else None
        title = box.querySelector(".trick-title")
        for child in list(box.children):
            if not child.classList.contains("trick-title"):
                box.removeChild(child)
        box.classList.toggle("finished", bool(trick and trick.finished))
        box.classList.toggle("has-result", result is not None)
        if result is not None:
            title.textContent = result.title
            box.appendChild(self._result(result))
            return
        if trick is None:
            title.textContent = ""
            return
        title.textContent = trick.title
        box.appendChild(self._slots(trick))
        if flight is not None:
            flight.land(trick)

    def _history(self, tricks: list) -> None:
        """The tricks finished so far, each with its title and its three plays."""
        box = document.getElementById("history")
        clear(box)
        for trick in tricks:
            item = element("li", "history-trick")
            item.appendChild(element("p", "history-title", trick.title))
            item.appendChild(self._slots(trick))
            box.appendChild(item)

    def _slots(self, trick: object) -> object:
        """A trick's three plays, Left, You, Right: names, cards (backs when face down), notes."""
        slots = element("div", "slots")
        for slot in trick.slots:
            node = element("div", f"slot slot-{slot.seat}" + (" best" if slot.best else "")
                           + (" led" if slot.led else ""))
            if slot.label:
                node.setAttribute("role", "group")
                node.setAttribute("aria-label", slot.label)
            node.appendChild(element("span", "slot-name", slot.name, aria_hidden="true"))
            cards = element("div", "slot-cards", aria_hidden="true")
            faces = [(card.code, card.label) for card in slot.cards] + [(BACK, "")] * slot.backs
            for index, (code, label) in enumerate(faces):
                img = card_image(code, label, self.language, self.shapes and code != BACK)
                img.setAttribute("data-flight", f"{slot.seat} {index} {code}")  # for its move
                cards.appendChild(img)
            if slot.note:
                cards.appendChild(element("span", "slot-note", slot.note))
            node.appendChild(cards)
            if slot.mark:
                node.appendChild(element("span", "slot-mark", slot.mark))
            slots.appendChild(node)
        return slots

    def _result(self, result: object) -> object:
        panel = element("div", "result")
        panel.appendChild(element("p", "result-detail", result.detail))
        for line in result.explanation:
            panel.appendChild(element("p", "result-detail", line))
        panel.appendChild(element("p", "result-hints", result.hints_text))
        table = element("table", "result-table")
        head = element("thead")
        row = element("tr")
        for i, name in enumerate(result.head):
            row.appendChild(element("th", "num" if i else "", name, scope="col"))
        head.appendChild(row)
        table.appendChild(head)
        body = element("tbody")
        for r in result.rows:
            row = element("tr", "winner" if r.winner else "")
            row.setAttribute("data-result-seat", str(r.seat))
            row.setAttribute("data-net", str(r.net))
            row.setAttribute("data-fu", str(r.fu))
            row.appendChild(element("th", "", r.name, scope="row"))
            row.appendChild(element("td", "num", r.fu_text))
            row.appendChild(element("td", "num net", r.net_text))
            if r.total_text:
                row.appendChild(element("td", "num total", r.total_text))
            body.appendChild(row)
        table.appendChild(body)
        if result.totals_text:
            table.prepend(element("caption", "result-totals", result.totals_text))
        panel.appendChild(table)
        if result.number is not None:
            panel.setAttribute("data-deal", str(result.number))
            again = element("p", "replay")
            again.appendChild(element("span", "", result.number_text))
            again.appendChild(document.createTextNode(" "))
            again.appendChild(element("a", "", result.replay_label, href=result.replay_href))
            panel.appendChild(again)
            share = element("div", "share")
            share.appendChild(element("label", "share-label", result.share_label,
                                      **{"for": "share-link"}))
            row = element("div", "share-row")
            link = element("input", "share-link", id="share-link", type="text", readonly="",
                           dir="ltr", spellcheck="false")
            link.value = result.share_url
            row.appendChild(link)
            row.appendChild(element("button", "btn", result.copy_label, type="button",
                                    data_action="copy-link"))
            share.appendChild(row)
            share.appendChild(element("p", "share-status", role="status", id="share-status"))
            panel.appendChild(share)
        return panel

    def _hand(self, cards: list, enabled: bool) -> None:
        """Your cards as toggle buttons: one tab stop (the card last moved to), the arrow keys
        move along them.  Between your turns they stay focusable, marked aria-disabled, so the
        keyboard and a screen reader can still go through your hand."""
        old = self.words.old_word if self.words is not None else ""
        layout = (self.language, self.shapes, old, tuple((c.code, c.label, c.old) for c in cards))
        focused = self.hand.contains(document.activeElement)
        if self.shown.changed("hand", layout):
            clear(self.hand)
            for card in cards:
                button = element("button", "card", type="button", data_card=card.code,
                                 aria_label=card.label, aria_pressed="false", tabindex="-1")
                button.appendChild(card_image(card.code, "", self.language, self.shapes))
                if card.old:
                    button.appendChild(old_mark(old))
                    button.classList.add("old")
                    button.setAttribute("aria-describedby", "old-tip")
                self.hand.appendChild(button)
            codes = [c.code for c in cards]
            if self._current not in codes:  # played: the card that took its place
                self._current = codes[min(self._current_index, len(codes) - 1)] if codes else ""
            self.focus_card(codes.index(self._current) if codes else -1, focused)
            self.shown.forget("hand-enabled")
            self.shown.forget("pressed")
        if self.shown.changed("hand-enabled", enabled):
            for button in self.hand.querySelectorAll("[data-card]"):
                button.setAttribute("aria-disabled", "false" if enabled else "true")
        pressed = tuple((c.selected, c.usable, c.better) for c in cards)
        if self.shown.changed("pressed", pressed):
            for card in cards:
                button = self.hand.querySelector(f'[data-card="{card.code}"]')
                button.setAttribute("aria-pressed", "true" if card.selected else "false")
                button.classList.toggle("unusable", not card.usable)
                button.classList.toggle("better", card.better)  # (the coach's, in a replay)
                if card.better:
                    button.setAttribute("data-better", "true")
                else:
                    button.removeAttribute("data-better")

    def focus_card(self, index: int, focus: bool = True) -> None:
        """Make card ``index`` of your hand its one tab stop, and focus it if ``focus``."""
        cards = self.hand.querySelectorAll("[data-card]")
        for i in range(cards.length):
            cards[i].setAttribute("tabindex", "0" if i == index else "-1")
        if 0 <= index < cards.length:
            self._current = str(cards[index].getAttribute("data-card"))
            self._current_index = index
            if focus:
                cards[index].focus()

    def _button(self, view: object) -> None:
        if not self.shown.changed(f"button-{view.action}", view):
            return
        node = self.buttons[view.action]
        node.hidden = not view.visible
        node.disabled = not view.enabled
        if view.pressed is not None:
            node.setAttribute("aria-pressed", "true" if view.pressed else "false")
        key = shortcut_key(view.action)
        if key:
            node.setAttribute("aria-keyshortcuts", key)
        if view.action == "claim":
            node.querySelector(".btn-main").textContent = view.label
            node.querySelector(".btn-sub").textContent = view.sub
            tip = document.getElementById("claim-tip")
            clear(tip)
            for line in view.tips:
                tip.appendChild(element("span", "term-line", line))
        else:
            node.textContent = view.label
