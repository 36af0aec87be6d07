"""The build is reproducible: one commit gives the same site/, byte for byte, at any time, anywhere.

Returning players are offered "New version — reload" whenever sw.js changes, and sw.js holds a
hash of every file of the site: a file that came out differently on each build (a date in a
font, an order the file system chose) would offer every player a new version on every push.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import fonts, icons, runtime, shipped, site

# What a fresh clone has: the build's inputs, without anything built or installed.
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", "node_modules", ".venv", "runtime", "site", "artifacts", "__pycache__", "*.pyc",
    "*.mo", "*.mo.part", "*.partial", ".*_cache", ".hypothesis", "mutants")


def files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("name", ["vazirmatn-400-page", "noto-sans-tc-400-page"])
def test_a_font_cut_at_another_time_is_the_same_file(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A face cut from one source (Vazirmatn) and one merged from five slices of Noto Sans TC
    (the merger dates its result too), each cut twice with fontTools' clock years apart
    (SOURCE_DATE_EPOCH is the clock fontTools reads), come out the same."""
    pytest.importorskip("fontTools")
    face = next(face for face in fonts.FACES if face.name == name)
    sources = fonts.face_sources(face)
    codepoints = fonts.face_codepoints(face, fonts.page_text(), "")
    cut = []
    for clock in ("1000000000", "1800000000"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", clock)
        (tmp_path / clock).mkdir()
        dest = tmp_path / clock / f"{name}.woff2"
        assert fonts.subset_face(face, sources, codepoints, dest) == []
        cut.append(dest.read_bytes())
    assert cut[0] == cut[1], f"{name}.woff2 depends on the time it was cut"


@pytest.mark.slow
def test_a_fresh_clone_builds_the_same_site(built_site: Path, tmp_path: Path) -> None:
    """The sources alone, built from nothing (no fonts cut, no catalogs compiled, no game
    archive: as the Pages workflow builds them) at another time, in another time zone, with
    another string hash seed, in another folder, give the same site/ as this checkout's
    incremental build, every file byte for byte; and the service worker lists its files in
    one order, by URL, whatever order the file system returns them in."""
    clone = tmp_path / "clone"
    shutil.copytree(runtime.ROOT, clone, ignore=NOT_IN_A_CLONE)
    (clone / "node_modules").symlink_to(runtime.NODE_MODULES.resolve(), target_is_directory=True)
    # The icons are drawn by arithmetic alone from tools/icons.py and two colours (the key of
    # their cache), which takes 10 s: the clone takes them from this checkout's cache.
    shutil.copytree(icons.CACHE, clone / "runtime" / icons.CACHE.name)
    if runtime.VENV_PYTHON.is_file():
        (clone / ".venv").symlink_to(runtime.VENV_PYTHON.parent.parent.resolve(), target_is_directory=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1800000000", "TZ": "Asia/Kathmandu",
           "PYTHONHASHSEED": "7"}
    result = subprocess.run([sys.executable, "tools/build.py", "--quiet"], cwd=clone, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    fresh, ours = files(clone / "site"), files(built_site)
    assert sorted(fresh) == sorted(ours)
    differ = [path for path in ours if fresh[path] != ours[path]]
    assert not differ, f"built again, these files changed: {differ}"
    urls = re.findall(r'url:"([^"]+)"', ours["sw.js"].decode("utf-8"))
    assert len(urls) == len(ours) - 1 and urls == sorted(urls)


def test_without_its_tools_the_build_stops_and_says_what_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """When the build's tools cannot be installed (here a .venv whose pip fails), tools/build.py
    names the command that failed, says that it cannot go on without them, and exits with 1,
    without a traceback and without writing a site with no fonts and no catalogs."""
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 1\n")
    python.chmod(0o755)
    monkeypatch.setattr(runtime, "have_tools", lambda: False)
    monkeypatch.setattr(runtime, "VENV_PYTHON", python)
    monkeypatch.setattr(runtime, "sync", lambda sources, dest: (0, 0))  # leave runtime/ alone
    monkeypatch.setattr(site, "shipment", lambda: pytest.fail("the build went on without its tools"))
    monkeypatch.setattr(sys, "argv", ["tools/build.py", "--quiet"])
    assert site.main() == 1
    error = capsys.readouterr().err
    assert error.startswith("tools/build.py: error: `.venv/bin/python -m pip install fonttools==")
    assert "failed" in error and "cannot go on without them" in error, error
    assert "English only" not in error and "Traceback" not in error


def test_the_stylesheet_ships_without_its_comments_and_nothing_else_changed(built_site: Path) -> None:
    """The site's style.css is the source's without its comments and blank lines: each comment
    was outside any string (an even number of quotes before it on its line), so every rule is
    the source's, and it is 7 kB less to download, gzip'd."""
    source = (runtime.ROOT / site.STYLESHEET).read_text(encoding="utf-8")
    for comment in shipped.COMMENT.finditer(source):
        before = source[source.rfind("\n", 0, comment.start()) + 1:comment.start()]
        assert before.count('"') % 2 == 0 and before.count("'") % 2 == 0, comment.group()
    ships = (built_site / site.STYLESHEET).read_text(encoding="utf-8")
    assert ships == shipped.stylesheet(source) and "/*" not in ships
    kept = [line.strip() for line in ships.splitlines()]
    written = [line.strip() for line in shipped.COMMENT.sub("", source).splitlines() if line.strip()]
    assert kept == written
