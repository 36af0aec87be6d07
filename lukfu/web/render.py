"""Copy a `TableView` into the page's DOM, touching only the parts that changed.

Elements are built with ``document.createElement`` and ``textContent`` (never HTML strings),
and each region of the table remembers what it last showed, so an unchanged region is not
rebuilt (no flicker, and a focused button keeps its focus).
"""

from __future__ import annotations

import re
from typing import Any

from js import URL, Blob, Object, document, window
from pyodide.ffi import create_once_callable, to_js

from lukfu.i18n import Translator
from lukfu.web.statistics import CHART_HEIGHT, CHART_WIDTH, Chart, StatsView
from lukfu.web.view import (
    BACK,
    CARD_DIR,
    SHAPES,
    SUIT_LETTERS,
    ButtonView,
    CardView,
    ResultView,
    SeatView,
    SuitTipView,
    TableView,
    TrickView,
    card_src,
    legend_src,
    shortcut_key,
)

MAX_LOG = 200  # lines kept in the event log
MAX_NOTICES = 4  # notices kept above the table (one per address parameter)
FLEETING_SECONDS = 8  # how long news that asks for nothing floats over the page
SUIT_TIP_ID = "suit-tip"
SVG = "http://www.w3.org/2000/svg"
SOFT_HYPHEN = "\u00ad"  # where a translator allows a long word to break


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def card_image(code: str, alt: str, language: str, shapes: bool = False) -> Any:
    # width/height give the image its 1:3 box before the file arrives; CSS sets the real size.
    img = element("img", src=card_src(code, language, shapes), alt=alt, width="60", height="180",
                  draggable="false")
    img.setAttribute("decoding", "async")
    return img


def old_mark(word: str) -> Any:
    """The word Old written on a card.  Where the card is too narrow for it, it may break onto a
    second line at the translator's soft hyphens, which become <wbr>: the visible text stays the
    whole word, as in the card's name, and no hyphen is drawn."""
    mark = element("span", "old-mark", aria_hidden="true")
    for index, part in enumerate(word.split(SOFT_HYPHEN)):
        if index:
            mark.appendChild(document.createElement("wbr"))
        mark.appendChild(document.createTextNode(part))
    return mark


def clear(node: Any) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def normalize(text: str) -> str:
    """Whitespace as HTML renders it: runs collapsed to one space, ends trimmed."""
    return re.sub(r"\s+", " ", text).strip()


def options(**values: object) -> Any:
    """A JavaScript object of ``values`` (for focus() and animate())."""
    return to_js(values, dict_converter=Object.fromEntries)


