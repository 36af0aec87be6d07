"""What PyScript's start imports, read in headless Chromium: a part of `tools/stdlib.py trace`.

Node cannot run PyScript, so this serves a page of two scripts beside the runtime (Pyodide with
its whole standard library, PyScript's chunks) and reads ``sys.modules`` where they run: a
PyScript worker (``<script type="py" worker>``, where the game's Python goes) and the page's own
Python (``<script type="py">``, where it runs today).  Both started as the page's do: PyScript
wrote its ``pyscript`` package and imported it, with the project's pyscript.toml.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from tools import chromium, devserver, runtime

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>sys.modules</title><link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script></head>
<body>
<script type="py" worker name="traced" config="./pyscript.toml">
import sys
def modules():
    return "\\n".join(sorted(sys.modules))
__export__ = ["modules"]
</script>
<script type="py" config="./pyscript.toml">
import sys
import js
from pyscript import workers
main = "\\n".join(sorted(sys.modules))
worker = await workers["traced"]
js.document.body.dataset.worker = await worker.modules()
js.document.body.dataset.main = main
</script>
</body></html>
"""


def folder(root: Path, stdlib: Path | None = None) -> Path:
    """Write the page, its pyscript.toml and links to the runtime into ``root`` (with ``stdlib``
    as Pyodide's python_stdlib.zip, if given)."""
    (root / "pyscript").symlink_to(runtime.RUNTIME / "pyscript", target_is_directory=True)
    (root / "pyodide").mkdir()
    for name in runtime.PYODIDE_FILES:
        source = stdlib if stdlib and name == "python_stdlib.zip" else runtime.RUNTIME / "pyodide" / name
        (root / "pyodide" / name).symlink_to(source)
    config = (runtime.ROOT / "pyscript.toml").read_text(encoding="utf-8")
    if '"./runtime/pyodide/' not in config:
        raise runtime.BuildError("pyscript.toml no longer points at ./runtime/pyodide/")
    config = config.replace('"./runtime/pyodide/', '"./pyodide/')
    (root / "pyscript.toml").write_text(config, encoding="utf-8")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    return root


def wait_for_report(page: Any, errors: list[str], seconds: int = 90) -> list[str]:
    """The two lists of modules, once the page has them; BuildError at the first error."""
    for _ in range(seconds * 4):
        if errors:
            raise runtime.BuildError("the PyScript page failed: " + "\n".join(errors)[-2000:])
        found = page.evaluate("document.body && document.body.dataset.main !== undefined"
                              " ? [document.body.dataset.worker, document.body.dataset.main] : null")
        if found:
            return list(found)
        page.wait_for_timeout(250)
    raise runtime.BuildError(f"the PyScript page did not report in {seconds} s")


def pyscript_start(stdlib: Path | None = None) -> dict[str, list[str]]:
    """``sys.modules`` in a PyScript worker and on a PyScript page, once both started (on
    ``stdlib`` if given, else on Pyodide's whole standard library)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise runtime.BuildError("playwright is missing: run this with .venv/bin/python") from error
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server, url = devserver.start_in_thread(root=folder(Path(tmp), stdlib))
        browser = playwright.chromium.launch(executable_path=chromium.find_chromium(),
                                             args=chromium.FLAGS, headless=True)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
            page.goto(url)
            found = wait_for_report(page, errors)
        finally:
            browser.close()
            server.shutdown()
            server.server_close()
    worker, main = (text.split("\n") for text in found)
    return {"PyScript's start in a worker": worker, "PyScript's start on the page": main}
