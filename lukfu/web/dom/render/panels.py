"""The page around the table: its static words, the log, the notices and the suit legend (through
`notices`), the failure panel, the settings, the statistics panel and the "Abandon this deal?"
dialog.

Page-only, MicroPython (imports ``js``): it copies a `lukfu.web.page.PageView` into the DOM,
touching what changed.
"""

from js import document, window

from lukfu.web.dom.faces import BACK, CARD_DIR, SHAPES, card_src
from lukfu.web.dom.render.dom import Shown, clear, element, js_options, normalize
from lukfu.web.dom.render.notices import Notices

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from collections.abc import Iterable
    from typing import Any

    from jsffi import JsProxy

    from lukfu.web.page import PageView, StatsPanelView
    from lukfu.web.statistics import Chart, DaysView, SheetView, StatsView

SVG = "http://www.w3.org/2000/svg"


def number_table(cls: str, corner: str, columns: "Iterable[str]",
                 rows: "Iterable[tuple[str, Iterable[str]]]") -> "JsProxy":
    """A table of numbers: a heading a column (``corner`` above the rows' labels, "" for none),
    then a row a label, its numbers aligned at the end."""
    head = element("tr")
    head.appendChild(element("th", "", corner, scope="col") if corner else element("td"))
    for column in columns:
        head.appendChild(element("th", "num", column, scope="col"))
    thead = element("thead")
    thead.appendChild(head)
    tbody = element("tbody")
    for label, values in rows:
        line = element("tr")
        line.appendChild(element("th", "", label, scope="row"))
        for value in values:
            line.appendChild(element("td", "num", value))
        tbody.appendChild(line)
    table = element("table", cls)
    table.appendChild(thead)
    table.appendChild(tbody)
    return table


