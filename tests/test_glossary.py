"""Each language says each of the game's terms with one word: its glossary (docs/glossary/).

A message whose English uses a term (the term's pattern, docs/glossary/README.md) must, in every
language, contain one of the stems that language's glossary gives for the term, unless the
glossary lists that message as an exception, with its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lukfu.i18n import OFFERED, catalog_path

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary"
LANGUAGES = [code for code in OFFERED if code != "en"]


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The cells of each row of the first table after ``heading`` (a "## " line, or the
    start for ""), without its header row; ``\\|`` stays a ``|`` inside a cell."""
    if heading:
        start = text.find(f"\n## {heading}\n")
        if start < 0:
            return []
        text = text[start:]
    rows: list[list[str]] = []
    started = False
    for line in text.splitlines():
        if line.startswith("|"):
            started = True
            cells = [cell.strip().replace("\\|", "|")
                     for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            rows.append(cells)
        elif started:
            break
    return [row for row in rows[1:] if not set("".join(row)) <= set("-: ")]


@dataclass(frozen=True)
class Term:
    name: str
    pattern: re.Pattern[str]


def terms() -> list[Term]:
    rows = table_rows((GLOSSARY / "README.md").read_text(encoding="utf-8"), "Terms")
    return [Term(name, re.compile(pattern.strip("`"))) for name, pattern, _what in rows]


@dataclass
class Glossary:
    words: dict[str, tuple[str, ...]]  # term -> stems
    exceptions: dict[str, str]  # English message -> why


def glossary(language: str) -> Glossary:
    text = (GLOSSARY / f"{language}.md").read_text(encoding="utf-8")
    words = {row[0]: tuple(s.strip().casefold() for s in row[2].split(",") if s.strip())
             for row in table_rows(text, "")}
    exceptions = {row[0]: row[1] for row in table_rows(text, "Exceptions")}
    return Glossary(words, exceptions)


def messages(language: str) -> list[tuple[str, str]]:
    """(English, translation) of every entry; plural forms joined, each with each."""
    with catalog_path(language).with_suffix(".po").open("rb") as source:
        catalog = read_po(source)
    found = []
    for message in catalog:
        if not message.id:
            continue
        english = " / ".join(message.id) if isinstance(message.id, tuple) else message.id
        english = english.replace("\u00a0", " ").replace("\u202f", " ")  # (as the glossary writes it)
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        translated = " / ".join(strings).replace("\u00a0", " ").replace("\u202f", " ")
        found.append((english, translated))
    return found


def test_the_glossary_names_each_term_once_with_a_pattern() -> None:
    found = terms()
    assert len({t.name for t in found}) == len(found) >= 25
    assert terms()[0].pattern.search("Who won the trick?")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_term_has_a_word_and_stems(language: str) -> None:
    words = glossary(language).words
    missing = [t.name for t in terms() if not words.get(t.name)]
    assert not missing, f"docs/glossary/{language}.md has no stems for {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_uses_the_glossary_word_for_each_term_it_names(language: str) -> None:
    book = glossary(language)
    used_exceptions: set[str] = set()
    wrong = []
    for english, translated in messages(language):
        for term in terms():
            if not term.pattern.search(re.sub(r"\{\w+\}", "", english)):
                continue  # (a placeholder such as {fu} is a number, not the term)
            stems = book.words.get(term.name, ())
            if any(stem in translated.casefold() for stem in stems):
                continue
            if english in book.exceptions:
                used_exceptions.add(english)
                continue
            wrong.append(f"{term.name} ({'/'.join(stems)}): {english!r} -> {translated!r}")
    assert not wrong, f"{len(wrong)} messages in {language} use another word:\n" + "\n".join(wrong)
    stale = set(book.exceptions) - {english for english, _ in messages(language)}
    assert not stale, f"exceptions in docs/glossary/{language}.md that match no message: {stale}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_run_in_the_log_and_the_prompts_is_named_as_a_run(language: str) -> None:
    """A run is told as a run (the glossary's word), not as if it were one card: the log's
    lead and play, the prompt to beat it and the refusal that names it."""
    from lukfu import classify, parse_cards
    from lukfu.i18n import translator
    from lukfu.web import text
    from lukfu.web.naming import by_kind

    tr = translator(language)
    run = classify(parse_cards("T1 T2 T3"))
    assert run is not None and run.kind == "run"
    stems = glossary(language).words["run"]
    for messages in (text.SEAT_LEADS, text.SEAT_PLAYS, text.YOU_LEAD, text.YOUR_TURN_BEAT,
                     text.ILLEGAL_TO_BEAT["does-not-beat"]):
        said = by_kind(tr, messages, run, seat=tr.gettext("Right"))
        assert any(stem in said.casefold() for stem in stems), (language, said)
