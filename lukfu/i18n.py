"""Translations (compiled gettext catalogs under locales/) and numbers written for a language.

Pure standard library and no rules: the page layer asks a `Translator` for every string a
player sees.  Message ids are the English text, so English needs no catalog at all.  Each other
language has ``locales/<folder>/LC_MESSAGES/messages.po``, which Babel compiles to a ``.mo``
in the build (tools/catalogs.py); the standard library's `gettext` reads the ``.mo``, plural
forms included.  The page fetches the chosen language's ``.mo`` only.

>>> tr = translator("en")
>>> tr.gettext("{seat} wins {n} fu", seat="Aino", n=3)
'Aino wins 3 fu'
>>> tr.ngettext("{n} card", "{n} cards", 2)
'2 cards'
>>> format_number(-12, "fa")  # Persian digits; a left-to-right mark keeps the minus on the left
'\u200e−۱۲'
>>> format_number(1234567, "fa"), format_number(1234567, "fr") == "1\u202f234\u202f567"
('۱٬۲۳۴٬۵۶۷', True)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

# locales/ sits next to the lukfu package in the repository; the game's worker fetches a
# catalog from the same relative place on the site (catalog_url).
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
CATALOG_NAME = "LC_MESSAGES/messages.mo"  # under the language's folder; built, not kept in git
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
    group: str = ","  # between groups of three digits, as in CLDR: 1,234 · 1 234 · ۱٬۲۳۴
    decimal: str = "."  # before the fraction, as in CLDR: 0.42 · 0,42 · ۰٫۴۲


# Every language the page can offer, with its number symbols from CLDR (Finnish groups with a
# no-break space, French with a narrow one, Persian with the Arabic thousands separator).
LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English"),
        Language("fi", "Suomi", group="\u00a0", decimal=","),
        Language("it", "Italiano", group=".", decimal=","),
        Language("fr", "Français", group="\u202f", decimal=","),
        Language("fa", "فارسی", "rtl", "۰۱۲۳۴۵۶۷۸۹", "\u200e\u2212", "\u200e+", "\u066c", "\u066b"),
        Language("zh-Hant", "繁體中文"),
    )
}

OFFERED = ("en", "fi", "it", "fr", "fa", "zh-Hant")
"""The languages the page offers, in `LANGUAGES` order: English and those with a catalog under
locales/ (a test keeps the two in step). The page fetches only the chosen one's catalog."""



def language_info(code: str) -> Language:
    """The `Language` for ``code``; unknown codes get plain left-to-right defaults."""
    return LANGUAGES.get(code, Language(code, code))


def format_number(value: int, language: str = DEFAULT_LANGUAGE) -> str:
    """``value`` written with the language's digits, group separator and a true minus sign.

    >>> format_number(2024, "en"), format_number(7, "fa"), format_number(-7, "fa") == "\u200e−۷"
    ('2,024', '۷', True)
    """
    info = language_info(language)
    text = f"{abs(value):,}".replace(",", info.group)
    if info.digits != "0123456789":
        text = text.translate(_DIGITS[info.digits])
    return info.minus + text if value < 0 else text


_DIGITS = {
    lang.digits: str.maketrans("0123456789", lang.digits)
    for lang in LANGUAGES.values()
}


def format_decimal(value: float, language: str = DEFAULT_LANGUAGE, places: int = 2) -> str:
    """``value`` with ``places`` decimals, in the language's digits and decimal sign.

    >>> format_decimal(0.425, "en"), format_decimal(1.5, "fi"), format_decimal(0.42, "fa")
    ('0.42', '1,50', '۰٫۴۲')
    """
    info = language_info(language)
    whole, _, fraction = f"{abs(value):.{places}f}".partition(".")
    text = format_number(int(whole), language) + (info.decimal + fraction.translate(
        _DIGITS[info.digits]) if fraction else "")
    return info.minus + text if value < 0 and float(f"{abs(value):.{places}f}") else text


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


def catalog_folder(language: str) -> str:
    """The folder of a language's catalog under locales/ (gettext's form: ``zh_Hant``)."""
    return language.replace("-", "_")


def catalog_path(language: str, root: Path = LOCALES_DIR) -> Path:
    """Where a language's compiled catalog is, from the repository (or the site) root."""
    return root / catalog_folder(language) / CATALOG_NAME


def catalog_url(language: str) -> str:
    """Where the page fetches a language's compiled catalog, relative to the page."""
    return f"locales/{catalog_folder(language)}/{CATALOG_NAME}"


ALIASES = {"zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant"}
"""Browser language codes that mean one of ours (Taiwan, Hong Kong, Macau read Traditional)."""


