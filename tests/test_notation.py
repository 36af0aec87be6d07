"""Cards and actions as text (RULES §1, §9): how they are written, read back and refused.

A player types them, records and the page's worker carry them: a bad one is refused saying
what is wrong with it.
"""

from __future__ import annotations

import pytest

from lukfu import Action, parse_action, parse_cards
from lukfu.cards import ALL_CARDS, Card


@pytest.mark.parametrize("token", ["CX", "C0", "X7", "C10", "7C", "c", "M 7", "T-1"])
def test_a_bad_card_is_refused_naming_it(token: str) -> None:
    with pytest.raises(ValueError, match=f"not a card: {token.strip()!r}"):
        Card.parse(token)


def test_bad_card_text_names_the_token() -> None:
    with pytest.raises(ValueError, match="'X7'"):
        parse_cards("C7 X7 C9")
    with pytest.raises(ValueError, match="'C10'"):
        parse_action("C10")
    with pytest.raises(ValueError, match="twice"):
        parse_action("discard C7 C7 C8")


def test_every_card_reads_back_from_its_notation_in_either_case() -> None:
    for card in ALL_CARDS:
        text = str(card)
        assert Card.parse(text) == card == Card.parse(text.lower()) == Card.parse(f" {text} ")
        assert (text[0], int(text[1])) == ("CSMT"[card.suit], card.rank)


def test_a_card_formats_like_its_notation() -> None:
    card = Card.parse("M7")
    assert f"{card}|{card:>4}|{card:<3}|" == "M7|  M7|M7 |"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("call C7", "'call' takes no cards: 'call C7'"),
        ("claim S1 S2", "'claim' takes no cards: 'claim S1 S2'"),
        ("PASS M9", "'pass' takes no cards: 'PASS M9'"),
        ("discard", "a discard needs cards: 'discard'"),
        ("C7 Q8", "not a card: 'Q8' (expected a suit letter C, S, M or T and a rank 1-9)"),
    ],
)
def test_a_bad_action_is_refused_saying_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_action(text)
    assert str(refused.value) == words


def test_an_action_says_why_it_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="unknown action kind 'bid'"):
        Action("bid")
    with pytest.raises(ValueError, match="a play action needs cards"):
        Action("play")
    with pytest.raises(ValueError, match="a discard action needs cards"):
        Action("discard")
    with pytest.raises(ValueError, match="a call action takes no cards"):
        Action("call", parse_cards("C7"))
    with pytest.raises(ValueError, match="the same card twice in 'C7 C7'"):
        Action("play", parse_cards("C7 C7"))
