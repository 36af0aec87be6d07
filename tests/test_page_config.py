"""The built site (tools/site.py): self-hosted, relative URLs, only what ships, no file forgotten.

PyScript starts both Pythons: the game's worker from pyscript.toml (inline in the built page, as
JSON), which must bring the game's Python (one archive, lukfu.zip, tools/bytecode.py) with every
module it can import, or the page breaks at import time in the browser while every CPython test
still passes; the page's DOM layer, MicroPython, from page.zip; the page's runtime paths and the
service worker's precache come from the same list.  Catalogs are not listed: the page fetches the
chosen language's alone, and each offered language has one.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import bytecode, runtime, site

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(built_site: Path) -> Path:
    return built_site


def archived(built: Path) -> set[str]:
    with zipfile.ZipFile(built / bytecode.ARCHIVE) as archive:
        return set(archive.namelist())


def boot(built: Path) -> dict[str, object]:
    """The page's boot JSON: what its loader preloads and downloads."""
    page = (built / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page, flags=re.S)
    assert match, "index.html has no boot JSON"
    data: dict[str, object] = json.loads(match[1])
    return data


def precache(built: Path) -> dict[str, str | None]:
    """The service worker's precache manifest: url -> revision."""
    return {url: revision for url, (revision, _integrity) in precache_entries(built).items()}


def precache_entries(built: Path) -> dict[str, tuple[str | None, str | None]]:
    """The service worker's precache manifest: url -> (revision, integrity)."""
    worker = (built / "sw.js").read_text(encoding="utf-8")
    entries = re.findall(r'\{url:"([^"]+)",revision:(null|"[0-9a-f]+")(?:,integrity:"([^"]+)")?\}', worker)
    return {url: (None if revision == "null" else revision.strip('"'), integrity or None)
            for url, revision, integrity in entries}


def site_files(built: Path) -> set[str]:
    return {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}


def pyscript_configs(built: Path) -> dict[str, dict[str, object]]:
    """The configuration of each of the built page's PyScript scripts, by its type: "py", the
    game's worker (its config attribute); "mpy", the page's DOM layer (the <mpy-config> the
    page makes from its boot JSON, before PyScript starts)."""
    parser = _Links()
    parser.feed((built / "index.html").read_text(encoding="utf-8"))
    found: dict[str, dict[str, object]] = {}
    scripts = [attrs for tag, attrs in parser.tags if tag == "script" and attrs.get("type") in ("py", "mpy")]
    kinds = [(a["type"], a.get("name"), "worker" in a) for a in scripts]
    assert kinds == [("py", "game", True), ("mpy", None, False)]
    found["py"] = json.loads(str(scripts[0]["config"]))
    assert "config" not in scripts[1], "MicroPython's is its <mpy-config>: PyScript refuses both"
    configs = boot(built)["configs"]
    assert isinstance(configs, dict) and set(configs) == {"py", "mpy"}
    found["mpy"] = configs["mpy"]
    assert configs["py"] == {"plugins": found["py"]["plugins"]}  # no Pyodide on the page
    return found


def test_the_game_s_worker_is_configured_by_pyscript_toml_as_it_is(built: Path) -> None:
    """The built page's worker uses pyscript.toml itself, nothing added or left out: its
    interpreter (the self-hosted Pyodide, through static/pyodide.mjs) and [files]."""
    with (ROOT / "pyscript.toml").open("rb") as f:
        assert pyscript_configs(built)["py"] == tomllib.load(f)
    interpreter = (built / "static/pyodide.mjs").read_text(encoding="utf-8")
    version = runtime.installed_version(runtime.PYODIDE_SRC)
    assert f'from "../runtime/pyodide-{version}/pyodide.mjs"' in interpreter
    assert f'"../runtime/pyodide-{version}/"' in interpreter  # (its indexURL)
    assert "runtime/pyodide/" not in interpreter


def test_the_game_comes_as_two_archives_and_no_catalog(built: Path) -> None:
    configs = pyscript_configs(built)
    assert configs["py"]["files"] == {"./lukfu.zip": "./lukfu.zip"}
    assert configs["mpy"]["files"] == {"./page.zip": "./*"}  # unpacked at MicroPython's root
    assert (built / "lukfu.zip").is_file() and (built / "page.zip").is_file()
    assert not list(built.rglob("*.py")), "no source ships beside the archives"
    with zipfile.ZipFile(built / bytecode.PAGE_ARCHIVE) as archive:
        names = archive.namelist()
    assert "lukfu/web/dom/app.mpy" in names and "lukfu/web/dom/" in names
    assert all(name.endswith((".mpy", "/")) for name in names), "bytecode only"
    shared = {"lukfu/web/messages.mpy", "lukfu/web/effects.mpy"}  # the page and the game's contract
    assert not [name for name in names if not name.startswith("lukfu/web/dom/")
                and name not in ("lukfu/", "lukfu/web/", *shared)]


