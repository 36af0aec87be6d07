"""The table's sounds: which events of a deal make which sound, and how each sound is made.

Plain Python (no ``js``): `deal.tell` asks for a `sound` effect for each of `sounds_for`;
the page's audio (`lukfu.web.dom.audio`) synthesises it from its `Tone` recipe below, so
nothing is downloaded and the game sounds the same offline.  Sounds are short and soft, and
never play before the player has pressed, clicked or typed something on the page (browsers
forbid it, and a page should not startle anyone).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from lukfu.session import CLAIMED, DEAL_OVER, DISCARDED, LED, PLAYED, TRICK_WON, Event
from lukfu.web.effects import Sound

CARD, DISCARD, TRICK, TURN, CLAIM, END = "card", "discard", "trick", "turn", "claim", "end"


class Tone(NamedTuple):
    """One note of a sound: a wave (``"noise"`` is a short burst of filtered noise, like a
    card on felt), its pitch in Hz (the noise filter's for a burst), when it starts and how long
    it lasts (seconds), and its loudness (0–1, before the page's overall volume)."""

    wave: str
    pitch: float
    start: float
    length: float
    loudness: float


SOUNDS: dict[str, tuple[Tone, ...]] = {
    CARD: (Tone("noise", 1800.0, 0.0, 0.05, 0.9),),
    DISCARD: (Tone("noise", 700.0, 0.0, 0.07, 0.6),),
    TRICK: (Tone("noise", 1200.0, 0.0, 0.05, 0.7), Tone("noise", 900.0, 0.07, 0.06, 0.6)),
    TURN: (Tone("sine", 660.0, 0.0, 0.12, 0.35),),
    CLAIM: (Tone("triangle", 523.25, 0.0, 0.12, 0.5), Tone("triangle", 659.25, 0.1, 0.12, 0.5),
            Tone("triangle", 783.99, 0.2, 0.25, 0.5)),
    END: (Tone("sine", 392.0, 0.0, 0.18, 0.45), Tone("sine", 523.25, 0.16, 0.3, 0.45)),
}
VOLUME = 0.25  # the page's overall volume: a moderate one
GAP = 0.09  # seconds between two sounds asked for at once (a card, then the trick taken)


BY_EVENT = {LED: CARD, PLAYED: CARD, DISCARDED: DISCARD, TRICK_WON: TRICK, CLAIMED: CLAIM,
            DEAL_OVER: END}


def sound(name: str) -> Sound:
    """The effect that plays the sound ``name``, with its recipe."""
    return Sound(name, SOUNDS[name], GAP, VOLUME)


def sounds_for(events: Iterable[Event], your_turn: bool) -> list[str]:
    """The sounds for events just told, in order, and the "your turn" chime when the table now
    waits for you (a claim or the end of the deal says enough by itself)."""
    names = [BY_EVENT[event.kind] for event in events if event.kind in BY_EVENT]
    if your_turn and not {CLAIM, END} & set(names):
        names.append(TURN)
    return names
