"""The page's sounds, synthesised with the Web Audio API from `lukfu.web.sounds`' recipes.

Page-only, MicroPython (imports ``js``); run by the effects, which have each sound's recipe from
the worker (its tones: wave, pitch, start, length, loudness). The audio context is made at the
first sound, which `update` asks for only after the player has interacted with the page, in a
task of its own (opening the audio output blocks the page's thread: 90 ms in headless Chromium
here), not in the one that drew the view; a browser that has no Web Audio, or refuses it, stays
silent and the game goes on.
"""

from js import window

from lukfu.web.dom.guard import new
from lukfu.web.dom.render.dom import later

NOISE_SECONDS = 0.25  # the length of the noise buffer every burst is cut from


class Audio:
    def __init__(self) -> None:
        self.context: object = None
        self.noise: object = None
        self.broken = False
        self.busy_until = 0.0  # when the sounds asked for so far have started

    def play(self, tones: list, gap: float, volume: float) -> None:
        if self.broken or not tones:
            return
        if self.context is None:  # the first sound: once the view is drawn
            later(0, lambda: self._play(tones, gap, volume))
        else:
            self._play(tones, gap, volume)

    def _play(self, tones: list, gap: float, volume: float) -> None:
        try:
            context = self._context()
            start = max(context.currentTime, self.busy_until)
            self.busy_until = start + gap
            for wave, pitch, begin, length, loudness in tones:
                self._tone(context, wave, pitch, length, volume * loudness, start + begin)
        except Exception:  # no Web Audio, or the browser refused it: silence
            self.broken = True

    def _context(self) -> object:
        if self.context is None:
            ok, context = new("AudioContext")
            if not ok:  # no Web Audio, or the browser refused it: silence
                raise RuntimeError("no audio")
            self.context = context
            frames = int(self.context.sampleRate * NOISE_SECONDS)
            self.noise = self.context.createBuffer(1, frames, self.context.sampleRate)
            window.lukfuNoise(self.noise.getChannelData(0))  # the same noise every time
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def _tone(self, context: object, wave: str, pitch: float, length: float, peak: float,
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
