"""The whole page as plain data, from the model: the table (or the replay), the log, the
notices, the settings, the statistics panel, the failure panel.

Plain Python (no ``js``), tested under CPython; the renderer copies a `PageView` into the DOM.
Every word comes from the model's translator here, so a language switch rewords everything,
the log and the notices included.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from lukfu import parse_action
from lukfu.dealcode import deal_code
from lukfu.i18n import N_, Translator
from lukfu.web import challenging, dailies, options, practice, puzzle_view, replay, saving, statistics, text
from lukfu.web.faces import SuitTipView, suit_tip_view
from lukfu.web.lesson import LessonView, lesson_view, reading_table
from lukfu.web.model import LogLine, Model, Notice, StatsNote, Table
from lukfu.web.naming import YOU
from lukfu.web.puzzle_view import PuzzlesView, PuzzleView
from lukfu.web.result import DealLinks
from lukfu.web.review import DecisionView, ReviewView, decision_view, review_view
from lukfu.web.statistics import StatsView
from lukfu.web.view import TableView, table_view


class NoticeView(NamedTuple):
    id: int
    text: str
    action: str  # its button's data-action ("" for none)
    action_label: str
    fleeting: bool


class SettingsView(NamedTuple):
    speed: str
    level: str
    marks: bool
    shapes: bool
    coach: bool
    looks: tuple[tuple[str, int], ...]  # each slider's value
    properties: tuple[tuple[str, str], ...]  # the stylesheet's custom properties they set
    language: str  # the picker's choice
    motion: int  # milliseconds a card takes to move; 0: no movement
    sound: bool = True
    look_texts: tuple[tuple[str, str], ...] = ()  # each slider's value in words (aria-valuetext)
    offline: str = ""  # "Ready to play offline", once the service worker holds the game
    level_note: str = ""  # a level chosen mid-deal: when it takes effect


class StatsPanelView(NamedTuple):
    message: str  # how an import went
    problems_title: str  # an import refused: why, field by field
    problems: tuple[str, ...]
    question: str  # before an import replaces the player's statistics


class FailureView(NamedTuple):
    title: str
    text: str
    details: str  # for "Copy details" only: never shown in the page


class PageView(NamedTuple):
    language: str
    direction: str
    table: TableView | None  # None until the first deal is on the table
    log: tuple[tuple[int, str, bool], ...]  # (line id, words, a notice?): new ids are read out
    notices: tuple[NoticeView, ...]
    settings: SettingsView
    stats: StatsView
    stats_panel: StatsPanelView
    failure: FailureView | None
    confirming: bool  # "Abandon this deal?" is asked
    suit_tip: SuitTipView | None
    share_status: str
    copy_by_hand: bool  # copying the share link failed: its box is shown, to copy it from
    review: ReviewView | None  # the coach's review, once opened
    lesson: LessonView | None  # the guided first deal's step, while it is on
    old_word: str  # written across an Old card of your hand
    no_cards: str  # a revealed hand with no cards left
    dismiss: str  # a notice's close button
    puzzle: PuzzleView | None = None  # the puzzle on the table, its question and your verdict
    puzzles: PuzzlesView | None = None  # the list of puzzles, while open


# --- words for the notices and the log ---------------------------------------------------------

PUZZLE_NOTICES = {
    "puzzles-progress": N_("Your puzzle progress could not be read, so it starts again."),
    "puzzles-missing": N_("The puzzles could not be loaded. Try again when you are online."),
    "puzzles-damaged": N_("The puzzles could not be read: the file is damaged."),
}


def notice_text(tr: Translator, notice: Notice) -> str:
    kind, args = notice.kind, notice.args
    if kind == "option":
        return options.problem_text(tr, args[0], args[1])
    if kind == "save-problem":
        return saving.save_problem_text(tr, args[0])
    words = {
        "storage": saving.storage_text,
        "stats-problem": saving.stats_problem_text,
        "aside": saving.aside_text,
        "days-problem": dailies.days_problem_text,
    }
    if kind in words:
        return words[kind](tr)
    if kind == "language-missing":
        return tr.gettext("The chosen language could not be loaded, so the game is in English.")
    if kind == "language-unloadable":
        return tr.gettext("The chosen language could not be loaded.")
    if kind in PUZZLE_NOTICES:
        return tr.gettext(PUZZLE_NOTICES[kind])
    if kind == "learn-offer":
        return tr.gettext("New to Luk Fu? A guided deal teaches you the game as you play it.")
    assert kind == "new-version", kind
    return tr.gettext("A new version of the game is ready.")


def level_note(tr: Translator, model: Model) -> str:
    """Said under the level's control when it names another level than this deal's players."""
    session, level = model.table.session, model.player.settings.level
    if session is None or session.is_over or model.table.kind.scripted:
        return ""
    playing = session.seats[1]
    if level == playing:
        return ""
    return tr.gettext("{level} plays from the next deal on; this deal goes on against {now}.",
                      level=statistics.level_name(tr, level),
                      now=statistics.level_name(tr, playing))


def action_label(tr: Translator, action: str) -> str:
    if action == "resume-aside":
        return saving.go_back_label(tr)
    if action == "new-version":
        return tr.gettext("New version — reload")
    if action == "learn":
        return tr.gettext("Learn to play")
    return ""


@lru_cache(maxsize=1024)
def line_text(tr: Translator, line: LogLine) -> str:
    """A line of the log in words (kept: the log is reworded only in a new language)."""
    if line.kind == "event":
        assert line.event is not None
        return text.event_text(tr, line.event)
    if line.kind == "notice":
        assert line.notice is not None
        return notice_text(tr, line.notice)
    if line.kind == "deal-number":
        return text.deal_number_text(tr, line.number)
    assert line.kind == "resumed", line.kind
    return saving.resumed_text(tr)


def stats_panel_view(tr: Translator, note: StatsNote) -> StatsPanelView:
    messages = {
        "replaced": tr.gettext("The imported statistics are yours now."),
        "kept": tr.gettext("Your statistics are unchanged."),
        "too-large": tr.gettext(
            "The file is too large to be a statistics export; your statistics are unchanged."),
    }
    if note.kind == "refused":
        problems = tuple(statistics.rejection_text(tr, r) for r in note.rejections)  # type: ignore[arg-type]
        return StatsPanelView("", statistics.refused_text(tr, len(problems)), problems, "")
    if note.kind == "confirm":
        return StatsPanelView("", "", (), statistics.confirm_text(tr, note.mine, note.theirs))
    return StatsPanelView(messages.get(note.kind, ""), "", (), "")


# --- the table ------------------------------------------------------------------------------


def deal_links(model: Model) -> DealLinks | None:
    """Once the deal is over: its number, the address that deals it again, the share link."""
    session, visit = model.table.session, model.visit
    if session is None or not session.is_over or not model.table.kind.dealt:
        return None
    code = deal_code(session.deal_number, session.state.master)
    return DealLinks(session.deal_number, options.replay_query(visit.query, code),
                     f"{visit.page_url}{options.share_query(code)}")


def table_shown(model: Model) -> TableView | None:
    """The table as the model has it: the deal in play, or its replay."""
    tr, table = model.visit.tr, model.table
    session = table.session
    if session is None:
        return None
    if table.replay is not None:
        shown = replayed(tr, table)
    else:
        refusal = ""
        if table.refusal is not None:
            refusal = text.illegal_text(tr, table.refusal, session.observation(YOU))
        shown = table_view(
            tr, session.observation(YOU), table.selected, session.check, deal_links(model),
            text.hint_text(tr, table.advice) if table.advice else "", table.hints, table.hinting,
            touch=model.visit.touch, last=table.last_trick, marks=model.player.settings.marks,
            totals=model.player.totals if session.is_over and table.kind.counted else None,
            refusal=refusal)._replace(dealt=f"{table.generation}.{session.state.redeals}")
        shown = practice.with_practice(tr, table, shown)
        if table.kind.puzzled:
            shown = puzzle_view.with_puzzle(tr, model, shown, puzzle_view.puzzle_view(tr, model))
        if shown.result is not None:  # a day's par, a friend's result, a challenge's link
            shown = shown._replace(result=shown.result._replace(
                versus=dailies.versus(tr, model) or challenging.versus(tr, model),
                challenge=challenging.link_view(tr, model)))
        if table.kind.scripted:  # (a step being read: nobody thinks meanwhile)
            shown = reading_table(tr, table, shown)
    line = shown.practice or dailies.line_text(tr, model) or challenging.line_text(tr, model)
    shown = shown._replace(kind=table.kind.family, practice=line)
    withheld = table.kind.withheld  # (the lesson's own buttons stand for its New deal)
    if not withheld:
        return shown
    buttons = tuple(b._replace(visible=False) if b.action in withheld else b for b in shown.buttons)
    return shown._replace(buttons=buttons)


def replayed(tr: Translator, table: Table) -> TableView:
    """The replay's step on the table, with the coach's better move where it found one."""
    assert table.replay is not None
    found = better_here(tr, table)
    if found is None:
        return replay.replay_view(tr, table.replay, table.replay_at)
    return replay.replay_view(tr, table.replay, table.replay_at,
                              parse_action(found.best).cards, tr.sentences(found.line, found.detail))


def better_here(tr: Translator, table: Table) -> DecisionView | None:
    """In the replay, at a step where you decided: the coach's verdict if it found better."""
    coaching = table.coaching
    if coaching is None or coaching.summary is None or coaching.generation != table.generation:
        return None
    if table.replay_of:  # (your friend's deal: the coach judged yours)
        return None
    for decision in coaching.summary["decisions"]:
        if int(decision["move_number"]) == table.replay_at and decision["verdict"] != "good":
            return decision_view(tr, decision)
    return None