def match_language(code: str, offered: Iterable[str]) -> str | None:
    """The offered language ``code`` names, ignoring case (``zh-hant`` and ``zh-TW`` are ``zh-Hant``)."""
    wanted = code.strip().lower().replace("_", "-")
    wanted = ALIASES.get(wanted, wanted).lower()
    return next((lang for lang in offered if lang.lower() == wanted), None)


class Messages(Protocol):
    """What a `Translator` asks of a catalog: the methods of ``gettext.GNUTranslations``."""

    def gettext(self, message: str, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


def NP_(context: str, msgid: str) -> tuple[str, str]:  # noqa: N802 (after N_)
    """Mark a message with its context without translating it yet: ``(context, msgid)``, for
    `Translator.pgettext` (extracted like ``pgettext``, see tools/catalogs.py)."""
    return context, msgid


class English:
    """The source language's messages: each is its own translation (English plural rule).

    The same answers as ``gettext.NullTranslations``, without importing `gettext`: the English
    page, which needs no catalog, starts without it.
    """

    def gettext(self, message: str, /) -> str:
        return message

    def pgettext(self, context: str, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


class Translator:
    """Translate and fill in messages: numbers are written in the language's digits.

    ``messages`` is a compiled catalog read by the standard library (``gettext.GNUTranslations``
    from a ``.mo``); English, the source language, needs none (`English`).
    Placeholders use ``str.format`` names: ``gettext("{seat} wins {n} fu", seat=…, n=3)``.
    Integer arguments are formatted with `format_number`; everything else with ``str``.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE, messages: Messages | None = None) -> None:
        self.language = language
        self.info = language_info(language)
        self.messages: Messages = messages if messages is not None else English()

    @property
    def is_source(self) -> bool:
        """True for English, the language the messages (and the page) are written in."""
        return self.language == DEFAULT_LANGUAGE

    @property
    def direction(self) -> str:
        return self.info.direction

    def number(self, value: int) -> str:
        return format_number(value, self.language)

    def signed(self, value: int) -> str:
        return format_signed(value, self.language)

    def decimal(self, value: float) -> str:
        return format_decimal(value, self.language)

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
        return self._fill(self.messages.gettext(msgid), values)

    def pgettext(self, context: str, msgid: str, /, **values: object) -> str:
        return self._fill(self.messages.pgettext(context, msgid), values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form for ``n`` (by the catalog's Plural-Forms); ``{n}`` is also filled in."""
        values.setdefault("n", n)
        return self._fill(self.messages.ngettext(singular, plural, n), values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /,
                  **values: object) -> str:
        """`ngettext` with a context."""
        values.setdefault("n", n)
        return self._fill(self.messages.npgettext(context, singular, plural, n), values)

    def join(self, items: list[str]) -> str:
        """A list of items, e.g. card names, with the language's separators ("7 of Coins, 8 of
        Coins and 9 of Coins").  In right-to-left text the list is isolated right to left
        (RLI … PDI): filled into a sentence, its items are each isolated already, so an outer
        FSI would find no letter to take a direction from and lay the list out left to right,
        its last item first."""
        if len(items) < 2:
            return "".join(items)
        joined = (self.pgettext("list separator", ", ").join(items[:-1])
                  + self.pgettext("list separator before the last item", " and ") + items[-1])
        return f"\u2067{joined}\u2069" if self.info.direction == "rtl" else joined

    def sentences(self, *texts: str) -> str:
        """Sentences one after another, as the language spaces them (Chinese: no space)."""
        return self.pgettext("between sentences", " ").join(text for text in texts if text)


class CatalogError(ValueError):
    """A compiled catalog that cannot be read."""


def translator_from_mo(language: str, data: bytes) -> Translator:
    """A `Translator` from a compiled catalog's bytes (the page fetches them).

    >>> translator_from_mo("fi", b"not a catalog")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    CatalogError: the fi catalog cannot be read: [Errno 0] Bad magic number
    """
    import gettext  # only for a language with a catalog: see `English`

    try:
        messages = gettext.GNUTranslations(io.BytesIO(data))
    except Exception as error:  # a bad magic number, a cut-off file, a bad Plural-Forms …
        raise CatalogError(f"the {language} catalog cannot be read: {error}") from error
    return Translator(language, messages)


def translator(language: str = DEFAULT_LANGUAGE, root: Path = LOCALES_DIR) -> Translator:
    """A `Translator` for ``language``, its catalog read from ``root`` (English needs none).

    Raises ``FileNotFoundError`` naming the missing file when the catalog was not built
    (``tools/build.py`` compiles them).
    """
    if language == DEFAULT_LANGUAGE:
        return Translator()
    path = catalog_path(language, root)
    if not path.is_file():
        raise FileNotFoundError(f"no compiled catalog {path}: run tools/build.py")
    return translator_from_mo(language, path.read_bytes())
