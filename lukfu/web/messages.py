"""The words between the page and the game: every message, a typed value each, and the wire.

Plain Python that CPython, Pyodide and MicroPython all import: no ``__future__``, no ``typing``
but for the type checker (under ``TYPE_CHECKING``), no dataclasses, no ``[*x]`` unpacking.  A
message says what happened (to the page, or in the game's own time) and goes to `update`, which
answers with effects (`lukfu.web.effects`).  Each kind's name is written once, as its class's
``NAME``.  Between the page and the worker messages and effects travel as JSON lists, the name
first, then the fields in order: `encode` writes one, `decode` reads a message back (a
`ContractError` for an unknown name or the wrong number of fields).

>>> encode(Press("call")), decode(["key", "Enter", "Enter", "card:C7", False])
(['press', 'call'], Key(key='Enter', code='Enter', where='card:C7', shift=False))
>>> decode(encode(Setting("speed", "fast")))
Setting(name='speed', value='fast')

Messages, ``[name, fields…]``:

- ``["start", boot]`` `Start`: the page is ready; ``boot`` is what it read (``query``,
  ``page_url``, ``languages``, ``stored``, ``tab``, ``storage``, ``touch``, ``reduced_motion``,
  ``static``; the worker adds ``entropy``)
- ``["catalog", language, data]`` `Catalog`: a language's catalog arrived (``data`` None: not)
- ``["press", name]`` `Press`: a button (``data-action``) was pressed
- ``["card", code]`` `HandCard`: a card of your hand was pressed (Space on it too)
- ``["play-card", code]`` `PlayCard`: a card of your hand was double-clicked or double-tapped
- ``["key", key, code, where, shift]`` `Key`: a key went down (``where``: ``"card:<code>"`` on
  a card of your hand, else ``""``; moving along your hand is the page's own)
- ``["setting", name, value]`` `Setting`: a setting changed (``language`` too)
- ``["device", touch]`` `Device`: the player now uses the page with a finger (``touch``) or
  with a mouse or the keyboard (the prompts say tap, or select)
- ``["computer-turn", generation]`` `ComputerTurn`: the pause before a computer move is over
- ``["computer-moved", generation, action]`` `ComputerMoved`: its move, thought out
- ``["hint-ready", generation, moves, action, reason, F]`` `HintReady`: the hint
- ``["review-progress", generation, share, judged]`` `ReviewProgress`: the coach's progress
  (0–1) and the decisions judged so far
- ``["review-ready", generation, summary]`` `ReviewReady`: its review (`lukfu.coach.summary`)
- ``["par-ready", generation, day, par]`` `ParReady`: the par of the day's deal (`lukfu.daily`)
- ``["file-read", size, text]`` `FileRead`: the file chosen to import (``text`` None: too large)
- ``["copied", ok]`` `Copied`, ``["stored", ok]`` `Stored`: the clipboard, the storage, did
- ``["offline", news]`` `Offline`: the service worker's news, ``"ready"`` or ``"newer"``
- ``["notice-gone", notice]`` `NoticeGone`: a fleeting notice's time is up
- ``["dismiss-notice", notice]`` `DismissNotice`: the player closed a notice: its id, or the
  key of one shown before the game was ready (``"learn"``, ``"suit-tip"``)
- ``["failure", details]`` `Failure`: something went wrong (a traceback)
- ``["puzzles-read", text]`` `PuzzlesRead`: the puzzles' file (``text`` None: it could not be had)
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

class ContractError(ValueError):
    """A list that is no message: an unknown name, or the wrong number of fields."""


class Said:
    """A message or an effect: its ``NAME`` on the wire and its ``FIELDS``, in order."""

    NAME = ""
    FIELDS: "tuple[str, ...]" = ()
    __slots__ = ()

    def fields(self) -> "list[Any]":
        return [getattr(self, name) for name in self.FIELDS]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Said) and other.fields() == self.fields()

    def __ne__(self, other: object) -> bool:  # (MicroPython does not make it from __eq__)
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.NAME, tuple(self.fields())))

    def __repr__(self) -> str:
        values = ", ".join(name + "=" + repr(getattr(self, name)) for name in self.FIELDS)
        return type(self).__name__ + "(" + values + ")"


# --- messages -------------------------------------------------------------------------------


class Start(Said):
    NAME = "start"
    __slots__ = FIELDS = ("boot",)
    def __init__(self, boot: "dict[str, Any]") -> None:
        self.boot = boot


class Catalog(Said):
    NAME = "catalog"
    __slots__ = FIELDS = ("language", "data")
    def __init__(self, language: str, data: "bytes | None") -> None:
        self.language, self.data = language, data


class Press(Said):
    NAME = "press"
    __slots__ = FIELDS = ("name",)
    def __init__(self, name: str) -> None:
        self.name = name


class HandCard(Said):
    NAME = "card"
    __slots__ = FIELDS = ("code",)
    def __init__(self, code: str) -> None:
        self.code = code


class PlayCard(Said):
    NAME = "play-card"
    __slots__ = FIELDS = ("code",)
    def __init__(self, code: str) -> None:
        self.code = code


class Key(Said):
    NAME = "key"
    __slots__ = FIELDS = ("key", "code", "where", "shift")
    def __init__(self, key: str, code: str, where: str = "", shift: bool = False) -> None:
        self.key, self.code, self.where, self.shift = key, code, where, shift


class Setting(Said):
    NAME = "setting"
    __slots__ = FIELDS = ("name", "value")
    def __init__(self, name: str, value: str) -> None:
        self.name, self.value = name, value


class Device(Said):
    NAME = "device"
    __slots__ = FIELDS = ("touch",)
    def __init__(self, touch: bool) -> None:
        self.touch = touch


class ComputerTurn(Said):
    NAME = "computer-turn"
    __slots__ = FIELDS = ("generation",)
    def __init__(self, generation: int) -> None:
        self.generation = generation


class ComputerMoved(Said):
    NAME = "computer-moved"
    __slots__ = FIELDS = ("generation", "action")
    def __init__(self, generation: int, action: str) -> None:
        self.generation, self.action = generation, action


class HintReady(Said):
    NAME = "hint-ready"
    __slots__ = FIELDS = ("generation", "moves", "action", "reason", "F")
    def __init__(self, generation: int, moves: int, action: str, reason: str, F: int) -> None:
        self.generation, self.moves, self.action, self.reason, self.F = (
            generation, moves, action, reason, F)


class ReviewProgress(Said):
    NAME = "review-progress"
    __slots__ = FIELDS = ("generation", "share", "judged")
    def __init__(self, generation: int, share: float, judged: "list[dict[str, Any]]") -> None:
        self.generation, self.share, self.judged = generation, share, judged


class ReviewReady(Said):
    NAME = "review-ready"
    __slots__ = FIELDS = ("generation", "summary")
    def __init__(self, generation: int, summary: "dict[str, Any]") -> None:
        self.generation, self.summary = generation, summary


class ParReady(Said):
    NAME = "par-ready"
    __slots__ = FIELDS = ("generation", "day", "par")
    def __init__(self, generation: int, day: str, par: int) -> None:
        self.generation, self.day, self.par = generation, day, par


class FileRead(Said):
    NAME = "file-read"
    __slots__ = FIELDS = ("size", "text")
    def __init__(self, size: int, text: "str | None") -> None:
        self.size, self.text = size, text


class Copied(Said):
    NAME = "copied"
    __slots__ = FIELDS = ("ok",)
    def __init__(self, ok: bool) -> None:
        self.ok = ok


class Stored(Said):
    NAME = "stored"
    __slots__ = FIELDS = ("ok",)
    def __init__(self, ok: bool) -> None:
        self.ok = ok


class Offline(Said):
    NAME = "offline"
    __slots__ = FIELDS = ("news",)
    def __init__(self, news: str) -> None:
        self.news = news


class NoticeGone(Said):
    NAME = "notice-gone"
    __slots__ = FIELDS = ("notice",)
    def __init__(self, notice: int) -> None:
        self.notice = notice


class DismissNotice(Said):
    NAME = "dismiss-notice"
    __slots__ = FIELDS = ("notice",)
    def __init__(self, notice: "int | str") -> None:
        self.notice = notice


class Failure(Said):
    NAME = "failure"
    __slots__ = FIELDS = ("details",)
    def __init__(self, details: str) -> None:
        self.details = details


class PuzzlesRead(Said):
    NAME = "puzzles-read"
    __slots__ = FIELDS = ("text",)
    def __init__(self, text: "str | None") -> None:
        self.text = text


# --- the set, and the wire --------------------------------------------------------------------

MESSAGES = (Start, Catalog, Press, HandCard, PlayCard, Key, Setting, Device, ComputerTurn,
            ComputerMoved, HintReady, ReviewProgress, ReviewReady, ParReady, FileRead, Copied, Stored,
            Offline, NoticeGone, DismissNotice, Failure, PuzzlesRead)
if TYPE_CHECKING:
    Message = (Start | Catalog | Press | HandCard | PlayCard | Key | Setting | Device | ComputerTurn
               | ComputerMoved | HintReady | ReviewProgress | ReviewReady | ParReady | FileRead
               | Copied | Stored | Offline | NoticeGone | DismissNotice | Failure | PuzzlesRead)
else:  # (for isinstance)
    Message = MESSAGES

BY_NAME: "dict[str, type[Message]]" = {kind.NAME: kind for kind in MESSAGES}


def encode(said: Said) -> "list[Any]":
    """A message or an effect as the JSON list the page and the worker exchange."""
    return [said.NAME] + [_wire(value) for value in said.fields()]


def _wire(value: object) -> object:
    if isinstance(value, Said):
        return encode(value)
    if isinstance(value, (list, tuple)):  # (a recipe's tones, named or not: lists)
        return [_wire(item) for item in value]
    return value


def decode(data: object) -> "Message":
    """The message a JSON list names, its fields in order; `ContractError` if it names none."""
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise ContractError("a message is a list, its name first, not " + repr(data)[:80])
    kind = BY_NAME.get(data[0])
    if kind is None:
        raise ContractError("no message is named " + repr(data[0])[:80])
    if len(data) - 1 != len(kind.FIELDS):
        count = len(kind.FIELDS)
        raise ContractError(repr(data[0]) + " takes " + str(count) + (" field (" if count == 1 else
                            " fields (") + ", ".join(kind.FIELDS) + "), not " + str(len(data) - 1))
    return kind(**{name: data[1 + index] for index, name in enumerate(kind.FIELDS)})
