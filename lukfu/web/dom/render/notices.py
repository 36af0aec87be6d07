"""The notices beside the table and the suit legend, in place of a new player's first look.

Page-only, MicroPython (imports ``js``), drawn by `panels`: it copies a `lukfu.web.page.PageView`'s
notices and suit legend into the DOM, touching what changed.  A new player's first look (the
offer of the guided deal, the suit legend) is index.html's from the first paint: the first view
takes it over in place (`FirstLook`), so that nothing moves then.
"""

from js import document

from lukfu.web.dom.render.dom import Shown, element, js_options

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.faces import SuitTipView
    from lukfu.web.page import NoticeView, PageView

SUIT_TIP_ID = "suit-tip"
MISSING = object()  # (a key not found: None means something)


class FirstLook:
    """What index.html showed a new player from the first paint, before the game was ready: the
    lesson's offer (key ``learn``, its button's action) and the suit legend (``suit-tip``).  The
    first view takes each one it has, to put its own in its place; the rest then goes."""

    def __init__(self) -> None:
        # read at the first view: key -> element, None if closed
        self._early: dict[str, JsProxy] | None = None

    def _read(self) -> "dict[str, JsProxy]":
        if self._early is None:
            self._early = {str(node.getAttribute("data-early")): node
                           for node in document.querySelectorAll("[data-early]")}
            # (the ones the player closed meanwhile: loading.py notes them in <body data-dismissed>)
            for key in str(document.body.getAttribute("data-dismissed") or "").split():
                self._early[key] = None
        return self._early

    def take(self, key: str) -> "JsProxy":
        """The element shown for ``key``: None where the player closed it, MISSING where there is
        none (or the first view has been drawn)."""
        return self._read().pop(key, MISSING)

    def done(self) -> None:
        """After each view: once the first is drawn, what it did not take goes."""
        early = self._read()
        for node in early.values():
            if node is not None:
                node.remove()  # not in the first view (a storage that said otherwise)
        early.clear()


def take_place(old: "JsProxy", new: "JsProxy") -> None:
    """``new`` (a notice) in ``old``'s place, with the keyboard's focus if ``old`` had it: on
    the button of the same action, else on its close button."""
    active = document.activeElement
    focused = old.contains(active)
    action = active.getAttribute("data-action") if focused else None
    old.replaceWith(new)
    if focused:
        same = new.querySelector(f'[data-action="{action}"]') if action else None
        (same or new.querySelector(".notice-close")).focus(js_options(preventScroll=True))


def adopt(early: "JsProxy", text: str, label: str) -> None:
    """index.html's first-look notice made the game's own, in place (a new element would be
    painted anew): its words as the game says them, its button working."""
    early.removeAttribute("data-early")
    words = early.querySelector(".notice-text span")
    if words.textContent != text:
        words.textContent = text
    button = early.querySelector(".notice-action")
    if button.textContent != label:
        button.textContent = label
    button.disabled = False


