"""A deal at the page, driven through `update` under CPython: calling, passing to a redeal,
refusals, discards, claims, the end, hints, the replay and the keyboard."""

from __future__ import annotations

import pytest
from driver import Driver

from lukfu import Action, IllegalAction, Observation, new_deal, parse_action
from lukfu.i18n import translator
from lukfu.session import Session
from lukfu.web import deal, naming, saving, text
from lukfu.web.effects import Handled
from lukfu.web.messages import ComputerMoved, Key, PlayCard, Press, Setting
from lukfu.web.naming import YOU

tr = translator()


def at_my_turn(query: str, **kwargs: object) -> Driver:
    page = Driver(query, **kwargs).start()  # type: ignore[arg-type]
    page.settle(only_computers=True)
    return page


def test_a_new_deal_from_the_address_is_dealt_once_and_told() -> None:
    page = at_my_turn("?seed=3&master=0&delay=0&lang=en")
    session = page.model.table.session
    assert session is not None and session.deal_number == 3 and session.state.master == 0
    assert session.start == new_deal(3, master=0)
    assert page.address == "?delay=0&lang=en"  # a reload resumes it instead of dealing it again
    assert page.log() == ["A new deal: you are the Master."]
    assert page.table.phase == "calling" and page.enabled() >= {"call", "pass", "hint", "new-deal"}
    assert saving.SAVE_KEY in page.stored


def test_three_passes_redeal_and_the_calling_starts_again() -> None:
    page = at_my_turn("?seed=1&master=0&delay=0")  # in deal 1 both computers pass too
    page.press("pass")
    page.settle(only_computers=True)
    session = page.model.table.session
    assert session is not None and session.state.redeals == 1 and session.waiting_for_person()
    assert "All three passed: the cards are shuffled and dealt again." in page.log()
    assert page.table.phase == "calling" and page.table.trick is not None
    assert page.table.trick.title.startswith("Calling: new cards after 1\u00a0redeal")


def test_a_refused_play_says_why_and_changes_nothing() -> None:
    page = at_my_turn("?seed=7&master=0&delay=0")
    page.call()
    session = page.model.table.session
    assert session is not None and session.waiting_for_person()
    obs = session.observation(YOU)
    bad = next(cards for cards in ((a, b) for a in obs.hand for b in obs.hand if a < b)
               if Action.play(cards) not in obs.legal)
    page.select(bad)
    assert not page.table.buttons[3].enabled  # Play waits for a legal selection
    assert page.table.hint_problem and page.table.hint.startswith("Not a play")
    before = page.model.table.session
    page.press("play")  # refused before the engine is asked: the button is disabled
    assert page.model.table.session is before
    # The engine's own refusal, had the click got through, says the same.
    with pytest.raises(IllegalAction) as refused:
        before.act(Action.play(bad))
    assert page.table.hint == text.illegal_text(tr, refused.value, obs)


def test_a_play_the_engine_refuses_keeps_the_deal_and_shows_the_reason() -> None:
    page = at_my_turn("?seed=7&master=0&delay=0")
    page.call()
    session = page.model.table.session
    assert session is not None
    obs = session.observation(YOU)
    saved = page.stored[saving.SAVE_KEY]
    # "Discard" while leading: the engine refuses it; the page shows why and keeps the deal.
    chosen = page.model.table._replace(selected=frozenset(obs.hand[:1]))
    model = deal.act(page.model._replace(table=chosen), [],
                     Action.discard(obs.hand[:1]))
    assert model.table.session is session and model.table.refusal is not None
    page.model = model
    assert page.table.hint_problem
    assert page.table.hint == "The leader plays cards face up; only followers discard."
    assert page.stored[saving.SAVE_KEY] == saved


def follow(obs: Observation) -> Action:
    return obs.legal[0]


