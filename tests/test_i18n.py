"""Translations: the catalogs, the template and the code agree; plural forms; numbers.

"One truth": Babel's extraction of the code and the page (tools/catalogs.py) is exactly the
committed template locales/messages.pot, every template message is used by live code, every
language's catalog has every template message translated with the same placeholders and the
right plural forms, and its compiled .mo is what the page reads with the standard library.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import string
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lukfu.i18n import (
    LANGUAGES,
    LOCALES_DIR,
    OFFERED,
    CatalogError,
    Translator,
    catalog_folder,
    catalog_path,
    format_number,
    format_signed,
    translator,
    translator_from_mo,
)
from tools import catalogs

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in OFFERED if code != "en"]

# ---------------------------------------------------------------------------------------------
# Collecting the messages the code and the page use

# name of the call -> positions of (context, singular, plural); None when absent
MARKERS: dict[str, tuple[int | None, int, int | None]] = {
    "gettext": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "NP_": (0, 1, None),
    "npgettext": (0, 1, 2),
}


@dataclass
class Used:
    msgid: str
    context: str | None = None
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def _literal(args: list[ast.expr], index: int | None) -> str | None:
    if index is None or index >= len(args):
        return None
    arg = args[index]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    return None


def python_messages(root: Path = ROOT) -> list[Used]:
    """Every literal message in lukfu/**/*.py passed to gettext/ngettext/pgettext/N_."""
    found: list[Used] = []
    for path in sorted((root / "lukfu").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            if name not in MARKERS:
                continue
            ctx_at, one_at, many_at = MARKERS[name]
            msgid = _literal(node.args, one_at)
            if msgid is None:
                continue  # a variable: its literal is marked with N_ where it is defined
            place = str(path.relative_to(root))
            found.append(Used(msgid, _literal(node.args, ctx_at), _literal(node.args, many_at),
                              [place]))
    return found


# ---------------------------------------------------------------------------------------------
# Which of those messages live code can reach: a gettext call counts only when every function
# around it is referenced (called or passed) somewhere outside its own definition, and an N_()
# constant only when its name is.  References are looked for in lukfu/ and in the Python of
# index.html (its <script type="py"> blocks); imports and __all__ do not count.

PY_SCRIPT = re.compile(r"<script\b[^>]*\btype=\"py\"[^>]*>(.*?)</script>", re.S)


def python_trees(root: Path = ROOT) -> dict[str, ast.Module]:
    """lukfu/**/*.py and index.html's Python, parsed, by place."""
    trees = {
        str(path.relative_to(root)): ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in sorted((root / "lukfu").rglob("*.py"))
    }
    page = (root / "index.html").read_text(encoding="utf-8")
    for number, block in enumerate(PY_SCRIPT.findall(page)):
        trees[f"index.html<script {number}>"] = ast.parse(textwrap.dedent(block))
    return trees


def references(trees: dict[str, ast.Module]) -> dict[str, list[tuple[str, int]]]:
    """name -> (place, line) of every read of that name, as a variable or an attribute."""
    found: dict[str, list[tuple[str, int]]] = {}
    for place, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                found.setdefault(node.id, []).append((place, node.lineno))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                found.setdefault(node.attr, []).append((place, node.end_lineno or node.lineno))
    return found


@dataclass
class Reached:
    """A marked message with what must be referenced for it to be live."""

    used: Used
    needs: list[tuple[str, ast.AST]]  # (name, the definition whose own lines do not count)


def _marked_calls(tree: ast.Module) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    """Every gettext/ngettext/pgettext/N_ call, with its ancestors (outermost first)."""
    stack: list[ast.AST] = []

    def visit(node: ast.AST) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else None)
            if name in MARKERS:
                yield node, list(stack)
        stack.append(node)
        for child in ast.iter_child_nodes(node):
            yield from visit(child)
        stack.pop()

    yield from visit(tree)


def _definition_needs(call: ast.Call, ancestors: list[ast.AST]) -> list[tuple[str, ast.AST]]:
    functions = [a for a in ancestors if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef))]
    needs: list[tuple[str, ast.AST]] = [
        (f.name, f) for f in functions if not (f.name.startswith("__") and f.name.endswith("__"))
    ]
    if functions:
        return needs
    func = call.func
    if isinstance(func, ast.Name) and func.id == "N_":
        # A marked constant: it is live only if the name it is bound to is read elsewhere.
        bindings = [a for a in ancestors if isinstance(a, (ast.Assign, ast.AnnAssign))]
        if not bindings:
            return [("", call)]  # marked but bound to nothing: nobody can use it
        binding = bindings[-1]
        targets = binding.targets if isinstance(binding, ast.Assign) else [binding.target]
        names = [t.id if isinstance(t, ast.Name) else t.attr for t in targets
                 if isinstance(t, (ast.Name, ast.Attribute))]
        return [(" ".join(names), binding)]
    return []  # module-level code runs on import


