"""The page's DOM layer imports in MicroPython, the interpreter the page runs it in.

lukfu/web/dom/ must keep to what MicroPython has (no ``__future__``, ``typing``, ``[*x]``…) and
import only from lukfu/web/dom/ (page.zip holds nothing else).  The build compiles each module with
MicroPython's compiler (tools/bytecode.py), and each module of page.zip is imported in the pinned
MicroPython in Node (tests/micropython_imports.mjs); the page's globals are stand-ins there, so
what the modules do in a browser is the browser tests' to check.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import bytecode, runtime

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "micropython_imports.mjs"


def import_in_micropython(files: dict[str, str], modules: list[str]) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    job = json.dumps({"files": files, "modules": modules})
    return subprocess.run([node, str(SCRIPT)], input=job, capture_output=True, text=True, timeout=120)


def page_files(sources: dict[str, bytes] | None = None) -> dict[str, str]:
    """page.zip's files (of lukfu/web/dom/, or of ``sources`` in its place), in base64."""
    with zipfile.ZipFile(io.BytesIO(bytecode.page_archive(sources))) as archive:
        return {name: base64.b64encode(archive.read(name)).decode("ascii")
                for name in archive.namelist() if not name.endswith("/")}


def test_every_module_of_the_page_imports_in_micropython() -> None:
    files = page_files()
    assert all(name.endswith(".mpy") for name in files), "bytecode only: nothing to compile"
    modules = sorted(name[:-4].replace("/", ".").removesuffix(".__init__") for name in files)
    assert "lukfu.web.dom.app" in modules and "lukfu.web.dom.render.table" in modules
    result = import_in_micropython(files, modules)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.split("\n").count("ok lukfu.web.dom.app") == 1


def test_what_micropython_lacks_is_caught() -> None:
    """A module that unpacks into a list stops the build, naming the module and the line; one
    that imports from the worker's side does not import."""
    sources = bytecode.page_sources()
    sources["lukfu/web/dom/faces.py"] = b"import re\nx = [*range(3)]\n"
    compiler_says = r"(?s)cannot compile lukfu/web/dom/faces\.py.*line 2.*SyntaxError"
    with pytest.raises(runtime.BuildError, match=compiler_says):
        bytecode.page_archive(sources)
    sources["lukfu/web/dom/faces.py"] = b"from lukfu.web.view import TableView\n"
    result = import_in_micropython(page_files(sources), ["lukfu.web.dom.app"])
    assert result.returncode == 1 and "failed lukfu.web.dom.app" in result.stdout
    assert 'File "lukfu/web/dom/faces.py", line 1' in result.stdout  # named as in the repository
