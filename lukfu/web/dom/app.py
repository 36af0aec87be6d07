"""The page's wiring: DOM events become messages for the game's worker, and what it answers (a
view, effects) is drawn by the renderer and carried out by the effects.

Page-only, MicroPython (imports ``js`` and ``jsffi``), started by index.html's
``<script type="mpy">``; the game's worker is PyScript's named worker "game" (`lukfu.web.worker`,
Pyodide), whose exported ``receive`` takes each message and ``next_answer``, awaited in a loop,
gives the answers in order: to the page's messages and of the game's own accord (a computer's
move, the coach's progress).  No decision is made here: every one is `update`'s, in the worker.
The page never waits for the worker to go on answering the player: each message is sent as it
happens, each answer drawn as it arrives.
Your hand's keyboard is the page's own (roving focus): the arrow keys, Home and End move along
it at once, without a message, and Space and Enter send the card that has the keyboard as they
go down; the worker never moves the keyboard.  Only while a message that may change your hand
is unanswered (a play: `keys.changes_hand`) do the hand's keys wait, in order, for its answer.
Anything that goes wrong on the page becomes a `Failure` message.
"""

import asyncio
import io
import json
import sys

from js import Error, console, document, window
from jsffi import create_proxy, to_js

from lukfu.web.dom.data import wrap
from lukfu.web.dom.effects import Effects, read_stored
from lukfu.web.dom.guard import settled
from lukfu.web.dom.keys import HAND_KEYS, PLAY, SELECT, changes_hand, claimed, hand_step, on_hand
from lukfu.web.dom.loading import Loading
from lukfu.web.dom.render.renderer import Renderer
from lukfu.web.messages import (
    Device,
    DismissNotice,
    Failure,
    HandCard,
    Key,
    PlayCard,
    Press,
    Setting,
    Start,
    encode,
)

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from collections.abc import Awaitable, Callable
    from typing import Any

    from jsffi import JsProxy

    from lukfu.web.messages import Message
    from lukfu.web.page import PageView

STORED_PREFIX = "lukfu."  # every key the game keeps in the browser's storage
# The settings' controls: element id -> (its DOM event, the setting's name); a checkbox's value
# is "on" or "off", any other control's its value.
CONTROLS = {
    "speed": ("change", "speed"), "level": ("change", "level"),
    "language": ("change", "language"), "marks": ("change", "marks"),
    "suit-shapes": ("change", "shapes"), "coach": ("change", "coach"),
    "sound": ("change", "sound"), "contrast": ("input", "contrast"),
    "grain": ("input", "grain"), "warmth": ("input", "warmth"),
}
PAGE_ACTIONS = ("retry", "copy-details")  # index.html's script has these
THINK_MEASURE = "lukfu-think"  # a computer's decision, thought to drawn (bench/ai_latency.py)


def details(error: BaseException) -> str:
    """An error's traceback, as text."""
    text = io.StringIO()
    sys.print_exception(error, text)  # type: ignore[attr-defined]  # (MicroPython's)
    return text.getvalue()


def python_error(text: str) -> None:
    """Tell index.html's last resort (it watches the console for a PythonError)."""
    error = Error.new(text)
    error.name = "PythonError"
    console.error(error)


