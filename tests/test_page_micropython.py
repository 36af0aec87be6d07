"""The page's DOM layer imports in MicroPython, the interpreter the page runs it in.

lukfu/page/ must keep to what MicroPython has (no ``__future__``, ``typing``, ``[*x]``…) and
import only from lukfu/page/ (page.zip holds nothing else).  Each module of the built page.zip is
imported in the pinned MicroPython in Node (tests/micropython_imports.mjs); the page's globals
are stand-ins there, so what the modules do in a browser is the browser tests' to check.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import bytecode

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "micropython_imports.mjs"


def import_in_micropython(files: dict[str, str], modules: list[str]) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    job = json.dumps({"files": files, "modules": modules})
    return subprocess.run([node, str(SCRIPT)], input=job, capture_output=True, text=True, timeout=120)


def page_files() -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(bytecode.page_archive())) as archive:
        return {name: archive.read(name).decode("utf-8") for name in archive.namelist()
                if not name.endswith("/")}


def test_every_module_of_the_page_imports_in_micropython() -> None:
    files = page_files()
    modules = sorted(name[:-3].replace("/", ".").removesuffix(".__init__") for name in files)
    assert "lukfu.page.app" in modules and "lukfu.page.render.table" in modules
    result = import_in_micropython(files, modules)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.split("\n").count("ok lukfu.page.app") == 1


def test_what_micropython_lacks_is_caught() -> None:
    """A module that unpacks into a list, or imports from the worker's side, does not import."""
    files = page_files()
    for broken in ("x = [*range(3)]\n", "from lukfu.web.view import TableView\n"):
        files["lukfu/page/faces.py"] = broken
        result = import_in_micropython(files, ["lukfu.page.app"])
        assert result.returncode == 1 and "failed lukfu.page.app" in result.stdout
