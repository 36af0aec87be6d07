"""The keyboard at the table: the buttons' shortcut keys, moving along your hand, a replay's keys.

Plain Python that MicroPython runs too: `update` (in the worker) reads the keys; the page names
them in ``aria-keyshortcuts`` and, with `claimed`, keeps the browser from also acting on a key
that the game uses (it cannot wait for the worker's answer to decide).
"""

# Keys for the table's buttons, by KeyboardEvent.code: the same keys on every keyboard layout
# (a Persian layout types other letters with them).  The page names them in aria-keyshortcuts.
SHORTCUTS = {"KeyC": "call", "KeyP": "pass", "KeyK": "claim", "KeyH": "hint",
             "KeyT": "last-trick", "KeyN": "new-deal"}
# The replay's keys: the buttons they press (`lukfu.web.replay` swaps the arrows in right-to-left).
REPLAY_KEYS = {"Home": "replay-first", "End": "replay-last", "ArrowLeft": "replay-back",
               "ArrowRight": "replay-next", "Escape": "replay-close"}
HAND_KEYS = ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End")


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
