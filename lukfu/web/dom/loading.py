"""The page while the game's worker loads: the bytes arrived on the loading bar, a failure told.

Page-only, MicroPython (imports ``js``).  The worker's interpreter module (static/pyodide.mjs)
posts ``{lukfu: {received}}`` as Pyodide's downloads arrive and ``{lukfu: {failed}}`` when one
is broken, to the worker's PyScript ``xworker`` here; PyScript itself rejects the worker's start
when Python fails in it.  The bar and its words are index.html's, translated before Python ran.
"""

import json

from js import document, window
from jsffi import create_proxy
from pyscript import workers

from lukfu.web.dom.guard import get, settled

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

GAME = "script[type='py'][worker][name='game']"  # index.html's script of the game's worker


class Loading:
    def __init__(self) -> None:
        boot = json.loads(str(document.getElementById("boot").textContent))
        self.total = sum(boot["downloads"].values())
        self.silence = boot["silence"]  # (for the page's first sound: audio.py)
        self.digits, self.decimal = boot["numbers"][str(document.documentElement.lang)]
        self.rtl = str(document.documentElement.dir) == "rtl"
        self.done = False
        window.performance.mark("lukfu:page-python")  # (bench/long_tasks.py names the boot's moments)
        worker = document.querySelector(GAME).xworker
        self._proxies = [create_proxy(self.news), create_proxy(self.broke)]
        worker.addEventListener("message", self._proxies[0])
        worker.onerror = self._proxies[1]  # (PyScript's: the worker's Python did not start)
        self.show(0)

    async def game(self) -> "JsProxy":
        """The game's worker, once its Python has started (None if it could not start)."""
        ok, game = await settled(workers["game"])
        if not ok:
            self.failed(str(game))
        else:  # every download has arrived (the news of the last may have come before we listened)
            self.show(self.total)
        self.done = True
        window.performance.mark("lukfu:game-ready")
        return game if ok else None

    def news(self, event: "JsProxy") -> None:
        news = get(event.data, "lukfu")[1] if event.data else None
        if self.done or not news:
            return
        window.lukfu.activity()
        failed, received = get(news, "failed")[1], get(news, "received")[1]
        if failed:
            self.failed("load: " + str(failed))
        elif received:
            self.show(int(received))

    def broke(self, event: "JsProxy") -> None:
        error = get(event, "error")[1]
        self.failed(str(get(error, "message")[1] if error else get(event, "message")[1]))

    def failed(self, why: str) -> None:
        """Tell the page's failure panel: a download that broke ("load: …", from
        static/pyodide.mjs), else Python that could not start."""
        if not self.done:
            load = why.startswith("load: ") or why.startswith("Error: load: ")
            window.lukfu.fail("load" if load else "start", why)

    def show(self, received: int) -> None:
        bar = document.getElementById("loading-bar")
        label = document.getElementById("loading-bytes")
        words = document.getElementById("loading-bytes-words")
        if not bar or not label or not words or not self.total:
            return
        received = min(received, self.total)
        bar.max = self.total
        bar.value = received
        label.textContent = str(words.textContent).replace("{done}", self.megabytes(received)) \
            .replace("{total}", self.megabytes(self.total))

    def megabytes(self, count: int) -> str:
        """Megabytes to one decimal, in the language's digits and decimal sign."""
        text = "%.1f" % (count / 1e6)
        text = "".join(self.decimal if c == "." else self.digits[int(c)] for c in text)
        return "\u2068" + text + "\u2069" if self.rtl else text