class Flight:
    """Cards moving: from a hand to the trick, and a finished trick to its winner.  Made before
    the trick area is rebuilt (it notes where each card was), landed after (it animates the new
    cards from where they came from, and sends the finished trick's cards to the winner)."""

    def __init__(self, view: Renderer) -> None:
        self.view = view
        box = view.trick
        self.before = {str(img.getAttribute("data-flight")): img.getBoundingClientRect()
                       for img in box.querySelectorAll("[data-flight]")}
        self.leaving: list[tuple[Any, Any]] = []  # (a finished trick's card, where it was)
        best = box.querySelector(".slot.best") if box.classList.contains("finished") else None
        self.winner = int(str(best.className).split("slot-")[1].split()[0]) if best else None
        if best:
            self.leaving = [(img, img.getBoundingClientRect())
                            for img in box.querySelectorAll("[data-flight]")]
        self.hand = {str(b.getAttribute("data-card")): b.getBoundingClientRect()
                     for b in view.hand.querySelectorAll("[data-card]")}
        self.seats = [(view.seats[seat].querySelector(".seat-cards")
                       or view.seats[seat].querySelector(".seat-label")).getBoundingClientRect()
                      for seat in range(3)]

    def land(self) -> None:
        arrived = {str(img.getAttribute("data-flight")): img
                   for img in self.view.trick.querySelectorAll("[data-flight]")}
        if self.leaving and set(arrived) != set(self.before):
            self._send_to_winner()
        new = {key: img for key, img in arrived.items() if key not in self.before}
        if len({key.split()[0] for key in new}) != 1:
            return  # no one card played: a trick shown again, not a move
        for key, img in new.items():
            seat = int(key.split()[0])
            code = key.rsplit("/", 1)[-1].removesuffix(".svg")
            start = self.hand.get(code) if seat == 0 else self.seats[seat]
            if start:
                self._move(img, start, img.getBoundingClientRect(), forwards=False)

    def _send_to_winner(self) -> None:
        assert self.winner is not None
        pile = self.view.seats[self.winner].querySelector(".seat-label").getBoundingClientRect()
        for img, rect in self.leaving:
            ghost = img.cloneNode(True)
            ghost.removeAttribute("data-flight")
            ghost.setAttribute("aria-hidden", "true")
            ghost.classList.add("in-flight")
            for name, value in (("left", rect.left), ("top", rect.top), ("width", rect.width),
                                ("height", rect.height)):
                ghost.style.setProperty(name, f"{value}px")
            document.body.appendChild(ghost)
            moving = self._move(ghost, pile, rect, forwards=True)
            moving.onfinish = create_once_callable(lambda _event, ghost=ghost: ghost.remove())

    def _move(self, node: Any, there: Any, here: Any, forwards: bool) -> Any:
        """Animate ``node`` (at ``here``) from ``there`` to where it is, or when ``forwards``
        from where it is to ``there``, fading away."""
        dx = there.left + there.width / 2 - (here.left + here.width / 2)
        dy = there.top + there.height / 2 - (here.top + here.height / 2)
        scale = max(0.3, min(2.5, there.width / here.width)) if here.width else 1
        if forwards:  # into a pile: a card shrinks as it goes, never grows (a name is wide)
            scale = min(scale, 0.6)
        away = {"transform": f"translate({dx}px, {dy}px) scale({scale:.3f})",
                "opacity": 0.2 if forwards else 1}
        home = {"transform": "none", "opacity": 1}
        frames = [home, away] if forwards else [away, home]
        return node.animate(to_js(frames, dict_converter=Object.fromEntries),
                            options(duration=self.view.motion, easing="ease-out",
                                    fill="forwards" if forwards else "none"))


