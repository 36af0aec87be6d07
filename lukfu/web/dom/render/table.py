"""The card table's DOM: seats, the trick (or the deal's result), the tricks so far, the prompt and
the hint, your hand, the buttons.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.view.TableView` into the page,
touching only the parts that changed.  A changed part's new elements are described as `tree`
lists and built by one call (`fill`, `add`): text is always text, never HTML.
"""

import json

from js import document
from jsffi import create_proxy

from lukfu.web.dom.faces import BACK, card_src
from lukfu.web.dom.keys import landing, shortcut_key
from lukfu.web.dom.render.dom import Shown, add, card_image, fill, js_options, old_mark, term, tree
from lukfu.web.dom.render.motion import Flight, deal_out
from lukfu.web.dom.render.tips import Tips
from lukfu.web.messages import HandCard, encode

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.dom.render.dom import Tree
    from lukfu.web.page import PageView
    from lukfu.web.result import ChallengeLink, ResultView, Versus
    from lukfu.web.view import ButtonView, CardView, SeatView, TableView, TrickView


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
        self.seat_parts = [{part: seat.querySelector(f".seat-{part}")
                            for part in ("marks", "score", "cards", "count")} for seat in self.seats]
        self.buttons = {str(b.getAttribute("data-action")): b
                        for b in document.querySelectorAll("#actions [data-action]")}
        self.tips = Tips(self.node)
        self.shown = Shown()
        self.language = ""
        self.shapes = False
        self.motion = 0
        self.words: PageView | None = None
        self._trick_view: TrickView | None = None
        self._dealt = ""  # the cards last dealt out (TableView.dealt)
        self._current = ""  # the card of your hand that holds the tab stop
        self._codes: list[str] = []  # your hand's cards as drawn
        # what each card of your hand shows: (selected, usable, better)
        self._pressed: dict[str, tuple[bool, bool, bool]] = {}
        self._flight: Flight | None = None  # the cards' places before this render (read_places)
        # Whichever card of your hand gets the keyboard (the arrow keys, Tab, a click, a screen
        # reader) is its tab stop from then on, and a view drawn later keeps the keyboard there.
        self._on_focus = create_proxy(self._focused)
        self.hand.addEventListener("focusin", self._on_focus)

    def read_places(self, page: "PageView") -> None:
        """Before anything of a render is written (`renderer.Renderer.regions`): where the cards
        are, if the trick is about to change and cards may move.  (A read after a write makes
        the browser lay the page out again, there and then: 30 ms and more on a phone.)"""
        view, motion = page.table, page.settings.motion
        self._flight = None
        if (view is None or not motion or not self._dealt  # (nothing moves at the page's start)
                or self.language != page.language or self.shapes != page.settings.shapes
                or self.shown.same("trick", (view.trick, view.result))):
            return
        self._flight = Flight(self.trick, self.hand, self.seats, self._trick_view, motion)

    def render(self, page: "PageView", failed: bool) -> None:
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

    def _render(self, view: "TableView") -> None:
        panel = self.failure
        if self.node.getAttribute("data-phase") == "error" and not panel.hidden:
            # The page's last-resort panel (index.html: a Python error nobody caught) stays up,
            # whatever still moves behind it, until a new deal ("New deal") is on the table.
            if view.dealt == self._dealt:
                return
            panel.hidden = True
        moved = self.shown.changed("trick", (view.trick, view.result))
        flight, self._flight = self._flight, None  # (read_places: where the cards were)
        self.node.setAttribute("data-phase", view.phase)
        self.node.setAttribute("data-kind", view.kind)
        self.node.setAttribute("data-to-move", "" if view.to_move is None else str(view.to_move))
        for seat_view in view.seats:
            self._seat(seat_view)
        if moved:
            self._trick(view.trick, view.result, flight if self.motion else None)
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
        if self.shown.changed("practice", view.practice):  # a practice table says so, atop it
            line = document.getElementById("practice")
            line.textContent = view.practice
            line.hidden = not view.practice
            self.node.toggleAttribute("data-practice", bool(view.practice))
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
            status.parentElement.toggleAttribute("data-by-hand", self.words.copy_by_hand)

    def _seat(self, view: "SeatView") -> None:
        if not self.shown.changed(f"seat{view.seat}", view):
            return
        self.seats[view.seat].classList.toggle("to-move", view.to_move)
        parts = self.seat_parts[view.seat]
        fill(parts["marks"], [
            term(f"mark mark-{mark.kind}", mark.text, mark.tip, f"tip-{view.seat}-{mark.kind}")
            if mark.tip else tree("span", f"mark mark-{mark.kind}", mark.text)
            for mark in view.marks])
        fill(parts["score"], [term("term-fu", view.score, view.score_tip, f"tip-{view.seat}-fu")])
        if view.seat == 0:
            return
        cards = parts["cards"]
        cards.classList.toggle("laid", view.laid)
        if view.revealed is not None:
            cards.classList.add("revealed")
            shown = [self._laid(card) if view.laid else
                     card_image(card.code, card.label, self.language, self.shapes)
                     for card in view.revealed]
            if not view.revealed and self.words is not None:
                shown.append(tree("span", "revealed-none", self.words.no_cards))
        else:
            cards.classList.remove("revealed")
            back = tree("img", "back", src=card_src(BACK), alt="", width="60", height="180")
            shown = [back] * view.hand_size
        fill(cards, shown)
        parts["count"].textContent = view.count_text

    def _laid(self, card: "CardView") -> "Tree":
        """A card of a claimant's hand, laid down apart from the others: an Old one has the word
        Old written on it, as on your hand's cards, so that F = fu + Old is counted by eye (and
        is named "…, Old" for a screen reader)."""
        inside = [card_image(card.code, card.label, self.language, self.shapes)]
        if card.old and self.words is not None:
            inside.append(old_mark(self.words.old_word))
        return tree("span", "laid-card old" if card.old else "laid-card", inside=inside)

    def _trick(self, trick: "TrickView | None", result: "ResultView | None",
               flight: "Flight | None") -> None:
        """The trick on the table (or the deal's result); ``flight`` moves its new cards."""
        box = self.trick
        self._trick_view = trick if result is None else None
        title = box.querySelector(".trick-title")
        for child in list(box.children):
            if not child.classList.contains("trick-title"):
                box.removeChild(child)
        box.classList.toggle("finished", bool(trick and trick.finished))
        box.classList.toggle("has-result", result is not None)
        if result is not None:
            title.textContent = result.title
            add(box, [self._result(result)])
            return
        if trick is None:
            title.textContent = ""
            return
        title.textContent = trick.title
        add(box, [self._slots(trick)])
        if flight is not None:
            flight.land(trick)

    def _history(self, tricks: "tuple[TrickView, ...]") -> None:
        """The tricks finished so far, each with its title and its three plays."""
        fill(document.getElementById("history"), [
            tree("li", "history-trick", inside=[tree("p", "history-title", trick.title),
                                                self._slots(trick)])
            for trick in tricks])

    def _slots(self, trick: "TrickView") -> "Tree":
        """A trick's three plays, Left, You, Right: names, cards (backs when face down), notes."""
        slots = []
        for slot in trick.slots:
            faces = [(card.code, card.label) for card in slot.cards] + [(BACK, "")] * slot.backs
            cards = [card_image(code, label, self.language, self.shapes and code != BACK,
                                data_flight=f"{slot.seat} {index} {code}")  # for its move
                     for index, (code, label) in enumerate(faces)]
            if slot.note:
                cards.append(tree("span", "slot-note", slot.note))
            inside = [tree("span", "slot-name", slot.name, aria_hidden="true"),
                      tree("div", "slot-cards", aria_hidden="true", inside=cards)]
            if slot.mark:
                inside.append(tree("span", "slot-mark", slot.mark))
            cls = f"slot slot-{slot.seat}" + (" best" if slot.best else "") + (" led" if slot.led else "")
            group = {"role": "group", "aria_label": slot.label} if slot.label else {}
            slots.append(tree("div", cls, inside=inside, **group))
        return tree("div", "slots", inside=slots)

    def _result(self, result: "ResultView") -> "Tree":
        head = tree("thead", inside=[tree("tr", inside=[
            tree("th", "num" if i else "", name, scope="col") for i, name in enumerate(result.head)])])
        rows = []
        for r in result.rows:
            cells = [tree("th", "", r.name, scope="row"), tree("td", "num", r.fu_text),
                     tree("td", "num net", r.net_text)]
            if r.total_text:
                cells.append(tree("td", "num total", r.total_text))
            rows.append(tree("tr", "winner" if r.winner else "", inside=cells,
                             data_result_seat=str(r.seat), data_net=str(r.net), data_fu=str(r.fu)))
        caption = [tree("caption", "result-totals", result.totals_text)] if result.totals_text else []
        table = tree("table", "result-table", inside=caption + [head, tree("tbody", inside=rows)])
        inside = [tree("p", "result-detail", result.detail)]
        inside += [tree("p", "result-detail", line) for line in result.explanation]
        inside += [tree("p", "result-hints", result.hints_text), table]
        if result.versus is not None:
            inside.append(versus_tree(result.versus))
        challenge = result.challenge
        if challenge is not None and (challenge.url or result.number is None):
            inside.append(challenge_tree(challenge))  # (its link; or no share row to sit in)
        if result.number is None:
            return tree("div", "result", inside=inside)
        inside.append(tree("p", "replay", inside=[
            tree("span", "", result.number_text), " ",
            tree("a", "", result.replay_label, href=result.replay_href)]))
        row = [tree("input", "share-link", id="share-link", type="text", readonly="", dir="ltr",
                    spellcheck="false", value=result.share_url),
               tree("button", "btn", result.copy_label, type="button", data_action="copy-link")]
        if challenge is not None and not challenge.url:  # ("Challenge a friend", beside it)
            row.append(challenge_tree(challenge))
        inside.append(tree("div", "share", inside=[
            tree("label", "share-label", result.share_label, **{"for": "share-link"}),
            tree("div", "share-row", inside=row),
            tree("p", "share-status", role="status", id="share-status")]))
        return tree("div", "result", inside=inside, data_deal=str(result.number))

    def _hand(self, cards: "tuple[CardView, ...]", enabled: bool) -> None:
        """Your cards as toggle buttons: one tab stop (the card last moved to), the arrow keys
        move along them.  Between your turns they stay focusable, marked aria-disabled, so the
        keyboard and a screen reader can still go through your hand."""
        old = self.words.old_word if self.words is not None else ""
        layout = (self.language, self.shapes, old, tuple((c.code, c.label, c.old) for c in cards))
        focused = self.hand.contains(document.activeElement)
        pressed = {c.code: (c.selected, c.usable, c.better) for c in cards}
        if self.shown.changed("hand", layout):
            codes = [c.code for c in cards]
            self._current = landing(self._codes, codes, self._current)
            self._codes = codes
            fill(self.hand, [self._card(card, old, enabled) for card in cards])
            self.shown.changed("hand-enabled", enabled)  # (drawn so above: noted)
            self._pressed = pressed
            if focused and codes:
                self.hand.querySelector(f'[data-card="{self._current}"]').focus()
            return
        if self.shown.changed("hand-enabled", enabled):
            for button in self.hand.querySelectorAll("[data-card]"):
                button.setAttribute("aria-disabled", "false" if enabled else "true")
        for card in cards:  # what changed since the hand was drawn: its cards alone
            if self._pressed.get(card.code) == pressed[card.code]:
                continue
            button = self.hand.querySelector(f'[data-card="{card.code}"]')
            button.setAttribute("aria-pressed", "true" if card.selected else "false")
            button.classList.toggle("unusable", not card.usable)
            button.classList.toggle("better", card.better)  # (the coach's, in a replay)
            if card.better:
                button.setAttribute("data-better", "true")
            else:
                button.removeAttribute("data-better")
        self._pressed = pressed

    def _card(self, card: "CardView", old: str, enabled: bool) -> "Tree":
        """A card of your hand, as a `tree`: a toggle button, the tab stop if it is the current."""
        cls = "card" + (" old" if card.old else "") + ("" if card.usable else " unusable") \
            + (" better" if card.better else "")
        attrs = {"aria_describedby": "old-tip"} if card.old else {}
        if card.better:
            attrs["data_better"] = "true"
        inside = [card_image(card.code, "", self.language, self.shapes)]
        if card.old:
            inside.append(old_mark(old))
        # (its message as it travels: a click sends it as it is, app.py)
        return tree("button", cls, inside=inside, type="button", data_card=card.code,
                    data_message=json.dumps(encode(HandCard(card.code))),
                    aria_label=card.label, aria_pressed="true" if card.selected else "false",
                    aria_disabled="false" if enabled else "true",
                    tabindex="0" if card.code == self._current else "-1", **attrs)

    def hand_codes(self) -> list[str]:
        """The codes of your hand's cards, as drawn, left to right."""
        cards = self.hand.querySelectorAll("[data-card]")
        return [str(cards[i].getAttribute("data-card")) for i in range(cards.length)]

    def focus_card(self, index: int) -> None:
        """Move the keyboard to card ``index`` of your hand (its tab stop from now on)."""
        cards = self.hand.querySelectorAll("[data-card]")
        if 0 <= index < cards.length:
            self._tab_stop(cards[index])
            cards[index].focus()

    def _focused(self, event: "JsProxy") -> None:
        card = event.target.closest("[data-card]") if event.target.closest else None
        if card:
            self._tab_stop(card)

    def _tab_stop(self, card: "JsProxy") -> None:
        """Make ``card`` your hand's one tab stop (roving tabindex)."""
        code = str(card.getAttribute("data-card"))
        if code == self._current:
            return
        old = self.hand.querySelector(f'[data-card="{self._current}"]') if self._current else None
        if old:
            old.setAttribute("tabindex", "-1")
        card.setAttribute("tabindex", "0")
        self._current = code

    def _button(self, view: "ButtonView") -> None:
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
            fill(document.getElementById("claim-tip"),
                 [tree("span", "term-line", line) for line in view.tips])
        else:
            node.textContent = view.label


