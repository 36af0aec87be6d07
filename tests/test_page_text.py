"""The page's plain-Python parts under CPython: words, prompts, reasons, the view (the options
from the address have tests/test_options.py).

The last tests play many deals with the engine and check the hidden-information promise at the
level of what the page is given to show: the `TableView` and the announcements for seat 0
never name a computer player's hidden card before the deal is over.
"""

from __future__ import annotations

import random
import re

import pytest
from test_page_game import cards_in

from lukfu import Action, Card, IllegalAction, State, classify, new_deal, parse_cards, settle
from lukfu.ai.heuristic import choose_action
from lukfu.i18n import translator
from lukfu.session import DEAL_OVER, DISCARDED, LED, REDEAL, TRICK_WON, Event, events_of
from lukfu.web import naming, saving, text, view
from lukfu.web import result as ending
from lukfu.web.naming import YOU

tr = translator("en")
DECK = [Card(i) for i in range(36)]


def position(mine: str, master: int = 0, caller: int | None = 1, leader: int | None = None,
             seed: int = 7) -> State:
    """A deal where seat 0 holds ``mine`` and the other cards are shared out at random."""
    hand = set(parse_cards(mine))
    rest = [c for c in DECK if c not in hand]
    random.Random(seed).shuffle(rest)
    hands = [sorted(hand), sorted(rest[:12]), sorted(rest[12:])]
    if caller is None:
        return State.from_hands(hands, master)
    return State.from_hands(hands, master, caller=caller, leader=leader)


