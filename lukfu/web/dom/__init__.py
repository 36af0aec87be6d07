"""The page's DOM layer, in MicroPython on the page's main thread: it draws the views the game's
worker answers with and turns the player's input into messages for it.

- `app` (the wiring), `render` (the only code that writes the DOM), `effects`, `offline` and
  `audio` (the only code that touches storage, timers, the clipboard, downloads, the address
  bar, the service worker and sound): MicroPython, importing ``js`` and ``jsffi``.
- `data` (the view as the page reads it), `faces` (card images) and `keys` (the table's keys):
  plain Python that both sides import, so they keep to what MicroPython and CPython share.

The game itself (the model, `update`, the view, the computer players, the coach) runs in a
Pyodide worker, `lukfu.web.worker`.  Everything here avoids what MicroPython lacks: no
``__future__``, ``typing`` (but for the type checker, under ``TYPE_CHECKING``: the renderer
names the view's types it draws, `lukfu.web.page.PageView`…, in string annotations),
``dataclasses`` or ``[*x]`` unpacking, and imports only from ``lukfu.web.dom`` (the page's file
system holds nothing else of ``lukfu``).
"""
