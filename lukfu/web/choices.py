"""The Settings panel, decided: the player's choices read back from the browser, and each
change kept there.

Plain Python (no ``js``): part of `update` (which handles the language picker itself: a new
language waits for its catalog).
"""

from __future__ import annotations

from lukfu.ai import LEVELS
from lukfu.web import options
from lukfu.web.effects import Effect, Store
from lukfu.web.model import Settings

SPEED_KEY = "lukfu.speed"  # localStorage key of the "Speed" setting
LEVEL_KEY = "lukfu.level"  # localStorage key of the "Computer level" setting
MARKS_KEY = "lukfu.marks"  # the legal-play marks setting ("on" or "off")
SHAPES_KEY = "lukfu.suit-shapes"  # the suit shapes setting ("on" or "off")
COACH_KEY = "lukfu.coach"  # the coach setting ("on" or "off")
SOUND_KEY = "lukfu.sound"  # the sound setting ("on" or "off")
LOOK_KEY = "lukfu.look."  # + a slider's name (options.LOOKS): its value


SWITCHES = {"marks": MARKS_KEY, "shapes": SHAPES_KEY, "coach": COACH_KEY, "sound": SOUND_KEY}
"""The settings that are on or off, and where each is kept."""


def read(stored: dict[str, str | None], delay: int | None) -> Settings:
    """The settings the browser kept (``stored``: its storage by key), and the address's ``delay``."""
    speed = stored.get(SPEED_KEY)
    level = stored.get(LEVEL_KEY)
    return Settings(
        speed=speed if speed in options.SPEEDS else options.DEFAULT_SPEED,
        level=level if level in LEVELS else Settings().level,
        marks=stored.get(MARKS_KEY) != "off",  # on for a new player
        shapes=stored.get(SHAPES_KEY) == "on",
        coach=stored.get(COACH_KEY) != "off",  # on for a new player
        sound=stored.get(SOUND_KEY) != "off",  # on, once the player has touched the page
        looks=tuple((name, options.look_value(name, stored.get(LOOK_KEY + name)))
                    for name in options.LOOKS),
        delay=delay,
    )


def chosen(settings: Settings, fx: list[Effect], name: str, value: str) -> Settings:
    """The settings with the player's choice of ``value`` for ``name`` (kept in the browser)."""
    if name == "speed" and value in options.SPEEDS:
        fx.append(Store(SPEED_KEY, value))
        # The player's choice now wins over the address's delay.
        return settings._replace(speed=value, delay=None)
    if name == "level" and value in LEVELS:
        fx.append(Store(LEVEL_KEY, value))  # for the next deals: this deal's players keep theirs
        return settings._replace(level=value)
    if name in SWITCHES:
        on = value == "on"
        fx.append(Store(SWITCHES[name], "on" if on else "off"))
        if name == "marks":
            return settings._replace(marks=on)
        if name == "shapes":
            return settings._replace(shapes=on)
        if name == "sound":
            return settings._replace(sound=on)
        return settings._replace(coach=on)
    if name in options.LOOKS:
        look = options.look_value(name, value)
        fx.append(Store(LOOK_KEY + name, str(look)))
        return settings._replace(looks=tuple((n, look if n == name else v) for n, v in settings.looks))
    return settings