def versus_tree(versus: "Versus") -> "Tree":
    """Your result beside the par or your friend's: a small table, who did better, and its
    buttons (share your result; see how your friend played)."""
    rows = [tree("tr", inside=[tree("th", "", row.name, scope="row"),
                               tree("td", "num", row.text, data_points=str(row.points))])
            for row in versus.rows]
    inside = [tree("table", "versus-table", inside=[tree("caption", "", versus.title),
                                                    tree("tbody", inside=rows)]),
              tree("p", "versus-said", versus.said, role="status")]
    if versus.share_label:
        inside.append(tree("p", "versus-share", inside=[
            tree("span", "share-text", versus.share_text, id=versus.share_field), " ",
            tree("button", "btn", versus.share_label, type="button", data_action="share-daily")]))
    if versus.replay_label:
        inside.append(tree("p", "versus-replay", inside=[
            tree("button", "btn", versus.replay_label, type="button", data_action="challenge-replay")]))
    attrs = {"data_par": versus.par} if versus.par else {}
    return tree("div", "versus", inside=inside, **attrs)


def challenge_tree(link: "ChallengeLink") -> "Tree":
    """"Challenge a friend"; once pressed, the link (``data-challenge``) and a button to send it."""
    if not link.url:
        return tree("button", "btn", link.label, type="button", data_action="challenge")
    return tree("div", "challenge", inside=[
        tree("p", "challenge-said", link.said, role="status"),
        tree("p", "share-row", inside=[
            tree("a", "challenge-link", link.url, id="challenge-link", href=link.url, dir="ltr",
                 data_challenge=""),
            tree("button", "btn", link.copy_label, type="button", data_action="copy-challenge")])])
