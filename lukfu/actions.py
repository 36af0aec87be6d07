"""Actions a seat can take, their text form, and the error for an illegal one."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, format_cards, parse_cards
from .plays import PLAYS

CALL, PASS, CLAIM, PLAY, DISCARD = "call", "pass", "claim", "play", "discard"


class Action:
    """One decision: ``call``, ``pass``, ``claim``, a face-up ``play`` or a face-down ``discard``.

    The text form round-trips: ``"call"``, ``"pass"``, ``"claim"``, ``"C7 C8 C9"`` (a play) and
    ``"discard C2 S3"``. Cards are kept sorted, so equal actions compare and hash equal.

    >>> parse_action("discard S3 C2")
    parse_action('discard C2 S3')
    """

    __slots__ = ("kind", "cards")

    kind: str
    cards: tuple[Card, ...]

    def __init__(self, kind: str, cards: Iterable[int] = ()) -> None:
        if kind not in (CALL, PASS, CLAIM, PLAY, DISCARD):
            raise ValueError(f"unknown action kind {kind!r}")
        ordered = tuple(sorted(Card(c) for c in cards))
        if len(set(ordered)) != len(ordered):
            raise ValueError(f"the same card twice in {format_cards(ordered)!r}")
        if (kind in (PLAY, DISCARD)) != bool(ordered):
            raise ValueError(f"a {kind} action {'needs' if kind in (PLAY, DISCARD) else 'takes no'} cards")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", ordered)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    @classmethod
    def call(cls) -> Action:
        return _CALL

    @classmethod
    def pass_(cls) -> Action:
        return _PASS

    @classmethod
    def claim(cls) -> Action:
        return _CLAIM

    @classmethod
    def play(cls, cards: Iterable[int]) -> Action:
        return cls(PLAY, cards)

    @classmethod
    def discard(cls, cards: Iterable[int]) -> Action:
        return cls(DISCARD, cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.kind, self.cards))

    def __str__(self) -> str:
        if self.kind == PLAY:
            return format_cards(self.cards)
        if self.kind == DISCARD:
            return f"discard {format_cards(self.cards)}"
        return self.kind

    def __repr__(self) -> str:
        return f"parse_action('{self}')"


_CALL, _PASS, _CLAIM = Action(CALL), Action(PASS), Action(CLAIM)
PLAY_ACTIONS = tuple(Action.play(play.cards) for play in PLAYS)
"""The action of making each play, by play index."""


def parse_action(text: str) -> Action:
    """Read an action's text form; bad text raises ``ValueError`` naming the bad part."""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    head = words[0].lower()
    if head in (CALL, PASS, CLAIM):
        if len(words) > 1:
            raise ValueError(f"{head!r} takes no cards: {text!r}")
        return Action(head)
    if head == DISCARD:
        if len(words) == 1:
            raise ValueError(f"a discard needs cards: {text!r}")
        return Action(DISCARD, parse_cards(" ".join(words[1:])))
    return Action(PLAY, parse_cards(text))


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    ``code`` is a stable name the page translates (see ``CODES``), ``reason`` is English text for
    logs and tests, and ``params`` carries what the message needs (a suit, a count).
    """

    CODES = (
        "wrong-phase",
        "not-in-hand",
        "not-a-play",
        "does-not-beat",
        "must-beat",
        "wrong-count",
        "single-lead-rule",
        "passed-master-limit",
        "cannot-claim",
        "not-a-discard",
    )

    def __init__(self, code: str, reason: str, **params: object) -> None:
        assert code in self.CODES, code
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params: dict[str, object] = params
