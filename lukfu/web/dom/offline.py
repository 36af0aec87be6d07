"""The service worker (site/sw.js, made by Workbox): the game keeps itself for offline play.

Page-only, MicroPython (imports ``js``), part of the effects. Registered once the game is
playable, so the first visit's start is not slowed. It tells `update` the worker's news as
messages: the first time the precache completes, ``Offline("ready")`` (the page says "Ready to
play offline", once); when a newer version is waiting (or another tab has switched to it),
``Offline("newer")`` (`update` offers "New version — reload", but only between deals).
"""

from js import window
from jsffi import create_proxy, to_js

from lukfu.web.dom.guard import call, settled
from lukfu.web.messages import Offline as News

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from collections.abc import Callable

    from jsffi import JsProxy

    from lukfu.web.messages import Message

WORKER = "sw.js"  # relative: the scope is the page's folder, e.g. /<repo>/ on GitHub Pages


class Offline:
    """The page's side of the service worker's life: install, ready, update."""

    def __init__(self, dispatch: "Callable[[Message], None]") -> None:
        self.dispatch = dispatch
        self.registration: JsProxy = None
        self.reloading = False
        self.claimed = False  # whether a worker controlled this page before
        self._proxies: list[JsProxy] = []

    def _on(self, target: "JsProxy", event: str, handler: "Callable[[JsProxy], object]") -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # alive as long as the page
        target.addEventListener(event, proxy)

    async def register(self) -> None:
        workers = getattr(window.navigator, "serviceWorker", None)
        if not workers:
            return  # no service workers here (an old browser, a private mode that forbids them)
        # A page that no worker controls yet is claimed by the first one (sw.js: clientsClaim):
        # that change of controller is not a new version.
        self.claimed = bool(workers.controller)
        ok, before = await settled(workers.getRegistration())  # the one this page is under
        first = not (ok and before and before.active)
        ok, self.registration = await settled(workers.register(WORKER))
        if not ok:  # refused (e.g. blocked by the browser): the game plays on online
            self.registration = None
            return
        registration = self.registration
        if not registration:  # a browser that blocks service workers may answer nothing
            return
        self._on(workers, "controllerchange", self.on_controller_change)
        if first:
            self._watch_first(registration.installing or registration.waiting or registration.active)
        elif registration.waiting:
            self.dispatch(News("newer"))
        self._on(registration, "updatefound", self.on_update_found)

    def _watch_first(self, worker: "JsProxy") -> None:
        """Say "ready to play offline" once this first worker has its precache and runs."""
        if not worker:
            return
        if str(worker.state) == "activated":
            self.dispatch(News("ready"))
            return
        self._on(worker, "statechange", lambda _event: (
            self.dispatch(News("ready")) if str(worker.state) == "activated" else None))

    def on_update_found(self, _event: "JsProxy") -> None:
        worker = self.registration.installing
        if not worker or not self.registration.active:
            return  # the first install: _watch_first follows it
        self._on(worker, "statechange", lambda _event: (
            self.dispatch(News("newer")) if str(worker.state) == "installed" else None))

    def on_controller_change(self, _event: "JsProxy") -> None:
        if not self.claimed:  # the first worker took charge of this page: nothing new
            self.claimed = True
            return
        if self.reloading:
            window.location.reload()
        else:  # another tab took the new version: this one reloads between deals
            self.dispatch(News("newer"))

    def accept(self) -> None:
        """The player chose the new version: let it take over, then reload into it."""
        self.reloading = True
        waiting = self.registration.waiting if self.registration else None
        if waiting:
            call(waiting, "postMessage", to_js({"type": "SKIP_WAITING"}))
        else:  # it already runs (another tab accepted it)
            window.location.reload()