def error(state: State, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.check(action)
    return info.value


# --- words -------------------------------------------------------------------------------------


def test_card_and_play_names() -> None:
    c = parse_cards
    assert naming.card_name(tr, c("C7")[0]) == "7\u00a0of\u00a0Coins"
    assert naming.card_name(tr, c("C1")[0]) == "Mau\u00a0Gung\u00a0(1\u00a0of\u00a0Coins)"
    assert naming.card_name(tr, c("T1")[0]) == "Bak\u00a0Chi\u00a0(1\u00a0of\u00a0Tens)"
    assert naming.card_label(tr, c("M9")[0], old=True) == "9\u00a0of\u00a0Myriads, Old"
    run, aset = classify(c("M3 M4 M5")), classify(c("C7 S7 T7"))
    assert run is not None and aset is not None
    assert naming.play_text(tr, run) == "3–5\u00a0of\u00a0Myriads"
    assert naming.play_text(tr, aset) == "7\u00a0of\u00a0Coins, Strings and Tens"
    ones = classify(c("T1 T2 T3"))
    assert ones is not None and naming.play_text(tr, ones) == "1–3\u00a0of\u00a0Tens"


def test_announcements() -> None:
    single = classify(parse_cards("M7"))
    assert text.turn_text(tr, 1, single, 0, leads=True) == "Right leads 7\u00a0of\u00a0Myriads."
    assert text.turn_text(tr, 2, single, 0, leads=False) == "Left plays 7\u00a0of\u00a0Myriads."
    assert text.turn_text(tr, 0, single, 0, leads=True) == "You lead 7\u00a0of\u00a0Myriads."
    assert text.turn_text(tr, 2, None, 2, leads=False) == "Left discards 2\u00a0cards face down."
    assert text.turn_text(tr, 1, None, 1, leads=False) == "Right discards 1\u00a0card face down."
    assert text.turn_text(tr, 0, None, 1, False, parse_cards("C2")) == \
        "You discard 2\u00a0of\u00a0Coins face down."
    assert text.call_text(tr, 1, True) == "Right plays this deal."
    assert text.call_text(tr, 0, False) == "You pass."
    assert text.trick_won_text(tr, 2, 3) == "Left wins the trick: 3\u00a0fu."
    assert text.claim_text(tr, 0, 7) == "You claim with F\u00a0=\u00a07."
    assert text.result_title(tr, None).startswith("The deal is drawn")
    assert text.new_deal_text(tr, 0) == "A new deal: you are the Master."
    assert text.new_deal_text(tr, 2) == "A new deal: Left is the Master."
    assert text.deal_number_text(tr, 42) == "This was deal number 42."


def test_every_session_event_has_words() -> None:
    run = classify(parse_cards("T3 T4 T5"))
    said = {
        Event(LED, 1, play=run): "Right leads 3–5\u00a0of\u00a0Tens.",
        Event(DISCARDED, 2, count=3): "Left discards 3\u00a0cards face down.",
        Event(DISCARDED, 0, count=1, cards=parse_cards("S4")):
            "You discard 4\u00a0of\u00a0Strings face down.",
        Event(TRICK_WON, 0, fu=3): "You win the trick: 3\u00a0fu.",
        Event(REDEAL, 1): "All three passed: the cards are shuffled and dealt again.",
        Event(DEAL_OVER, 0): "You win the deal!",
    }
    for event, words in said.items():
        assert text.event_text(tr, event) == words


# --- reasons for an illegal selection, by error code ---------------------------------------


def test_single_lead_rule_names_the_suit() -> None:
    state = position("T4 T9 M7 M2 C1 S5 S6 C4 C5 C6 M3 M4", master=1, caller=1, leader=0)
    obs = state.observation(YOU)
    e = error(state, Action.play(parse_cards("M7")))
    assert e.code == "single-lead-rule"
    assert "from Tens" in text.illegal_text(tr, e, obs)


def test_not_a_play_and_the_passed_master_limit() -> None:
    state = position("C2 C3 C4 C5 S4 T9 M7 M2 S5 S6 S8 M4", master=0, caller=1)
    obs = state.observation(YOU)
    assert obs.passed_master
    e = error(state, Action.play(parse_cards("C4 S4")))
    assert e.code == "not-a-play" and text.illegal_text(tr, e, obs).startswith("Not a play")
    e = error(state, Action.play(parse_cards("C2 C3 C4 C5")))
    assert e.code == "passed-master-limit"
    assert "passed Master" in text.illegal_text(tr, e, obs)


def following(mine: str, lead: str) -> State:
    """Seat 2 has led ``lead``; seat 0 is to follow."""
    hand = set(parse_cards(mine))
    led = parse_cards(lead)
    rest = [c for c in DECK if c not in hand and c not in led]
    random.Random(3).shuffle(rest)
    hands = [sorted(hand), sorted(rest[: 12]), sorted(list(led) + rest[12: 24 - len(led)])]
    state = State.from_hands(hands, master=2, caller=2, leader=2)
    return state.apply(Action.play(led))


def test_following_reasons() -> None:
    state = following("M8 C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9", "M6")
    obs = state.observation(YOU)
    assert text.prompt_text(tr, obs) == "Your turn: beat 6\u00a0of\u00a0Myriads."
    e = error(state, Action.play(parse_cards("C2")))
    assert e.code == "does-not-beat"
    assert text.illegal_text(tr, e, obs) == "That does not beat 6\u00a0of\u00a0Myriads."
    e = error(state, Action.discard(parse_cards("C2")))
    assert e.code == "must-beat" and "must play" in text.illegal_text(tr, e, obs)
    fb = view.feedback(tr, obs, set(parse_cards("M8")), state.check)
    assert fb.play and not fb.problem and fb.hint == "Ready to play 8\u00a0of\u00a0Myriads."
    fb = view.feedback(tr, obs, set(parse_cards("C2 C3")), state.check)
    assert not fb.play and fb.problem
    # Following with a pick that is no play at all: the words are about beating, not leading.
    e = error(state, Action.play(parse_cards("C2 T4")))
    assert e.code == "not-a-play"
    assert text.illegal_text(tr, e, obs) == (
        "Not a play: to beat 6\u00a0of\u00a0Myriads, play the same kind with as many cards.")
    assert "lead" not in fb.hint


def test_the_best_play_so_far_is_marked_in_words_with_its_owner() -> None:
    state = following("M8 C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9", "M6")
    trick = view.trick_view(tr, state.observation(YOU))
    marked = [(slot.name, slot.mark) for slot in trick.slots if slot.best]
    assert marked == [("Left", "Best so far")]
    assert [slot.mark for slot in trick.slots if not slot.best] == ["", ""]
    state = state.apply(Action.play(parse_cards("M8"))).apply(Action.discard(parse_cards(
        " ".join(str(c) for c in state.hands[1][:1]))))
    trick = view.trick_view(tr, state.observation(YOU))
    assert trick.finished and [(s.name, s.mark) for s in trick.slots if s.best] == [
        ("You", "Took the trick")]


def test_legal_play_marks_show_the_cards_that_can_beat() -> None:
    state = following("M8 C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9", "M6")
    obs = state.observation(YOU)
    table = view.table_view(tr, obs, set(), state.check)
    assert [card.code for card in table.hand if card.usable] == ["M8"]
    table = view.table_view(tr, obs, set(), state.check, marks=False)
    assert all(card.usable for card in table.hand)
    # Nothing to mark while another seat is to move, or when any card may be discarded.
    assert view.usable_cards(state.observation(1)) is None
    discarding = following("C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9 S9", "M6")
    assert view.usable_cards(discarding.observation(YOU)) is None


def test_who_pays_whom_and_why() -> None:
    assert text.payment_text(tr, YOU, YOU, 2, settle(YOU, 2 + 5, YOU)) == (
        "You called and won: each of the other two pays you S\u00a0=\u00a02.")
    assert text.payment_text(tr, 1, 1, 3, settle(1, 3 + 5, 1)) == (
        "Right called and won: each of the other two pays Right S\u00a0=\u00a03.")
    assert text.payment_text(tr, YOU, 2, 1, settle(YOU, 1 + 5, 2)) == (
        "You beat the caller: Left pays you 2\u00a0×\u00a0S\u00a0=\u00a02; Right pays nothing.")
    assert text.payment_text(tr, 1, YOU, 2, settle(1, 2 + 5, YOU)) == (
        "Right beat you, the caller: you pay Right 2\u00a0×\u00a0S\u00a0=\u00a04; Left pays nothing.")
    assert text.payment_text(tr, 2, 1, 1, settle(2, 1 + 5, 1)) == (
        "Left beat the caller: Right pays Left 2\u00a0×\u00a0S\u00a0=\u00a02; you pay nothing.")


def test_the_end_of_a_deal_explained_with_the_running_total() -> None:
    seen = set()
    for seed in range(40):
        state = new_deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(choose_action(state.observation(state.to_move), rng))
        result = state.observation(YOU).result
        assert result is not None
        totals = saving.Totals((1, 2, -3), 1).add(state.net_points)
        shown = ending.result_view(tr, state.observation(YOU), totals=totals)
        assert shown is not None and shown.head[-1] == "Total"
        assert [row.total_text for row in shown.rows] == [
            tr.signed(n) for n in (1 + state.net_points[0], 2 + state.net_points[1],
                                   -3 + state.net_points[2])]
        assert shown.totals_text == "Total over 2\u00a0deals played on this visit."
        if result.winner is None:
            assert shown.detail == "Nobody scores." and not shown.explanation
            continue
        fu = state.fu[result.winner]
        seen.add(result.claimed)
        S = result.F - 5
        if result.claimed:
            assert shown.detail.replace("\u00a0", " ") == (f"Claimed: F = fu + Old cards in hand = {fu} + "
                                    f"{result.F - fu} = {result.F}, so S = F − 5 = {S}.")
        else:
            assert shown.detail.replace("\u00a0", " ") == (f"The cards ran out: F = the fu won = {result.F}, "
                                    f"so S = F − 5 = {S}.")
        caller = state.observation(YOU).caller
        paid = S if result.winner == caller else 2 * S
        said = shown.explanation[0].replace("\u00a0", " ")
        assert said.endswith(f" = {paid}.") or f" = {paid};" in said
    assert seen == {True, False}


def test_the_tricks_so_far_show_discards_as_backs() -> None:
    state = following("M8 C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9", "M6")
    assert view.history_view(tr, state.observation(YOU)) == ()
    state = state.apply(Action.play(parse_cards("M8")))
    discard = Action.discard(state.hands[1][:1])
    state = state.apply(discard)
    (trick,) = view.history_view(tr, state.observation(YOU))
    assert trick.title == "Trick 1: you won it"
    slots = {slot.seat: slot for slot in trick.slots}
    assert [c.code for c in slots[2].cards] == ["M6"] and [c.code for c in slots[0].cards] == ["M8"]
    assert slots[1].cards == () and slots[1].backs == 1
    assert slots[1].label == "Right: 1\u00a0card face down"
    assert view.table_view(tr, state.observation(YOU), set(), state.check).history == (trick,)


def test_the_empty_selection_speaks_the_devices_words() -> None:
    state = following("M8 C2 T4 C3 C4 S2 S3 S7 T2 T5 T6 C9", "M6")
    obs = state.observation(YOU)
    assert view.feedback(tr, obs, set(), state.check, touch=True).hint == (
        "Tap cards to select them.")
    assert view.feedback(tr, obs, set(), state.check).hint == (
        "Select the cards you want to play.")  # (a mouse, or the keyboard)


def test_discarding_when_you_cannot_beat() -> None:
    state = following("C2 C3 C5 C7 S2 S3 S7 T2 T5 T6 M1 M2", "M6 M7 M8")
    obs = state.observation(YOU)
    assert text.prompt_text(tr, obs) == \
        "You cannot beat 6–8\u00a0of\u00a0Myriads: choose 3\u00a0cards to discard face down."
    e = error(state, Action.discard(parse_cards("C2 C3")))
    assert e.code == "wrong-count" and text.illegal_text(tr, e, obs) == "Discard exactly 3\u00a0cards."
    fb = view.feedback(tr, obs, set(parse_cards("C2 C3")), state.check)
    assert not fb.discard and not fb.problem
    assert fb.hint == "Select 3\u00a0cards to discard (2 selected)."
    fb = view.feedback(tr, obs, set(parse_cards("C2 C3 C5 C7")), state.check)
    assert not fb.discard and fb.problem and fb.hint == "Discard exactly 3\u00a0cards."
    fb = view.feedback(tr, obs, set(parse_cards("C2 C3 C5")), state.check)
    assert fb.discard and not fb.play and fb.hint == "Ready to discard 3\u00a0cards face down."
    buttons = {b.action: b for b in view.buttons(tr, obs, fb)}
    assert buttons["discard"].visible and buttons["discard"].enabled
    assert not buttons["play"].visible and not buttons["claim"].visible


def test_every_error_code_has_words() -> None:
    assert set(IllegalAction.CODES) - {"wrong-count"} <= set(text.ILLEGAL_REASONS) | set(
        text.ILLEGAL_TO_BEAT)
    for messages in text.ILLEGAL_TO_BEAT.values():  # one message for each kind of play
        assert set(messages) == {"single", "set", "run"}


def test_claim_button_shows_F_S_and_your_points() -> None:
    # Caller with 4 fu and M9 C1 in hand: F = 6 (RULES example 25).
    # Everything else was played face up except S5, discarded face down: so S3 is not Old.
    hands = ["M9 C1 S3", "M2 M3 M4", "T2 T3 T4"]
    held = set(parse_cards(" ".join(hands) + " S5"))
    state = State.from_hands(hands, master=0, caller=0, leader=0, fu=(4, 3, 2),
                             public=[c for c in DECK if c not in held])
    obs = state.observation(YOU)
    assert Action.claim() in obs.legal
    assert view.claim_value(obs) == (6, 1, 2) == (obs.F, 1, settle(0, 6, 0)[0])
    claim = {b.action: b for b in view.buttons(tr, obs, None)}["claim"]
    assert claim.visible and claim.sub == "F\u00a0=\u00a06, S\u00a0=\u00a01, +2\u00a0points"
    assert text.prompt_text(tr, obs).startswith("Your lead: you may claim now")


# --- the hidden-information promise, engine-wide ---------------------------------------------


def hidden_from_you(state: State, discarded: set[Card]) -> set[Card]:
    return set(state.hands[1]) | set(state.hands[2]) | discarded


@pytest.mark.parametrize("seed", range(12))
def test_the_view_never_shows_a_computer_players_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = State.from_hands(
        [sorted(h) for h in (DECK[i::3] for i in range(3))], master=seed % 3, seed=seed)
    discarded: set[Card] = set()
    words: list[str] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        obs = state.observation(seat)
        if seat == YOU:
            action = rng.choice(obs.legal)
            selected = set(rng.sample(obs.hand, min(2, len(obs.hand))))
        else:
            action = choose_action(obs, rng)
            selected = set()
            if action.kind == "discard":
                discarded |= set(action.cards)
        mine = state.observation(YOU)
        shown = repr(view.table_view(tr, mine, selected & set(mine.hand), state.check))
        leaked = cards_in(shown + "\n".join(words)) & hidden_from_you(state, discarded)
        assert not leaked, f"{sorted(map(str, leaked))} shown to seat 0"
        after = state.apply(action)
        words = [text.event_text(tr, e) for e in events_of(seat, action, state, after, YOU)]
        if seat != YOU and action.kind == "discard":
            assert not cards_in(" ".join(words)), words
            assert re.search(r"discards \d+\scards? face down", words[0])
        state = after
    final = view.table_view(tr, state.observation(YOU), set(), state.check)
    assert final.result is not None and sum(row.net for row in final.result.rows) == 0
    assert final.seats[1].revealed is not None  # at the end every hand is shown
