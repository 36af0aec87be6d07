"""Formulas, numbers with their units and card names never break across lines, in any language:
their spaces are no-break ones (U+00A0, or French's narrow U+202F), in the English source (so
translators see them in the template) and in every catalog (so an edit that loses one fails).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lukfu.i18n import OFFERED

LOCALES = Path(__file__).resolve().parent.parent / "locales"
NUMBER = (r"(?:\{(?:n|F|S|fu|old|points|total|percent|rank|low|high|lost|won|max|gain|count|"
          r"best|made|accuracy|number|done|net|mine|theirs|calls|now)\}|[0-9۰-۹]+)")
# A plain space beside an operator of a formula ("F = 6", "2 × S", "F − 5"), between operands.
BREAKABLE_FORMULA = re.compile(r"[^\s=×−+≥≤] [=×−+≥≤] ?\S|\S [=×−+≥≤] [^\s=×−+≥≤]")
# A number, then a plain space, then a word: in English, a unit the game counts.
ENGLISH_UNIT = re.compile(r"(?<![\w{])" + NUMBER + r" (?:cards?|points?|fu|deals?|MB|decisions?|"
                          r"mistakes?|blunders?|problems?|hints?|redeals?|tricks?)\b")
NUMBER_THEN_WORD = re.compile(r"(?<![\w{])" + NUMBER + r" (?=[^\W\d_]|%)")
NUMBER_WITH_UNIT = re.compile(NUMBER + "[\u00a0\u202f]")
CARD_NAMES = {"{rank} of Coins", "{rank} of Strings", "{rank} of Myriads", "{rank} of Tens",
              "Mau Gung (1 of Coins)", "Bak Chi (1 of Tens)", "{rank} of {suits}"}


def texts(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def messages(language: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    path = (LOCALES / "messages.pot" if language == "en"
            else LOCALES / language.replace("-", "_") / "LC_MESSAGES" / "messages.po")
    catalog = read_po(path.open("rb"))
    return [(texts(m.id), texts(m.string) if language != "en" else texts(m.id))
            for m in catalog if m.id]


def faults(language: str) -> list[str]:
    found = []
    for ids, strings in messages(language):
        card = plain(ids[0]) in CARD_NAMES
        units = any(NUMBER_WITH_UNIT.search(i) for i in ids)
        for text in strings:
            if card and " " in text:
                found.append(f"a card's name can break: {text!r}")
            if BREAKABLE_FORMULA.search(text):
                found.append(f"a formula can break: {text!r}")
            if language == "en" and ENGLISH_UNIT.search(text):
                found.append(f"a number and its unit can break: {text!r}")
            if language != "en" and units and NUMBER_THEN_WORD.search(text):
                found.append(f"a number and its unit can break: {text!r}")
    return found


@pytest.mark.parametrize("language", OFFERED)
def test_formulas_counts_and_card_names_are_unbreakable(language: str) -> None:
    found = faults(language)
    assert not found, f"{len(found)} in {language}:\n" + "\n".join(found)


def test_the_check_finds_a_breakable_formula_and_count() -> None:
    assert BREAKABLE_FORMULA.search("so S = F − 5")
    assert not BREAKABLE_FORMULA.search("so S\u00a0=\u00a0F\u00a0−\u00a05.")
    assert ENGLISH_UNIT.search("with 12 cards") and not ENGLISH_UNIT.search("with 12\u00a0cards")
    assert NUMBER_THEN_WORD.search("۱۲ کارت") and not NUMBER_THEN_WORD.search("۱۲\u00a0کارت")