class App:
    def __init__(self, game: "JsProxy", silence: str) -> None:
        self.game = game  # the worker's calls: receive(message), next_answer(), in JSON
        self.view: PageView | None = None  # the view last drawn
        self.seq = 0  # the number of the worker's answer last drawn
        # (answer number, Event): messages sent, until that is drawn
        self.waiting: list[tuple[int, asyncio.Event]] = []
        self.unanswered = 0  # messages sent, not answered yet
        self.changing = 0  # of those, the ones that may change your hand (keys.changes_hand)
        # the hand's keys pressed meanwhile: (key, code, shift), in order
        self.held: list[tuple[str, str, bool]] = []
        self.renderer = Renderer()
        self.effects = Effects(self, silence)
        self._proxies: list[JsProxy] = []
        self.touch = bool(window.matchMedia("(pointer: coarse)").matches)  # as the game was told

    # --- to the worker and back ---------------------------------------------------------------

    def send(self, message: "Message", control: str = "") -> None:
        """Tell the worker what happened (a `lukfu.web.messages` message); draw its answer.
        A setting from ``control`` (its id) is the player's until answered: see `Panels.hold`."""
        wire = encode(message)
        if control:
            self.renderer.panels.hold(control)
        self.send_wire(json.dumps(wire), changes_hand(wire), isinstance(message, Failure), control)

    def send_wire(self, message: str, changing: bool = False, failing: bool = False,
                  control: str = "") -> None:
        """Send a message as it travels (JSON: the hand's cards carry theirs, render/table.py);
        draw the answer when it comes.  Until every message sent is answered, the page carries
        ``data-answering`` (the browser tests wait for it to go after each action of theirs, as
        a player's eye would)."""
        self.unanswered += 1
        if changing:
            self.changing += 1
        document.documentElement.setAttribute("data-answering", "")
        asyncio.create_task(self._answered(self._ask(message, failing), changing, control))

    async def _answered(self, asking: "Awaitable[None]", changing: bool, control: str) -> None:
        try:
            await asking
        finally:
            if control:
                self.renderer.panels.release(control, self.view)
            if changing:
                self.changing -= 1
            if not self.changing:
                self.release_keys()  # (they may send more: before data-answering is taken off)
            self.unanswered -= 1
            if not self.unanswered:
                document.documentElement.removeAttribute("data-answering")

    async def _ask(self, message: str, failing: bool) -> None:
        """Send ``message``; return once its answer is drawn (it comes by `listen`)."""
        try:
            ok, seq = await settled(self.game.receive(message))
            if not ok:
                raise RuntimeError("the game's worker: " + str(seq))
            if self.seq < int(seq):
                drawn = asyncio.Event()
                self.waiting.append((int(seq), drawn))
                await drawn.wait()
        except Exception as error:
            self.fail(error, failing)

    async def listen(self) -> None:
        """The game's answers, drawn as they come, in order, for as long as the page."""
        while True:
            ok, answer = await settled(self.game.next_answer())
            try:
                if not ok:
                    raise RuntimeError("the game's worker: " + str(answer))
                await self.take(str(answer))
            except Exception as error:
                self.fail(error)
                if not ok:
                    return

    async def take(self, text: str) -> None:
        answer = json.loads(text)
        await self.show(answer)
        self.seq = answer["seq"]
        for waiting in [w for w in self.waiting if w[0] <= self.seq]:  # (their answers are drawn)
            self.waiting.remove(waiting)
            waiting[1].set()
        if "thought" in answer:  # a computer's decision: its time, to the move drawn
            now = window.performance.now()
            window.performance.measure(THINK_MEASURE, to_js(
                {"start": now - 1000 * answer["thought"], "end": now}))

    async def show(self, answer: "dict[str, Any]") -> None:
        """Draw the worker's view, then carry out its effects.  A view with the page's words
        (the first, and a language switch: every region drawn anew) is drawn a region a task, so
        that the page answers the player between."""
        if answer["view"] is not None:  # (none while the worker starts the game)
            await self.draw(answer["view"], answer.get("page"))
        for effect in answer["effects"]:
            self.effects.run(effect)

    async def draw(self, view: "dict[str, Any]", page: "dict[str, Any] | None") -> None:
        first = self.view is None
        anew = first or bool(page)
        drawn: PageView = wrap(view)  # (read in place as the worker's PageView it was)
        self.view = drawn
        if page:
            self.effects.max_import = page["max_import"]
            self.renderer.panels.page_words(page, drawn.settings.shapes)
            await asyncio.sleep(0)  # the page's words are a region of their own
        for _region in self.renderer.regions(drawn):
            if anew:
                await asyncio.sleep(0)
        if first:  # a first look's notices closed before the game was up (index.html notes them)
            window.performance.mark("lukfu:first-view")
            self.renderer.panels.examples(drawn.language, drawn.settings.shapes)
            for key in str(document.body.getAttribute("data-dismissed") or "").split():
                self.send(DismissNotice(key))
        if page:
            self.renderer.panels.speaks(page["language"])

    def fail(self, error: BaseException, again: bool = False) -> None:
        if again:  # the failure panel itself failed: index.html's last resort shows it
            python_error(details(error))
            return
        self.send(Failure(details(error)))

    # --- the page's events --------------------------------------------------------------------

    def start(self) -> None:
        for name, (event, setting) in CONTROLS.items():
            node = document.getElementById(name)
            self._listen(node, event, lambda _e, s=setting, n=node, c=name: self.send(
                Setting(s, ("on" if n.checked else "off") if n.type == "checkbox" else str(n.value)), c))
        self._listen(document, "click", self.on_click)
        self._listen(document, "dblclick", self.on_double_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "keyup", self.on_key_up)
        self._listen(document, "pointerdown", self.on_pointer)
        chooser = document.getElementById("stats-file")
        self._listen(chooser, "change", lambda _e: asyncio.create_task(
            self.effects.read_chosen_file(chooser)))
        # Escape closes the dialog by itself: the model hears it as "Keep playing".
        self._listen(document.getElementById("abandon"), "close",
                     lambda _e: self.send(Press("keep-playing"))
                     if self.view is not None and self.view.confirming else None)
        stored, kept = read_stored("local", STORED_PREFIX)
        tab, _ = read_stored("tab", STORED_PREFIX)
        try:
            languages = [str(code).lower() for code in window.navigator.languages]
        except Exception:
            languages = []
        self.send(Start({
            "query": str(window.location.search),
            "page_url": str(window.location.origin) + str(window.location.pathname),
            "languages": languages, "stored": stored, "tab": tab, "storage": kept,
            "touch": self.touch,
            "reduced_motion": bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches),
            "static": self.renderer.panels.static_texts(),
        }))
        picker = document.getElementById("language")
        if str(picker.value) != str(picker.getAttribute("data-chosen")):  # picked while loading
            self.send(Setting("language", str(picker.value)))

    def _listen(self, node: "JsProxy", event: str, handler: "Callable[..., object]") -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)  # keep the proxy alive as long as the page
        node.addEventListener(event, proxy)

    def on_click(self, event: "JsProxy") -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target or target.disabled:
            return
        wire = target.getAttribute("data-message")
        if wire and target.closest("#hand"):  # a card of your hand: its message as it travels
            self.send_wire(str(wire))
            return
        name = str(target.getAttribute("data-action") or "")
        if name == "dismiss-notice":  # the model's notice, by its id, or a first look's key
            key = str(target.closest(".notice").getAttribute("data-notice") or "")
            self.send(DismissNotice(int(key) if key.isdigit() else key))
        elif name and name not in PAGE_ACTIONS:
            self.send(Press(name))

    def on_double_click(self, event: "JsProxy") -> None:
        target = event.target.closest("#hand [data-card]")
        if target and not target.disabled:
            self.send(PlayCard(str(target.getAttribute("data-card"))))

    def device(self, touch: bool) -> None:
        """The player used the page with a finger, or with a mouse or the keyboard: the game's
        words follow (tap, or select), told only when that changes."""
        if touch != self.touch:
            self.touch = touch
            self.send(Device(touch))

    def on_pointer(self, event: "JsProxy") -> None:
        self.device(str(event.pointerType) == "touch")

    def on_key(self, event: "JsProxy") -> None:
        if event.altKey or event.ctrlKey or event.metaKey or event.defaultPrevented:
            return
        target = event.target
        if not target.closest or target.closest("input, select, textarea, a"):
            return
        card = target.closest("#hand [data-card]")
        key, code, shift = str(event.key), str(event.code), bool(event.shiftKey)
        self.device(False)  # (a keyboard beside a touch screen: the words say select)
        if key == PLAY and not card and target.closest("button, summary"):
            return  # the browser presses the button itself (the game hears the press)
        if card and on_hand(key, self.replaying()):
            event.preventDefault()  # (Space's and Enter's own click too: the page sends them)
            if event.repeat and key in (SELECT, PLAY):
                return  # held down: once
            if self.changing or self.held:  # your hand may be about to change: after it
                self.held.append((key, code, shift))
            else:
                self.hand_key(key, code, shift, card)
            return
        where = "card:" + str(card.getAttribute("data-card")) if card else ""
        if claimed(key, where, self.replaying()):
            event.preventDefault()
        self.send(Key(key, code, where, shift))

    def on_key_up(self, event: "JsProxy") -> None:
        """A button's Space clicks it as the key comes up: on your hand, the page sent it already."""
        target = event.target
        if str(event.key) == SELECT and target.closest and target.closest("#hand [data-card]"):
            event.preventDefault()

    def replaying(self) -> bool:
        return self.view is not None and self.view.table is not None \
            and self.view.table.phase == "replay"

    def hand_key(self, key: str, code: str, shift: bool, card: "JsProxy") -> None:
        """A key of your hand pressed on ``card``, the card that has the keyboard now."""
        name = str(card.getAttribute("data-card"))
        if key in HAND_KEYS:
            codes = self.renderer.table.hand_codes()
            step = hand_step(key, codes.index(name), len(codes)) if name in codes else None
            if step is not None:
                self.renderer.table.focus_card(step)
        elif key == SELECT:
            self.send(HandCard(name))
        else:
            self.send(Key(key, code, "card:" + name, shift))

    def release_keys(self) -> None:
        """The hand's keys held while it might change, each on the card that has the keyboard
        now, as they would have been pressed after the change (until one may change it again)."""
        while self.held and not self.changing:
            key, code, shift = self.held.pop(0)
            active = document.activeElement
            card = active.closest("#hand [data-card]") if active and active.closest else None
            if not card:  # the keyboard left your hand (its last card played): they are dropped
                self.held = []
            elif on_hand(key, self.replaying()):
                self.hand_key(key, code, shift, card)
            else:  # a replay's key now
                self.send(Key(key, code, "card:" + str(card.getAttribute("data-card")), shift))


_app = None  # the one game on the page, kept alive for its event handlers


async def start() -> None:
    """The page's start (index.html): once the game's worker is up, wire the page to it."""
    global _app
    loading = Loading()
    game = await loading.game()
    if game is None:
        return  # (PyScript's worker could not start: Loading has said so)
    _app = App(game, loading.silence)
    _app.start()
    window.lukfu.started()  # (a deal should follow)
    await _app.listen()
