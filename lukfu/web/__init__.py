"""The page, as model, update and view: one place for each decision, tested without a browser.

- `model` (the frozen `Model`), `messages` (what happens to the page, what it must do),
  `update` and `deal` (every decision), `page` and `view` (what the page shows, as plain data),
  with `text`, `options`, `replay`, `statistics` and `saving` for words and formats: plain
  Python, checked by mypy and driven by the tests under CPython.
- `render` (the only code that writes the DOM), `effects` and `offline` (the only code that
  touches storage, timers, the clipboard, fetches, the service worker and the thinking computer
  players) and `app` (the wiring) with `main`: the only modules that import ``js``.
"""
