"""Names of seats, suits, cards and plays, in the player's language: bare (a label, a list) and
as a sentence uses them (a language may add an article, or word a run as a run).

Plain Python (no ``js``).  Seat 0 is the person at the page ("You"), seat 1 the computer player
on the right, seat 2 the one on the left.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from lukfu.i18n import N_, NP_, Translator
from lukfu.plays import RUN, SET, SINGLE

if TYPE_CHECKING:
    from lukfu import Card, Play

YOU, RIGHT, LEFT = 0, 1, 2

SEAT_NAMES = (N_("You"), N_("Right"), N_("Left"))
SUIT_NAMES = (N_("Coins"), N_("Strings"), N_("Myriads"), N_("Tens"))
# "{rank} of <suit>" as whole messages, so a language can order and inflect them freely.
CARD_NAMES = (N_("{rank} of Coins"), N_("{rank} of Strings"), N_("{rank} of Myriads"),
              N_("{rank} of Tens"))
SPECIAL_NAMES = {0: N_("Mau Gung (1 of Coins)"), 27: N_("Bak Chi (1 of Tens)")}


def seat_name(tr: Translator, seat: int) -> str:
    return tr.gettext(SEAT_NAMES[seat])


def suit_name(tr: Translator, suit: int) -> str:
    return tr.gettext(SUIT_NAMES[suit])


def card_name(tr: Translator, card: Card) -> str:
    """ "7 of Coins"; the two special ones by name: "Mau Gung (1 of Coins)"."""
    special = SPECIAL_NAMES.get(int(card))
    if special is not None:
        return tr.gettext(special)
    return tr.gettext(CARD_NAMES[card.suit], rank=card.rank)


# A card's name as a sentence uses it ("You lead {cards}."): the name itself in English, but a
# language may add what its grammar needs there, by rank (Italian's article: "l'8 di Monete",
# "il 7 di Monete"). Standalone names (a card's label, a list of the hand) stay bare.
IN_A_SENTENCE = {
    1: NP_("card of rank 1 in a sentence", "{card}"), 2: NP_("card of rank 2 in a sentence", "{card}"),
    3: NP_("card of rank 3 in a sentence", "{card}"), 4: NP_("card of rank 4 in a sentence", "{card}"),
    5: NP_("card of rank 5 in a sentence", "{card}"), 6: NP_("card of rank 6 in a sentence", "{card}"),
    7: NP_("card of rank 7 in a sentence", "{card}"), 8: NP_("card of rank 8 in a sentence", "{card}"),
    9: NP_("card of rank 9 in a sentence", "{card}"),
}
SPECIAL_IN_A_SENTENCE = {0: NP_("Mau Gung in a sentence", "{card}"),
                         27: NP_("Bak Chi in a sentence", "{card}")}


def card_in_sentence(tr: Translator, card: Card) -> str:
    """A card named inside a sentence: `card_name` with what the language's grammar adds."""
    context, msgid = SPECIAL_IN_A_SENTENCE.get(int(card)) or IN_A_SENTENCE[card.rank]
    return tr.pgettext(context, msgid, card=card_name(tr, card))


def cards_in_sentence(tr: Translator, cards: Iterable[Card]) -> str:
    return tr.join([card_in_sentence(tr, c) for c in cards])


def play_in_sentence(tr: Translator, play: Play) -> str:
    """A play named inside a sentence: a single as `card_in_sentence` names it, a set or a run
    as `play_text` does (the kind's own message words the rest: see `by_kind`)."""
    return card_in_sentence(tr, play.cards[0]) if play.kind == SINGLE else play_text(tr, play)


# A sentence that names a play, once per kind of play: (single, set, run) with the kinds as
# contexts, so that a language can say "the run 1–3 of Tens" where English says "1–3 of Tens".
KindMessages = dict[str, tuple[str, str]]


def kinds(single: tuple[str, str], set_: tuple[str, str], run: tuple[str, str]) -> KindMessages:
    return {SINGLE: single, SET: set_, RUN: run}


def by_kind(tr: Translator, messages: KindMessages, play: Play, **values: object) -> str:
    """The message for ``play``'s kind, with ``{cards}`` the play as a sentence names it."""
    context, msgid = messages[play.kind]
    return tr.pgettext(context, msgid, cards=play_in_sentence(tr, play), **values)


def card_label(tr: Translator, card: Card, old: bool) -> str:
    """The accessible name of a card in the hand: its name, and "Old" when it is."""
    name = card_name(tr, card)
    return tr.gettext("{card}, Old", card=name) if old else name


def cards_text(tr: Translator, cards: Iterable[Card]) -> str:
    return tr.join([card_name(tr, c) for c in cards])


def play_text(tr: Translator, play: Play) -> str:
    """A play in few words: "7 of Coins", "3–5 of Myriads" (a run), "7 of Coins, Strings and Tens"
    (a set)."""
    cards = play.cards
    if len(cards) == 1:
        return card_name(tr, cards[0])
    if play.kind == RUN:
        ranks = tr.gettext("{low}–{high}", low=cards[0].rank, high=cards[-1].rank)
        return tr.gettext(CARD_NAMES[cards[0].suit], rank=ranks)
    suits = tr.join([suit_name(tr, c.suit) for c in cards])
    return tr.gettext("{rank} of {suits}", rank=cards[0].rank, suits=suits)
