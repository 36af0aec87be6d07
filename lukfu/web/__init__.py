"""The page, as model, update and view: one place for each decision, tested without a browser.

- `model` (the frozen `Model`: the visit, the player's own, the table, of a kind from
  `kinds`), `messages` (what happens to the page, what it must do: typed values, and their
  JSON lists), `update` and the modules it hands messages to (every decision), `page` and
  `view` (what the page shows, as plain data), with `text`, `options`, `replay`, `statistics`
  and `saving` for words and formats: plain Python, checked by mypy and driven by the tests
  under CPython.
- `worker`: the game's side of the page, in a Pyodide worker: it answers the page's messages
  with the view and the effects, as JSON, and carries out the thinking (computer players, the
  hint, the coach) and the catalogs' fetches.
- `dom`: the page's DOM layer, in MicroPython on the main thread: it renders what the worker's
  view says, carries out the effects and turns input into messages; the only code that touches
  `js`, storage and the clipboard.
"""
