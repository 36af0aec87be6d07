"""The trimmed standard library (tools/stdlib.py) holds every module the page imports.

The main test boots the pinned Pyodide in Node on the trimmed zip, as the page does, and runs
tools/stdlib_exercise.py again: every module of the game imported, whole deals played through the
page's update code, every catalog read.  A module missing from tools/stdlib.txt fails it (the
second test drops one to make sure).  The whole browser suite runs on it too (the built site
ships it).  The others are quick checks without Pyodide.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tools import runtime, stdlib


@pytest.fixture(scope="module")
def trimmed() -> Path:
    return stdlib.build_stdlib(runtime.check_versions())


@pytest.mark.slow
def test_the_game_plays_on_the_trimmed_standard_library(trimmed: Path) -> None:
    report = stdlib.run_exercise(trimmed)
    result = report["result"]
    assert result["seen"][0] == "deal 12 over"
    assert [line.split(":")[0] for line in result["seen"][1:]] == ["en", "fi", "it", "fr", "fa", "zh-Hant"]
    assert "Pelaa" in result["seen"][2]  # the Finnish catalog was read (by gettext)
    # Every listed module was imported: the list is no larger than what runs, else trace again.
    imported = set(report["modules"]) & stdlib.zip_modules().keys()
    assert imported == set(stdlib.listed())


@pytest.mark.slow
@pytest.mark.parametrize("dropped", ["gettext"])
def test_a_module_missing_from_the_list_fails_the_exercise(tmp_path: Path, dropped: str) -> None:
    """gettext is imported only to read a catalog."""
    modules = [name for name in stdlib.listed() if name != dropped]
    broken = stdlib.write_trimmed(modules, tmp_path / stdlib.NAME)
    with pytest.raises(runtime.BuildError, match=f"No module named '{dropped}'"):
        stdlib.run_exercise(broken)


def test_the_list_names_what_the_game_imports_at_once() -> None:
    listed = set(stdlib.listed())
    for module, imports in stdlib.game_imports().items():
        assert set(imports) <= listed, module
    assert {"encodings.utf_8", "gettext", "json", "pyodide.ffi"} <= listed
    assert "argparse" not in listed  # only the coach's command line imports it


def test_the_trimmed_zip_is_pyodides_modules_compiled_in_order_with_one_date(
        tmp_path: Path, trimmed: Path) -> None:
    sources = stdlib.write_trimmed(stdlib.listed(), tmp_path / stdlib.NAME)
    with zipfile.ZipFile(sources) as small, zipfile.ZipFile(stdlib.FULL) as full:
        assert small.testzip() is None
        for info in small.infolist():  # Pyodide's own members, as they are
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            assert small.read(info) == full.read(info.filename)
            assert info.external_attr == full.getinfo(info.filename).external_attr
    assert trimmed.stat().st_size < stdlib.FULL.stat().st_size / 2
    with zipfile.ZipFile(trimmed) as built:
        assert built.testzip() is None
        names = built.namelist()
        assert names == sorted(names) and all(name.endswith(".pyc") for name in names)
        assert {info.date_time for info in built.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        # A pyc of the worker's Python, checked by hash (no date), named as Pyodide names them.
        json_pyc = built.read("json/__init__.pyc")
        assert int.from_bytes(json_pyc[4:8], "little") == 0b01  # hash-based, not checked
        assert (stdlib.mounted_at() + "/json/__init__.py").encode() in json_pyc
    assert sorted(stdlib.zip_modules(trimmed)) == sorted(stdlib.listed())


def test_a_module_the_zip_lacks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(runtime.BuildError, match="no_such_module"):
        stdlib.write_trimmed(["json", "no_such_module"], tmp_path / stdlib.NAME)
