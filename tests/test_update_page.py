"""The page around the deal, driven through `update` under CPython: resuming saves at each
phase, damaged saves, storage that refuses, shared links, the address's bad values, language
switches, settings, the statistics' import and export, the new-version offer and failures."""

from __future__ import annotations

import json
import zlib

import pytest
from driver import QUICK, Driver

from lukfu import parse_action
from lukfu.dealcode import deal_code
from lukfu.i18n import translator
from lukfu.saves import CHECK, DAMAGED, IMPOSSIBLE, VERSION, read_save, write_save
from lukfu.session import Session
from lukfu.stats import Statistics, outcome
from lukfu.web import options, saving, statistics
from lukfu.web.effects import AcceptNewVersion, FetchCatalog, Sound, Wait
from lukfu.web.kinds import FREE, SHARED
from lukfu.web.messages import ComputerTurn, DismissNotice, Failure, FileRead, Offline, Press, Setting
from lukfu.web.naming import YOU

tr = translator()


def started(query: str = "", **kwargs: object) -> Driver:
    page = Driver(query, **kwargs).start()  # type: ignore[arg-type]
    page.settle(only_computers=True)
    return page


def reloaded(page: Driver, query: str = "") -> Driver:
    """The same browser, a new visit: what the page stored is there again."""
    return started(query, stored=page.stored, tab=page.tab)


# --- saves ------------------------------------------------------------------------------------


def phases(number: int) -> dict[str, Driver]:
    """The page at each phase of one deal, each a visit of its own."""
    page = started(f"?seed={number}&master=0&delay=0")
    seen: dict[str, Driver] = {"calling": reloaded(page)}
    for _ in range(200):
        session = page.model.table.session
        assert session is not None
        if session.is_over:
            break
        obs = session.observation(YOU)
        phase = "lead" if obs.leading and obs.phase == "playing" else (
            "discard" if obs.legal[0].kind == "discard" else "mid-trick")
        if obs.phase == "playing":
            seen.setdefault(phase, reloaded(page))
        page.act(obs.legal[0])
        page.settle(only_computers=True)
    seen["over"] = reloaded(page)
    seen["over-again"] = reloaded(seen["over"])
    return seen


def test_a_reload_at_each_phase_resumes_the_deal_exactly() -> None:
    found: set[str] = set()
    for number in (3, 5, 11, 7):
        original = started(f"?seed={number}&master=0&delay=0")
        for phase, page in phases(number).items():
            found.add(phase)
            session = page.model.table.session
            assert session is not None and session.deal_number == number
            assert page.log()[-1].startswith(("Your deal goes on", "This was deal number"))
            if phase.startswith("over"):
                assert page.model.player.stats.total().deals == 1  # counted once, however often reloaded
                assert page.model.player.totals.deals == 1
        assert original.model.table.session is not None
    assert found >= {"calling", "lead", "mid-trick", "over", "over-again"}


def test_a_reload_while_a_computer_thinks_lets_it_make_the_same_move() -> None:
    page = Driver("?seed=31&master=1&delay=0").start()  # the computers are to move
    page.timers.clear()  # the page is closed before they moved
    again = reloaded(page)
    alone = Session.new(31, 1, "strong").run()
    assert again.model.table.session is not None and again.model.table.session.record() == alone.record()


