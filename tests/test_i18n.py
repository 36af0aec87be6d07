"""Translation catalogs: the .po reader, plural forms, number formatting, and one truth.

"One truth": every message the code or index.html uses is in the English catalog
(locales/en/messages.po), every catalog entry is used, the static page's English text equals
the catalog's, and translations keep the placeholders of their English text.

Run ``python tests/test_i18n.py`` to print a fresh English catalog (the template) built from
the code and the page, e.g. ``python tests/test_i18n.py > locales/en/messages.po``.
"""

from __future__ import annotations

import ast
import re
import string
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # so `python tests/test_i18n.py` works too
    sys.path.insert(0, str(ROOT))

from lukfu.i18n import (  # noqa: E402
    LOCALES_DIR,
    Catalog,
    PoError,
    Translator,
    available_languages,
    format_number,
    format_signed,
    load_catalog,
    parse_po,
    plural_rule,
    translator,
)

# ---------------------------------------------------------------------------------------------
# Collecting the messages the code and the page use

# name of the call -> positions of (context, singular, plural); None when absent
MARKERS: dict[str, tuple[int | None, int, int | None]] = {
    "gettext": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
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


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _I18nElements(HTMLParser):
    """Collect (context, normalized text, line, attribute) for every data-i18n element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None, list[str], int] | None] = []
        self.found: list[tuple[str | None, str, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        values = dict(attrs)
        if "data-i18n" in values:
            self.stack.append((tag, values["data-i18n"] or None, [], self.getpos()[0]))
        else:
            self.stack.append(None)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.stack:
            return
        entry = self.stack.pop()
        if entry is not None:
            _, context, parts, line = entry
            self.found.append((context, " ".join("".join(parts).split()), line))

    def handle_data(self, data: str) -> None:
        for entry in self.stack:
            if entry is not None:
                entry[2].append(data)


def html_messages(path: Path = ROOT / "index.html") -> list[Used]:
    parser = _I18nElements()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return [Used(text, context, None, [path.name]) for context, text, _line in parser.found]


def used_messages() -> list[Used]:
    """All messages, merged by (context, msgid), in first-use order (page first)."""
    merged: dict[tuple[str | None, str], Used] = {}
    for used in html_messages() + python_messages():
        key = (used.context, used.msgid)
        if key in merged:
            merged[key].places += [p for p in used.places if p not in merged[key].places]
            if used.plural and not merged[key].plural:
                merged[key].plural = used.plural
        else:
            merged[key] = used
    return list(merged.values())


def _po_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _po_field(keyword: str, text: str, width: int = 79) -> list[str]:
    line = f"{keyword} {_po_string(text)}"
    if len(line) <= width:
        return [line]
    # Wrap long strings after spaces, as msgmerge does.
    words = re.findall(r"\S*\s*", text)
    lines, current = [], ""
    for word in words:
        if current and len(_po_string(current + word)) > width:
            lines.append(current)
            current = ""
        current += word
    if current:
        lines.append(current)
    return [f'{keyword} ""'] + [_po_string(part) for part in lines]


def english_catalog() -> str:
    """The English catalog: every used message, msgstr empty (= the English itself)."""
    out = [
        "# Luk Fu: the English messages, which are also the template for other languages.",
        "# Generated by `python tests/test_i18n.py`; an empty msgstr means \"same as msgid\".",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: lukfu\\n"',
        '"Language: en\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]
    for used in used_messages():
        out.append("")
        out.append("#: " + " ".join(used.places))
        if "{" in used.msgid:
            out.append("#, python-brace-format")
        if used.context is not None:
            out += _po_field("msgctxt", used.context)
        out += _po_field("msgid", used.msgid)
        if used.plural is not None:
            out += _po_field("msgid_plural", used.plural)
            out += ['msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The .po reader


def test_parse_po_reads_entries_strings_and_flags() -> None:
    text = r'''
# a comment
msgid ""
msgstr ""
"Language: fi\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#: somewhere.py:1
#, fuzzy, python-brace-format
msgid "Hello {name}"
msgstr "Hei {name}"

msgctxt "button"
msgid "Play"
msgstr "Pelaa"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kortti"
msgstr[1] "{n} korttia"

msgid ""
"Long "
"text with \"quotes\"\tand\\ a newline\n"
msgstr ""
#~ msgid "old"
#~ msgstr "vanha"
'''
    entries = parse_po(text)
    assert [e.msgid for e in entries] == [
        "", "Hello {name}", "Play", "{n} card", 'Long text with "quotes"\tand\\ a newline\n']
    hello = entries[1]
    assert hello.fuzzy and not hello.translated and "python-brace-format" in hello.flags
    assert entries[2].context == "button" and entries[2].msgstr == ("Pelaa",)
    assert entries[3].msgid_plural == "{n} cards"
    assert entries[3].msgstr == ("{n} kortti", "{n} korttia")
    assert entries[4].msgstr == ("",) and not entries[4].translated


def test_entries_may_follow_each_other_without_blank_lines() -> None:
    entries = parse_po('msgid "a"\nmsgstr "b"\nmsgid "c"\nmsgstr "d"\n')
    assert [(e.msgid, e.msgstr) for e in entries] == [("a", ("b",)), ("c", ("d",))]


@pytest.mark.parametrize(
    "text, words",
    [
        ('msgid "a"\n', "without msgstr"),
        ('msgstr "a"\n', "before msgid"),
        ('msgstr[0] "a"\n', "before msgid"),
        ('msgctxt "a"\n', "without msgid"),
        ('msgid "a"\nmsgstr "b"\nmsgstr "c"\n', "twice"),
        ('msgid "a"\nmsgstr "b\n', "quoted string"),
        ('msgid "a"\nmsgstr "\\q"\n', "unknown escape"),
        ('msgid "a"\nmsgid_plural "b"\nmsgstr "c"\n', "msgid_plural"),
        ('msgid "a"\nmsgstr[1] "c"\n', "plural forms"),
        ('"stray"\n', "outside an entry"),
        ('msgid "a"\nbogus "b"\n', "cannot read"),
    ],
)
def test_bad_po_files_name_the_line(text: str, words: str) -> None:
    with pytest.raises(PoError, match=words) as info:
        parse_po(text)
    assert "line" in str(info.value)


def test_duplicate_messages_are_an_error() -> None:
    with pytest.raises(PoError, match="duplicate"):
        Catalog.from_po('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n')


def test_plural_rules_from_headers() -> None:
    n, english = plural_rule(None)
    assert n == 2 and [english(k) for k in (0, 1, 2)] == [1, 0, 1]
    n, one_form = plural_rule("nplurals=1; plural=0;")
    assert n == 1 and one_form(7) == 0
    n, french = plural_rule("nplurals=2; plural=(n > 1);")
    assert [french(k) for k in (0, 1, 2)] == [0, 0, 1]
    with pytest.raises(PoError):
        plural_rule("plural=n")
    with pytest.raises(ValueError):
        plural_rule("nplurals=2; plural=__import__('os');")


FINNISH = r'''
msgid ""
msgstr ""
"Language: fi\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{seat} wins {n} fu"
msgstr "{seat} voittaa {n} fu"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kortti"
msgstr[1] "{n} korttia"

msgctxt "list separator"
msgid ", "
msgstr " ja "

#, fuzzy
msgid "Pass"
msgstr "Ohi?"

msgid "Untranslated"
msgstr ""
'''


def test_translator_translates_with_plural_forms_and_fallbacks() -> None:
    tr = Translator(Catalog.from_po(FINNISH, "fi"))
    assert tr.language == "fi"  # the page's code names the language (the header may say zh_Hant)
    assert tr.gettext("{seat} wins {n} fu", seat="Oikea", n=3) == "Oikea voittaa 3 fu"
    assert tr.ngettext("{n} card", "{n} cards", 1) == "1 kortti"
    assert tr.ngettext("{n} card", "{n} cards", 5) == "5 korttia"
    assert tr.join(["a", "b"]) == "a ja b"
    assert tr.gettext("Pass") == "Pass"  # fuzzy entries are not used
    assert tr.gettext("Untranslated") == "Untranslated"
    assert tr.gettext("Not in the catalog {x}", x="!") == "Not in the catalog !"
    assert tr.ngettext("{n} tiger", "{n} tigers", 2) == "2 tigers"


def test_right_to_left_text_isolates_every_filled_in_value() -> None:
    tr = translator("fa")
    line = tr.gettext("{seat} claims with F = {F}.", seat="Mau Gung", F=-7)
    assert "\u2068Mau Gung\u2069" in line and "\u2068\u200e\u2212۷\u2069" in line
    assert "\u2068" not in translator("fi").gettext("{seat} claims with F = {F}.", seat="x", F=7)


def test_numbers_use_the_languages_digits() -> None:
    assert format_number(1234, "en") == "1234"
    assert format_number(-7, "en") == "−7"
    assert format_number(1234567890, "fa") == "۱۲۳۴۵۶۷۸۹۰"
    assert format_signed(4, "fa") == "\u200e+۴" and format_number(-3, "fa") == "\u200e\u2212۳"
    assert format_signed(-2) == "−2" and format_signed(0) == "0"
    persian = Translator(Catalog.empty("fa"))
    assert persian.gettext("F = {F}", F=12) == "F = \u2068۱۲\u2069"  # isolated: see below
    assert persian.direction == "rtl"
    assert persian.gettext("{flag}", flag=True) == "\u2068True\u2069"  # bools are not numbers


def test_missing_languages_read_as_english(tmp_path: Path) -> None:
    assert load_catalog("fi", tmp_path).messages == {}
    assert translator("zz", tmp_path).gettext("Pass") == "Pass"


# ---------------------------------------------------------------------------------------------
# One truth: the catalogs, the code and the page agree


def test_english_catalog_exists_and_parses() -> None:
    assert "en" in available_languages()
    catalog = load_catalog("en")
    assert catalog.language == "en" and catalog.nplurals == 2


def test_every_used_message_is_in_the_english_catalog() -> None:
    catalog = load_catalog("en")
    missing = [
        f"{u.msgid!r} ({', '.join(u.places)})"
        for u in used_messages()
        if (u.context, u.msgid) not in catalog.messages
    ]
    assert not missing, "not in locales/en/messages.po (python tests/test_i18n.py):\n" + \
        "\n".join(missing)
    plural_mismatch = [
        u.msgid for u in used_messages()
        if u.plural and catalog.messages[(u.context, u.msgid)].msgid_plural != u.plural
    ]
    assert not plural_mismatch


def test_every_catalog_message_is_used() -> None:
    """Used by live code: the page, or a call in a function that something references."""
    live, dead = live_python_messages()
    used = {(u.context, u.msgid) for u in html_messages() + live}
    unused = [key[1] for key in load_catalog("en").messages if key not in used]
    assert not unused, f"unused catalog entries: {unused}\nmarked in dead code: {dead}"


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


def test_static_page_text_equals_the_english_catalog() -> None:
    """What the page shows before Python runs is exactly the English catalog's text."""
    catalog = load_catalog("en")
    found = html_messages()
    assert len(found) > 40
    for used in found:
        entry = catalog.messages.get((used.context, used.msgid))
        assert entry is not None, f"{used.places[0]}: {used.msgid!r} is not in the catalog"
        english = entry.msgstr[0] or entry.msgid
        assert english == used.msgid, f"{used.places[0]}: page and catalog differ"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", available_languages())
def test_translations_keep_their_placeholders(language: str) -> None:
    catalog = load_catalog(language)
    for entry in catalog.messages.values():
        wanted = _fields(entry.msgid) | (_fields(entry.msgid_plural or ""))
        for form in entry.msgstr:
            if form:
                assert _fields(form) <= wanted, f"{language}: {entry.msgid!r} -> {form!r}"
                # A plural form may leave out {n}, but not another placeholder.
                assert wanted - _fields(form) <= {"n"}, f"{language}: {entry.msgid!r}"


@pytest.mark.parametrize("language", [code for code in available_languages() if code != "en"])
def test_every_translation_is_complete_with_no_fuzzy_or_empty_entry(language: str) -> None:
    """No silent fallback to English: every English message, translated, in every form."""
    english = load_catalog("en").messages
    catalog = load_catalog(language)
    assert set(catalog.messages) == set(english), (
        f"{language}: missing {sorted(k[1] for k in set(english) - set(catalog.messages))[:5]}, "
        f"extra {sorted(k[1] for k in set(catalog.messages) - set(english))[:5]}"
    )
    forms = catalog.nplurals
    for key, entry in catalog.messages.items():
        assert not entry.fuzzy, f"{language}: {key} is fuzzy"
        assert all(entry.msgstr), f"{language}: {key} is not translated"
        if entry.msgid_plural is not None:
            assert len(entry.msgstr) == forms, f"{language}: {key} needs {forms} plural forms"


def test_english_catalog_is_up_to_date() -> None:
    """The committed English catalog is exactly what the generator makes."""
    path = LOCALES_DIR / "en" / "messages.po"
    assert path.read_text(encoding="utf-8") == english_catalog(), (
        "locales/en/messages.po is stale: python tests/test_i18n.py > locales/en/messages.po"
    )


if __name__ == "__main__":
    sys.stdout.write(english_catalog())