def test_you_must_discard_face_down_when_you_cannot_beat() -> None:
    # Find a moment where the person can only discard, and discard there.
    for number in range(60):
        page = at_my_turn(f"?seed={number}&master=1&delay=0")
        for _ in range(40):
            session = page.model.table.session
            assert session is not None
            if session.is_over:
                break
            obs = session.observation(YOU)
            if obs.legal[0].kind == "discard":
                need = text.discard_count(obs)
                page.select(obs.hand[:need - 1] if need > 1 else ())
                assert "discard" not in page.enabled()
                page.select(obs.hand[need - 1:need])
                assert "discard" in page.enabled() and "play" not in page.enabled()
                page.press("discard")
                after = page.model.table.session
                assert after is not None and len(after.state.history) == len(session.state.history) + 1
                assert any(line.startswith("You discard") and "face down" in line
                           for line in page.log())
                return
            page.act(obs.legal[0])
            page.settle(only_computers=True)
    raise AssertionError("no deal asked for a discard")


def claim_if_you_can(obs: Observation) -> Action:
    return Action.claim() if Action.claim() in obs.legal else obs.legal[0]


def test_a_claim_ends_the_deal_scores_it_and_counts_it_once() -> None:
    for number in range(1, 60):  # the first deal where claiming when you may ends it
        page = at_my_turn(f"?seed={number}&master=0&delay=0")
        page.play_to_the_end(claim_if_you_can)
        session = page.model.table.session
        assert session is not None and session.is_over
        result = session.state.result
        assert result is not None
        if result.claimed and result.winner == YOU:
            break
    else:
        raise AssertionError("you never claimed")
    assert f"You claim with F\u00a0=\u00a0{result.F}." in page.log()
    view = page.table.result
    assert view is not None and view.title == "You win the deal!"
    assert [row.net for row in view.rows] == list(session.state.net_points)
    assert page.model.table.counted and page.model.player.stats.total().deals == 1
    assert page.log()[-1] == f"This was deal number {number}."
    # Counted once, however often the finished deal is resumed.
    again = Driver("", stored=page.stored, tab=page.tab).start()
    assert again.model.player.stats.total().deals == 1
    assert again.model.player.totals.deals == 1


def test_a_whole_deal_to_the_end_shows_the_result_links_and_totals() -> None:
    page = at_my_turn("?seed=12&master=0&delay=0")
    page.play_to_the_end()
    session = page.model.table.session
    assert session is not None and session.is_over
    result = page.table.result
    assert result is not None and result.number == 12
    assert result.replay_href.startswith("?delay=0&deal=") and "deal=" in result.share_url
    assert result.head[-1] == "Total" and page.model.player.totals.deals == 1
    assert page.tab[saving.TOTALS_KEY] == page.model.player.totals.to_text()
    assert page.enabled() >= {"new-deal", "replay"}
    page.press("copy-link")
    assert page.clipboard == [result.share_url] and page.view.share_status == "The link is copied."


def test_a_hint_selects_strongs_move_and_says_why() -> None:
    page = at_my_turn("?seed=5&master=0&delay=0")
    page.press("hint")
    assert page.model.table.hinting and "hint" not in page.enabled()
    page.settle()
    advice = page.model.table.advice
    assert advice is not None and page.model.table.hints == 1
    assert page.table.hint == text.hint_text(tr, advice)
    assert advice.action in page.model.table.session.observation(YOU).legal  # type: ignore[union-attr]
    page.press("call" if advice.action.kind == "call" else "pass")
    assert page.model.table.advice is None  # the hint goes once you act
    assert '"hints":1' in page.stored[saving.SAVE_KEY]


def test_a_hint_that_arrives_after_you_acted_is_dropped() -> None:
    page = at_my_turn("?seed=5&master=0&delay=0")
    page.press("hint")
    page.send(Press("call"))  # you act before the hint is ready
    page.settle(only_computers=True)
    assert page.model.table.advice is None and page.model.table.hints == 0


