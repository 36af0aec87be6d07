"""The page's sounds, synthesised with the Web Audio API from `lukfu.web.sounds`' recipes.

Page-only, MicroPython (imports ``js``); run by the effects, which have each sound's recipe from
the worker (its tones: wave, pitch, start, length, loudness). The audio context is made at the
first sound, which `update` asks for only after the player has interacted with the page: once
static/page.mjs's ``wakeAudio`` has opened the audio output, off the page's thread, by playing a
moment of silence (``new AudioContext()`` opening it itself held the page's thread 125-340 ms in
headless Chromium here, and 2 ms after); a browser that has no Web Audio, or refuses it, stays
silent and the game goes on.
"""

import asyncio

from pyscript.js_modules import page

from lukfu.web.dom.guard import new, settled

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from typing import TypeAlias

    from jsffi import JsProxy

    # A tone of a recipe (`lukfu.web.sounds.Tone`), as JSON brings it: wave, pitch, start,
    # length, loudness.
    Tone: TypeAlias = "tuple[str, float, float, float, float]"

NOISE_SECONDS = 0.25  # the length of the noise buffer every burst is cut from


class Audio:
    def __init__(self, silence: str) -> None:
        self.silence = silence  # a moment of silence to play first (static/silence.wav)
        self.context: JsProxy = None
        self.noise: JsProxy = None
        self.broken = False
        self.busy_until = 0.0  # when the sounds asked for so far have started
        # the sounds asked for while the audio output opens
        self.waiting: list[tuple[list[Tone], float, float]] = []

    def play(self, tones: "list[Tone]", gap: float, volume: float) -> None:
        if self.broken or not tones:
            return
        if self.context is not None:
            self._play(tones, gap, volume)
            return
        self.waiting.append((tones, gap, volume))
        if len(self.waiting) == 1:  # the first sound: the output opens, then it plays
            asyncio.create_task(self._open())

    async def _open(self) -> None:
        await settled(page.wakeAudio(self.silence))  # played or not, the context comes next
        waiting, self.waiting = self.waiting, []
        for tones, gap, volume in waiting:
            self._play(tones, gap, volume)

    def _play(self, tones: "list[Tone]", gap: float, volume: float) -> None:
        if self.broken:
            return
        try:
            context = self._context()
            start = max(context.currentTime, self.busy_until)
            self.busy_until = start + gap
            for wave, pitch, begin, length, loudness in tones:
                self._tone(context, wave, pitch, length, volume * loudness, start + begin)
        except Exception:  # no Web Audio, or the browser refused it: silence
            self.broken = True

    def _context(self) -> "JsProxy":
        if self.context is None:
            ok, context = new("AudioContext")
            if not ok:  # no Web Audio, or the browser refused it: silence
                raise RuntimeError("no audio")
            self.context = context
            frames = int(self.context.sampleRate * NOISE_SECONDS)
            self.noise = self.context.createBuffer(1, frames, self.context.sampleRate)
            page.noise(self.noise.getChannelData(0))  # the same noise every time
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def _tone(self, context: "JsProxy", wave: str, pitch: float, length: float, peak: float,
              at: float) -> None:
        gain = context.createGain()
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(peak, at + 0.005)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        gain.connect(context.destination)
        if wave == "noise":
            source = context.createBufferSource()
            source.buffer = self.noise
            band = context.createBiquadFilter()
            band.type = "bandpass"
            band.frequency.value = pitch
            source.connect(band)
            band.connect(gain)
        else:
            source = context.createOscillator()
            source.type = wave
            source.frequency.value = pitch
            source.connect(gain)
        source.start(at)
        source.stop(at + length + 0.02)
