"""The page's effects: the only code that touches storage, the clipboard, downloads, the address
bar, the service worker and sound.

Page-only, MicroPython (imports ``js``).  `Effects.run` carries out one effect the worker's
answer asked for (see `lukfu.web.effects`) and sends what came of it back as a message; the
game's own time (pauses, thinking, the coach, catalogs) is the worker's.
"""

import asyncio

from js import URL, Blob, document, window
from jsffi import to_js

from lukfu.web.dom.audio import Audio
from lukfu.web.dom.guard import call, get, settled
from lukfu.web.dom.offline import Offline
from lukfu.web.dom.render.dom import js_options, later
from lukfu.web.effects import (
    LOCAL,
    AcceptNewVersion,
    Address,
    ChooseFile,
    Copy,
    Download,
    Forget,
    Handled,
    RegisterOffline,
    Share,
    Sound,
    Store,
)
from lukfu.web.messages import Copied, FileRead, Stored

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from typing import Any, Protocol

    from jsffi import JsProxy

    from lukfu.web.messages import Message

    class Sender(Protocol):  # the page's `app.App`, which these effects answer
        def send(self, message: Message) -> None: ...


def storage(area: str) -> "tuple[bool, JsProxy]":
    """(True, localStorage or sessionStorage), or (False, why) where storage is turned off (a
    private window, privacy settings: even asking for it throws)."""
    return get(window, "localStorage" if area == LOCAL else "sessionStorage")


def read_stored(area: str, prefix: str) -> "tuple[dict[str, str], bool]":
    """What the browser keeps in ``area`` under keys starting with ``prefix``, and False if it
    refuses to say."""
    ok, kept = storage(area)
    if not ok or not kept:
        return {}, False
    found = {}
    for index in range(int(kept.length)):
        key = str(kept.key(index))
        if key.startswith(prefix):
            ok, value = call(kept, "getItem", key)
            if ok and value is not None:
                found[key] = str(value)
    return found, True


class Effects:
    def __init__(self, app: "Sender", silence: str) -> None:
        self.app = app
        self.max_import = 0  # the largest file worth reading (the worker says: saving's limit)
        self.offline = Offline(app.send)
        self.audio = Audio(silence)

    def run(self, effect: "list[Any]") -> None:
        kind, args = effect[0], effect[1:]
        if kind == Store.NAME:
            area, key, value = args
            ok, kept = storage(area)
            if not ok or not call(kept, "setItem", key, value)[0]:  # full, or turned off
                self.app.send(Stored(False))
        elif kind == Forget.NAME:
            area, key = args
            ok, kept = storage(area)
            if ok:  # (storage off: it was never kept anyway)
                call(kept, "removeItem", key)
        elif kind == Download.NAME:
            self._download(args[0], args[1])
        elif kind == ChooseFile.NAME:
            document.getElementById("stats-file").click()
        elif kind == Copy.NAME:
            asyncio.create_task(self._copy(args[0]))
        elif kind == Share.NAME:
            asyncio.create_task(self._share(args[0], args[1], args[2]))
        elif kind == Address.NAME:
            query = args[0]
            call(window.history, "replaceState", None, "", query or window.location.pathname)
        elif kind == RegisterOffline.NAME:
            asyncio.create_task(self.offline.register())
        elif kind == AcceptNewVersion.NAME:
            self.offline.accept()
        elif kind == Sound.NAME:
            self.audio.play(args[1], args[2], args[3])  # name, recipe, gap, volume
        else:
            assert kind == Handled.NAME, kind  # the page claimed the key already (keys.claimed)

    async def _copy(self, text: str) -> None:
        """Copy the share link; where the browser will not, select it for the player to copy."""
        clipboard = window.navigator.clipboard  # (none, or no permission: copied by hand)
        ok, writing = call(clipboard, "writeText", text) if clipboard else (False, None)
        if ok:
            ok, _ = await settled(writing)
        self.app.send(Copied(ok))
        link = document.getElementById("share-link")
        if not ok and link:
            link.parentElement.parentElement.setAttribute("data-by-hand", "")  # (shown at once)
            link.focus()
            link.select()

    async def _share(self, text: str, url: str, field: str) -> None:
        """Share through the browser's own sharing (a phone's share sheet) where it has one;
        else copy the words and the link; where it will not, select them to copy by hand."""
        navigator = window.navigator
        if navigator.share:
            ok, sharing = call(navigator, "share", js_options(text=text, url=url))
            if ok:
                ok, why = await settled(sharing)
            if ok or (why and str(why.name) == "AbortError"):  # (shared, or the player said no)
                return
        clipboard = navigator.clipboard
        ok, writing = call(clipboard, "writeText", f"{text} {url}") if clipboard else (False, None)
        if ok:
            ok, _ = await settled(writing)
        self.app.send(Copied(ok))
        shown = document.getElementById(field)
        if not ok and shown:
            window.getSelection().selectAllChildren(shown)

    def _download(self, name: str, content: str) -> None:
        """Offer ``content`` as a file download named ``name``."""
        blob = Blob.new(to_js([content]), to_js({"type": "application/json"}))
        url = URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        later(1000, lambda: URL.revokeObjectURL(url))

    async def read_chosen_file(self, chooser: "JsProxy") -> None:
        """The file chosen to import, read (unless it is too large to be an export)."""
        files = chooser.files
        if not files.length:
            return
        file = files.item(0)
        chooser.value = ""  # the same file may be chosen again
        size = int(file.size)
        content = None
        if size <= self.max_import:
            ok, text = await settled(file.text())
            content = str(text) if ok else None
        self.app.send(FileRead(size, content))
