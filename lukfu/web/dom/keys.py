"""The keyboard at the table: the buttons' shortcut keys, moving along your hand, a replay's keys.

Plain Python that MicroPython runs too: `update` (in the worker) reads the keys; the page names
them in ``aria-keyshortcuts`` and, with `claimed`, keeps the browser from also acting on a key
that the game uses (it cannot wait for the worker's answer to decide).  Your hand's own keys
(`on_hand`) are the page's: it moves the keyboard along the hand at once (`hand_step`), and
Space and Enter name the card that has the keyboard as they go down; only after a message that
may change your hand (`changes_hand`) do they wait, for its answer, to act on the hand it leaves.
"""

# Keys for the table's buttons, by KeyboardEvent.code: the same keys on every keyboard layout
# (a Persian layout types other letters with them).  The page names them in aria-keyshortcuts.
SHORTCUTS = {"KeyC": "call", "KeyP": "pass", "KeyK": "claim", "KeyH": "hint",
             "KeyT": "last-trick", "KeyN": "new-deal"}
# The replay's keys: the buttons they press (`lukfu.web.replay` swaps the arrows in right-to-left).
REPLAY_KEYS = {"Home": "replay-first", "End": "replay-last", "ArrowLeft": "replay-back",
               "ArrowRight": "replay-next", "Escape": "replay-close"}
HAND_KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End")
SELECT, PLAY = " ", "Enter"  # on a card of your hand: select it (or put it back); play


def shortcut_key(action: str) -> str:
    """The key of a button's shortcut, as aria-keyshortcuts writes it ("" if it has none).

    >>> shortcut_key("claim"), shortcut_key("play")
    ('K', '')
    """
    return next((code[3:] for code, name in SHORTCUTS.items() if name == action), "")


def hand_step(key: str, index: int, count: int) -> int | None:
    """The card of your hand that ``key`` moves the keyboard to from card ``index`` (of
    ``count``), or None if the key does not move along the hand.  The cards run low to high,
    left to right, in every language, and so do the arrow keys.

    >>> hand_step("ArrowRight", 3, 12), hand_step("ArrowLeft", 0, 12), hand_step("End", 0, 5)
    (4, 0, 4)
    >>> hand_step("Home", 4, 5), hand_step("ArrowDown", 4, 5), hand_step("x", 1, 5)
    (0, 4, None)
    """
    if key not in HAND_KEYS or count == 0:
        return None
    moves = {"ArrowLeft": index - 1, "ArrowUp": index - 1, "ArrowRight": index + 1,
             "ArrowDown": index + 1, "Home": 0, "End": count - 1}
    return max(0, min(count - 1, moves[key]))


def landing(before: list[str], after: list[str], current: str) -> str:
    """The card of your hand (``after``, codes) that holds the keyboard when the hand that was
    ``before`` changes and ``current`` held it: the same card, or if it went (played), the
    next card of ``before`` still there, else the one before it, else the first.

    >>> landing(["C1", "C2", "C3", "C4"], ["C1", "C4"], "C2"), landing(["C1", "C2"], ["C1"], "C2")
    ('C4', 'C1')
    >>> landing([], ["S5", "S6"], ""), landing(["S5"], [], "S5")
    ('S5', '')
    """
    if current in after:
        return current
    at = before.index(current) if current in before else len(before)
    for code in before[at + 1:] + list(reversed(before[:at])):
        if code in after:
            return code
    return after[0] if after else ""


def claimed(key: str, where: str, replaying: bool) -> bool:
    """Whether the game uses ``key`` (pressed on ``where``, as in the ``key`` message), so the
    browser must not act on it too (scroll the page, click the focused card): in a replay its
    keys, and on a card of your hand Enter and the keys that move along the hand.

    >>> claimed("ArrowRight", "", True), claimed("Enter", "card:C7", False)
    (True, True)
    >>> claimed("ArrowDown", "", False), claimed("Tab", "card:C7", False)
    (False, False)
    """
    if replaying and key in REPLAY_KEYS:
        return True
    return where.startswith("card:") and (key == "Enter" or key in HAND_KEYS)


def on_hand(key: str, replaying: bool) -> bool:
    """Whether ``key``, pressed on a card of your hand, is the hand's own, which the page acts on
    itself: the keys that move along it (in a replay they step through the replay instead),
    Space and Enter.

    >>> on_hand("End", False), on_hand(" ", False), on_hand("Enter", True)
    (True, True, True)
    >>> on_hand("ArrowLeft", True), on_hand("Tab", False), on_hand("c", False)
    (False, False, False)
    """
    return key in (SELECT, PLAY) or (key in HAND_KEYS and not replaying)


def changes_hand(message: list[object] | tuple[object, ...]) -> bool:
    """Whether ``message`` (as the page sends it) may change your hand: a play, a discard, a new
    deal, a replay's step; a button pressed, a double click on a card, Enter, a shortcut key.
    The keys of your hand pressed before its answer is drawn wait for it, so that they act on
    the hand it leaves, as if pressed after (a card played, the keyboard on the one in its place).

    >>> changes_hand(["key", "Enter", "Enter", "card:C7", False]), changes_hand(["press", "play"])
    (True, True)
    >>> changes_hand(["key", "k", "KeyK", "", False]), changes_hand(["key", "Tab", "Tab", "", False])
    (True, False)
    >>> changes_hand(["card", "C7"]), changes_hand(["setting", "level", "casual"])
    (False, False)
    """
    kind = message[0]
    if kind == "key":
        return message[1] == PLAY or message[2] in SHORTCUTS or message[1] in REPLAY_KEYS
    return kind in ("press", "play-card")
