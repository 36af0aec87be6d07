"""The page: renders one seat's observation in the browser and turns clicks into actions.

Only this package imports the browser modules ``js`` and ``pyscript``, and only in `render`,
`app` and `main`; `text` and `options` are plain Python, tested under CPython.
"""
