"""Translation catalogs (gettext .po files under locales/) and locale-aware number formatting.

Pure standard library and no rules: the page layer asks a `Translator` for every string a
player sees.  Catalogs are plain gettext ``.po`` files, read by the small parser below (no
compiled ``.mo`` files, no build step), so translators edit one text file per language:
``locales/<code>/messages.po``.  Message ids are the English text; an empty ``msgstr`` means
"same as the English", so the English catalog doubles as the template for other languages.

>>> tr = Translator(Catalog.from_po('msgid "Hello {name}"\\nmsgstr "Hei {name}"\\n'))
>>> tr.gettext("Hello {name}", name="Aino")
'Hei Aino'
>>> tr.ngettext("{n} card", "{n} cards", 2)
'2 cards'
>>> format_number(-12, "fa")  # Persian digits; a left-to-right mark keeps the minus on the left
'\u200e−۱۲'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

# locales/ sits next to the lukfu package, both in the repository and in the page's
# virtual file system (pyscript.toml copies them to the same relative places).
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
CATALOG_NAME = "messages.po"
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Language:
    """What the page needs to know about a language besides its catalog."""

    code: str
    name: str  # the language's own name for itself, for a language picker
    direction: str = "ltr"  # "ltr" or "rtl": the page's dir attribute
    digits: str = "0123456789"  # the digits numbers are written with
    # Signs as the language writes them: Persian puts a left-to-right mark before each (as in
    # CLDR), so "−۲" keeps its minus on the left inside right-to-left text.
    minus: str = "\u2212"  # a real minus sign: "−2" reads better than the hyphen "-2"
    plus: str = "+"


# Every language the page can offer.  A language is usable once locales/<code>/messages.po
# exists; the ones without a catalog yet fall back to English message by message.
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English"),
        Language("fi", "Suomi"),
        Language("it", "Italiano"),
        Language("fr", "Français"),
        Language("fa", "فارسی", "rtl", "۰۱۲۳۴۵۶۷۸۹", "\u200e\u2212", "\u200e+"),
        Language("zh-Hant", "繁體中文"),
    )
}

OFFERED = ("en", "fi", "it", "fr", "fa", "zh-Hant")
"""The languages the page offers, in `LANGUAGES` order: those with a catalog under locales/
(a test keeps the two in step). The page fetches only the chosen one's catalog."""



def language_info(code: str) -> Language:
    """The `Language` for ``code``; unknown codes get plain left-to-right defaults."""
    return LANGUAGES.get(code, Language(code, code))


def format_number(value: int, language: str = DEFAULT_LANGUAGE) -> str:
    """``value`` written with the language's digits and a true minus sign.

    >>> format_number(2024, "en"), format_number(7, "fa"), format_number(-7, "fa") == "\u200e−۷"
    ('2024', '۷', True)
    """
    info = language_info(language)
    text = "".join(info.digits[int(d)] for d in str(abs(value)))
    return info.minus + text if value < 0 else text


def format_signed(value: int, language: str = DEFAULT_LANGUAGE) -> str:
    """Like `format_number` but with an explicit ``+`` on positive values (net points).

    >>> format_signed(4), format_signed(-2), format_signed(0)
    ('+4', '−2', '0')
    """
    text = format_number(value, language)
    return language_info(language).plus + text if value > 0 else text


def N_(msgid: str) -> str:  # noqa: N802 (the conventional gettext name)
    """Mark a string for translation without translating it yet (a deferred message id).

    Tests collect every ``N_("...")``, ``gettext("...")`` … literal to check the catalogs.
    """
    return msgid


# ---------------------------------------------------------------------------------------------
# .po files