def test_the_replay_steps_through_the_deal_telling_what_play_told() -> None:
    page = at_my_turn("?seed=9&master=0&delay=0")
    page.play_to_the_end()
    told = [line for line in page.log() if not line.startswith("This was deal number")]
    page.press("replay")
    session = page.model.table.session
    assert session is not None
    last = len(session.steps()) - 1
    said = [page.table.hint]
    for index in range(1, last + 1):
        assert Handled() in page.send(Key("ArrowRight", "ArrowRight", "", False))
        assert page.table.prompt == f"Replay: step {index} of {last}"
        said.append(page.table.hint)
        for seat in (1, 2):  # every hand face up
            assert page.table.seats[seat].revealed is not None
    assert " ".join(said) == " ".join(told)
    page.send(Key("Home", "Home", "", False))
    assert page.table.prompt == f"Replay: step 0 of {last}"
    page.press("replay-last")
    page.press("replay-back")
    assert page.table.prompt == f"Replay: step {last - 1} of {last}"
    page.press("replay-close")
    assert page.table.phase == "over"


def test_the_replay_arrows_follow_the_page_in_persian() -> None:
    page = at_my_turn("?seed=9&master=0&delay=0&lang=fa")
    page.play_to_the_end()
    page.press("replay")
    page.send(Key("ArrowLeft", "ArrowLeft", "", False))  # ← moves on in a right-to-left page
    assert page.model.table.replay_at == 1


def test_keys_press_the_tables_buttons_and_never_move_the_keyboard() -> None:
    """Moving along your hand is the page's own (lukfu/web/dom/app.py): an arrow key that reaches
    `update` anyway changes nothing and moves nothing, so no answer moves the keyboard back."""
    page = at_my_turn("?seed=3&master=0&delay=0")
    session = page.model.table.session
    assert session is not None
    first, second = (str(card) for card in session.state.hands[0][:2])
    before = page.model
    assert page.send(Key("ArrowRight", "ArrowRight", f"card:{first}", False)) == []
    assert page.send(Key("Home", "Home", f"card:{second}", False)) == []
    # (a key: sounds may play now)
    assert page.model == before._replace(visit=before.visit._replace(interacted=True))
    assert page.send(Key("c", "KeyC", "", True)) == []  # Shift+C is no shortcut
    assert Handled() in page.send(Key("c", "KeyC", "", False))  # C calls
    after = page.model.table.session
    assert after is not None and after.state.history[:1] == (parse_action("call"),)
    assert page.send(Key("c", "KeyC", "", False)) == []  # calling is over: C does nothing


def test_a_deal_in_progress_is_abandoned_only_once_confirmed() -> None:
    page = at_my_turn("?seed=3&master=0&delay=0")
    page.press("call")
    before = page.model.table.session
    page.press("new-deal")
    assert page.view.confirming and page.model.table.session is before
    page.press("keep-playing")
    assert not page.view.confirming and page.model.table.session is before
    page.press("new-deal")
    page.press("abandon")
    assert page.model.table.session is not before and not page.view.confirming
    assert page.model.player.stats.total().deals == 0  # an abandoned deal does not count


def test_a_new_deal_after_the_end_needs_no_confirmation_and_is_random() -> None:
    page = at_my_turn("?seed=12&master=0&delay=0")
    page.play_to_the_end()
    page.press("new-deal")
    numbers = {page.model.table.session.deal_number}  # type: ignore[union-attr]
    assert not page.view.confirming and 12 not in numbers
    page.play_to_the_end()
    page.press("new-deal")
    numbers.add(page.model.table.session.deal_number)  # type: ignore[union-attr]
    assert len(numbers) == 2


def test_the_level_is_kept_for_the_next_deals_not_this_one() -> None:
    page = at_my_turn("?seed=3&master=0&delay=0")
    assert page.model.table.session.seats[1] == "strong"  # type: ignore[union-attr]
    page.send(Setting("level", "beginner"))
    assert page.stored["lukfu.level"] == "beginner"
    assert page.model.table.session.seats[1] == "strong"  # type: ignore[union-attr]
    page.press("new-deal")
    page.press("abandon")
    assert page.model.table.session.seats[1] == "beginner"  # type: ignore[union-attr]
    again = Driver("", stored=page.stored).start()
    assert again.model.player.settings.level == "beginner"