def test_the_archive_holds_compiled_every_module_the_page_can_import(built: Path) -> None:
    """Every module reachable from the page's entry point, by an import at module level or in a
    function, is compiled in the archive; what the page never imports (the arena) is not."""
    members = archived(built)
    assert "lukfu/web/worker.pyc" in members and "lukfu/__init__.pyc" in members
    assert "lukfu/web/dom/keys.pyc" in members  # plain, shared by both sides
    assert "lukfu/web/dom/render/__init__.pyc" not in members  # the page's DOM layer: MicroPython's
    assert "lukfu/arena.pyc" not in members  # the tournaments' runner: never on the page
    for name, source in bytecode.shipped_modules().items():
        assert bytecode.archive_name(source) in members, name
    assert all(member.endswith(".pyc") for member in members)
    with zipfile.ZipFile(built / bytecode.ARCHIVE) as archive:
        for info in archive.infolist():
            magic = archive.read(info)[:16]
            assert int.from_bytes(magic[4:8], "little") & 1, f"{info.filename}: not hash-based"
            assert info.date_time == (1980, 1, 1, 0, 0, 0), "a fixed date, for the same bytes"


def test_the_static_walk_finds_imports_made_inside_functions(tmp_path: Path) -> None:
    """A module imported only inside a function (lazily, on first use) still ships."""
    source = tmp_path / "late.py"
    source.write_text("import json\n\ndef later():\n    from lukfu.web import replay\n"
                      "    from .deal import x\n", encoding="utf-8")
    found = bytecode.imported_names(source, "lukfu.web.late")
    assert {"json", "lukfu.web", "lukfu.web.replay", "lukfu.web.deal", "lukfu.web.deal.x"} <= found


@pytest.mark.slow
def test_the_archive_is_the_same_bytes_when_built_again(built: Path, tmp_path: Path) -> None:
    """A reproducible build: compiling the same sources again, elsewhere, gives the same bytes."""
    again = bytecode.compile_archive(bytecode.shipped_modules(), tmp_path / "again.zip")
    assert again.read_bytes() == (built / bytecode.ARCHIVE).read_bytes()


def test_pyscript_and_both_pythons_are_the_self_hosted_ones_in_their_versioned_folders(built: Path) -> None:
    pyscript = runtime.installed_version(runtime.PYSCRIPT_SRC.parent)
    assert boot(built)["core"] == f"runtime/pyscript-{pyscript}/core.js"
    micropython = runtime.installed_version(runtime.MICROPYTHON_SRC)
    page = pyscript_configs(built)["mpy"]
    assert page["interpreter"] == f"./runtime/micropython-{micropython}/micropython.mjs"
    assert page["js_modules"] == {"main": {"./static/page.mjs": "page"}}
    assert (built / f"runtime/micropython-{micropython}/micropython.wasm").is_file()
    version = runtime.installed_version(runtime.PYODIDE_SRC)
    assert (built / f"runtime/pyodide-{version}/pyodide.mjs").is_file()
    for config in pyscript_configs(built).values():  # the page's failure panel, not PyScript's
        assert "!error" in config["plugins"]  # type: ignore[operator]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.append((tag, values))
        for name in ("src", "href", "action", "poster"):  # (the configs are inline JSON)
            value = values.get(name)
            if value:
                self.urls.append(value)


def test_index_html_loads_everything_from_its_own_folder(built: Path) -> None:
    parser = _Links()
    parser.feed((built / "index.html").read_text(encoding="utf-8"))
    data = boot(built)
    assert isinstance(data["downloads"], dict)
    urls = parser.urls + [str(data["core"]), *data["downloads"]]
    for config in pyscript_configs(built).values():
        urls.append(str(config["interpreter"]))
        urls += list(config["files"])  # type: ignore[call-overload]
        urls += list(config.get("js_modules", {}).get("main", {}))  # type: ignore[union-attr]
    for url in urls:
        # Relative URLs only: the site must work from a GitHub Pages project folder.
        assert not re.match(r"^([a-z][a-z0-9+.-]*:|//|/)", url, re.I) or url.startswith("#"), url
        path = url.split("#")[0].split("?")[0]
        if path:
            assert (built / path).is_file(), f"{url} is not in site/"


def test_the_game_s_worker_counts_the_big_downloads(built: Path) -> None:
    """The game's worker counts what it downloads: the wasm, the standard library, the game's
    archive."""
    data = boot(built)
    downloads = data["downloads"]
    assert isinstance(downloads, dict)
    names = {url.rsplit("/", 1)[-1]: size for url, size in downloads.items()}
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "lukfu.zip"} <= set(names)
    for url, size in downloads.items():
        assert (built / url).stat().st_size == size, f"{url}: the progress bar's total is wrong"