class PoError(ValueError):
    """A .po file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Message:
    """One catalog entry.  ``msgstr`` has one string, or one per plural form."""

    msgid: str
    msgstr: tuple[str, ...]
    msgid_plural: str | None = None
    context: str | None = None
    flags: frozenset[str] = field(default_factory=frozenset)
    line: int = 0  # where the entry starts in its file, for error messages

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """True when every form has a translation and the entry is not fuzzy."""
        return not self.fuzzy and all(self.msgstr)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$')
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$")


def _unquote(text: str, line: int) -> str:
    match = _QUOTED.match(text.strip())
    if match is None:
        raise PoError(f"line {line}: expected a quoted string, got {text.strip()!r}")

    def unescape(m: re.Match[str]) -> str:
        char = m.group(1)
        if char not in _ESCAPES:
            raise PoError(f"line {line}: unknown escape \\{char}")
        return _ESCAPES[char]

    return re.sub(r"\\(.)", unescape, match.group(1))


def parse_po(text: str) -> list[Message]:
    """Every entry of a .po file, the header entry (``msgid ""``) included, in file order.

    Obsolete entries (``#~``) are skipped; ``#,`` flags are kept (``fuzzy`` matters).

    >>> [m.msgid for m in parse_po('msgid "a"\\nmsgstr "b"\\n\\nmsgid "c"\\n"d"\\nmsgstr ""')]
    ['a', 'cd']
    """
    messages: list[Message] = []
    fields: dict[str, str] = {}
    plurals: dict[int, str] = {}
    flags: set[str] = set()
    current: str | None = None  # the field the next continuation line extends
    plural_index = 0
    start = 0

    def finish() -> None:
        nonlocal current, start
        if "msgid" in fields:
            if plurals:
                if "msgstr" in fields:
                    raise PoError(f"line {start}: both msgstr and msgstr[n]")
                if sorted(plurals) != list(range(len(plurals))):
                    raise PoError(f"line {start}: plural forms must be msgstr[0], msgstr[1], …")
                msgstr = tuple(plurals[i] for i in range(len(plurals)))
            elif "msgstr" in fields:
                msgstr = (fields["msgstr"],)
            else:
                raise PoError(f"line {start}: msgid without msgstr")
            if ("msgid_plural" in fields) != bool(plurals):
                raise PoError(f"line {start}: msgid_plural needs msgstr[n] (and vice versa)")
            messages.append(
                Message(
                    msgid=fields["msgid"],
                    msgstr=msgstr,
                    msgid_plural=fields.get("msgid_plural"),
                    context=fields.get("msgctxt"),
                    flags=frozenset(flags),
                    line=start,
                )
            )
        elif fields or plurals:
            raise PoError(f"line {start}: entry without msgid")
        fields.clear()
        plurals.clear()
        flags.clear()
        current = None
        start = 0

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#~"):
                continue  # obsolete entry
            if current is not None and current != "msgctxt":
                finish()  # comments start the next entry
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        if line.startswith('"'):
            if current is None:
                raise PoError(f"line {number}: string outside an entry")
            if current == "msgstr[]":
                plurals[plural_index] += _unquote(line, number)
            else:
                fields[current] += _unquote(line, number)
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise PoError(f"line {number}: cannot read {line!r}")
        keyword, index, rest = match.groups()
        value = _unquote(rest, number)
        if keyword in ("msgctxt", "msgid") and ("msgid" in fields):
            finish()  # a new entry without a blank line in between
        if not start:
            start = number
        if keyword not in ("msgctxt", "msgid") and "msgid" not in fields:
            raise PoError(f"line {number}: {keyword} before msgid")
        if keyword.startswith("msgstr["):
            plural_index = int(index)
            if plural_index in plurals:
                raise PoError(f"line {number}: msgstr[{plural_index}] given twice")
            plurals[plural_index] = value
            current = "msgstr[]"
        else:
            if keyword in fields:
                raise PoError(f"line {number}: {keyword} given twice")
            fields[keyword] = value
            current = keyword
    finish()
    return messages


def parse_header(text: str) -> dict[str, str]:
    """The ``Key: value`` lines of a header entry's msgstr.

    >>> parse_header("Language: fi\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n")["Language"]
    'fi'
    """
    header: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            header[key.strip()] = value.strip()
    return header


_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")


def plural_rule(plural_forms: str | None) -> tuple[int, Callable[[int], int]]:
    """``(nplurals, n -> form index)`` from a ``Plural-Forms`` header (English rule if absent).

    >>> n, rule = plural_rule("nplurals=1; plural=0;")
    >>> n, rule(5)
    (1, 0)
    """
    if not plural_forms:
        return 2, lambda n: int(n != 1)
    match = _PLURAL_FORMS.match(plural_forms.strip())
    if match is None:
        raise PoError(f"cannot read Plural-Forms: {plural_forms!r}")
    expression = match.group(2)
    known = _KNOWN_PLURALS.get(re.sub(r"[\s()]", "", expression))
    if known is not None:
        return int(match.group(1)), known
    # The stdlib turns any other C expression into a safe Python function (it rejects anything
    # that is not arithmetic on n). Imported here: it costs ~15 ms of start-up under Pyodide.
    import gettext

    return int(match.group(1)), gettext.c2py(expression)


# The rules of this project's languages, without compiling anything.
_KNOWN_PLURALS: dict[str, Callable[[int], int]] = {
    "n!=1": lambda n: int(n != 1),
    "n>1": lambda n: int(n > 1),
    "0": lambda n: 0,
}


# ---------------------------------------------------------------------------------------------
# Catalogs and the translator


Key = tuple[str | None, str]  # (context, msgid)


class Catalog:
    """The translations of one language: look up by (context, msgid), with plural forms."""

    def __init__(
        self,
        messages: Mapping[Key, Message],
        language: str = DEFAULT_LANGUAGE,
        plural_forms: str | None = None,
    ) -> None:
        self.language = language
        self.messages: dict[Key, Message] = dict(messages)
        self.nplurals, self._plural = plural_rule(plural_forms)

    @classmethod
    def from_po(cls, text: str, language: str = DEFAULT_LANGUAGE) -> Catalog:
        """A catalog from the text of a .po file (its header gives the plural rule)."""
        entries = parse_po(text)
        header: dict[str, str] = {}
        messages: dict[Key, Message] = {}
        for entry in entries:
            if entry.msgid == "" and entry.context is None:
                header = parse_header(entry.msgstr[0])
                continue
            key = (entry.context, entry.msgid)
            if key in messages:
                raise PoError(f"line {entry.line}: duplicate message {entry.msgid!r}")
            messages[key] = entry
        # The page's code (zh-Hant), not the header's gettext form (zh_Hant), names the language.
        return cls(messages, language, header.get("Plural-Forms"))

    @classmethod
    def empty(cls, language: str = DEFAULT_LANGUAGE) -> Catalog:
        """A catalog that translates nothing (every message falls back to the English)."""
        return cls({}, language)

    def plural_index(self, n: int) -> int:
        """Which plural form ``n`` takes in this language."""
        index = self._plural(n)
        return index if 0 <= index < self.nplurals else 0

    def lookup(self, msgid: str, context: str | None = None) -> str:
        entry = self.messages.get((context, msgid))
        if entry is None or not entry.translated:
            return msgid
        return entry.msgstr[0]

    def lookup_plural(self, singular: str, plural: str, n: int, context: str | None = None) -> str:
        entry = self.messages.get((context, singular))
        if entry is None or not entry.translated or entry.msgid_plural is None:
            return singular if n == 1 else plural
        index = self.plural_index(n)
        return entry.msgstr[index] if index < len(entry.msgstr) else entry.msgstr[-1]


def catalog_folder(language: str) -> str:
    """The folder of a language's catalog under locales/ (gettext's form: ``zh_Hant``)."""
    return language.replace("-", "_")


def catalog_path(language: str, root: Path = LOCALES_DIR) -> Path:
    return root / catalog_folder(language) / CATALOG_NAME


def catalog_url(language: str) -> str:
    """Where the page fetches a language's catalog, relative to the page (only when chosen)."""
    return f"locales/{catalog_folder(language)}/{CATALOG_NAME}"


