"""The service worker (site/sw.js, made by Workbox): the game keeps itself for offline play.

Registered once the game is playable, so the first visit's start is not slowed.  The first time
the precache completes, the page says "Ready to play offline", once.  When a newer version is
waiting (or another tab has switched to it), the page offers "New version — reload", but only
between deals: a deal in progress is never interrupted, and the worker waits until the player
accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import Object, document, window
from pyodide.ffi import create_proxy, to_js

from lukfu.session import Session
from lukfu.web.render import Renderer

WORKER = "sw.js"  # relative: the scope is the page's folder, e.g. /<repo>/ on GitHub Pages


def deal_in_progress(session: Session | None) -> bool:
    """A deal someone has acted in and that is not over yet."""
    return session is not None and not session.is_over and bool(session.state.history)


class Offline:
    """The page's side of the service worker's life: install, ready, update."""

    def __init__(self, view: Renderer, session: Callable[[], Session | None]) -> None:
        self.view = view
        self.session = session  # the deal on the table now
        self.registration: Any = None
        self.newer = False  # a new version is waiting, or has taken over in another tab
        self.offered = False
        self.reloading = False
        self._proxies: list[Any] = []

    def _on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # alive as long as the page
        target.addEventListener(event, proxy)

    async def register(self) -> None:
        workers = getattr(window.navigator, "serviceWorker", None)
        if not workers:
            return  # no service workers here (an old browser, a private mode that forbids them)
        try:
            before = await workers.getRegistration()  # the one this page falls under, if any
            first = not (before and before.active)
            self.registration = await workers.register(WORKER)
        except Exception:  # refused (e.g. blocked by the browser): the game plays on online
            return
        registration = self.registration
        if not registration:  # a browser that blocks service workers may answer nothing
            return
        self._on(workers, "controllerchange", self.on_controller_change)
        if first:
            self._watch_first(registration.installing or registration.waiting or registration.active)
        elif registration.waiting:
            self.on_newer()
        self._on(registration, "updatefound", self.on_update_found)

    def _watch_first(self, worker: Any) -> None:
        """Say "ready to play offline" once this first worker has its precache and runs."""
        if not worker:
            return
        if str(worker.state) == "activated":
            self.view.notice(self.view.tr.gettext("Ready to play offline."), fleeting=True)
            return
        self._on(worker, "statechange", lambda _event: self._watch_first_again(worker))

    def _watch_first_again(self, worker: Any) -> None:
        if str(worker.state) == "activated":
            self.view.notice(self.view.tr.gettext("Ready to play offline."), fleeting=True)

    def on_update_found(self, _event: Any) -> None:
        worker = self.registration.installing
        if not worker or not self.registration.active:
            return  # the first install: _watch_first follows it
        self._on(worker, "statechange", lambda _event: (
            self.on_newer() if str(worker.state) == "installed" else None))

    def on_controller_change(self, _event: Any) -> None:
        if self.reloading:
            window.location.reload()
        else:  # another tab took the new version: this one reloads between deals
            self.on_newer()

    def on_newer(self) -> None:
        self.newer = True
        self.offer()

    def offer(self) -> None:
        """Offer the new version, unless a deal is in progress (then at its end: the app calls
        this after every change on the table)."""
        if not self.newer or self.offered or deal_in_progress(self.session()):
            return
        self.offered = True
        tr = self.view.tr
        # Its button (data-action="new-version") comes back through the app's notice listener.
        self.view.notice(tr.gettext("A new version of the game is ready."),
                         action=("new-version", tr.gettext("New version — reload")))

    def speak_again(self) -> None:
        """After a language switch: an offer on show is made again, in the new language (one
        the player closed stays closed)."""
        button = document.querySelector("#notices [data-action='new-version']")
        if not self.offered or not button:
            return
        button.closest(".notice").remove()
        self.offered = False
        self.offer()

    def accept(self) -> None:
        """The player chose the new version: let it take over, then reload into it."""
        self.reloading = True
        waiting = self.registration.waiting if self.registration else None
        if waiting:
            waiting.postMessage(to_js({"type": "SKIP_WAITING"}, dict_converter=Object.fromEntries))
        else:  # it already runs (another tab accepted it)
            window.location.reload()