def test_the_markup_loads_only_the_stylesheets_so_the_page_paints_first(built: Path) -> None:
    """No preload or script in the markup competes with the stylesheets for the first paint:
    the loader starts MicroPython after the first frame (Lighthouse's FCP)."""
    parser = _Links()
    parser.feed((built / "index.html").read_text(encoding="utf-8"))
    links = [a for t, a in parser.tags if t == "link"]
    assert not [a for a in links if a.get("rel") in ("preload", "modulepreload")]
    assert [a["href"] for a in links if a.get("rel") == "stylesheet"] == ["static/style.css"]
    assert not [a for t, a in parser.tags if t == "script" and a.get("src")]


def test_the_site_holds_only_what_ships(built: Path) -> None:
    from lukfu.i18n import OFFERED, catalog_url

    files = site_files(built)
    catalogs = {catalog_url(code) for code in OFFERED if code != "en"}
    assert catalogs <= files, "every offered language's compiled catalog ships"
    words = {site.page_words_url(code) for code in OFFERED if code != "en"}
    assert words <= files, "every offered language's static page words ship (page.json)"
    assert not [f for f in files if f.startswith("locales/") and f not in catalogs | words], \
        "only the .mo files and the static page's words"
    unwanted = re.compile(r"(\.(po|pot|map|md|toml\.partial)$|^(node_modules|tests|tools|bench|docs|\.)"
                          r"|package(-lock)?\.json|pyproject|codemirror|xterm|/(mpy|py)-[A-Za-z0-9_]+\.js$)")
    assert not sorted(f for f in files if unwanted.search(f))
    micropython = {f.rsplit("/", 1)[-1] for f in files if f.startswith("runtime/micropython-")}
    assert micropython == {"micropython.mjs", "micropython.wasm"}
    pyscript = {f.rsplit("/", 1)[-1] for f in files if f.startswith("runtime/pyscript-")}
    assert pyscript == {chunk.name for chunk in site.pyscript_chunks()}, "only the chunks it starts with"
    assert not [name for name in pyscript if name.startswith("toml-")], "the configuration comes as JSON"


def test_the_precache_holds_every_file_with_its_revision(built: Path) -> None:
    """Workbox lists every file of the site but sw.js itself (the wasm too: its default 2 MiB
    limit would drop it silently); the runtime's versioned folders need no revision, every other
    file has its content's."""
    entries = precache(built)
    assert set(entries) == site_files(built) - {"sw.js"}
    assert any(url.endswith("/pyodide.asm.wasm") for url in entries)
    for url, revision in entries.items():
        versioned = re.match(r"runtime/(pyodide|micropython|pyscript)-\d", url)
        assert (revision is None) == bool(versioned), url
    # Each revisioned file's hash, which the browser checks when the precache takes the copy
    # the page has just loaded from the HTTP cache (static/sw-runtime.js).
    for url, (revision, integrity) in precache_entries(built).items():
        digest = base64.b64encode(hashlib.sha384((built / url).read_bytes()).digest()).decode()
        assert integrity == (None if revision is None else "sha384-" + digest), url


def test_the_manifest_makes_the_game_installable(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    manifest = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    theme = re.search(r'<meta name="theme-color" content="([^"]+)">', page)
    assert theme and manifest["theme_color"] == theme[1]
    assert manifest["name"] and manifest["short_name"] == "Luk Fu"
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    seen = set()
    for icon in manifest["icons"]:
        data = (built / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        seen.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


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


def test_the_page_s_javascript_is_only_what_python_cannot_do() -> None:
    """At most 370 lines of JavaScript in all: index.html's scripts (the language before the
    first paint, the failure panel, PyScript's start, the loading panel's words), the page's and
    the interpreter's modules (its Python restored from a snapshot, or snapshot: it happens
    before Python exists) and the service worker's own part; each says why it is JavaScript.
    PyScript does the rest."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script>(.*?)</script>", page, flags=re.S)
    modules = [ROOT / "static" / name for name in ("page.mjs", "pyodide.mjs", "sw-runtime.js")]
    assert {p.name for p in (ROOT / "static").glob("*.*js")} == {p.name for p in modules}
    lines = sum(len(script.strip("\n").splitlines()) for script in scripts)
    lines += sum(len(module.read_text(encoding="utf-8").splitlines()) for module in modules)
    assert len(scripts) == 4 and lines <= 370, lines
    for module in modules:
        assert "Python" in "".join(module.read_text(encoding="utf-8").splitlines()[:6]), module.name
