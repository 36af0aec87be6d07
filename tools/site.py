"""Write the git-ignored site/ folder: exactly what the page fetches, ready to publish as it is.

    python3 tools/build.py            (tools/serve, tools/test and the Pages workflow run it)

site/ holds index.html (with pyscript.toml in it, as JSON), the web app manifest and its icons,
the service worker, the game's two archives (page.zip for the page's MicroPython, lukfu.zip for
the game's worker), the compiled catalogs, static/ (silence.wav written here), the subset fonts,
and of the pinned runtime only the files the page fetches (PyScript's chunks that start it, the
standard library cut down to what the worker imports: tools/stdlib.py), under folders named
after their versions (runtime/pyodide-<version>/, runtime/micropython-<version>/,
runtime/pyscript-<version>/): a new release lives at new URLs, so an old cached module never
meets a new wasm, and the service worker may take an unchanged runtime from the browser's HTTP
cache instead of downloading it again.

One list, `Shipment`, says what ships; from it come the runtime's paths, pyscript.toml's [files],
the downloads the game's worker counts for the loading bar (the page reads them from its "boot"
JSON), and the service worker's precache manifest (Workbox, pinned in package.json, revisions
every file of site/).
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import os
import re
import shutil
import sys
import tomllib
import wave
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from tools import bytecode, fonts, icons, runtime, service_worker, shipped, stdlib

ROOT = runtime.ROOT
SITE = ROOT / "site"

# Pyodide's files that the game's worker downloads with fetch(): it counts their bytes for the
# progress bar.  (pyodide.mjs and pyodide.asm.mjs are JavaScript modules it imports.)
PYODIDE_FETCHED = ("pyodide.asm.wasm", "python_stdlib.zip")
SILENCE = "static/silence.wav"  # written here (`silence`); the boot JSON tells the page's Python
INTERPRETER = "static/pyodide.mjs"  # pyscript.toml's interpreter: Pyodide, its bytes counted
STYLESHEET = "static/style.css"  # shipped without its comments (tools/shipped.py)
# PyScript's chunks that its core imports as it starts the page (its error plugin, which it loads
# even when left out, and zip.js, with which MicroPython's [files] unpacks page.zip); the other
# plugins (left out in both configurations), the TOML parser (they come as JSON) never ship.
PYSCRIPT_STARTUP = ("error", "zip")
APP_NAME = "Luk Fu"
THEME = "#2f5247"  # <meta name="theme-color"> in index.html: the table's green
BACKGROUND = "#f4efe3"


def runtime_dir(package: str, version: str) -> str:
    """Where a pinned runtime package ships in site/, e.g. runtime/pyodide-314.0.2."""
    return f"runtime/{package}-{version}"


def catalog_files() -> list[tuple[Path, str]]:
    """The catalogs the page may fetch (English needs none): (file in the repository, its path
    in site/).  The only place that knows which catalog files ship."""
    from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, catalog_path, catalog_url

    return [(catalog_path(code), catalog_url(code)) for code in OFFERED if code != DEFAULT_LANGUAGE]


def pyscript_chunks() -> list[Path]:
    """core.js and the chunks PyScript imports as it starts (see PYSCRIPT_STARTUP)."""
    dist = runtime.RUNTIME / "pyscript"
    core = (dist / "core.js").read_text(encoding="utf-8")
    main_chunks = re.findall(r'from\s*"\./(core-[\w-]+\.js)"', core)
    if len(main_chunks) != 1:
        raise runtime.BuildError("runtime/pyscript/core.js no longer imports one core-*.js chunk")
    chunk = (dist / main_chunks[0]).read_text(encoding="utf-8")
    wanted = ["core.js", main_chunks[0]]
    for name in PYSCRIPT_STARTUP:
        found = sorted(set(re.findall(rf'import\("\./({re.escape(name)}-[\w-]+\.js)"\)', chunk)))
        if len(found) != 1:
            raise runtime.BuildError(f"@pyscript/core's {main_chunks[0]} imports {found} for {name!r}")
        wanted.append(found[0])
    return [dist / name for name in wanted]


@dataclass
class Shipment:
    """Every file site/ holds, by its path there, and where it comes from."""

    pyodide_version: str
    micropython_version: str
    pyscript_version: str
    files: dict[str, Path] = field(default_factory=dict)  # site path -> source file
    core_chunk: str = ""  # PyScript's core-*.js, which core.js imports: preloaded beside it
    downloads: list[str] = field(default_factory=list)  # runtime files fetched (and counted)

    @property
    def pyodide(self) -> str:
        return runtime_dir("pyodide", self.pyodide_version)

    @property
    def micropython(self) -> str:
        return runtime_dir("micropython", self.micropython_version)

    @property
    def pyscript(self) -> str:
        return runtime_dir("pyscript", self.pyscript_version)

    def versioned(self, text: str) -> str:
        """``text`` with the runtime's folders named by their versions."""
        for name in ("pyodide", "micropython", "pyscript"):
            text = text.replace(f"runtime/{name}/", f"{getattr(self, name)}/")
        return text

    def add(self, path: str, source: Path) -> None:
        if not source.is_file():
            raise runtime.BuildError(f"{source} is missing")
        self.files[path] = source


