"""The guided first deal: one hand-picked deal, every move of it scripted, in steps that teach.

Plain data and the engine's own rules: the hands are dealt with ``State.from_hands``, and every
move of the script, the person's and the computer players', is checked by the referee like any
other (`tests/test_lesson.py` plays it through).  The person sits at seat 0 and is the Master;
they pass, Right calls, and the deal brings in turn every idea of the rules card: the suits,
Old cards, F and S (what a claim needs and what it scores), calling, leading a single, beating a
set with a set (a trick won with cards that are not Old: F goes up by them), leading a run under
the passed Master's limit, a run beaten by a higher suit's, a face-down discard, a trick won
with an Old card (it turns into a fu and leaves the hand: F stays), one won with a card that is
not Old (F goes up), the claim at F = 6 (a choice: playing on here would risk it) and the
score.

A step is shown once the deal has reached its move (``at``: actions so far).  A step that
``asks`` for a move waits for exactly that move; the others are read, then the person goes on
(the computer players wait meanwhile).  Because the whole deal is scripted, how far the person
got is one number, the step: `session_at` deals it again up to there.  The page's words for
each step are in `lukfu.web.lesson`, under the step's ``topic``.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action, parse_action
from .ai import LEVELS
from .session import PERSON, Session
from .state import State

HANDS = (
    "C1 C2 C6 C7 S3 S4 S5 S7 M6 M9 T4 T7",  # you: Mau Gung, a set of 7s, a Strings run, M9
    "C3 C5 C8 S6 M1 M2 M3 M5 T2 T5 T8 T9",  # Right, who calls
    "C4 C9 S1 S2 S8 S9 M4 M7 M8 T1 T3 T6",  # Left
)
MASTER = 0
LESSON_NUMBER = 0  # the session's deal number (it seeds nothing: no computer player thinks)

SCRIPT = tuple(parse_action(move) for move in (
    "pass", "call",                                   # you pass, Right calls
    "T4", "T9", "discard T6",                         # trick 1: your single, beaten
    "C5 M5 T5", "discard T3 C4 S1", "C7 S7 T7",       # trick 2: Right's set, beaten by yours
    "S3 S4 S5", "M1 M2 M3", "discard S2 S9 M7",       # trick 3: your run, beaten by Myriads
    "S6", "S8", "discard C2",                         # trick 4: you cannot beat: a discard
    "M8", "M9", "discard C3",                         # trick 5: you must beat with M9: F stays 5
    "M6", "discard C8", "discard M4",                 # trick 6: M6, not Old, wins: F = 6
    "claim",                                          # F = 5 fu + 1 Old = 6; C6 may lose
))
"""Every move of the deal, in order: the person's (seat 0's) and the computer players'."""


class Step(NamedTuple):
    topic: str  # names the step's words (lukfu.web.lesson)
    at: int  # shown once this many moves of the script are made
    asks: Action | None = None  # the move the person is to make; None: read, then go on


STEPS = (
    Step("suits", 0),
    Step("old", 0),
    Step("goal", 0),
    Step("call", 0, SCRIPT[0]),
    Step("caller", 2),
    Step("single", 2, SCRIPT[2]),
    Step("beaten", 5),
    Step("fu", 5),
    Step("set", 7, SCRIPT[7]),
    Step("won", 8),
    Step("run", 8, SCRIPT[8]),
    Step("higher-suit", 11),
    Step("discard", 13, SCRIPT[13]),
    Step("old-win", 15, SCRIPT[15]),
    Step("plain-win", 17, SCRIPT[17]),
    Step("claim", 20, SCRIPT[20]),
    Step("score", 21),
)
LAST = len(STEPS) - 1

YOUR_F = {"goal": (0, 2), "call": (0, 2), "won": (3, 2), "old-win": (3, 2), "plain-win": (4, 1),
          "claim": (5, 1)}
"""Your fu and your Old cards as the step of each topic is reached (F is their sum), the
figures its words give: F = 2 as dealt; 5 after the set of 7s (none of them Old) won 3 fu; 5
still after the Old M9 won a trick (a fu more, an Old card fewer); 6 after M6 won one
(`tests/test_lesson.py` checks each against the engine)."""


def lesson_start(level: str = LEVELS[0]) -> Session:
    """The lesson's deal as dealt: you at seat 0, two computer players (who never think: the
    page plays their scripted moves)."""
    return Session(State.from_hands(HANDS, MASTER), (PERSON, level, level), LESSON_NUMBER)


def session_at(step: int, level: str = LEVELS[0]) -> Session:
    """The lesson's deal as it stands when ``step`` is shown (the script played up to it)."""
    session = lesson_start(level)
    for action in SCRIPT[:STEPS[step].at]:
        session = session.take(action)
    return session


def follows_script(session: Session) -> bool:
    """Whether ``session`` is the lesson's deal, played by its script so far (as a saved lesson
    must be to be resumed).

    >>> follows_script(session_at(6)), follows_script(Session.new(LESSON_NUMBER, MASTER))
    (True, False)
    """
    moves = session.state.history
    return (session.deal_number == LESSON_NUMBER and session.seats[0] == PERSON
            and session.start == lesson_start().start and tuple(moves) == SCRIPT[:len(moves)])


def scripted(session: Session) -> Action | None:
    """The script's next move in the lesson's deal, or None once it is over."""
    moves = len(session.state.history)
    return SCRIPT[moves] if moves < len(SCRIPT) else None


def waits(step: int, session: Session) -> bool:
    """Whether the computer players wait: ``step`` is on show and is read, not played."""
    shown = STEPS[step]
    return shown.asks is None and len(session.state.history) == shown.at


def shown_step(step: int, session: Session) -> int:
    """The step the table shows: ``step`` once the deal has reached it, else the one before
    (its words stay up while the computer players make their scripted moves)."""
    while step > 0 and len(session.state.history) < STEPS[step].at:
        step -= 1
    return step


def read_progress(text: str | None) -> tuple[int, bool, bool]:
    """The stored progress: (step to go on from, whether the lesson was on the table when the
    page closed, whether it was finished).  Anything unreadable starts the lesson afresh.  (The
    lesson on the table is saved as any table is now: only an earlier version wrote "open 4".)

    >>> read_progress("open 4"), read_progress("7"), read_progress("done"), read_progress("x")
    ((4, True, False), (7, False, False), (0, False, True), (0, False, False))
    """
    if text == "done":
        return 0, False, True
    words = (text or "").split()
    opened = words[:1] == ["open"]
    number = words[-1] if words else ""
    step = int(number) if number.isdigit() and int(number) <= LAST else 0
    return step, opened and number.isdigit(), False


def progress_text(step: int) -> str:
    """What `read_progress` reads back: the step to go on from."""
    return str(step)
