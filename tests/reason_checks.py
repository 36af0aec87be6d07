"""Whether the coach's reason is true of the two moves it explains, checked from the rules alone.

Each check reads the reason's sentence (`lukfu.web.review.REASONS`, the Hint's words) as a player
would, and tests it with the engine's public names only (``classify``, ``beats``,
``old_cards``): "nobody can beat this lead" against every play the cards the seat has not seen
could make, "a cheap lead" against the ranks of the two moves, "claim now" against the claim's
legality.  It shares no code with ``lukfu.reasons``, which picks the reason: a reason whose
condition there is wrong is caught here.  `bench/coach_reasons.py` runs it over hundreds of
reviewed deals; `tests/test_coach_reasons.py` over a few.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lukfu import Action, Card, Observation, beats, classify, old_cards, parse_action
from lukfu.ai.policy import keep_value
from lukfu.cards import ALL_CARDS, to_mask
from lukfu.plays import PLAYS


def _unseen(obs: Observation) -> set[Card]:
    return set(ALL_CARDS) - set(obs.hand) - set(obs.public) - set(obs.own_discards)


def nobody_beats(obs: Observation, action: Action) -> bool:
    """No play made of cards the seat has not seen beats ``action`` (or the seat acts last)."""
    if action.kind != "play":
        return False
    if obs.trick is not None and len(obs.trick.turns) == 2:
        return True
    mine = classify(action.cards)
    assert mine is not None
    unseen = _unseen(obs)
    leading = obs.trick is None
    return not any(set(play.cards) <= unseen and beats(mine, play, leading) for play in PLAYS)


def F_after(obs: Observation, action: Action) -> int:
    """The seat's F once ``action`` has won the trick."""
    rest = [card for card in obs.hand if card not in action.cards]
    public = list(obs.public) + list(action.cards)
    return obs.fu[obs.seat] + len(action.cards) + len(old_cards(rest, public))


def old_in(obs: Observation, action: Action) -> int:
    return len(old_cards(obs.hand, obs.public) & set(action.cards))


def top(action: Action) -> int:
    return max(card.rank for card in action.cards)


def in_combination(obs: Observation, card: Card) -> bool:
    """The card is Old, or in a set (three of its rank) or a run (three in a row) of the hand."""
    hand = set(obs.hand)
    if card in old_cards(obs.hand, obs.public):
        return True
    if sum(1 for other in hand if other.rank == card.rank) >= 3:
        return True
    ranks = {other.rank for other in hand if other.suit == card.suit}
    return any({start, start + 1, start + 2} <= ranks and card.rank in (start, start + 1, start + 2)
               for start in range(1, 8))


def kept(obs: Observation, action: Action) -> float:
    rest = to_mask(obs.hand) & ~to_mask(action.cards)
    return keep_value(rest, to_mask(obs.public))


Check = Callable[[Observation, Action, Action, dict[str, Any]], bool]
CHECKS: dict[str, Check] = {
    "call-out-of-reach": lambda o, m, b, d: m.kind == "call" and b.kind == "pass" and d["won"][1] < 0.5,
    "pass-strong": lambda o, m, b, d: m.kind == "pass" and b.kind == "call" and d["won"][0] >= 0.5,
    "claim-now": lambda o, m, b, d: b.kind == "claim" and Action.claim() in o.legal and o.F >= 6
    and d["F"] == o.F,
    "cash-first": lambda o, m, b, d: m.kind == "claim" and nobody_beats(o, b) and F_after(o, b) > o.F,
    "lead-safe-first": lambda o, m, b, d: m.kind == "claim" and nobody_beats(o, b),
    "raise-F-first": lambda o, m, b, d: m.kind == "claim" and b.kind == "play" and F_after(o, b) > o.F,
    "old-spent": lambda o, m, b, d: old_in(o, m) > old_in(o, b) and nobody_beats(o, b),
    "beatable-lead": lambda o, m, b, d: o.trick is None and nobody_beats(o, b) and not nobody_beats(o, m),
    "cash": lambda o, m, b, d: o.trick is None and nobody_beats(o, b) and F_after(o, b) > o.F,
    "keep-lead": lambda o, m, b, d: o.trick is None and nobody_beats(o, b),
    "give-lead": lambda o, m, b, d: o.trick is None and m.kind == "play" and top(b) < top(m),
    "win-cheap": lambda o, m, b, d: o.trick is not None and len(o.trick.turns) == 2 and all(
        top(b) <= top(a) for a in o.legal if a.kind == "play"),
    "win-holds": lambda o, m, b, d: o.trick is not None and nobody_beats(o, b),
    "beat": lambda o, m, b, d: o.trick is not None and m.kind == "play" and top(b) < top(m),
    "breaks-combination": lambda o, m, b, d: m.kind == "discard" and any(
        in_combination(o, card) for card in m.cards),
    "discard": lambda o, m, b, d: m.kind == "discard" and kept(o, b) > kept(o, m),
    "won-more": lambda o, m, b, d: d["won"][0] > d["won"][1],
    "scored-more": lambda o, m, b, d: d["loss"] > 0,
}
"""For each reason: whether what its sentence says is true of the move made and the better one
(``d`` is the decision as ``lukfu.coach.summary`` gives it)."""


def contradiction(obs: Observation, decision: dict[str, Any]) -> str:
    """What is false in the decision's reason ("" when it is true, or none is given)."""
    if decision["loss"] <= 0:
        return "" if not decision["reason"] else "a reason with nothing lost"
    made, best = (parse_action(str(decision[key])) for key in ("move", "best"))
    code = str(decision["reason"])
    if code not in CHECKS:
        return f"no check for the reason {code!r}"
    return "" if CHECKS[code](obs, made, best, decision) else f"{code}: {made} → {best}"