def shipment() -> Shipment:
    """What site/ holds, from runtime/ (built first) and the repository."""
    pyodide_version = runtime.check_versions()
    micropython_version = runtime.installed_version(runtime.MICROPYTHON_SRC)
    pyscript_version = runtime.installed_version(runtime.PYSCRIPT_SRC.parent)
    ship = Shipment(pyodide_version, micropython_version, pyscript_version)
    # Pyodide's files as published, but its standard library, cut down to the modules the worker
    # imports and compiled (tools/stdlib.py), and its package index, without the packages
    # (written by build_site).
    for name in runtime.PYODIDE_FILES:
        if name not in (stdlib.NAME, stdlib.LOCK):
            ship.add(f"{ship.pyodide}/{name}", runtime.RUNTIME / "pyodide" / name)
    ship.add(f"{ship.pyodide}/{stdlib.NAME}", stdlib.build_stdlib(pyodide_version))
    for name in runtime.MICROPYTHON_FILES:
        ship.add(f"{ship.micropython}/{name}", runtime.RUNTIME / "micropython" / name)
    chunks = pyscript_chunks()
    for chunk in chunks:
        ship.add(f"{ship.pyscript}/{chunk.name}", chunk)
    ship.core_chunk = f"{ship.pyscript}/{chunks[1].name}"  # (the one core.js imports first)
    ship.downloads += [f"{ship.pyodide}/{name}" for name in PYODIDE_FETCHED]
    ship.downloads.append(bytecode.ARCHIVE)  # the game's worker counts every byte it fetches
    for face in fonts.FACES:
        ship.add(f"runtime/fonts/{face.name}.woff2", fonts.FONTS / f"{face.name}.woff2")
    ship.add(bytecode.ARCHIVE, bytecode.build_archive(pyodide_version))
    for source in sorted((ROOT / "static").rglob("*")):
        if source.is_file():
            ship.add(source.relative_to(ROOT).as_posix(), source)
    for source, path in catalog_files():
        ship.add(path, source)
    return ship


# --- index.html ------------------------------------------------------------------------------