def test_a_stale_computer_move_after_a_new_deal_is_dropped() -> None:
    page = Driver("?seed=4&master=1&delay=0").start()
    stale = page.model.table.generation
    page.timers.clear()
    page.press("new-deal")
    page.press("abandon")
    before = page.model.table.session
    page.send(ComputerMoved(stale, "call"))
    assert page.model.table.session is before


def test_what_the_page_shows_never_holds_a_computer_players_cards() -> None:
    page = at_my_turn("?seed=21&master=0&delay=0")
    session = page.model.table.session
    assert session is not None
    hidden = {str(card) for seat in (1, 2) for card in session.state.hands[seat]}
    shown = repr(page.view)
    assert not any(f"'{code}'" in shown for code in hidden)
    assert Session.new(21, 0, "strong").state == session.state


def test_escape_ends_a_replay() -> None:
    page = at_my_turn("?seed=9&master=0&delay=0")
    page.play_to_the_end()
    page.press("replay")
    assert page.model.table.replay is not None
    assert Handled() in page.send(Key("Escape", "Escape", "", False))
    assert page.model.table.replay is None and page.table.phase == "over"


def a_turn_where_only_some_singles_are_legal() -> tuple[Driver, Observation]:
    """The first of the deals 0, 1, 2… where, at one of your turns, a single of some cards of
    your hand is legal and of others is not (a single led by another seat, to beat)."""
    for seed in range(40):
        page = at_my_turn(f"?seed={seed}&master=1&delay=0")
        for _ in range(40):
            session = page.model.table.session
            assert session is not None
            if session.is_over:
                break
            obs = session.observation(0)
            singles = {a.cards[0] for a in obs.legal if a.kind == "play" and len(a.cards) == 1}
            if singles and set(obs.hand) - singles:
                return page, obs
            page.act(obs.legal[0])
            page.settle(only_computers=True)
    raise AssertionError("no such turn in 40\u00a0deals")


def test_a_double_click_on_a_card_plays_it_alone_when_a_single_of_it_is_legal() -> None:
    page, obs = a_turn_where_only_some_singles_are_legal()
    singles = [a.cards[0] for a in obs.legal if a.kind == "play" and len(a.cards) == 1]
    others = [card for card in obs.hand if Action.play((card,)) not in obs.legal]
    moves = len(page.model.table.session.state.history)  # type: ignore[union-attr]
    page.send(PlayCard(str(others[0])))  # no single of it: nothing happens
    assert len(page.model.table.session.state.history) == moves  # type: ignore[union-attr]
    assert not page.model.table.selected
    page.send(PlayCard(str(singles[0])))
    after = page.model.table.session
    assert after is not None and after.state.history[moves] == Action.play((singles[0],))
    assert any(naming.card_name(tr, singles[0]) in line for line in page.log()[-4:])


def test_enter_on_a_card_with_nothing_selected_plays_it_alone_and_with_a_selection_plays_that() -> None:
    page, obs = a_turn_where_only_some_singles_are_legal()
    single = next(a.cards[0] for a in obs.legal if a.kind == "play" and len(a.cards) == 1)
    moves = len(page.model.table.session.state.history)  # type: ignore[union-attr]
    assert Handled() in page.send(Key("Enter", "Enter", f"card:{single}", False))
    after = page.model.table.session
    assert after is not None and after.state.history[moves] == Action.play((single,))


def test_an_empty_hand_at_the_end_says_no_cards_left_once() -> None:
    """A computer player's hand shown empty at the end: "No cards left", and no "0 cards"."""
    for seed in range(10):
        page = at_my_turn(f"?seed={seed}&master=0&delay=0")
        page.play_to_the_end(lambda obs: next(a for a in obs.legal if a.kind != "claim"))
        empty = [seat for seat in page.table.seats[1:] if seat.revealed == ()]
        if empty:
            assert all(seat.count_text == "" for seat in empty)
            assert page.view.no_cards == "No cards left"
            return
    raise AssertionError("no deal ended with an empty hand")