def live_python_messages(root: Path = ROOT) -> tuple[list[Used], list[str]]:
    """The marked messages in lukfu/ that live code reaches, and why the others are dead."""
    trees = python_trees(root)
    refs = references(trees)
    live: list[Used] = []
    dead: list[str] = []
    for place, tree in trees.items():
        if not place.startswith("lukfu"):
            continue
        for call, ancestors in _marked_calls(tree):
            name = call.func.id if isinstance(call.func, ast.Name) else (
                call.func.attr if isinstance(call.func, ast.Attribute) else "")
            ctx_at, one_at, many_at = MARKERS[name]
            msgid = _literal(call.args, one_at)
            if msgid is None:
                continue
            unreached = []
            for names, definition in _definition_needs(call, ancestors):
                first, last = definition.lineno, definition.end_lineno or definition.lineno
                if not any(
                    (where, line) for n in names.split() for where, line in refs.get(n, [])
                    if not (where == place and first <= line <= last)
                ):
                    unreached.append(names or "(nothing)")
            used = Used(msgid, _literal(call.args, ctx_at), _literal(call.args, many_at), [place])
            if unreached:
                dead.append(f"{msgid!r} ({place}:{call.lineno}: {', '.join(unreached)} never used)")
            else:
                live.append(used)
    return live, dead


def html_messages(path: Path = ROOT / "index.html") -> list[Used]:
    """The page's data-i18n texts, read as the extractor reads them."""
    text = path.read_text(encoding="utf-8")
    return [Used(msg, context, None, [path.name]) for _, context, msg in catalogs.page_messages(text)]


def template() -> dict[tuple[str | None, str], Message]:
    """The committed template's messages by (context, msgid)."""
    with catalogs.TEMPLATE.open("rb") as source:
        return {(m.context, key_id(m)): m for m in read_po(source) if m.id}