def enabled_buttons(model: Model) -> frozenset[str]:
    """The table's buttons that are shown and may be pressed now."""
    shown = table_shown(model)
    if shown is None or model.table.failure is not None:
        return frozenset()
    return frozenset(b.action for b in shown.buttons if b.visible and b.enabled)


def page_view(model: Model) -> PageView:
    visit, player, table = model.visit, model.player, model.table
    tr, settings = visit.tr, player.settings
    reduced = visit.reduced_motion
    failure = None
    if table.failure is not None:
        failure = FailureView(
            tr.gettext("Something went wrong"),
            tr.gettext("The game met an unexpected error and stopped this deal. You can start a "
                       "new deal; “Copy details” copies a report for the developers."),
            table.failure)
    return PageView(
        language=tr.language,
        direction=tr.direction,
        table=table_shown(model) if visit.booted else None,
        log=tuple((line.id, line_text(tr, line), line.kind == "notice") for line in visit.log),
        notices=tuple(NoticeView(n.id, notice_text(tr, n), n.action, action_label(tr, n.action),
                                 n.fleeting) for n in visit.notices),
        settings=SettingsView(
            settings.speed, settings.level, settings.marks, settings.shapes, settings.coach,
            settings.looks,
            tuple(options.look_property(name, value) for name, value in settings.looks),
            tr.language, 0 if reduced else options.MOTIONS.get(settings.speed, 0), settings.sound,
            tuple((name, options.look_text(tr, name, value)) for name, value in settings.looks),
            tr.gettext("Ready to play offline.") if visit.offline_ready else "",
            level_note(tr, model)),
        stats=statistics.stats_view(tr, player.stats)._replace(
            sheet=statistics.sheet_view(tr, player.totals),
            days=dailies.days_view(tr, player.days, visit.today)),
        stats_panel=stats_panel_view(tr, player.stats_note),
        failure=failure,
        confirming=table.confirming,
        suit_tip=suit_tip_view(tr) if visit.suit_tip else None,
        share_status={"copied": tr.gettext("The link is copied."),
                      "select": tr.gettext("Copy the link from the box.")}.get(table.share_status, ""),
        copy_by_hand=table.share_status == "select",
        review=practice.offered(tr, table, review_view(tr, table.coaching)),
        lesson=lesson_view(tr, model),
        # Translators: written across a card as narrow as 24 px; put a soft hyphen (U+00AD)
        # where a word longer than four letters may break onto two lines.
        old_word=tr.gettext("Old"),
        no_cards=tr.gettext("No cards left"),
        dismiss=tr.gettext("Dismiss this notice"),
        puzzle=puzzle_view.puzzle_view(tr, model) if visit.booted else None,
        puzzles=puzzle_view.puzzles_view(tr, model) if visit.booted else None,
    )