class Renderer:
    """The table's DOM.  Call `render` with a new view whenever the game changes."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.table = document.getElementById("table")
        self.trick = document.getElementById("trick")
        self.prompt = document.getElementById("prompt")
        self.hint = document.getElementById("hint")
        self.hand = document.getElementById("hand")
        self.log = document.getElementById("log")
        self.live = self.log.closest("[aria-live]")  # the live region around the log's list
        self.seats = [self.table.querySelector(f'[data-seat="{seat}"]') for seat in range(3)]
        self.buttons = {
            b.getAttribute("data-action"): b
            for b in self.table.querySelectorAll("[data-action]")
        }
        self.actions = {
            b.getAttribute("data-action"): b
            for b in document.querySelectorAll("#actions [data-action]")
        }
        self.stats_panel = document.getElementById("stats")
        self.stats_file = document.getElementById("stats-file")
        self._shown: dict[str, object] = {}
        self.motion = 0  # milliseconds a card takes to move; 0: no movement
        self.shapes = False  # the suit-shapes setting: every face shows its suit's plain shape
        self._current = ""  # the card of your hand that holds the tab stop
        self._current_index = 0
        self._static: list[tuple[Any, str, str | None]] = []

    # --- static text ---------------------------------------------------------------------------

    def translate_static(self) -> None:
        """Put every ``data-i18n`` element's text through the catalog (its English is the id)."""
        root = document.documentElement
        root.setAttribute("lang", self.tr.language)
        root.setAttribute("dir", self.tr.direction)
        # English needs no work (the page is written in it) until another language was shown.
        if not self.tr.is_source or self._static:
            if not self._static:
                for node in document.querySelectorAll("[data-i18n]"):
                    context = node.getAttribute("data-i18n") or None
                    # The loading panel may already be translated (index.html's loader): its
                    # English waits in data-msgid.
                    english = node.getAttribute("data-msgid") or normalize(node.textContent)
                    self._static.append((node, english, context))
            for node, msgid, context in self._static:
                if context:
                    node.textContent = self.tr.pgettext(context, msgid)
                else:
                    node.textContent = self.tr.gettext(msgid)
            for img in document.querySelectorAll("img[data-suit]"):  # the suit legend
                suit = SUIT_LETTERS.index(str(img.getAttribute("data-suit")))
                img.setAttribute("src", legend_src(suit, self.tr.language, self.shapes))
        root.removeAttribute("data-translating")  # see index.html: the static text shows now

    def offer_languages(self, offered: list[str], chosen: str) -> Any:
        """Keep only the offered languages in the picker (each named in its own language)."""
        picker = document.getElementById("language")
        for option in list(picker.options):
            if str(option.value) not in offered:
                option.remove()
        picker.value = chosen
        return picker

    def retell(self, messages: list[str], start_over: bool = True) -> None:
        """Write the log again (in a new language) without reading it all out again; with
        ``start_over`` False, add to it (a resumed deal's story after the page's notices)."""
        self.live.setAttribute("aria-live", "off")
        if start_over:
            clear(self.log)
        for message in messages:
            self.log.appendChild(element("li", "", message))
        window.requestAnimationFrame(create_once_callable(self._speak_again))

    def _speak_again(self, _time: float) -> None:
        self.live.setAttribute("aria-live", "polite")
        self._scroll_log(_time)

    # --- the log (the polite live region) ----------------------------------------------------

    def announce(self, message: str, notice: bool = False,
                 action: tuple[str, str] | None = None, fleeting: bool = False) -> None:
        if notice:
            self._show_notice(message, action, fleeting)
        item = element("li", "notice" if notice else "", message)
        self.log.appendChild(item)
        while self.log.childElementCount > MAX_LOG:
            self.log.removeChild(self.log.firstElementChild)
        # Scroll once the browser lays the page out anyway: reading scrollHeight now would
        # force a layout in the middle of rendering.
        window.requestAnimationFrame(create_once_callable(self._scroll_log))

    def _scroll_log(self, _time: float) -> None:
        self.log.scrollTop = self.log.scrollHeight

    # --- notices and failures ----------------------------------------------------------------

    def notice(self, message: str, action: tuple[str, str] | None = None,
               fleeting: bool = False) -> None:
        """Something the player should see at once (a bad value in the address): shown above the
        table until dismissed, and kept in the log like any other event.  ``action`` is a button
        to show with it: (its ``data-action``, its label).  A ``fleeting`` notice is news that
        asks nothing of the player ("ready to play offline"): it floats over the top of the
        page, so the table does not move, and goes by itself after ``FLEETING_SECONDS``."""
        self.announce(message, notice=True, action=action, fleeting=fleeting)

    def _fade(self, item: Any) -> None:
        """Take a fleeting notice away, unless the keyboard is on its close button."""
        if item.contains(document.activeElement):
            return
        item.remove()

    def suit_tip(self, tip: SuitTipView) -> None:
        """The suit legend in a bubble over the foot of the trick area, pointing at your hand
        and leaving the prompt in view, until dismissed (it floats: the table does not move).
        Shown again in another language, it replaces the one on show."""
        figure = element("figure", "suit-legend")
        figure.appendChild(element("figcaption", "", tip.title))
        suits = element("ul")
        for src, name in tip.suits:
            item = element("li")
            item.appendChild(element("img", src=src, alt="", width="30", height="90"))
            item.appendChild(element("span", "", name))
            suits.appendChild(item)
        figure.appendChild(suits)
        old = document.getElementById(SUIT_TIP_ID)
        if old:
            old.remove()
        bubble = self._notice(figure, "suit-tip")
        bubble.id = SUIT_TIP_ID
        bubble.setAttribute("role", "note")
        document.querySelector(".prompt-box").prepend(bubble)

    def suit_tip_shown(self) -> bool:
        return bool(document.getElementById(SUIT_TIP_ID))

    def _notice(self, content: Any, cls: str = "") -> Any:
        """A notice box holding ``content``, with its close button."""
        item = element("div", f"notice {cls}".strip())
        item.appendChild(content)
        # The close button works without Python: the script in index.html handles it.
        label = self.tr.gettext("Dismiss this notice")
        close = element("button", "notice-close", type="button", data_action="dismiss-notice",
                        aria_label=label, title=label)
        close.appendChild(element("span", "", "×", aria_hidden="true"))
        item.appendChild(close)
        return item

    def _show_notice(self, message: str, action: tuple[str, str] | None = None,
                     fleeting: bool = False) -> None:
        box = document.getElementById("notices")
        if not box:
            return
        content = element("p", "notice-text", message)
        if action is not None:
            name, label = action
            content.appendChild(document.createTextNode(" "))
            content.appendChild(element("button", "btn notice-action", label, type="button",
                                        data_action=name))
        item = self._notice(content, "fleeting" if fleeting else "")
        box.appendChild(item)
        if fleeting:
            window.setTimeout(create_once_callable(lambda: self._fade(item)), FLEETING_SECONDS * 1000)
        while box.childElementCount > MAX_NOTICES:
            box.removeChild(box.firstElementChild)

    def show_failure(self, title: str, text: str, details: str = "") -> None:
        """Replace the table with the failure panel: ``title`` and ``text`` in plain words,
        "New deal" (``data-action="restart"``, for the app's click listener on the table),
        "Try again" (reloads the page) and "Copy details".  ``details`` (a traceback, a deal
        record) is never shown in the page nor put in its HTML: "Copy details" (handled by the
        script in index.html) copies it with the page's address and browser."""
        panel = document.getElementById("failure")
        if not panel:
            return
        focused = self.table.contains(document.activeElement)
        phase = str(self.table.getAttribute("data-phase") or "")
        if phase != "error":
            self._phase_before_failure = phase
        panel.setAttribute("data-kind", "play")
        panel.removeAttribute("data-details")  # what the page's script noted while loading
        panel.failureDetails = details  # a JavaScript property, not an attribute
        document.getElementById("failure-title").textContent = title
        document.getElementById("failure-text").textContent = text
        document.getElementById("failure-status").textContent = ""
        box = document.getElementById("failure-details")
        box.hidden = True
        box.value = ""
        restart = panel.querySelector('[data-action="restart"]')
        restart.hidden = False
        panel.querySelector('[data-action="retry"]').hidden = False
        self.table.setAttribute("data-phase", "error")
        panel.hidden = False
        if focused:  # the focused card or button is hidden now: keep the keyboard in the panel
            restart.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))

    def hide_failure(self) -> None:
        """Take the failure panel away; the next `render` shows the table again."""
        panel = document.getElementById("failure")
        if not panel:
            return
        focused = panel.contains(document.activeElement)
        panel.hidden = True
        panel.failureDetails = ""
        if self.table.getAttribute("data-phase") == "error":
            self.table.setAttribute("data-phase", getattr(self, "_phase_before_failure", "") or "")
        if focused:
            self.table.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))

    # --- the table -------------------------------------------------------------------------------

    def show_shapes(self, on: bool) -> None:
        """Show or hide the suits' plain shapes on every face in the page, the legend's too
        (the faces drawn from now on follow ``shapes``)."""
        if on == self.shapes:
            return
        self.shapes = on
        for img in document.querySelectorAll(f"img[src^='{CARD_DIR}']"):
            src = str(img.getAttribute("src")).split("#")[0]
            if src != card_src(BACK):
                img.setAttribute("src", src + (SHAPES if on else ""))

    def _changed(self, key: str, value: object) -> bool:
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def render(self, view: TableView) -> None:
        focused = self.table.contains(document.activeElement)
        self._render(view)
        active = document.activeElement
        # (JavaScript's null arrives as the falsy `jsnull`, not None: test truth, not identity.)
        lost = (not active or not self.table.contains(active)
                or bool(active.matches(":disabled, [hidden], [hidden] *")))
        if focused and lost:
            # The focused card or button went away (played, hidden, disabled): keep the keyboard
            # on the table instead of dropping it to the top of the page.
            self.table.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))

    def _render(self, view: TableView) -> None:
        self.table.setAttribute("data-phase", view.phase)
        self.table.setAttribute("data-to-move", "" if view.to_move is None else str(view.to_move))
        for seat_view in view.seats:
            self._seat(seat_view)
        if self._changed("trick", (view.trick, view.result)):
            self._trick(view.trick, view.result)
        if self._changed("history", view.history):
            self._history(view.history)
        if self._changed("prompt", view.prompt):
            self.prompt.textContent = view.prompt
        if self._changed("news", view.news):  # emptied between turns: said again next turn
            document.getElementById("turn-news").textContent = view.news
        if self._changed("hint", (view.hint, view.hint_problem)):
            self.hint.textContent = view.hint
            self.hint.classList.toggle("problem", view.hint_problem)
        self._hand(view.hand, view.hand_enabled)
        for button in view.buttons:
            self._button(button)
        listed = {button.action for button in view.buttons}
        for action, node in self.actions.items():  # the buttons of another mode (the replay's)
            if action not in listed and self._changed(f"button-{action}", None):
                node.hidden = True

    def problem(self, message: str) -> None:
        """Say why an action was refused, in the hint line."""
        self._shown["hint"] = (message, True)
        self.hint.textContent = message
        self.hint.classList.add("problem")

    def _seat(self, view: SeatView) -> None:
        if not self._changed(f"seat{view.seat}", view):
            return
        node = self.seats[view.seat]
        node.classList.toggle("to-move", view.to_move)
        marks = node.querySelector(".seat-marks")
        clear(marks)
        for mark in view.marks:
            marks.appendChild(element("span", f"mark mark-{mark.kind}", mark.text))
        node.querySelector(".seat-score").textContent = view.score
        if view.seat == 0:
            return
        cards = node.querySelector(".seat-cards")
        clear(cards)
        if view.revealed is not None:
            cards.classList.add("revealed")
            for card in view.revealed:
                cards.appendChild(card_image(card.code, card.label, self.tr.language, self.shapes))
            if not view.revealed:
                cards.appendChild(element("span", "revealed-none", self.tr.gettext("No cards left")))
        else:
            cards.classList.remove("revealed")
            for _ in range(view.hand_size):
                cards.appendChild(element("img", "back", src=card_src(BACK), alt="",
                                          width="60", height="180"))
        node.querySelector(".seat-count").textContent = view.count_text

    def _trick(self, trick: TrickView | None, result: ResultView | None) -> None:
        box = self.trick
        flight = Flight(self) if self.motion else None  # where the cards were before
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
            flight.land()

    def _history(self, tricks: tuple[TrickView, ...]) -> None:
        """The tricks finished so far, each with its title and its three plays."""
        box = document.getElementById("history")
        clear(box)
        for trick in tricks:
            item = element("li", "history-trick")
            item.appendChild(element("p", "history-title", trick.title))
            item.appendChild(self._slots(trick))
            box.appendChild(item)

    def _slots(self, trick: TrickView) -> Any:
        """A trick's three plays, Left, You, Right: names, cards (backs when face down), notes."""
        slots = element("div", "slots")
        for slot in trick.slots:
            node = element("div", f"slot slot-{slot.seat}" + (" best" if slot.best else ""))
            if slot.label:
                node.setAttribute("role", "group")
                node.setAttribute("aria-label", slot.label)
            node.appendChild(element("span", "slot-name", slot.name, aria_hidden="true"))
            cards = element("div", "slot-cards", aria_hidden="true")
            for card in slot.cards:
                cards.appendChild(card_image(card.code, card.label, self.tr.language, self.shapes))
            for _ in range(slot.backs):
                cards.appendChild(card_image(BACK, "", self.tr.language))
            for i, img in enumerate(cards.children):  # (which card it is, for its move)
                src = str(img.getAttribute("src")).split("#")[0]
                img.setAttribute("data-flight", f"{slot.seat} {i} {src}")
            if slot.note:
                cards.appendChild(element("span", "slot-note", slot.note))
            node.appendChild(cards)
            if slot.mark:
                node.appendChild(element("span", "slot-mark", slot.mark))
            slots.appendChild(node)
        return slots

    def _result(self, result: ResultView) -> Any:
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

    async def copy_link(self) -> None:
        """Copy the share link; where the browser will not, select it for the player to copy."""
        link = document.getElementById("share-link")
        status = document.getElementById("share-status")
        if not link or not status:
            return
        try:
            await window.navigator.clipboard.writeText(link.value)
            status.textContent = self.tr.gettext("The link is copied.")
        except Exception:  # no clipboard, or no permission: the player copies it by hand
            link.focus()
            link.select()
            status.textContent = self.tr.gettext("Copy the link from the box.")

    def _hand(self, cards: tuple[CardView, ...], enabled: bool) -> None:
        """Your cards as toggle buttons: one tab stop (the card last moved to), the arrow keys
        move along them.  Between your turns they stay focusable, marked aria-disabled, so the
        keyboard and a screen reader can still go through your hand."""
        layout = (self.tr.language, *((c.code, c.label, c.old) for c in cards))
        focused = self.hand.contains(document.activeElement)
        if self._changed("hand", layout):
            clear(self.hand)
            for card in cards:
                button = element("button", "card", type="button", data_card=card.code,
                                 aria_label=card.label, aria_pressed="false", tabindex="-1")
                button.appendChild(card_image(card.code, "", self.tr.language, self.shapes))
                if card.old:
                    # Translators: written across a card as narrow as 24 px; put a soft hyphen
                    # (U+00AD) where a word longer than four letters may break onto two lines.
                    button.appendChild(old_mark(self.tr.gettext("Old")))
                self.hand.appendChild(button)
            codes = [c.code for c in cards]
            if self._current not in codes:  # played: the card that took its place
                self._current = codes[min(self._current_index, len(codes) - 1)] if codes else ""
            self.focus_card(codes.index(self._current) if codes else -1, focused)
        if self._changed("hand-enabled", enabled):
            for button in self.hand.querySelectorAll("[data-card]"):
                button.setAttribute("aria-disabled", "false" if enabled else "true")
        pressed = tuple((c.selected, c.usable) for c in cards)
        if self._changed("pressed", (layout, pressed)):
            for card in cards:
                button = self.hand.querySelector(f'[data-card="{card.code}"]')
                button.setAttribute("aria-pressed", "true" if card.selected else "false")
                button.classList.toggle("unusable", not card.usable)

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

    def _button(self, view: ButtonView) -> None:
        if not self._changed(f"button-{view.action}", view):
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
        else:
            node.textContent = view.label

    # --- statistics ----------------------------------------------------------------------------

    def show_stats(self, view: StatsView) -> None:
        """Fill the statistics panel: a table (a column a level), the chart, or the empty text."""
        body = document.getElementById("stats-body")
        clear(body)
        if view.empty:
            body.appendChild(element("p", "stats-empty", view.empty))
            return
        table = element("table", "stats-table")
        head = element("tr")
        head.appendChild(element("td"))
        for column in view.columns:
            head.appendChild(element("th", "num", column, scope="col"))
        thead = element("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        tbody = element("tbody")
        for row in view.rows:
            line = element("tr")
            line.appendChild(element("th", "", row.label, scope="row"))
            for value in row.values:
                line.appendChild(element("td", "num", value))
            tbody.appendChild(line)
        table.appendChild(tbody)
        body.appendChild(table)
        if view.chart is not None:
            body.appendChild(self._chart(view.chart))

    def _chart(self, chart: Chart) -> Any:
        figure = element("figure", "stats-chart")
        svg = document.createElementNS(SVG, "svg")
        for name, value in (("viewBox", f"0 0 {CHART_WIDTH} {CHART_HEIGHT}"), ("role", "img"),
                            ("aria-label", chart.label), ("preserveAspectRatio", "none")):
            svg.setAttribute(name, value)
        zero = document.createElementNS(SVG, "line")
        for name, value in (("x1", "0"), ("x2", str(CHART_WIDTH)), ("y1", str(chart.zero)),
                            ("y2", str(chart.zero)), ("class", "chart-zero")):
            zero.setAttribute(name, value)
        svg.appendChild(zero)
        line = document.createElementNS(SVG, "polyline")
        line.setAttribute("points", chart.points)
        line.setAttribute("class", "chart-line")
        svg.appendChild(line)
        # The highest and lowest totals beside the chart's start (the caption says them too).
        scale = element("div", "chart-scale", aria_hidden="true")
        scale.appendChild(element("span", "", chart.high))
        scale.appendChild(element("span", "", chart.low))
        figure.appendChild(scale)
        figure.appendChild(svg)
        figure.appendChild(element("figcaption", "", chart.label))
        return figure

    def stats_message(self, message: str) -> None:
        """Say how an import went (in the panel's live region), closing any question."""
        document.getElementById("stats-confirm").hidden = True
        clear(document.getElementById("stats-problems"))
        document.getElementById("stats-status").textContent = message

    def stats_problems(self, title: str, problems: list[str]) -> None:
        """An import refused: every rejected field, listed."""
        self.stats_message("")
        box = document.getElementById("stats-problems")
        box.appendChild(element("p", "", title))
        items = element("ul")
        for problem in problems:
            items.appendChild(element("li", "", problem))
        box.appendChild(items)

    def stats_confirm(self, question: str) -> None:
        """Ask before an import replaces the statistics."""
        self.stats_message("")
        document.getElementById("stats-question").textContent = question
        box = document.getElementById("stats-confirm")
        box.hidden = False
        box.querySelector("[data-action='import-keep']").focus()

    def download(self, name: str, content: str) -> None:
        """Offer ``content`` as a file download named ``name``."""
        blob = Blob.new(to_js([content]), to_js({"type": "application/json"},
                                                 dict_converter=Object.fromEntries))
        url = URL.createObjectURL(blob)
        link = element("a", href=url, download=name)
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 1000)
