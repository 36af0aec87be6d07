"""The renderer: the only code that writes the page's DOM, region by region.

Page-only, MicroPython (imports ``js``).  `renderer.Renderer.regions` copies the worker's view
(a `lukfu.web.page.PageView`, read through `lukfu.web.dom.data`) into the page: `table` (seats,
trick, hand, buttons), `panels` (static words, log, settings, statistics, failure, dialog, and
`notices`: the notices, the suit legend, a first look), `review` (the coach's) and `lesson` (the
guided deal's), with `motion` moving the cards, `tips` the table's explanations on touch and
`dom` the tools they share.  (This package imports nothing itself, so that index.html's
loader can import its modules one at a time: see tools/bytecode.py's `page_modules`.)
"""