ALIASES = {"zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant"}
"""Browser language codes that mean one of ours (Taiwan, Hong Kong, Macau read Traditional)."""


def match_language(code: str, offered: Iterable[str]) -> str | None:
    """The offered language ``code`` names, ignoring case (``zh-hant`` and ``zh-TW`` are ``zh-Hant``)."""
    wanted = code.strip().lower().replace("_", "-")
    wanted = ALIASES.get(wanted, wanted).lower()
    return next((lang for lang in offered if lang.lower() == wanted), None)


def available_languages(root: Path = LOCALES_DIR) -> list[str]:
    """Codes of the languages that have a catalog, in `LANGUAGES` order."""
    return [code for code in LANGUAGES if catalog_path(code, root).is_file()]


def load_catalog(language: str, root: Path = LOCALES_DIR) -> Catalog:
    """The catalog for ``language``; a language without a catalog gets an empty one."""
    path = catalog_path(language, root)
    if not path.is_file():
        return Catalog.empty(language)
    return Catalog.from_po(path.read_text(encoding="utf-8"), language)


class Translator:
    """Translate and fill in messages: numbers are written in the language's digits.

    Placeholders use ``str.format`` names: ``gettext("{seat} wins {n} fu", seat=…, n=3)``.
    Integer arguments are formatted with `format_number`; everything else with ``str``.
    """

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.language = catalog.language
        self.info = language_info(catalog.language)

    @property
    def direction(self) -> str:
        return self.info.direction

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def signed(self, value: int) -> str:
        return format_signed(value, self.language)

    def _fill(self, template: str, values: Mapping[str, object]) -> str:
        if not values:
            return template
        shown = {
            key: self.number(value) if isinstance(value, int) and not isinstance(value, bool)
            else value
            for key, value in values.items()
        }
        if self.info.direction == "rtl":
            # Each filled-in name or number is isolated (FSI … PDI), so a Latin name or a signed
            # number keeps its own order inside right-to-left text.
            shown = {key: f"\u2068{value}\u2069" for key, value in shown.items()}
        return template.format(**shown)

    def gettext(self, msgid: str, /, **values: object) -> str:
        return self._fill(self.catalog.lookup(msgid), values)

    def pgettext(self, context: str, msgid: str, /, **values: object) -> str:
        return self._fill(self.catalog.lookup(msgid, context), values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form for ``n``; ``n`` is also available to the template as ``{n}``."""
        values.setdefault("n", n)
        return self._fill(self.catalog.lookup_plural(singular, plural, n), values)

    def join(self, items: list[str]) -> str:
        """A list of items, e.g. card names, with the language's separator."""
        return self.pgettext("list separator", ", ").join(items)


def translator_from_po(language: str, text: str) -> Translator:
    """A `Translator` from a catalog's text (the page fetches it; a bad one raises `PoError`)."""
    return Translator(Catalog.from_po(text, language))


def translator(language: str = DEFAULT_LANGUAGE, root: Path = LOCALES_DIR) -> Translator:
    """A `Translator` for ``language`` (unknown or missing languages read as English)."""
    if language == DEFAULT_LANGUAGE:
        # English is the source language: its catalog is only the template that the other
        # languages start from (every msgstr empty), so the page's start-up skips reading it.
        return Translator(Catalog.empty(language))
    return Translator(load_catalog(language, root))