class BootText(HTMLParser):
    """The English text of every element of index.html marked ``data-boot``: what the page
    translates itself before Python starts (the loading panel)."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, list[str]]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # A data-boot element, or an element inside one (its text counts too).
        if "data-boot" in dict(attrs) or (self.open and tag not in ("br", "img", "input")):
            self.open.append((tag, []))

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            done, parts = self.open.pop()
            if self.open:
                self.open[-1][1].extend(parts)
            else:
                self.found.append(" ".join("".join(parts).split()))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][1].append(data)


def boot_words(page: str) -> dict[str, dict[str, str]]:
    """For each language but English, the translation of every ``data-boot`` text of the page."""
    from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, translator

    parser = BootText()
    parser.feed(page)
    words = {}
    for code in OFFERED:
        if code != DEFAULT_LANGUAGE:
            tr = translator(code)
            words[code] = {msgid: tr.gettext(msgid) for msgid in parser.found}
    return words


def page_words(page: str) -> dict[str, dict[str, object]]:
    """For each language but English, what the page needs to show its whole static text in that
    language before Python starts (locales/<folder>/page.json): every ``data-i18n`` text's
    translation, keyed by its English (after its context and U+0004 when it has one, as gettext
    keys them), and the card pictures of the rules card in the language's own faces."""
    from lukfu.cards import Card
    from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, translator
    from lukfu.web.faces import SUITS, card_src, legend_src
    from tools.catalogs import page_messages

    found = {(context, text) for _line, context, text in page_messages(page)}
    pictures = [(card_src(str(Card(i))), lambda code, i=i: card_src(str(Card(i)), code))
                for i in range(36)]
    pictures += [(legend_src(suit), lambda code, suit=suit: legend_src(suit, code))
                 for suit in range(len(SUITS))]
    words: dict[str, dict[str, object]] = {}
    for code in OFFERED:
        if code == DEFAULT_LANGUAGE:
            continue
        tr = translator(code)
        texts = {(f"{context}\u0004{msgid}" if context else msgid):
                 (tr.pgettext(context, msgid) if context else tr.gettext(msgid))
                 for context, msgid in sorted(found, key=lambda m: (m[0] or "", m[1]))}
        images = {english: own for english, own in ((e, make(code)) for e, make in pictures)
                  if own != english}
        words[code] = {"words": texts, "images": images}
    return words


def page_words_url(language: str) -> str:
    from lukfu.i18n import catalog_folder

    return f"locales/{catalog_folder(language)}/page.json"


def script_hashes(page: str) -> list[str]:
    """CSP sources ('sha256-…') for the page's inline JavaScript, so nothing else inline runs."""
    hashes = []
    for attrs, body in re.findall(r"<script(\s[^>]*)?>(.*?)</script>", page, flags=re.S):
        attrs = attrs or ""
        if "src=" in attrs or re.search(r'type="(?!module)[^"]*"', attrs):
            continue  # an external script ('self'), data (application/json) or Python (type="py")
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    return hashes


def content_security_policy(page: str) -> str:
    """Everything from the site itself, inline scripts only by hash, and what Pyodide needs:
    'wasm-unsafe-eval' to compile its WebAssembly, 'unsafe-eval' because Emscripten builds the
    JavaScript halves of its EM_JS/EM_ASM functions with eval() as Pyodide starts (upstream's
    design: pyodide.asm.mjs).  A <meta> cannot set frame-ancestors or report-uri."""
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval' {' '.join(script_hashes(page))}",
        "style-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self' blob:",  # PyScript reads its worker's setup from a blob: URL
        "worker-src 'self' blob:",  # and starts the game's worker from one
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])


