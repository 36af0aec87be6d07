"""The words between the page and `update`: messages in, effects out, all plain data.

Plain Python (no ``js``).  A message is a tuple whose first item names it; so is an effect.
They are plain data (strings, numbers, booleans, tuples and dicts of them): the page
(`lukfu.web.dom`, MicroPython) sends its messages to the game's worker (`lukfu.web.worker`) as
JSON, and carries out the effects it answers with, except `WORKER_EFFECTS`, which it hands back
to the worker to carry out (the thinking, and the catalogs' fetches).

Messages (what happened to the page):

- ``("start", boot)``: the page is ready to play; ``boot`` is a dict of what the page read:
  ``query``, ``page_url``, ``languages`` (the browser's), ``stored`` (localStorage key → text),
  ``tab`` (sessionStorage key → text), ``storage`` (False: the browser refuses to store),
  ``touch``, ``reduced_motion``, ``entropy`` (the worker adds it), ``static`` (the English
  of the page's ``data-i18n`` texts and their contexts, for `lukfu.web.worker` to translate)
- ``("catalog", language, data)``: a language's compiled catalog arrived (``data`` None: it
  could not be had)
- ``("press", name)``: a button (``data-action``) was pressed
- ``("card", code)``: a card of your hand was pressed
- ``("play-card", code)``: a card of your hand was double-clicked or double-tapped
- ``("key", key, code, where, shift)``: a key went down (``KeyboardEvent.key`` and ``.code``);
  ``where`` is ``"card:<code>"`` on a card of your hand, else ``""``.  Moving along your hand
  (the arrow keys, Home, End) is the page's own and is never sent but in a replay; Space on a
  card is sent as ``("card", code)``, and Enter names the card that had the keyboard as it went
  down (`lukfu.web.dom.keys.on_hand`)
- ``("setting", name, value)``: a setting changed (``speed``, ``level``, ``marks``, ``shapes``,
  a look's name, ``language``)
- ``("computer-turn", generation)``: the pause before a computer move is over
- ``("computer-moved", generation, action)``: the computer to move chose ``action`` (its text)
- ``("hint-ready", generation, moves, action, reason, F)``: the hint for the position after
  ``moves`` actions
- ``("file-read", size, text)``: the file chosen to import (``text`` None if it is too large)
- ``("copied", ok)``: the share link went to the clipboard (or not)
- ``("stored", ok)``: whether the browser kept what the page stored
- ``("offline", news)``: the service worker's news, ``"ready"`` or ``"newer"``
- ``("notice-gone", id)``: a fleeting notice's time is up
- ``("dismiss-notice", notice)``: the player closed a notice: ``notice`` is its id (an int), or
  the key of one the page showed before the game was ready (``"learn"``, ``"suit-tip"``)
- ``("failure", details)``: something went wrong (a traceback)

Effects (what the page must do):

- ``("store", area, key, value)`` / ``("forget", area, key)``: ``area`` is ``"local"`` or ``"tab"``
- ``("wait", seconds, message)``: send ``message`` after ``seconds``
- ``("think", generation)`` / ``("think-hint", generation)``: the computer player to move, or
  the hint for your seat, thinks about the model's deal (answered by ``computer-moved`` or
  ``hint-ready``)
- ``("fetch-catalog", language)``
- ``("download", name, text)``, ``("choose-file",)``, ``("copy", text)``
- ``("address", query)``: the address's ``?…`` becomes ``query`` (no reload)
- ``("handled",)``: the key was used (the page prevents its default)
- ``("register-offline",)``, ``("accept-new-version",)``
- ``("sound", name)``: the worker adds the sound's recipe (`lukfu.web.sounds`) for the page
"""

from __future__ import annotations

from typing import Any

Message = tuple[Any, ...]
Effect = tuple[Any, ...]

# What the page hands back to the worker to carry out (its answer comes as the messages above).
WORKER_EFFECTS = frozenset({"think", "think-hint", "review", "fetch-catalog"})
LOCAL, TAB = "local", "tab"  # localStorage (for good) and sessionStorage (for this tab)


def store(key: str, value: str, area: str = LOCAL) -> Effect:
    return ("store", area, key, value)


def forget(key: str, area: str = LOCAL) -> Effect:
    return ("forget", area, key)


def wait(seconds: float, message: Message) -> Effect:
    return ("wait", seconds, message)
