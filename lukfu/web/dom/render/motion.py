"""Cards moving: from a hand to the trick, and a finished trick to its winner.

Page-only, MicroPython (imports ``js``). A `Flight` is made from the trick the table showed
before it is rebuilt (it notes where each card was on screen), and landed after: it animates the
new cards from where they came from, and sends a finished trick's cards to its winner. What
moved is read from the two views, not from the DOM; the DOM gives only the places.
"""

from js import document
from jsffi import to_js

from lukfu.web.dom.render.dom import js_options

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from jsffi import JsProxy

    from lukfu.web.view import TrickView


def flight_keys(trick: "TrickView | None") -> dict[str, tuple[int, str]]:
    """Each card image of a trick view by its ``data-flight`` key ("seat index code"): (seat,
    code).  A face-down card's code is "back"."""
    keys: dict[str, tuple[int, str]] = {}
    if trick is None:
        return keys
    for slot in trick.slots:
        codes = [card.code for card in slot.cards] + ["back"] * slot.backs
        for index, code in enumerate(codes):
            keys[f"{slot.seat} {index} {code}"] = (slot.seat, code)
    return keys


class Flight:
    def __init__(self, box: "JsProxy", hand: "JsProxy", seats: "list[JsProxy]",
                 before: "TrickView | None", duration: int) -> None:
        self.box, self.seats, self.duration = box, seats, duration
        self.before = flight_keys(before)
        self.winner: int | None = None
        self.leaving: list[tuple[JsProxy, JsProxy]] = []  # (a finished trick's card, where it was)
        if before is not None and before.finished:
            self.winner = next((slot.seat for slot in before.slots if slot.best), None)
            self.leaving = [(img, img.getBoundingClientRect())
                            for img in box.querySelectorAll("[data-flight]")]
        self.hand = {str(b.getAttribute("data-card")): b.getBoundingClientRect()
                     for b in hand.querySelectorAll("[data-card]")}
        self.places = [(seat.querySelector(".seat-cards") or seat.querySelector(".seat-label"))
                       .getBoundingClientRect() for seat in seats]

    def land(self, after: "TrickView") -> None:
        arrived = flight_keys(after)
        if self.leaving and self.winner is not None and arrived != self.before:
            self._send_to_winner(self.winner)
        new = {key: place for key, place in arrived.items() if key not in self.before}
        if len({seat for seat, _code in new.values()}) != 1:
            return  # no one seat's play: a trick shown again, not a move
        moves = []  # every place read before any card moves (see deal_out)
        for key, (seat, code) in new.items():
            img = self.box.querySelector(f'[data-flight="{key}"]')
            start = self.hand.get(code) if seat == 0 else self.places[seat]
            if img and start:
                moves.append((img, start, img.getBoundingClientRect()))
        for img, start, here in moves:
            self._move(img, start, here, forwards=False)

    def _send_to_winner(self, winner: int) -> None:
        pile = self.seats[winner].querySelector(".seat-label").getBoundingClientRect()
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
            moving.onfinish = (lambda _event, ghost=ghost: ghost.remove())

    def _move(self, node: "JsProxy", there: "JsProxy", here: "JsProxy", forwards: bool) -> "JsProxy":
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
        return node.animate(to_js(frames),
                            js_options(duration=self.duration, easing="ease-out",
                                       fill="forwards" if forwards else "none"))


def deal_out(hand: "JsProxy", seats: "list[JsProxy]", deck: "JsProxy", duration: int) -> None:
    """Fresh cards dealt from the middle of the table: your hand's, one after another, and the
    two side seats' backs with them; ``duration`` is a card's move (the speed setting's; never
    called with reduced motion or "instant").  Every place is read before any card moves: a
    read after an animation has started makes the browser lay the page out again, card after
    card."""
    there = deck.getBoundingClientRect()
    rows = [list(hand.querySelectorAll("[data-card]"))]
    rows += [list(seat.querySelectorAll(".seat-cards img")) for seat in seats[1:]]
    step = duration / 6
    moves = [(node, node.getBoundingClientRect(), index * step)
             for row in rows for index, node in enumerate(row)]
    for node, here, delay in moves:
        _arrive(node, here, there, duration, delay)


def _arrive(node: "JsProxy", here: "JsProxy", there: "JsProxy", duration: int, delay: float) -> None:
    dx = there.left + there.width / 2 - (here.left + here.width / 2)
    dy = there.top + there.height / 2 - (here.top + here.height / 2)
    frames = [{"transform": f"translate({dx}px, {dy}px) scale(0.5)", "opacity": 0},
              {"transform": "none", "opacity": 1}]
    node.animate(to_js(frames),
                 js_options(duration=duration * 1.5, delay=delay, easing="ease-out",
                            fill="backwards"))