def render_page(ship: Shipment) -> str:
    """index.html for site/: the runtime's versioned folders, both PyScript configurations as
    JSON (pyscript.toml's, the page's), the boot JSON, the CSP."""
    from lukfu.i18n import DEFAULT_LANGUAGE, OFFERED, language_info
    from lukfu.web.faces import SUITS, card_src, legend_src

    page = ship.versioned((ROOT / "index.html").read_text(encoding="utf-8"))
    sizes = {path: ship.files[path].stat().st_size for path in ship.downloads}
    boot = {
        "core": f"{ship.pyscript}/core.js",  # PyScript, started once the page is parsed
        # and the chunk it imports first, fetched beside it rather than after it
        "chunks": [ship.core_chunk],
        "configs": page_configs(ship),  # PyScript's for Python on the page (index.html makes them)
        "silence": SILENCE,  # played before the first sound (static/page.mjs's wakeAudio)
        "downloads": sizes,
        "words": boot_words(page),
        "page": {code: page_words_url(code) for code in OFFERED if code != DEFAULT_LANGUAGE},
        # The suit legend's pictures in each language's faces, for a new player's first look.
        "legend": {code: [legend_src(suit, code) for suit in range(len(SUITS))] for code in OFFERED},
        # The rules card's pictures in each language's faces ("FACE": a picture's data-face), for
        # a failure panel, which leaves the rules to read (the page's Python gives them otherwise).
        "faces": {code: card_src("FACE", code) for code in OFFERED},
        # The progress bar's megabytes in each language's digits and decimal sign.
        "numbers": {code: [language_info(code).digits, language_info(code).decimal] for code in OFFERED},
    }
    data = json.dumps(boot, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    page, found = re.subn(
        r'(<script type="application/json" id="boot">).*?(</script>)',
        lambda m: m[1] + data + m[2], page, flags=re.S)
    if found != 1:
        raise runtime.BuildError('index.html has no <script type="application/json" id="boot">')
    page, found = re.subn(r"^for name in \[\]:$", lambda _m: f"for name in {bytecode.page_modules()!r}:",
                          page, flags=re.M)
    if found != 1:
        raise runtime.BuildError("index.html's <script type=\"mpy\"> has no `for name in []:` to import with")
    inline = html.escape(json.dumps(game_config(), separators=(",", ":")))
    page, found = re.subn(r'config="\./pyscript\.toml"', lambda _m: f'config="{inline}"', page)
    if found != 1:
        raise runtime.BuildError('index.html has no <script type="py" worker config="./pyscript.toml">')
    page, found = re.subn(
        r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)',
        lambda m: m[1] + content_security_policy(page) + m[2], page)
    if found != 1:
        raise runtime.BuildError('index.html has no <meta http-equiv="Content-Security-Policy">')
    return page


def interpreter(ship: Shipment) -> str:
    """static/pyodide.mjs as it ships: the runtime's versioned folder, and Pyodide's package
    index (without its packages, none of which ships) in it, where Pyodide would fetch it."""
    text = ship.versioned((ROOT / INTERPRETER).read_text(encoding="utf-8"))
    text, found = re.subn(r"^const LOCK = null;", lambda _m: f"const LOCK = {stdlib.lock_text().strip()};",
                          text, flags=re.M)
    if found != 1:
        raise runtime.BuildError(f"{INTERPRETER} has no `const LOCK = null;` line for the package index")
    key = snapshot_key(ship, text)
    text, found = re.subn(r"^const SNAPSHOT = null;", lambda _m: f'const SNAPSHOT = "{key}";',
                          text, flags=re.M)
    if found != 1:
        raise runtime.BuildError(f"{INTERPRETER} has no `const SNAPSHOT = null;` line for the snapshot's key")
    return text


def snapshot_key(ship: Shipment, interpreter_text: str) -> str:
    """What a memory snapshot of the game's Python depends on, hashed: Pyodide's version, the
    standard library and the game's archive as they ship, and the module that makes it (so a
    snapshot of another build is never restored: static/pyodide.mjs)."""
    digest = hashlib.sha256(f"pyodide {ship.pyodide_version}\n".encode())
    for path in (f"{ship.pyodide}/{stdlib.NAME}", bytecode.ARCHIVE):
        digest.update(ship.files[path].read_bytes())
    digest.update(interpreter_text.encode("utf-8"))
    return digest.hexdigest()[:20]


def page_configs(ship: Shipment) -> dict[str, dict[str, object]]:
    """PyScript's configurations for Python on the page, by type: MicroPython's (the page's DOM
    layer: page.zip unpacked at its root, static/page.mjs as the JavaScript module "page") and
    Pyodide's (none runs on the page); both leave out PyScript's plugins, as pyscript.toml does."""
    plugins = game_config()["plugins"]
    page = {"interpreter": f"./{ship.micropython}/micropython.mjs", "plugins": plugins,
            "files": {f"./{bytecode.PAGE_ARCHIVE}": "./*"},
            "js_modules": {"main": {"./static/page.mjs": "page"}}}
    return {"mpy": page, "py": {"plugins": plugins}}