def key_id(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def po(language: str) -> Catalog:
    with (LOCALES_DIR / catalog_folder(language) / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=catalog_folder(language))


def compiled(messages: list[tuple[str | tuple[str, str], str | tuple[str, ...], str | None]],
             locale: str = "fi") -> bytes:
    """A .mo made by Babel from (msgid or (singular, plural), msgstr(s), context)."""
    catalog = Catalog(locale=locale)
    for msgid, msgstr, context in messages:
        catalog.add(msgid, msgstr, context=context)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# The translator: the standard library's gettext over a compiled catalog


def test_translator_reads_a_compiled_catalog_with_plural_forms_and_context() -> None:
    data = compiled([
        ("{seat} wins {n}\u00a0fu", "{seat} voittaa {n}\u00a0fu", None),
        (("{n}\u00a0card", "{n}\u00a0cards"), ("{n} kortti", "{n} korttia"), None),
        (", ", "; ", "list separator"),
        (" and ", " ja ", "list separator before the last item"),
        ("Plays", "Pelaa", "calling"),
    ])
    tr = translator_from_mo("fi", data)
    assert tr.language == "fi"
    assert tr.gettext("{seat} wins {n}\u00a0fu", seat="Oikea", n=3) == "Oikea voittaa 3\u00a0fu"
    assert tr.ngettext("{n}\u00a0card", "{n}\u00a0cards", 1) == "1 kortti"
    assert tr.ngettext("{n}\u00a0card", "{n}\u00a0cards", 5) == "5 korttia"
    assert tr.join(["a", "b"]) == "a ja b" and tr.join(["a", "b", "c"]) == "a; b ja c"
    assert tr.pgettext("calling", "Plays") == "Pelaa" and tr.gettext("Plays") == "Plays"
    assert tr.gettext("Not in the catalog {x}", x="!") == "Not in the catalog !"
    assert tr.ngettext("{n} tiger", "{n} tigers", 2) == "2 tigers"


def test_plural_forms_follow_each_languages_rule() -> None:
    """French and Persian put 0 with 1; Finnish does not; Chinese has one form."""
    def count(language: str, n: int) -> str:
        return translator(language).ngettext("{n}\u00a0card", "{n}\u00a0cards", n)
    assert count("fr", 0) == count("fr", 1).replace("1", "0")
    assert count("fi", 0) == count("fi", 2).replace("2", "0") != count("fi", 1).replace("1", "0")
    assert count("fa", 0) == count("fa", 1).replace("۱", "۰")
    assert count("zh-Hant", 1).replace("1", "") == count("zh-Hant", 7).replace("7", "")


@pytest.mark.parametrize("data", [b"", b"not a catalog at all", b"\xde\x12\x04\x95" + b"\0" * 9])
def test_a_damaged_catalog_is_refused_with_a_clear_error(data: bytes) -> None:
    with pytest.raises(CatalogError, match="the fa catalog cannot be read"):
        translator_from_mo("fa", data)


def test_a_cut_off_catalog_is_refused() -> None:
    whole = catalog_path("fi").read_bytes()
    with pytest.raises(CatalogError):
        translator_from_mo("fi", whole[: len(whole) // 2])


def test_an_unbuilt_catalog_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="tools/build.py"):
        translator("fi", tmp_path)
    assert translator("en", tmp_path).gettext("Pass") == "Pass"  # English needs no catalog


def test_right_to_left_text_isolates_every_filled_in_value() -> None:
    tr = translator("fa")
    line = tr.gettext("{seat} claims with F\u00a0=\u00a0{F}.", seat="Mau Gung", F=-7)
    assert "\u2068Mau Gung\u2069" in line and "\u2068\u200e\u2212۷\u2069" in line
    assert "\u2068" not in translator("fi").gettext("{seat} claims with F\u00a0=\u00a0{F}.", seat="x", F=7)


def test_numbers_use_the_languages_digits_and_separators() -> None:
    assert format_number(1234, "en") == "1,234" and format_number(999, "en") == "999"
    assert format_number(-7, "en") == "−7"
    assert format_number(1234567890, "fa") == "۱٬۲۳۴٬۵۶۷٬۸۹۰"
    assert format_number(-1234, "fa") == "\u200e\u2212۱٬۲۳۴"
    assert format_number(1234567, "fi") == "1\u00a0234\u00a0567"
    assert format_number(1234567, "it") == "1.234.567"
    assert format_number(1234567, "fr") == "1\u202f234\u202f567"
    assert format_number(1234567, "zh-Hant") == "1,234,567"
    assert format_signed(4, "fa") == "\u200e+۴" and format_number(-3, "fa") == "\u200e\u2212۳"
    assert format_signed(-2) == "−2" and format_signed(0) == "0"
    persian = Translator("fa")
    assert persian.gettext("F\u00a0=\u00a0{F}", F=12) == "F\u00a0=\u00a0\u2068۱۲\u2069"  # isolated: see above
    assert persian.direction == "rtl" and not persian.is_source and Translator().is_source
    assert persian.gettext("{flag}", flag=True) == "\u2068True\u2069"  # bools are not numbers


# ---------------------------------------------------------------------------------------------
# One truth: the template, the code, the page and the catalogs agree


def test_the_template_is_what_babel_extracts_from_the_code_and_the_page(tmp_path: Path) -> None:
    """A message added to the code or the page but not extracted fails here."""
    committed = template()
    extracted = {(u.context, u.msgid): u for u in html_messages() + python_messages()}
    assert set(extracted) == set(committed), (
        "locales/messages.pot is stale: run .venv/bin/python tools/catalogs.py update\n"
        f"not extracted: {sorted(k[1] for k in set(extracted) - set(committed))[:8]}\n"
        f"no longer used: {sorted(k[1] for k in set(committed) - set(extracted))[:8]}"
    )
    for key, used in extracted.items():
        plural = committed[key].id[1] if isinstance(committed[key].id, tuple) else None
        assert plural == used.plural, f"{key}: plural {plural!r} != {used.plural!r}"


def test_babel_extraction_finds_the_page_and_every_marker() -> None:
    """The extractor the template comes from (babel.cfg) reads the page and the markers."""
    committed = template()
    assert len(html_messages()) > 40
    assert all((u.context, u.msgid) in committed for u in html_messages())
    assert (("list separator", ", ")) in committed  # pgettext
    assert any(isinstance(m.id, tuple) for m in committed.values())  # ngettext
    marked = re.findall(r'N_\("([^"]+)"\)', (ROOT / "lukfu" / "web" / "text.py").read_text())
    assert marked and all((None, m) in committed for m in marked)  # N_


def test_every_template_message_is_used() -> None:
    """Used by live code: the page, or a call in a function that something references."""
    live, dead = live_python_messages()
    used = {(u.context, u.msgid) for u in html_messages() + live}
    unused = [key[1] for key in template() if key not in used]
    assert not unused, f"unused template entries: {unused}\nmarked in dead code: {dead}"


def test_messages_in_functions_nobody_calls_do_not_count(tmp_path: Path) -> None:
    """The liveness check itself: a gettext call in an unreferenced function is dead, and so
    is an N_() constant nobody reads; both become live once something refers to them."""
    (tmp_path / "lukfu").mkdir()
    (tmp_path / "index.html").write_text(
        '<script type="py">\nfrom lukfu.m import start\nstart()\n</script>\n', encoding="utf-8")
    module = tmp_path / "lukfu" / "m.py"
    source = """
NAMES = (N_("Named"),)
LONELY = N_("Lonely")
def start():
    return helper(tr) + tr.gettext(NAMES[0])
def helper(tr):
    def inner():
        return tr.pgettext("ctx", "Inner")
    return tr.gettext("Helped") + inner()
def dead(tr):
    return tr.ngettext("Dead {n}", "Dead {n}s", 2)
def recursive(tr):
    return recursive(tr) + tr.gettext("Recursive")
class Box:
    def __str__(self):
        return tr.gettext("Str")
    def unused(self):
        return tr.gettext("Method")
"""
    module.write_text(source, encoding="utf-8")
    live, dead = live_python_messages(tmp_path)
    assert sorted(u.msgid for u in live) == ["Helped", "Inner", "Named", "Str"]
    assert sorted(d.split("'")[1] for d in dead) == ["Dead {n}", "Lonely", "Method", "Recursive"]
    module.write_text(source + "print(dead, LONELY, Box().unused, recursive)\n", encoding="utf-8")
    live, dead = live_python_messages(tmp_path)
    assert not dead and len(live) == 8


def test_the_offered_languages_are_english_and_those_with_a_catalog() -> None:
    folders = {path.parent.parent.name for path in catalogs.catalog_paths()}
    assert list(OFFERED) == [code for code in LANGUAGES if code == "en" or catalog_folder(code) in folders]
    assert not (LOCALES_DIR / "en").exists()  # English is the source: it needs no catalog


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    for message in po(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*map(_fields, ids))
        for form in forms:
            assert _fields(form) <= wanted, f"{language}: {ids[0]!r} -> {form!r}"
            # A plural form may leave out {n}, but not another placeholder.
            assert wanted - _fields(form) <= {"n"}, f"{language}: {ids[0]!r} -> {form!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_is_complete_with_no_fuzzy_or_empty_entry(language: str) -> None:
    """No silent fallback to English: every template message, translated, in every form."""
    catalog = po(language)
    messages = {(m.context, key_id(m)): m for m in catalog if m.id}
    wanted = template()
    assert set(messages) == set(wanted), (
        f"{language}: missing {sorted(k[1] for k in set(wanted) - set(messages))[:5]}, "
        f"extra {sorted(k[1] for k in set(messages) - set(wanted))[:5]} "
        "(run .venv/bin/python tools/catalogs.py update)"
    )
    assert not catalog.obsolete, f"{language}: obsolete entries {list(catalog.obsolete)[:3]}"
    for key, message in messages.items():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, f"{language}: {key} is fuzzy"
        assert all(forms), f"{language}: {key} is not translated"
        if isinstance(message.id, tuple):
            assert len(forms) == catalog.num_plurals, f"{language}: {key} needs {catalog.num_plurals} forms"


CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_agree_with_cldr(language: str) -> None:
    """The catalog's Plural-Forms picks one form per CLDR category of the language, for every
    count the game shows: cards, fu, tricks and points stay under 100 (Persian, like French,
    says "one" for 0 and 1; French and Italian "many" is for millions only)."""
    catalog = po(language)
    rule = gettext.c2py(catalog.plural_expr)
    cldr = Locale.parse(catalog_folder(language)).plural_form
    counts = range(100)
    categories = sorted({cldr(n) for n in counts}, key=CLDR_ORDER.index)
    assert catalog.num_plurals == len(categories)
    for n in counts:
        assert rule(n) == categories.index(cldr(n)), f"{language}: {n}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_built_from_the_current_po(language: str) -> None:
    """What the page reads says what the .po says (tools/build.py compiled it)."""
    tr = translator(language)
    for message in po(language):
        if message.id and not isinstance(message.id, tuple):
            if message.context:
                assert tr.pgettext(message.context, message.id) == message.string
            else:
                assert tr.gettext(message.id) == message.string, f"{language}: stale .mo"


def test_english_answers_as_gettext_would_without_importing_it() -> None:
    """English, which needs no catalog, starts without the gettext module (a cost in Pyodide)
    and answers exactly as gettext's NullTranslations would."""
    code = (
        "import sys\n"
        "from lukfu.web import text, view\n"
        "from lukfu.i18n import translator\n"
        "tr = translator('en')\n"
        "tr.ngettext('{n} card', '{n} cards', 2); tr.pgettext('calling', 'Plays')\n"
        "print('gettext' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, check=True)
    assert result.stdout.strip() == "False"
    null, english = gettext.NullTranslations(), translator("en").messages
    for n in range(4):
        assert english.ngettext("a", "b", n) == null.ngettext("a", "b", n)
    assert english.pgettext("c", "m") == null.pgettext("c", "m") == english.gettext("m")