def damaged_saves() -> dict[str, str]:
    session = Session.new(21, master=0, level="strong").act(parse_action("call")).run()
    text = write_save(session)
    data = json.loads(text)
    body = data["body"]
    return {
        DAMAGED: text[: len(text) // 2],
        VERSION: json.dumps({**data, "lukfu-save": 99}),
        CHECK: json.dumps({**data, "body": {**body, "hints": 3}}),
    }


@pytest.mark.parametrize("kind", [DAMAGED, VERSION, CHECK])
def test_a_damaged_save_is_reported_and_a_new_deal_dealt_touching_nothing_else(kind: str) -> None:
    kept = {"lukfu.speed": "fast", "lukfu.language": "en",
            saving.STATS_KEY: Statistics().to_json()}
    page = started("", stored={**kept, saving.SAVE_KEY: damaged_saves()[kind]})
    assert page.notices() == [saving.save_problem_text(tr, kind)]
    assert page.log()[0] == saving.save_problem_text(tr, kind)
    assert "A new deal" in " ".join(page.log())
    assert len(page.table.hand) == 12
    assert read_save(page.stored[saving.SAVE_KEY])  # a good save again
    assert {key: page.stored[key] for key in kept} == kept


def test_a_save_with_impossible_moves_is_refused_as_impossible() -> None:
    session = Session.new(21, master=0, level="strong").act(parse_action("call")).run()
    record = json.loads(session.record())
    record["deal"]["actions"].append("C1 C1")
    body = {"session": record, "hints": 0, "counted": False}
    # The save's check as lukfu.saves documents it (a CRC-32 of the body), so only the move is wrong.
    check = f"{zlib.crc32(json.dumps(body, sort_keys=True, separators=(',', ':')).encode()):08x}"
    text = json.dumps({"lukfu-save": 1, "check": check, "body": body})
    page = started("", stored={saving.SAVE_KEY: text})
    assert page.notices() == [saving.save_problem_text(tr, IMPOSSIBLE)]


def test_storage_that_refuses_is_survived_with_one_notice_a_visit() -> None:
    # (with nothing stored the coach is on, as for any new player: it reviews the deal, quickly)
    page = started("?seed=3&master=0&delay=0", storage=False, judging=QUICK)
    page.play_to_the_end()
    # (nothing is remembered, so this is a first visit: the guided deal is offered too)
    offer = "New to Luk Fu? A guided deal teaches you the game as you play it."
    assert page.notices() == [saving.storage_text(tr), offer]
    assert page.model.player.stats.total().deals == 1  # counted for this visit
    page.press("new-deal")
    page.settle(only_computers=True)
    assert page.notices() == [saving.storage_text(tr), offer]


# --- shared links and the address -------------------------------------------------------------


def test_a_link_opened_mid_deal_keeps_the_unfinished_deal_to_go_back_to() -> None:
    page = started("?seed=7&master=0&delay=0")
    page.call()
    before = page.model.table.session
    assert before is not None
    linked = reloaded(page, f"?deal={deal_code(41, 1)}&delay=0")
    assert linked.model.table.session is not None and linked.model.table.session.deal_number == 41
    assert linked.notices() == [saving.aside_text(tr)]
    assert linked.view.notices[0].action == "resume-aside"
    assert page.model.table.kind == linked.model.table.kind == SHARED
    linked.press("resume-aside")
    back = linked.model.table.session
    assert back is not None and back.record() == before.record()
    assert linked.model.table.kind == SHARED  # (deal 7 came from an address too: its save says so)
    assert linked.notices() == [] and saving.ASIDE_KEY not in linked.stored
    # A link to the same deal puts nothing aside.
    assert reloaded(linked, "?seed=7&master=0&delay=0").notices() == []
    linked.press("abandon")
    assert linked.model.table.kind == FREE


@pytest.mark.parametrize("bad", ["AAAAAAAA", "x" * 3000, "%E2%80%AEabc", ""])
def test_a_malformed_link_is_reported_and_a_fresh_deal_dealt(bad: str) -> None:
    page = started(f"?deal={bad}&delay=0")
    (notice,) = page.notices()
    assert notice.startswith("The shared deal in the address") and "\u202e" not in notice
    assert len(page.table.hand) == 12


def test_bad_address_values_are_each_reported_and_ignored() -> None:
    page = Driver("?seed=abc&master=7&delay=-5&lang=xx").start()
    notices = page.notices()
    assert len(notices) == 4
    assert "(abc)" in notices[0] and "random" in notices[0]
    assert "(7)" in notices[1] and "(-5)" in notices[2] and "(xx)" in notices[3]
    assert page.model.visit.tr.language == "en"
    # The bad delay was ignored: the computers wait the normal pause.
    assert page.model.player.settings.delay is None
    waits = [e for e in page.effects if isinstance(e, Wait) and isinstance(e.message, ComputerTurn)]
    assert all(e.seconds == options.SPEEDS["normal"] / 1000 for e in waits)
    assert "was deal number" not in " ".join(page.log())  # a random deal's number is secret


def test_a_5000_digit_seed_deals_a_random_deal_with_one_notice() -> None:
    page = started("?delay=0&seed=" + "9" * 5000)
    (notice,) = page.notices()
    assert "(999999999999999999999999…)" in notice
    assert sum(1 for _id, _words, is_notice in page.view.log if is_notice) == 1


@pytest.mark.parametrize("bad", ["seed=12x", "deal=AAAAAAAA"])
def test_a_bad_deal_in_the_address_deals_a_new_random_one_and_keeps_yours_aside(bad: str) -> None:
    page = started("?seed=7&master=0&delay=0")
    page.call()
    before = page.model.table.session
    assert before is not None
    # The notice says "this deal is random" (or "a new deal instead"): so it is, with the
    # address's Master, and the deal you were playing waits to be taken back.
    linked = reloaded(page, f"?{bad}&master=1&delay=0")
    session = linked.model.table.session
    assert session is not None and session.record() != before.record()
    assert session.state.master == 1
    assert linked.model.table.kind == FREE
    first, aside = linked.notices()
    assert "(12x)" in first or "(AAAAAAAA)" in first
    assert aside == saving.aside_text(tr)
    assert "was deal number" not in " ".join(linked.log())  # a random deal's number is secret
    linked.press("resume-aside")
    back = linked.model.table.session
    assert back is not None and back.record() == before.record()
    # The address no longer names a deal: a reload goes on with the table, not a new random deal.
    assert "seed=" not in linked.model.visit.query and "deal=" not in linked.model.visit.query


# --- languages and settings -------------------------------------------------------------------


def test_switching_language_mid_deal_keeps_the_deal_and_rewords_everything() -> None:
    page = started("?seed=21&master=0&delay=0")
    page.call()
    before, lines = page.model.table.session, len(page.log())
    page.send(Setting("language", "fi"))
    fi = translator("fi")
    assert page.view.language == "fi" and page.model.table.session is before
    assert len(page.log()) == lines and page.log()[0] != "A new deal: you are the Master."
    assert [b.label for b in page.table.buttons if b.action == "play"] == [fi.gettext("Play")]
    assert page.stored["lukfu.language"] == "fi"
    assert reloaded(page).view.language == "fi"  # the choice persists


def test_a_catalog_that_does_not_arrive_leaves_the_game_in_its_language() -> None:
    page = started("?seed=3&master=0&delay=0", unreachable=["fa"])
    page.send(Setting("language", "fa"))  # offline: the catalog cannot be had
    assert page.view.language == "en" and page.view.settings.language == "en"
    assert page.notices() == ["The chosen language could not be loaded."]
    assert "lukfu.language" not in page.stored


def test_a_first_catalog_that_does_not_arrive_says_so_in_english() -> None:
    page = started("?lang=fr&seed=3&master=0&delay=0", unreachable=["fr"])
    assert FetchCatalog("fr") in page.effects
    assert page.view.language == "en" and page.view.table is not None
    assert page.notices() == [
        "The chosen language could not be loaded, so the game is in English."]


def test_the_settings_are_kept_and_shown() -> None:
    page = started("?seed=3&master=0&delay=0")
    for name, value in (("speed", "fast"), ("marks", "off"), ("shapes", "on"),
                        ("contrast", "120"), ("grain", "500"), ("warmth", "-40")):
        page.send(Setting(name, value))
    again = reloaded(page)
    settings = again.view.settings
    assert (settings.speed, settings.marks, settings.shapes) == ("fast", False, True)
    assert dict(settings.looks) == {"contrast": 120, "grain": 100, "warmth": -40}
    assert ("--contrast", "1.2") in settings.properties and settings.motion == options.MOTIONS["fast"]
    assert all(card.usable for card in again.table.hand)  # no legal-play marks


def test_a_new_player_is_shown_the_suits_once() -> None:
    page = started()
    assert page.view.suit_tip is not None
    assert reloaded(page).view.suit_tip is None


# --- statistics -------------------------------------------------------------------------------


def some_statistics(deals: int) -> Statistics:
    stats = Statistics()
    for number in range(deals):
        session = Session.new(number, master=0)
        while not session.is_over:
            session = (session.act(session.observation(0).legal[0]) if session.waiting_for_person()
                       else session.step())
        stats.add("beginner", outcome(session, 0))
    return stats


def test_statistics_export_and_import_with_refusals_and_a_question() -> None:
    page = started("?seed=12&master=0&delay=0")
    page.play_to_the_end()
    page.press("export-stats")
    (name, exported), = page.downloads
    assert name == saving.STATS_FILE and Statistics.from_json(exported).total().deals == 1
    # A bad file: every wrong field listed, nothing changed.
    bad = json.loads(exported)
    bad["levels"]["strong"]["wins"] = 5
    bad["levels"]["strong"]["hints"] = -1
    bad["recent"] = "lots"
    page.send(FileRead(200, json.dumps(bad)))
    panel = page.view.stats_panel
    assert len(panel.problems) == 3 and panel.problems_title.startswith("The import was refused")
    assert any(p.startswith("levels.strong.wins: 5") for p in panel.problems)
    assert page.stored[saving.STATS_KEY] == exported
    # A good file waits for a yes.
    theirs = some_statistics(3)
    page.send(FileRead(500, theirs.to_json()))
    assert page.view.stats_panel.question == statistics.confirm_text(tr, 1, 3)
    page.press("import-keep")
    assert page.stored[saving.STATS_KEY] == exported and not page.view.stats_panel.question
    page.send(FileRead(500, theirs.to_json()))
    page.press("import-replace")
    assert Statistics.from_json(page.stored[saving.STATS_KEY]) == theirs
    assert page.view.stats_panel.message == "The imported statistics are yours now."
    page.send(FileRead(saving.MAX_IMPORT_BYTES + 1, None))
    assert "too large" in page.view.stats_panel.message


def test_an_import_into_empty_statistics_needs_no_question() -> None:
    page = started()
    page.send(FileRead(500, some_statistics(2).to_json()))
    assert page.model.player.stats.total().deals == 2 and not page.view.stats_panel.question


def test_unreadable_statistics_start_again_with_a_notice() -> None:
    page = started("", stored={saving.STATS_KEY: "{not json"})
    assert page.notices() == [saving.stats_problem_text(tr)]


# --- the service worker and failures -----------------------------------------------------------


def test_ready_to_play_offline_is_said_in_the_settings_not_as_a_notice_or_in_the_log() -> None:
    page = started("?seed=3&master=0&delay=0")
    page.send(Offline("ready"))
    assert page.view.notices == () and page.view.settings.offline == "Ready to play offline."
    assert "Ready to play offline." not in page.log()


def test_a_level_chosen_mid_deal_says_when_it_plays() -> None:
    page = started("?seed=3&master=0&delay=0")
    assert page.view.settings.level_note == ""
    page.send(Setting("level", "expert"))
    assert page.view.settings.level_note == (
        "Expert plays from the next deal on; this deal goes on against Strong.")
    page.send(Setting("level", "strong"))  # back to this deal's level: nothing to say
    assert page.view.settings.level_note == ""
    page.send(Setting("level", "beginner"))
    page.play_to_the_end()
    assert page.view.settings.level_note == ""  # the deal is over: the next one is Beginner's


def test_the_sliders_and_the_playable_cards_say_their_state_in_words() -> None:
    page = started("?seed=3&master=0&delay=0")
    texts = dict(page.view.settings.look_texts)
    assert texts == {"contrast": "100%", "grain": "None", "warmth": "Neutral"}
    page.send(Setting("warmth", "-30"))
    assert dict(page.view.settings.look_texts)["warmth"] == "Cooler by 30"
    page.call()
    table = page.table
    playable = [card.label for card in table.hand if card.usable]
    assert playable and all(label.endswith(", playable") for label in playable)
    page.send(Setting("marks", "off"))  # no marks: no mark in words either
    assert not any(card.label.endswith(", playable") for card in page.table.hand)


def test_a_new_version_is_offered_only_between_deals() -> None:
    page = started("?seed=3&master=0&delay=0")
    page.press("call")
    page.send(Offline("newer"))
    assert page.notices() == []  # a deal in progress is never interrupted
    page.play_to_the_end()
    assert page.notices() == ["A new version of the game is ready."]
    assert page.view.notices[0].action == "new-version"
    assert AcceptNewVersion() in page.send(Press("new-version"))
    page.send(Setting("language", "fr"))
    assert page.notices() == [translator("fr").gettext("A new version of the game is ready.")]


def test_a_failure_stops_the_deal_keeps_its_record_and_a_new_deal_goes_on() -> None:
    page = started("?seed=5&master=0&delay=0")
    page.press("call")
    page.send(Failure("Traceback (most recent call last):\n  boom"))
    failure = page.view.failure
    assert failure is not None and failure.title == "Something went wrong"
    assert "Deal record:" in failure.details and '"lukfu":1' in failure.details
    assert page.enabled() == frozenset() and page.send(Press("pass")) == []
    page.settle()
    generation = page.model.table.generation
    page.press("restart")
    assert page.view.failure is None and page.model.table.generation == generation + 1
    assert len(page.table.hand) == 12


def test_the_score_sheet_lists_every_deal_of_the_visit_with_running_totals() -> None:
    page = started("?seed=3&master=0&delay=0")
    assert page.view.stats.sheet is None  # no deal finished in this tab yet
    nets = []
    for _ in range(3):
        page.play_to_the_end()
        session = page.model.table.session
        assert session is not None
        nets.append(tuple(session.state.net_points))
        page.press("new-deal")
        page.settle(only_computers=True)
    sheet = page.view.stats.sheet
    assert sheet is not None and sheet.head == ("Deal", "You", "Right", "Left")
    running = [0, 0, 0]
    for number, (row, net) in enumerate(zip(sheet.rows, nets, strict=True), start=1):
        running = [running[seat] + net[seat] for seat in range(3)]
        assert row[0] == str(number)
        for seat in range(3):
            assert row[1 + seat] == (f"{tr.signed(net[seat])} (total {tr.signed(running[seat])})")
    # The tab keeps it: a reload reads the same sheet back.
    kept = page.tab[saving.TOTALS_KEY]
    again = started("?delay=0", tab={saving.TOTALS_KEY: kept})
    assert again.view.stats.sheet == sheet


def sounds(page: Driver, since: int) -> list[str]:
    return [effect.name for effect in page.effects[since:] if isinstance(effect, Sound)]


def test_a_sound_is_asked_for_each_event_when_sound_is_on_and_never_when_it_is_off() -> None:
    page = Driver("?seed=3&master=1&delay=0").start()
    page.settle(only_computers=True)  # the computers' first moves, before you touched the page
    assert sounds(page, 0) == [], "no sound before the player has interacted with the page"
    page.press("pass" if "pass" in page.enabled() else "call")
    before = len(page.effects)
    page.play_to_the_end()
    heard = sounds(page, before)
    for name in ("card", "trick", "turn", "end"):
        assert name in heard, name
    assert heard[-1] in ("end", "claim") and heard.count("end") == 1
    # Off: a whole deal in silence, and the choice is kept.
    page.send(Setting("sound", "off"))
    assert page.stored["lukfu.sound"] == "off"
    page.press("new-deal")
    before = len(page.effects)
    page.play_to_the_end()
    assert sounds(page, before) == []
    assert Driver(stored={"lukfu.sound": "off"}).start().model.player.settings.sound is False


def test_a_claim_sounds_as_a_claim() -> None:
    from lukfu.session import CLAIMED, DEAL_OVER, Event
    from lukfu.web.sounds import sounds_for

    assert sounds_for([Event(CLAIMED, 0, F=6), Event(DEAL_OVER, 0)], your_turn=False) == ["claim", "end"]


# --- notices ------------------------------------------------------------------------------------


def test_a_dismissed_notice_is_gone_from_the_model_and_the_view() -> None:
    page = started("?delay=0", stored={saving.SAVE_KEY: "{not a save"})
    (shown,) = page.view.notices
    page.send(DismissNotice(shown.id))
    assert page.view.notices == () and page.model.visit.notices == ()
    assert page.log()[0] == shown.text  # (what it said stays in the log)


def test_the_first_looks_notices_closed_before_the_game_was_ready_stay_closed() -> None:
    """A new player may close the offer of the guided deal and the suit legend that index.html
    shows before the game is ready: the game does not put them up again."""
    offered = started(new_player=True)
    assert [n.action for n in offered.view.notices] == ["learn"] and offered.view.suit_tip
    page = Driver(new_player=True)
    page.send(DismissNotice("learn"))  # as the page loads
    page.start()
    assert page.view.notices == () and page.view.suit_tip is not None
    page.send(DismissNotice("suit-tip"))  # and once it is ready
    assert page.view.suit_tip is None and page.model.visit.dismissed == {"learn", "suit-tip"}
    closed = started(new_player=True)
    closed.send(DismissNotice("learn"))  # the early one, adopted as the game's own
    assert closed.view.notices == ()
    closed.send(DismissNotice("nothing-of-the-kind"))
    assert closed.view.suit_tip is not None