class Notices:
    """The notices and the suit legend (``table`` gets the keyboard when the last one goes)."""

    def __init__(self, table: "JsProxy") -> None:
        self.table = table
        self.notices = document.getElementById("notices")
        self.shown = Shown()
        # notice id: its element (not connected once dismissed), and whether it is fleeting
        self._notices: dict[int, tuple[JsProxy, bool]] = {}
        self._tip_made = False
        self.first_look = FirstLook()

    def render(self, page: "PageView") -> None:
        self._show_notices(page.notices, page.dismiss)
        if self.shown.changed("suit-tip", (page.suit_tip, page.dismiss)):
            if page.suit_tip:
                self._suit_tip(page.suit_tip, page.dismiss)
            elif document.getElementById(SUIT_TIP_ID):  # closed (or another language has none)
                self._take_down(document.getElementById(SUIT_TIP_ID))
        self.first_look.done()

    def _show_notices(self, notices: "tuple[NoticeView, ...]", dismiss: str) -> None:
        """Notices beside or below the table until the model takes them down (a close button
        sends "dismiss-notice": app.py); a fleeting one floats over the top of the page, so the
        table does not move, and goes by itself."""
        if not self.shown.changed("notices", (notices, dismiss)):
            return
        ids = {n.id for n in notices}
        for notice_id in [i for i in self._notices if i not in ids]:
            item, fleeting = self._notices.pop(notice_id)
            focused = item.contains(document.activeElement)
            if fleeting and focused:
                continue  # news going by itself waits while the keyboard is on it
            self._take_down(item)
        for notice in notices:
            item = self._notices.get(notice.id, (None, False))[0]
            if item is not None and not item.isConnected:
                continue  # dismissed
            early: JsProxy = self.first_look.take(notice.action) if notice.action else MISSING
            if early is not MISSING:  # index.html's first look: made the game's own
                self._notices[notice.id] = (early or element("div"), notice.fleeting)
                if early is not None:  # (None: closed before the game was ready)
                    adopt(early, notice.text, notice.action_label)
                    early.setAttribute("data-notice", str(notice.id))
                continue
            content = element("p", "notice-text")
            content.appendChild(element("span", "", notice.text))  # (as index.html's first look)
            if notice.action:
                content.appendChild(document.createTextNode(" "))
                content.appendChild(element("button", "btn notice-action", notice.action_label,
                                            type="button", data_action=notice.action))
            fresh = self._notice(content, dismiss, "fleeting" if notice.fleeting else "")
            fresh.setAttribute("data-notice", str(notice.id))
            if item is None:
                self.notices.appendChild(fresh)
            else:
                take_place(item, fresh)  # (said again, in another language: the keyboard stays)
            self._notices[notice.id] = (fresh, notice.fleeting)

    def _take_down(self, item: "JsProxy") -> None:
        """A notice goes; closed by the keyboard, it goes on to the next notice, or the table."""
        focused = item.contains(document.activeElement)
        after = item.nextElementSibling or item.previousElementSibling
        item.remove()
        if focused:
            close = after.querySelector("[data-action='dismiss-notice']") if after else None
            (close or self.table).focus()

    def _notice(self, content: "JsProxy", dismiss: str, cls: str = "") -> "JsProxy":
        """A notice box holding ``content``, with its close button."""
        item = element("div", f"notice {cls}".strip())
        item.appendChild(content)
        close = element("button", "notice-close", type="button", data_action="dismiss-notice",
                        aria_label=dismiss, title=dismiss)
        close.appendChild(element("span", "", "×", aria_hidden="true"))
        item.appendChild(close)
        return item

    def _suit_tip(self, tip: "SuitTipView", dismiss: str) -> None:
        """The suit legend after the notices (beside the table on a wide screen, below it on a
        narrow one: it covers nothing and moves nothing), until dismissed.  Shown again in
        another language, it replaces the one on show (not one dismissed)."""
        old = document.getElementById(SUIT_TIP_ID)
        closed_early = self.first_look.take(SUIT_TIP_ID) is None
        if (self._tip_made or closed_early) and not old:
            self._tip_made = True
            return  # dismissed
        self._tip_made = True
        figure = element("figure", "suit-legend")
        figure.appendChild(element("figcaption", "", tip.title))
        suits = element("ul")
        for src, name in tip.suits:
            item = element("li")
            item.appendChild(element("img", src=src, alt="", width="30", height="90"))
            item.appendChild(element("span", "", name))
            suits.appendChild(item)
        figure.appendChild(suits)
        bubble = self._notice(figure, dismiss, "suit-tip")
        bubble.id = SUIT_TIP_ID
        bubble.setAttribute("data-notice", SUIT_TIP_ID)  # (closed: "dismiss-notice" with this key)
        bubble.setAttribute("role", "note")
        if old:
            take_place(old, bubble)
        else:
            self.notices.after(bubble)
