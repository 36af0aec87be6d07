"""The page's sounds, synthesised with the Web Audio API from `lukfu.web.sounds`' recipes.

Page-only (imports ``js``); run by the effects.  The audio context is made at the first sound,
which `update` asks for only after the player has interacted with the page; a browser that
has no Web Audio, or refuses it, stays silent and the game goes on.
"""

from __future__ import annotations

from typing import Any

from js import window
from pyodide.ffi import to_js

from lukfu.web.sounds import GAP, SOUNDS, VOLUME, Tone

NOISE_SECONDS = 0.25  # the length of the noise buffer every burst is cut from


class Audio:
    def __init__(self) -> None:
        self.context: Any = None
        self.noise: Any = None
        self.broken = False
        self.busy_until = 0.0  # when the sounds asked for so far have started

    def play(self, name: str) -> None:
        if self.broken or name not in SOUNDS:
            return
        try:
            context = self._context()
            start = max(context.currentTime, self.busy_until)
            self.busy_until = start + GAP
            for tone in SOUNDS[name]:
                self._tone(context, tone, start + tone.start)
        except Exception:  # no Web Audio, or the browser refused it: silence
            self.broken = True

    def _context(self) -> Any:
        if self.context is None:
            make = getattr(window, "AudioContext", None) or window.webkitAudioContext
            self.context = make.new()
            frames = int(self.context.sampleRate * NOISE_SECONDS)
            self.noise = self.context.createBuffer(1, frames, self.context.sampleRate)
            values, seed = [], 12345  # the same noise every time: a linear congruential sequence
            for _ in range(frames):
                seed = (seed * 1103515245 + 12345) % 2**31
                values.append(seed / 2**30 - 1)
            self.noise.getChannelData(0).set(to_js(values))
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def _tone(self, context: Any, tone: Tone, at: float) -> None:
        gain = context.createGain()
        peak = VOLUME * tone.loudness
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(peak, at + 0.005)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.length)
        gain.connect(context.destination)
        if tone.wave == "noise":
            source = context.createBufferSource()
            source.buffer = self.noise
            band = context.createBiquadFilter()
            band.type = "bandpass"
            band.frequency.value = tone.pitch
            source.connect(band)
            band.connect(gain)
        else:
            source = context.createOscillator()
            source.type = tone.wave
            source.frequency.value = tone.pitch
            source.connect(gain)
        source.start(at)
        source.stop(at + tone.length + 0.02)
