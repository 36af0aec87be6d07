"""The page's runtime configuration: self-hosted, relative URLs, and no file forgotten.

pyscript.toml must list every lukfu/**/*.py in [files] (each at the same relative path), or the
page breaks at import time in the browser while every CPython test still passes. Catalogs are
not listed: the page fetches the chosen language's alone, and each offered language has one.
"""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def config() -> dict[str, object]:
    with (ROOT / "pyscript.toml").open("rb") as f:
        return tomllib.load(f)


def expected_files() -> set[str]:
    python = {p for p in (ROOT / "lukfu").rglob("*.py") if "__pycache__" not in p.parts}
    return {"./" + p.relative_to(ROOT).as_posix() for p in python}


def test_pyscript_toml_lists_every_python_file_and_no_catalog() -> None:
    files = config()["files"]
    assert isinstance(files, dict)
    listed = set(files)
    assert listed == expected_files(), (
        f"missing from pyscript.toml: {sorted(expected_files() - listed)}; "
        f"listed but absent: {sorted(listed - expected_files())}"
    )
    for source, destination in files.items():
        assert destination == source, "each file lands at its own relative path"


def test_pyscript_uses_the_self_hosted_interpreter_and_no_packages() -> None:
    data = config()
    assert data["interpreter"] == "./runtime/pyodide/pyodide.mjs"
    # packages = [...] needs micropip, which the self-hosted runtime lacks: it breaks offline.
    assert "packages" not in data
    assert set(data) <= {"interpreter", "files", "plugins"}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.append((tag, values))
        for name in ("src", "href", "config", "action", "poster"):
            value = values.get(name)
            if value:
                self.urls.append(value)


def test_index_html_loads_everything_from_its_own_folder() -> None:
    parser = _Links()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.urls
    for url in parser.urls:
        # Relative URLs only: the site must work from a GitHub Pages project folder.
        assert not re.match(r"^([a-z][a-z0-9+.-]*:|//|/)", url, re.I) or url.startswith("#"), url
        path = url.split("#")[0].split("?")[0]
        if path:
            assert (ROOT / path).exists() or path.startswith("runtime/"), f"{url} does not exist"
    scripts = [a for t, a in parser.tags if t == "script"]
    assert {"type": "module", "src": "runtime/pyscript/core.js"} in scripts
    assert any(a.get("type") == "py" and a.get("config") == "./pyscript.toml" for a in scripts)
    links = [a for t, a in parser.tags if t == "link"]
    assert any(a.get("href") == "runtime/pyscript/core.css" for a in links)


def test_stylesheet_uses_no_other_origin_and_only_self_hosted_font_subsets() -> None:
    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    assert "@import" not in css
    assert not re.search(r"url\(\s*['\"]?(https?:|//)", css)
    # The only fonts: the build's subsets (Chinese, Persian), each limited by unicode-range.
    for face in re.findall(r"@font-face\s*\{(.*?)\}", css, flags=re.S):
        assert re.search(r"url\(\"\.\./runtime/fonts/[\w.-]+\.woff2\"\)", face), face
        assert "unicode-range:" in face, face


def test_stylesheet_uses_logical_properties_for_text_layout() -> None:
    """No physical left/right in the stylesheet: right-to-left needs no second stylesheet."""
    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    physical = re.findall(
        r"(?<![-\w(])((?:margin|padding|border)-(?:left|right|top|bottom)|left|right|top|bottom"
        r"|width|height|min-width|min-height|max-width|max-height)\s*:", css)
    physical += re.findall(r"(?:text-align|float|clear)\s*:\s*(?:left|right)", css)
    assert not physical, physical


def test_preloads_match_what_the_page_loads() -> None:
    """index.html preloads the runtime, PyScript's start-up chunks and the game's own files.

    The chunk names are hashed per @pyscript/core release: after a version bump this test
    names the preloads to update. Every [files] entry must be preloaded too, or it would be
    fetched only after Pyodide has started.
    """
    from tools import build

    parser = _Links()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    preloads = {
        str(a["href"]) for t, a in parser.tags if t == "link" and a.get("rel") in ("preload", "modulepreload")
    }
    files = config()["files"]
    assert isinstance(files, dict)
    assert {source.removeprefix("./") for source in files} <= preloads
    if not build.PYSCRIPT_SRC.is_dir():
        pytest.skip("node_modules is missing: run tools/test")
    for href in preloads:
        name = href.rsplit("/", 1)[-1]
        if href.startswith("runtime/pyscript/"):
            assert (build.PYSCRIPT_SRC / name).is_file(), f"{href}: no such chunk in @pyscript/core"
        elif href.startswith("runtime/pyodide/"):
            assert name in build.PYODIDE_FILES, f"{href} is not a runtime file"
        else:
            assert (ROOT / href).is_file(), href