def game_config() -> dict[str, object]:
    """pyscript.toml, the configuration of the game's worker, as the built page carries it:
    its interpreter and [files] as they are, checked against what ships."""
    with (ROOT / "pyscript.toml").open("rb") as f:
        config: dict[str, object] = tomllib.load(f)
    if config.get("interpreter") != f"./{INTERPRETER}":
        raise runtime.BuildError(f"pyscript.toml: the interpreter is ./{INTERPRETER}")
    files = config.get("files")
    if files != {f"./{bytecode.ARCHIVE}": f"./{bytecode.ARCHIVE}"}:
        raise runtime.BuildError(f"pyscript.toml: [files] is the game's archive, ./{bytecode.ARCHIVE}")
    return config


def manifest() -> str:
    """The web app manifest: the installed app opens the game, in its own window."""
    data = {
        "name": "Luk Fu (六虎): a Hakka card game",
        "short_name": APP_NAME,
        "description": "Luk Fu, a Hakka trick-taking card game, against two computer players.",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


# --- writing site/ -----------------------------------------------------------------------------


def place(source: Path, target: Path) -> None:
    """Make ``target`` a copy of ``source`` (a hard link when possible: the runtime is 14 MB)."""
    if target.is_file():
        ts, ss = target.stat(), source.stat()
        if ts.st_ino == ss.st_ino or (ts.st_size == ss.st_size and ts.st_mtime_ns == ss.st_mtime_ns):
            return
        target.unlink()
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def silence() -> bytes:
    """A twentieth of a second of silence, as a WAV file: what the page plays to open the audio
    output before its first sound (lukfu/web/dom/audio.py)."""
    out = io.BytesIO()
    with wave.open(out, "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(1)  # 8-bit samples, unsigned: 128 is silence
        sound.setframerate(8000)
        sound.writeframes(bytes([128]) * 400)
    return out.getvalue()


def build_site(dest: Path = SITE, verbose: bool = True) -> Path:
    """Build runtime/ (tools/runtime.py), then write ``dest`` with exactly the shipment."""
    runtime.build(verbose=verbose)
    ship = shipment()
    written: dict[str, bytes] = {
        "index.html": render_page(ship).encode("utf-8"),
        bytecode.PAGE_ARCHIVE: bytecode.page_archive(),
        INTERPRETER: interpreter(ship).encode("utf-8"),
        "manifest.webmanifest": manifest().encode("utf-8"),
        STYLESHEET: shipped.stylesheet((ROOT / STYLESHEET).read_text(encoding="utf-8")).encode("utf-8"),
    }
    written.update({f"icons/{name}": png for name, png in icons.drawn(THEME, BACKGROUND).items()})
    written[SILENCE] = silence()
    source_page = (ROOT / "index.html").read_text(encoding="utf-8")
    for code, words in page_words(source_page).items():
        written[page_words_url(code)] = json.dumps(
            words, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    for path, source in ship.files.items():
        if path not in written:
            place(source, dest / path)
    for path, data in written.items():
        runtime.write(dest / path, data)
    keep = set(ship.files) | set(written) | {"sw.js"}
    for old in sorted(dest.rglob("*"), reverse=True):
        rel = old.relative_to(dest).as_posix()
        if old.is_file() and rel not in keep:
            old.unlink()
        elif old.is_dir() and not any(old.iterdir()):
            old.rmdir()
    service_worker.generate(dest)
    if verbose:
        trimmed = ship.files[f"{ship.pyodide}/{stdlib.NAME}"]
        print(f"{stdlib.NAME:20} {runtime.human(trimmed.stat().st_size):>9}  "
              f"{len(stdlib.listed()):3} modules (tools/stdlib.txt; Pyodide's whole one: "
              f"{runtime.human(stdlib.FULL.stat().st_size)})")
        files = [p for p in dest.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"{dest.name + '/':20} {runtime.human(size):>9}  {len(files):3} files  (the site to publish)")
    return dest


def main() -> int:
    quiet = "-q" in sys.argv[1:] or "--quiet" in sys.argv[1:]
    try:
        site = build_site(verbose=not quiet)
    except runtime.BuildError as error:
        print(f"tools/build.py: error: {error}", file=sys.stderr)
        return 1
    if quiet:
        files = [p for p in site.rglob("*") if p.is_file()]
        print(f"site/: {runtime.human(sum(p.stat().st_size for p in files))}, {len(files)} files")
    return 0
