"""The keyboard at the table: the buttons' shortcut keys, and moving along your hand.

Plain Python (no ``js``): `update` reads the keys, the renderer names them in
``aria-keyshortcuts``.
"""

from __future__ import annotations

# Keys for the table's buttons, by KeyboardEvent.code: the same keys on every keyboard layout
# (a Persian layout types other letters with them).  The page names them in aria-keyshortcuts.
SHORTCUTS = {"KeyC": "call", "KeyP": "pass", "KeyK": "claim", "KeyH": "hint",
             "KeyT": "last-trick", "KeyN": "new-deal"}


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
    moves = {"ArrowLeft": index - 1, "ArrowUp": index - 1, "ArrowRight": index + 1,
             "ArrowDown": index + 1, "Home": 0, "End": count - 1}
    if key not in moves or count == 0:
        return None
    return max(0, min(count - 1, moves[key]))