class Panels:
    def __init__(self) -> None:
        self.table = document.getElementById("table")
        self.log = document.getElementById("log")
        self.live = self.log.closest("[aria-live]")  # the live region around the log's list
        self.picker = document.getElementById("language")
        self.shown = Shown()
        self._static: list[JsProxy] = []  # the data-i18n elements, in the order of static_texts
        self._lines: dict[int, tuple[JsProxy, str]] = {}  # log line id: its element and words
        self.notices = Notices(self.table)
        self._phase_before_failure = ""
        self._shapes = False  # whether the faces last showed their suits' shapes
        self._offered = False  # the language picker keeps only the languages offered
        self._translated = False  # the static text was put into another language than English
        self._examples = False  # the rules card's pictures have their faces (`examples`)
        # The settings' controls the player has moved, each with its settings not yet answered:
        # a view drawn meanwhile answers an earlier message, and must not set them back.
        self.held: dict[str, int] = {}

    def render(self, page: "PageView") -> None:
        self._settings(page)
        self._log(page.log)
        self.notices.render(page)  # the notices, the suit legend, a first look
        if self.shown.changed("stats", page.stats):
            self._stats(page.stats)
        if self.shown.changed("stats-panel", page.stats_panel):
            self._stats_panel(page.stats_panel)
        if self.shown.changed("failure", page.failure):
            if page.failure is None:
                self._hide_failure()
            else:
                self._show_failure(page.failure.title, page.failure.text, page.failure.details)
        dialog = document.getElementById("abandon")
        if page.confirming and not dialog.open:
            dialog.showModal()
        elif not page.confirming and dialog.open:
            dialog.close()

    # --- static words and settings ---------------------------------------------------------------

    def static_texts(self) -> "list[list[str | None]]":
        """The English of every ``data-i18n`` element, with its context (the worker translates
        them: `page_words`).  The loading panel may already be translated (index.html's
        loader): its English waits in data-msgid."""
        texts = []
        for node in document.querySelectorAll("[data-i18n]"):
            context = node.getAttribute("data-i18n") or None
            english = node.getAttribute("data-msgid") or normalize(node.textContent)
            self._static.append(node)
            texts.append([english, context])
        return texts

    def page_words(self, page: "dict[str, Any]", shapes: bool) -> None:
        """The page's static text, in the language the worker now speaks (``page``: its
        ``language``, ``direction``, ``source`` (English, the page's own), ``words`` (one a
        `static_texts` element) and the languages ``offered``).  The root's ``lang`` follows
        once the whole page is drawn in it (`speaks`); its direction now, for the drawing."""
        root = document.documentElement
        root.setAttribute("dir", page["direction"])
        if not self._offered:
            self._offered = True
            for option in list(self.picker.options):  # the languages with a catalog
                if str(option.value) not in page["offered"]:
                    option.remove()
        # English needs no work (the page is written in it) until another language was shown.
        if not page["source"] or self._translated:
            self._translated = True
            for node, words in zip(self._static, page["words"]):
                node.textContent = words
            self._card_pictures(page["language"], shapes)
        root.removeAttribute("data-translating")  # see index.html: the static text shows now

    def speaks(self, language: str) -> None:
        """The page is drawn in ``language``, every region of it: say so."""
        document.documentElement.setAttribute("lang", language)

    def _card_pictures(self, language: str, shapes: bool) -> None:
        """The suit legend's and the rules card's pictures, in the language's own faces."""
        for img in document.querySelectorAll("img[data-suit]"):  # the suit legend
            img.setAttribute("src", card_src("suit-" + str(img.getAttribute("data-suit")),
                                             language, shapes))
        if self._examples:
            self.examples(language, shapes)

    def examples(self, language: str, shapes: bool) -> None:
        """The rules card's pictures get their faces (index.html gives them none, so that their
        downloads wait until the first hand is on the table), or their language's."""
        self._examples = True
        for img in document.querySelectorAll("#rules img[data-face]"):
            img.setAttribute("src", card_src(str(img.getAttribute("data-face")), language, shapes))

    def hold(self, name: str) -> None:
        """The player moved control ``name``: its setting is on its way to the game."""
        self.held[name] = self.held.get(name, 0) + 1

    def release(self, name: str, page: "PageView | None") -> None:
        """A setting from control ``name`` was answered; once all are, it shows ``page`` again."""
        self.held[name] -= 1
        if not self.held[name]:
            del self.held[name]
            if page is not None:
                self._settings(page)

    def _settings(self, page: "PageView") -> None:
        settings = page.settings
        values = [("speed", settings.speed), ("level", settings.level),
                  ("language", settings.language)]
        values += [(look, str(v)) for look, v in settings.looks]
        for name, value in values:
            node = document.getElementById(name)
            if str(node.value) != value and name not in self.held:
                node.value = value
        for name, on in (("marks", settings.marks), ("suit-shapes", settings.shapes),
                         ("coach", settings.coach), ("sound", settings.sound)):
            node = document.getElementById(name)
            if bool(node.checked) != on and name not in self.held:
                node.checked = on
        for name, words in settings.look_texts:
            node = document.getElementById(name)
            if node.getAttribute("aria-valuetext") != words:
                node.setAttribute("aria-valuetext", words)
        for element_id, words in (("level-note", settings.level_note),
                                  ("offline-status", settings.offline)):
            node = document.getElementById(element_id)
            if node.textContent != words:
                node.textContent = words
        if self.shown.changed("looks", settings.properties):
            root = document.documentElement
            for prop, value in settings.properties:
                root.style.setProperty(prop, value)
        # (A page that has never shown the shapes has none to take off.)
        if self.shown.changed("shapes", (settings.shapes, page.language)) \
                and (settings.shapes or self._shapes):
            self._show_shapes(settings.shapes)
        self._shapes = settings.shapes

    def _show_shapes(self, on: bool) -> None:
        """Every face in the page shows its suit's plain shape, or none (the back has none)."""
        for img in document.querySelectorAll(f"img[src^='{CARD_DIR}']"):
            src = str(img.getAttribute("src")).split("#")[0]
            if src != card_src(BACK):
                img.setAttribute("src", src + (SHAPES if on else ""))

    # --- the log (the polite live region) ----------------------------------------------------

    def _log(self, lines: tuple[tuple[int, str, bool], ...]) -> None:
        """New lines are added (and read out); lines in new words (a language switch) are
        rewritten without reading the whole log out again."""
        ids = {line_id for line_id, _words, _notice in lines}
        for line_id in [i for i in self._lines if i not in ids]:
            self._lines.pop(line_id)[0].remove()
        reworded = False
        added = False
        for line_id, words, notice in lines:
            known = self._lines.get(line_id)
            if known is None:
                item = element("li", "notice" if notice else "", words)
                self.log.appendChild(item)
                self._lines[line_id] = (item, words)
                added = True
            elif known[1] != words:
                if not reworded:
                    self.live.setAttribute("aria-live", "off")
                    reworded = True
                known[0].textContent = words
                self._lines[line_id] = (known[0], words)
        if reworded:
            window.requestAnimationFrame(self._speak_again)
        elif added:
            # Scroll once the browser lays the page out anyway: reading scrollHeight now would
            # force a layout in the middle of rendering.
            window.requestAnimationFrame(self._scroll_log)

    def _speak_again(self, time: float) -> None:
        self.live.setAttribute("aria-live", "polite")
        self._scroll_log(time)

    def _scroll_log(self, _time: float) -> None:
        self.log.scrollTop = self.log.scrollHeight

    # --- the failure panel -------------------------------------------------------------------------

    def _show_failure(self, title: str, text: str, details: str) -> None:
        """Replace the table with the failure panel: ``title`` and ``text`` in plain words,
        "New deal" (``data-action="restart"``), "Try again" (reloads the page) and "Copy
        details".  ``details`` (a traceback, a deal record) is never shown in the page nor put
        in its HTML: "Copy details" (handled by the script in index.html) copies it with the
        page's address and browser."""
        panel = document.getElementById("failure")
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
            restart.focus(js_options(preventScroll=True))

    def _hide_failure(self) -> None:
        """Take the failure panel away; the table shows again."""
        panel = document.getElementById("failure")
        focused = panel.contains(document.activeElement)
        panel.hidden = True
        panel.failureDetails = ""
        if self.table.getAttribute("data-phase") == "error":
            self.table.setAttribute("data-phase", self._phase_before_failure)
        if focused:
            self.table.focus(js_options(preventScroll=True))

    # --- statistics ----------------------------------------------------------------------------

    def _stats(self, view: "StatsView") -> None:
        """Fill the statistics panel: a table (a column a level), the chart, or the empty text."""
        body = document.getElementById("stats-body")
        clear(body)
        if view.sheet is not None:
            sheet = body.appendChild(self._sheet(view.sheet))
            sheet.scrollTop = sheet.scrollHeight  # the latest deal in sight
        if view.days is not None:
            body.appendChild(self._days(view.days))
        if view.empty:
            body.appendChild(element("p", "stats-empty", view.empty))
            return
        body.appendChild(number_table("stats-table", "", view.columns,
                                      [(row.label, row.values) for row in view.rows]))
        if view.accuracy:
            body.appendChild(element("p", "stats-accuracy", view.accuracy))
        if view.chart is not None:
            body.appendChild(self._chart(view.chart))

    def _days(self, days: "DaysView") -> "JsProxy":
        """Your days of today's deal: the count and streaks, the latest days beside the par."""
        box = element("section", "stats-days", aria_label=days.title)
        box.appendChild(element("h3", "stats-days-title", days.title))
        box.appendChild(element("p", "stats-days-said", days.said))
        box.appendChild(number_table("stats-table days-table", days.head[0], days.head[1:],
                                     [(row[0], row[1:]) for row in days.rows]))
        return box

    def _sheet(self, sheet: "SheetView") -> "JsProxy":
        """This visit's score sheet: a row a deal, the latest at the foot."""
        box = element("div", "score-sheet", tabindex="0", role="region", aria_label=sheet.title)
        table = number_table("stats-table sheet-table", sheet.head[0], sheet.head[1:],
                             [(row[0], row[1:]) for row in sheet.rows])
        table.insertBefore(element("caption", "", sheet.title), table.firstChild)
        box.appendChild(table)
        return box

    def _chart(self, chart: "Chart") -> "JsProxy":
        figure = element("figure", "stats-chart")
        svg = document.createElementNS(SVG, "svg")
        for name, value in (("viewBox", f"0 0 {chart.width} {chart.height}"), ("role", "img"),
                            ("aria-label", chart.label), ("preserveAspectRatio", "none")):
            svg.setAttribute(name, value)
        zero = document.createElementNS(SVG, "line")
        for name, value in (("x1", "0"), ("x2", str(chart.width)), ("y1", str(chart.zero)),
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

    def _stats_panel(self, view: "StatsPanelView") -> None:
        """How an import went (in the panel's live region), every refused field, or the
        question before an import replaces the statistics."""
        confirm = document.getElementById("stats-confirm")
        problems = document.getElementById("stats-problems")
        clear(problems)
        document.getElementById("stats-status").textContent = view.message
        if view.problems_title:
            problems.appendChild(element("p", "", view.problems_title))
            items = element("ul")
            for problem in view.problems:
                items.appendChild(element("li", "", problem))
            problems.appendChild(items)
        document.getElementById("stats-question").textContent = view.question
        confirm.hidden = not view.question
        if view.question:
            confirm.querySelector("[data-action='import-keep']").focus()
