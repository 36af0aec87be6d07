#!/usr/bin/env python3
"""The translation catalogs, with Babel: extract the template, update the catalogs, compile them.

    .venv/bin/python tools/catalogs.py extract   # code + index.html -> locales/messages.pot
    .venv/bin/python tools/catalogs.py update    # extract, then bring every .po in step with it
    .venv/bin/python tools/catalogs.py compile   # every .po -> its .mo (tools/build.py does this)

Layout (gettext's own, so ``pybabel`` and any .po editor work on it directly):

    locales/messages.pot                        the template: every message, extracted
    locales/<folder>/LC_MESSAGES/messages.po    one language's translations (fi, fa, zh_Hant, …)
    locales/<folder>/LC_MESSAGES/messages.mo    compiled by the build, git-ignored; the page
                                                fetches only the chosen language's

English is the source language and has no catalog.  The mapping of files to extractors is
``babel.cfg``: Python through Babel's own extractor (``gettext``, ``ngettext``, ``pgettext``,
``N_``, and ``NP_`` for a message with its context), and the page's static text through
`extract_html` below: every element marked ``data-i18n`` (its value, when given, is the
message context), its text with white space collapsed, as the page's Python translates it.

Compiling skips a catalog whose .mo is newer than its .po, so a second build does nothing.
Fuzzy entries are left out of the .mo (Babel's default); tests refuse them anyway.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "messages.pot"
DOMAIN = "messages"
MAPPING = ROOT / "babel.cfg"
HEADER = "# The messages of Luk Fu (六虎), extracted by tools/catalogs.py: docs/translating.md"
COMMENT_TAG = "Translators:"  # a comment starting so, just above a message, reaches the .pot

# Elements that never have an end tag: they cannot hold a message.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _Marked(HTMLParser):
    """Every ``data-i18n`` element of a page: (line, context or None, text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[int, str | None, list[str]] | None] = []
        self.found: list[tuple[int, str | None, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        values = dict(attrs)
        marked = "data-i18n" in values
        self.open.append((self.getpos()[0], values["data-i18n"] or None, []) if marked else None)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.open:
            return
        element = self.open.pop()
        if element is not None:
            line, context, parts = element
            text = re.sub("[ \t\n\r\f]+", " ", "".join(parts)).strip(" \t\n\r\f")
            self.found.append((line, context, text))  # (HTML's whitespace: a no-break space stays)

    def handle_data(self, data: str) -> None:
        for element in self.open:
            if element is not None:
                element[2].append(data)


def page_messages(text: str) -> list[tuple[int, str | None, str]]:
    """(line, context, text) of every ``data-i18n`` element in a page's HTML, in page order."""
    parser = _Marked()
    parser.feed(text)
    parser.close()
    return sorted(parser.found)


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Babel extraction method for the page (named in babel.cfg): its ``data-i18n`` texts."""
    encoding = options.get("encoding", "utf-8")
    for line, context, text in page_messages(fileobj.read().decode(encoding)):
        if context is None:
            yield line, "gettext", text, []
        else:
            yield line, "pgettext", (context, text), []


def catalog_paths() -> list[Path]:
    """Every language's .po, sorted by folder."""
    return sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _pybabel(*args: str) -> None:
    """Run a ``pybabel`` command from the repository root (so locations read lukfu/…)."""
    from babel.messages.frontend import CommandLineInterface

    if str(ROOT) not in sys.path:  # babel.cfg names tools.catalogs:extract_html
        sys.path.insert(0, str(ROOT))
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "--quiet", *args])
    finally:
        os.chdir(here)


def extract() -> None:
    """Write locales/messages.pot from the code and the page (``pybabel extract``).

    A template whose messages did not change is left as it was, so its creation date (which
    every .po copies) does not churn.
    """
    before = TEMPLATE.read_bytes() if TEMPLATE.is_file() else b""
    _pybabel(
        "extract", "--mapping-file", str(MAPPING), "--output-file", str(TEMPLATE),
        "--project", "Luk Fu", "--version", "1", "--copyright-holder", "the Luk Fu authors",
        "--msgid-bugs-address", "docs/translating.md",
        "--keyword", "NP_:1c,2", "--add-comments", COMMENT_TAG, "--add-location", "file",
        "--sort-by-file", "--no-wrap",
        "--header-comment", HEADER, "index.html", "lukfu",
    )
    if _undated(TEMPLATE.read_bytes()) == _undated(before):
        TEMPLATE.write_bytes(before)


def _undated(text: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", text)


def update() -> None:
    """Extract, then merge the template into every language's .po (``pybabel update``)."""
    extract()
    _pybabel(
        "update", "--input-file", str(TEMPLATE), "--output-dir", str(LOCALES),
        "--domain", DOMAIN, "--no-wrap", "--ignore-obsolete",
    )


def compile_catalogs(verbose: bool = False) -> int:
    """Compile each .po to its .mo when the .po is newer; return how many were compiled."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = 0
    for po in catalog_paths():
        mo = po.with_suffix(".mo")
        if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        partial = mo.with_suffix(".mo.part")
        with partial.open("wb") as target:
            write_mo(target, catalog)  # fuzzy entries are left out
        partial.replace(mo)
        compiled += 1
        if verbose:
            print(f"compiled {mo.relative_to(ROOT)}")
    return compiled


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": lambda: compile_catalogs(True)}
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
