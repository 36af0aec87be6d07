"""Rules that mutation testing (bench/mutation.py) found unguarded, one test each.

Each is something a player, or a tool reading the engine's text, would notice: how cards and
actions are written and refused, which low cards are Old, what a drawn deal pays, that nothing
beats itself, and that a seed always deals the same cards.
"""

from __future__ import annotations

from itertools import product

import pytest

from lukfu import Action, State, beats, classify, new_deal, old_cards, parse_action, parse_cards, settle
from lukfu.cards import ALL_CARDS, Card
from lukfu.plays import PLAYS

# --- Notation (RULES §1, §9) -------------------------------------------------------------------


@pytest.mark.parametrize("token", ["CX", "C0", "X7", "C10", "7C", "c", "M 7", "T-1"])
def test_a_bad_card_is_refused_naming_it(token: str) -> None:
    with pytest.raises(ValueError, match=f"not a card: {token.strip()!r}"):
        Card.parse(token)


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


# --- Plays (RULES §3) ----------------------------------------------------------------------------


def test_there_are_193_plays_each_read_back_by_classify() -> None:
    """36 singles, 9 ranks x (four sets of 3 + one set of 4), and 4 suits x 28 runs of 3-9."""
    assert len(PLAYS) == 36 + 9 * 5 + 4 * 28 == 193
    assert len({play.mask for play in PLAYS}) == 193
    for index, play in enumerate(PLAYS):
        assert play.index == index and classify(play.cards) is play


def test_a_play_tells_its_kind_size_suit_and_rank() -> None:
    """``rank``: a single's or a set's rank, a run's top rank; ``suit``: -1 for a set."""
    for play in PLAYS:
        cards = play.cards
        ranks, suits = [c.rank for c in cards], {c.suit for c in cards}
        assert play.size == len(cards) and list(cards) == sorted(cards)
        if play.kind == "single":
            assert (play.suit, play.rank) == (cards[0].suit, cards[0].rank)
        elif play.kind == "set":
            assert len(cards) in (3, 4) and len(set(ranks)) == 1
            assert (play.suit, play.rank) == (-1, ranks[0])
        else:
            assert play.kind == "run" and len(suits) == 1 and ranks == list(range(ranks[0], ranks[-1] + 1))
            assert (play.suit, play.rank) == (cards[0].suit, max(ranks))
    assert (classify(parse_cards("M7")).rank, classify(parse_cards("M7")).suit) == (7, 2)  # type: ignore[union-attr]


@pytest.mark.parametrize("suit", "CSMT")
def test_a_caller_holding_a_whole_suit_may_lead_every_run_in_it(suit: str) -> None:
    """Nine cards of one suit hold 28 runs, from three cards up to all nine."""
    whole = [f"{suit}{rank}" for rank in range(1, 10)]
    rest = [str(c) for c in ALL_CARDS if str(c) not in whole]
    hands = [" ".join(whole + rest[:3]), " ".join(rest[3:15]), " ".join(rest[15:27])]
    state = State.from_hands(hands, master=0).apply(Action.call())  # the Master, seat 0, leads
    legal = {str(action) for action in state.legal_actions()}
    runs = {" ".join(whole[low : low + n]) for n in range(3, 10) for low in range(0, 10 - n)}
    assert len(runs) == 28 and runs <= legal and " ".join(whole) in legal


# --- Beating (RULES §4) --------------------------------------------------------------------------


def test_a_single_beats_only_a_higher_card_of_its_suit_and_the_special_ones_never() -> None:
    """Every pair of singles, led or following, including a card against itself."""
    special = {"C1", "T1"}
    for best, candidate in product(ALL_CARDS, repeat=2):
        for is_lead in (True, False):
            should = (
                str(candidate) not in special
                and not (is_lead and str(best) in special)
                and candidate.suit == best.suit
                and candidate.rank > best.rank
            )
            got = beats(classify([best]), classify([candidate]), is_lead)  # type: ignore[arg-type]
            assert got == should, f"{best} vs {candidate} (lead={is_lead})"


def test_no_play_beats_itself() -> None:
    for play in PLAYS:
        assert not beats(play, play, True) and not beats(play, play, False), play


# --- Old cards (RULES §6) ----------------------------------------------------------------------


@pytest.mark.parametrize("suit", "CSMT")
def test_the_one_of_a_suit_is_old_once_every_higher_card_is_known(suit: str) -> None:
    higher = [f"{suit}{rank}" for rank in range(2, 10)]
    for split in range(len(higher) + 1):
        held, seen = " ".join(higher[:split]), " ".join(higher[split:])
        old = old_cards(parse_cards(f"{suit}1 {held}"), parse_cards(seen))
        assert old == set(parse_cards(f"{suit}1 {held}")), (suit, held, seen)
    # One higher card unseen (face down somewhere): the 1 is Old only if special.
    old = old_cards(parse_cards(f"{suit}1"), parse_cards(" ".join(higher[1:])))
    assert (parse_cards(f"{suit}1")[0] in old) == (suit in "CT")


# --- Scoring (RULES §8) ------------------------------------------------------------------------


@pytest.mark.parametrize("caller", [0, 1, 2, None])
def test_a_drawn_deal_pays_nobody(caller: int | None) -> None:
    assert settle(None, 0, caller) == (0, 0, 0)


def test_settling_a_win_needs_a_caller_and_six_fu() -> None:
    with pytest.raises(ValueError) as refused:
        settle(0, 6, None)
    assert str(refused.value) == "a deal with a winner has a caller"
    with pytest.raises(ValueError) as refused:
        settle(0, 5, 0)
    assert str(refused.value) == "a winner needs at least 6 fu, not 5"


# --- Dealing (RULES §2) --------------------------------------------------------------------------


def test_a_seed_is_read_as_64_bits() -> None:
    """Seeds are 64-bit (shared deals name them): a seed and the same seed plus 2**64, or a
    negative seed and its 64-bit two's complement, deal the same cards."""
    for seed in (0, 42, 2**63 + 1):
        assert new_deal(seed + 2**64).hands == new_deal(seed).hands
        assert new_deal(seed - 2**64).hands == new_deal(seed).hands
    assert new_deal(-1).hands == new_deal(2**64 - 1).hands
