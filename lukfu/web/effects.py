"""What the page must do, and what the game's worker does in its own time: every effect, a
typed value each.

`update` answers each message (`lukfu.web.messages`) with the model after it and a list of
effects.  The page carries them out (`lukfu.web.dom.effects`), but for `WORKER_EFFECTS`, which
the game's worker carries out in the game's own time and answers with a message.  Plain Python
as the messages are, for the same three Pythons; they travel as `lukfu.web.messages.encode`
writes them, the name first, then the fields in order.

>>> from lukfu.web.messages import ComputerTurn, encode
>>> encode(Wait(0.5, ComputerTurn(3))), encode(Store("lukfu.speed", "fast"))
(['wait', 0.5, ['computer-turn', 3]], ['store', 'local', 'lukfu.speed', 'fast'])

Effects, ``[name, fields…]``:

- ``["store", area, key, value]`` `Store`, ``["forget", area, key]`` `Forget`: ``area`` is
  `LOCAL` or `TAB`
- ``["wait", seconds, message]`` `Wait`: ``message`` comes after ``seconds``
- ``["think", generation]`` `Think`, ``["think-hint", generation]`` `ThinkHint`,
  ``["review", generation]`` `Review`: the computer player to move, the hint for your seat,
  the coach, think about the table's deal (answered by `ComputerMoved`, `HintReady`,
  `ReviewProgress` and `ReviewReady`); ``["think-par", generation, day]`` `ThinkPar`: the
  par of the day's deal on the table (answered by `ParReady`)
- ``["fetch-catalog", language]`` `FetchCatalog` (answered by `Catalog`), ``["fetch-puzzles"]``
  `FetchPuzzles` (answered by `PuzzlesRead`)
- ``["download", name, text]`` `Download`, ``["choose-file"]`` `ChooseFile`, ``["copy", text]``
  `Copy`, ``["share", text, url, field]`` `Share` (the browser's own sharing where it has
  one, else the clipboard; ``field``: the id of what to select if that fails),
  ``["address", query]`` `Address` (the address's ``?…``, no reload), ``["handled"]``
  `Handled` (the key was used), ``["register-offline"]`` `RegisterOffline`,
  ``["accept-new-version"]`` `AcceptNewVersion`
- ``["sound", name, tones, gap, volume]`` `Sound`: a sound and its recipe (`lukfu.web.sounds`)
"""

from lukfu.web.messages import Said

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from lukfu.web.messages import Message

LOCAL, TAB = "local", "tab"  # localStorage (for good) and sessionStorage (for this tab)


class Store(Said):
    NAME = "store"
    __slots__ = FIELDS = ("area", "key", "value")
    def __init__(self, key: str, value: str, area: str = LOCAL) -> None:
        self.area, self.key, self.value = area, key, value


class Forget(Said):
    NAME = "forget"
    __slots__ = FIELDS = ("area", "key")
    def __init__(self, key: str, area: str = LOCAL) -> None:
        self.area, self.key = area, key


class Wait(Said):
    NAME = "wait"
    __slots__ = FIELDS = ("seconds", "message")
    def __init__(self, seconds: float, message: "Message") -> None:
        self.seconds, self.message = seconds, message


class Think(Said):
    NAME = "think"
    __slots__ = FIELDS = ("generation",)
    def __init__(self, generation: int) -> None:
        self.generation = generation


class ThinkHint(Said):
    NAME = "think-hint"
    __slots__ = FIELDS = ("generation",)
    def __init__(self, generation: int) -> None:
        self.generation = generation


class Review(Said):
    NAME = "review"
    __slots__ = FIELDS = ("generation",)
    def __init__(self, generation: int) -> None:
        self.generation = generation


class ThinkPar(Said):
    NAME = "think-par"
    __slots__ = FIELDS = ("generation", "day")
    def __init__(self, generation: int, day: str) -> None:
        self.generation, self.day = generation, day


class FetchCatalog(Said):
    NAME = "fetch-catalog"
    __slots__ = FIELDS = ("language",)
    def __init__(self, language: str) -> None:
        self.language = language


class FetchPuzzles(Said):
    NAME = "fetch-puzzles"
    __slots__ = FIELDS = ()


class Download(Said):
    NAME = "download"
    __slots__ = FIELDS = ("name", "text")
    def __init__(self, name: str, text: str) -> None:
        self.name, self.text = name, text


class ChooseFile(Said):
    NAME = "choose-file"
    __slots__ = FIELDS = ()


class Copy(Said):
    NAME = "copy"
    __slots__ = FIELDS = ("text",)
    def __init__(self, text: str) -> None:
        self.text = text


class Share(Said):
    NAME = "share"
    __slots__ = FIELDS = ("text", "url", "field")
    def __init__(self, text: str, url: str, field: str) -> None:
        self.text, self.url, self.field = text, url, field


class Address(Said):
    NAME = "address"
    __slots__ = FIELDS = ("query",)
    def __init__(self, query: str) -> None:
        self.query = query


class Handled(Said):
    NAME = "handled"
    __slots__ = FIELDS = ()


class RegisterOffline(Said):
    NAME = "register-offline"
    __slots__ = FIELDS = ()


class AcceptNewVersion(Said):
    NAME = "accept-new-version"
    __slots__ = FIELDS = ()


class Sound(Said):
    NAME = "sound"
    __slots__ = FIELDS = ("name", "tones", "gap", "volume")
    def __init__(self, name: str, tones: "tuple[tuple[Any, ...], ...]", gap: float,
                 volume: float) -> None:
        self.name, self.tones, self.gap, self.volume = name, tones, gap, volume


# --- the set ------------------------------------------------------------------------------------

EFFECTS = (Store, Forget, Wait, Think, ThinkHint, Review, ThinkPar, FetchCatalog, FetchPuzzles,
           Download, ChooseFile, Copy, Share, Address, Handled, RegisterOffline, AcceptNewVersion,
           Sound)
if TYPE_CHECKING:
    Effect = (Store | Forget | Wait | Think | ThinkHint | Review | ThinkPar | FetchCatalog
              | FetchPuzzles | Download | ChooseFile | Copy | Share | Address | Handled
              | RegisterOffline | AcceptNewVersion | Sound)
else:  # (for isinstance)
    Effect = EFFECTS

WORKER_EFFECTS = frozenset(kind.NAME for kind in (Wait, Think, ThinkHint, Review, ThinkPar,
                                                  FetchCatalog, FetchPuzzles))
"""The effects the game's worker carries out in the game's own time (its pauses, its thinking,
the coach, the par, the catalogs' fetches), answering with a message; the page carries out the rest."""
