"""Words for the table: announcements, prompts, refusals and hints, translated (the names of
seats, cards and plays are `naming`'s).

Plain Python (no ``js``), so it is tested under CPython.  It reads observations and engine
values but decides nothing about the rules: legality, winners and Old cards come from the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lukfu import CALLING, OVER, classify, session
from lukfu.actions import CLAIM, DISCARD
from lukfu.i18n import N_, NP_, Translator
from lukfu.plays import SET, SINGLE
from lukfu.web.naming import (
    YOU,
    by_kind,
    cards_in_sentence,
    kinds,
    play_in_sentence,
    seat_name,
    suit_name,
)

if TYPE_CHECKING:
    from lukfu import Card, IllegalAction, Observation, Play
    from lukfu.ai.hint import Hint
    from lukfu.session import Event

# Sentences that name a play, by its kind (`naming.by_kind`).
YOU_LEAD = kinds(NP_("single", "You lead {cards}."), NP_("set", "You lead {cards}."),
                 NP_("run", "You lead {cards}."))
YOU_PLAY = kinds(NP_("single", "You play {cards}."), NP_("set", "You play {cards}."),
                 NP_("run", "You play {cards}."))
SEAT_LEADS = kinds(NP_("single", "{seat} leads {cards}."), NP_("set", "{seat} leads {cards}."),
                   NP_("run", "{seat} leads {cards}."))
SEAT_PLAYS = kinds(NP_("single", "{seat} plays {cards}."), NP_("set", "{seat} plays {cards}."),
                   NP_("run", "{seat} plays {cards}."))
YOUR_TURN_BEAT = kinds(NP_("single", "Your turn: beat {cards}."),
                       NP_("set", "Your turn: beat {cards}."), NP_("run", "Your turn: beat {cards}."))
READY_TO_PLAY = kinds(NP_("single", "Ready to play {cards}."), NP_("set", "Ready to play {cards}."),
                      NP_("run", "Ready to play {cards}."))
HINT_PLAY = kinds(NP_("single", "Hint: play {cards}. {why}"), NP_("set", "Hint: play {cards}. {why}"),
                  NP_("run", "Hint: play {cards}. {why}"))


# ---------------------------------------------------------------------------------------------
# Announcements: one sentence per event, for the log and the live region


def new_deal_text(tr: Translator, master: int) -> str:
    # The deal's number is told only at the end: with it (and the engine) anyone could
    # work out every hand.
    if master == YOU:
        return tr.gettext("A new deal: you are the Master.")
    return tr.gettext("A new deal: {seat} is the Master.", seat=seat_name(tr, master))


def deal_number_text(tr: Translator, number: int) -> str:
    return tr.gettext("This was deal number {number}.", number=number)


def call_text(tr: Translator, seat: int, called: bool) -> str:
    if seat == YOU:
        return tr.gettext("You play this deal.") if called else tr.gettext("You pass.")
    name = seat_name(tr, seat)
    if called:
        return tr.gettext("{seat} plays this deal.", seat=name)
    return tr.gettext("{seat} passes.", seat=name)


def redeal_text(tr: Translator) -> str:
    return tr.gettext("All three passed: the cards are shuffled and dealt again.")


def turn_text(
    tr: Translator, seat: int, play: Play | None, discarded: int, leads: bool,
    own_discard: Sequence[Card] = (),
) -> str:
    """A face-up play, or a face-down discard told only by its count.

    ``own_discard`` names the cards when seat 0 discarded them (you may know your own cards);
    a computer player's discarded cards are never passed in.
    """
    if play is not None:
        if seat == YOU:
            return by_kind(tr, YOU_LEAD if leads else YOU_PLAY, play)
        return by_kind(tr, SEAT_LEADS if leads else SEAT_PLAYS, play, seat=seat_name(tr, seat))
    if seat == YOU:
        if own_discard:
            return tr.gettext("You discard {cards} face down.",
                              cards=cards_in_sentence(tr, own_discard))
        return tr.ngettext(
            "You discard {n} card face down.", "You discard {n} cards face down.", discarded
        )
    return tr.ngettext(
        "{seat} discards {n} card face down.",
        "{seat} discards {n} cards face down.",
        discarded,
        seat=seat_name(tr, seat),
    )


def trick_won_text(tr: Translator, winner: int, fu: int) -> str:
    if winner == YOU:
        return tr.ngettext("You win the trick: {n} fu.", "You win the trick: {n} fu.", fu)
    return tr.ngettext(
        "{seat} wins the trick: {n} fu.", "{seat} wins the trick: {n} fu.", fu,
        seat=seat_name(tr, winner),
    )


def claim_text(tr: Translator, seat: int, F: int) -> str:
    if seat == YOU:
        return tr.gettext("You claim with F = {F}.", F=F)
    return tr.gettext("{seat} claims with F = {F}.", seat=seat_name(tr, seat), F=F)


def event_text(tr: Translator, event: Event) -> str:
    """One sentence for one event of the session (a face-down discard told by its count)."""
    kind, seat = event.kind, event.seat
    if kind == session.NEW_DEAL:
        assert seat is not None
        return new_deal_text(tr, seat)
    if kind in (session.CALLED, session.PASSED):
        assert seat is not None
        return call_text(tr, seat, kind == session.CALLED)
    if kind == session.REDEAL:
        return redeal_text(tr)
    if kind in (session.LED, session.PLAYED):
        assert seat is not None and event.play is not None
        return turn_text(tr, seat, event.play, 0, kind == session.LED)
    if kind == session.DISCARDED:
        assert seat is not None
        return turn_text(tr, seat, None, event.count, False, event.cards)
    if kind == session.TRICK_WON:
        assert seat is not None
        return trick_won_text(tr, seat, event.fu)
    if kind == session.CLAIMED:
        assert seat is not None
        return claim_text(tr, seat, event.F)
    assert kind == session.DEAL_OVER, kind
    return result_title(tr, seat)


def result_title(tr: Translator, winner: int | None) -> str:
    if winner is None:
        return tr.gettext("The deal is drawn: nobody reached six fu.")
    if winner == YOU:
        return tr.gettext("You win the deal!")
    return tr.gettext("{seat} wins the deal.", seat=seat_name(tr, winner))


def result_explanation(tr: Translator, obs: Observation) -> tuple[str, ...]:
    """The end of a deal in words: how F and S came about, and who pays whom and why."""
    result = obs.result
    assert result is not None, "the deal is not over"
    winner = result.winner
    if winner is None:
        return (tr.gettext("Nobody scores."),)
    fu = obs.fu[winner]
    if result.claimed:
        why = tr.gettext("Claimed: F = fu + Old cards in hand = {fu} + {old} = {F}, "
                         "so S = F − 5 = {S}.", fu=fu, old=result.F - fu, F=result.F, S=result.S)
    else:
        why = tr.gettext("The cards ran out: F = the fu won = {F}, so S = F − 5 = {S}.",
                         F=result.F, S=result.S)
    assert obs.caller is not None  # a deal with a winner had a caller
    return (why, payment_text(tr, winner, obs.caller, result.S, result.net_points))


def payment_text(tr: Translator, winner: int, caller: int, S: int,
                 net: tuple[int, int, int]) -> str:
    """Who pays the winner, and why (RULES §8), for every seat you may be: the points are the
    engine's (``net``, each seat's net points)."""
    if winner == caller:
        if winner == YOU:
            return tr.gettext("You called and won: each of the other two pays you S = {S}.", S=S)
        return tr.gettext("{seat} called and won: each of the other two pays {seat} S = {S}.",
                          seat=seat_name(tr, winner), S=S)
    third = 3 - winner - caller
    points = -net[caller]  # the caller who lost pays both shares: 2 × S
    if winner == YOU:
        return tr.gettext("You beat the caller: {caller} pays you 2 × S = {points}; "
                          "{third} pays nothing.", caller=seat_name(tr, caller),
                          third=seat_name(tr, third), points=points)
    if caller == YOU:
        return tr.gettext("{seat} beat you, the caller: you pay {seat} 2 × S = {points}; "
                          "{third} pays nothing.", seat=seat_name(tr, winner),
                          third=seat_name(tr, third), points=points)
    return tr.gettext("{seat} beat the caller: {caller} pays {seat} 2 × S = {points}; "
                      "you pay nothing.", seat=seat_name(tr, winner),
                      caller=seat_name(tr, caller), points=points)


def totals_text(tr: Translator, deals: int) -> str:
    return tr.ngettext("Total over {n} deal played on this visit.",
                       "Total over {n} deals played on this visit.", deals)


# ---------------------------------------------------------------------------------------------
# Prompts: whose turn it is and what you may do


def discard_count(obs: Observation) -> int:
    """How many cards a discard takes now: the size of the current best play (0 if leading)."""
    trick = obs.trick
    if trick is None or trick.best is None:
        return 0
    return trick.best.size


def prompt_text(tr: Translator, obs: Observation) -> str:
    """One sentence saying whose turn it is and, on yours, what you may do."""
    if obs.phase == OVER:
        return tr.gettext("The deal is over.")
    seat = obs.to_move
    if seat is None:
        return ""
    if seat != obs.seat:
        if obs.phase == CALLING:
            return tr.gettext("{seat} is deciding whether to play…", seat=seat_name(tr, seat))
        return tr.gettext("{seat} is thinking…", seat=seat_name(tr, seat))
    if obs.phase == CALLING:
        return tr.gettext("Your call: play this deal, or pass?")
    actions = {a.kind for a in obs.legal}
    if obs.leading:
        if CLAIM in actions:
            return tr.gettext("Your lead: you may claim now, or choose cards to lead.")
        return tr.gettext("Your lead: choose cards to lead.")
    trick = obs.trick
    assert trick is not None and trick.best is not None and trick.best_seat is not None
    best = play_in_sentence(tr, trick.best)
    if DISCARD in actions:
        n = len(trick.best.cards)
        if trick.best.kind == SINGLE:
            return tr.npgettext("single", "You cannot beat {cards}: choose {n} card to discard face down.",
                                "You cannot beat {cards}: choose {n} cards to discard face down.",
                                n, cards=best)
        if trick.best.kind == SET:
            return tr.npgettext("set", "You cannot beat {cards}: choose {n} card to discard face down.",
                                "You cannot beat {cards}: choose {n} cards to discard face down.",
                                n, cards=best)
        return tr.npgettext("run", "You cannot beat {cards}: choose {n} card to discard face down.",
                            "You cannot beat {cards}: choose {n} cards to discard face down.",
                            n, cards=best)
    return by_kind(tr, YOUR_TURN_BEAT, trick.best)


def selection_hint(tr: Translator, selected: int, to_discard: int, touch: bool = False) -> str:
    """What to do next when nothing is wrong yet (empty selection, or counting discards), in
    the words of the device last used: a finger taps; a mouse or the keyboard selects."""
    if to_discard:
        if selected == to_discard:
            return tr.ngettext("Ready to discard {n} card face down.",
                               "Ready to discard {n} cards face down.", selected)
        if selected:
            return tr.ngettext("Select {n} card to discard ({chosen} selected).",
                               "Select {n} cards to discard ({chosen} selected).",
                               to_discard, chosen=selected)
        return tr.ngettext("Select {n} card to discard.", "Select {n} cards to discard.",
                           to_discard)
    if touch:
        return tr.gettext("Tap cards to select them.")
    return tr.gettext("Select the cards you want to play.")


ILLEGAL_REASONS = {
    "not-a-play": N_("Not a play: lead one card, three or four of a rank, "
                     "or three or more in a row of one suit."),
    "single-lead-rule": N_("A single you lead must be a card that is not Old, from {suit}: "
                           "your highest suit with such a card."),
    "passed-master-limit": N_("A passed Master may not lead four of a rank "
                              "or a run of four or more."),
    "cannot-claim": N_("You cannot claim now."),
    "not-a-discard": N_("The leader plays cards face up; only followers discard."),
    "not-in-hand": N_("Those cards are not in your hand."),
    "wrong-phase": N_("That is not possible now."),
}


# Refusals that name the play to beat, by its kind ("not-a-play" when you follow says what
# beats that play).
ILLEGAL_TO_BEAT = {
    "not-a-play": kinds(
        NP_("single", "Not a play: to beat {cards}, play the same kind with as many cards."),
        NP_("set", "Not a play: to beat {cards}, play the same kind with as many cards."),
        NP_("run", "Not a play: to beat {cards}, play the same kind with as many cards.")),
    "does-not-beat": kinds(NP_("single", "That does not beat {cards}."),
                           NP_("set", "That does not beat {cards}."),
                           NP_("run", "That does not beat {cards}.")),
    "must-beat": kinds(NP_("single", "You can beat {cards}, so you must play, not discard."),
                       NP_("set", "You can beat {cards}, so you must play, not discard."),
                       NP_("run", "You can beat {cards}, so you must play, not discard.")),
}


def illegal_text(tr: Translator, error: IllegalAction, obs: Observation) -> str:
    """Why the engine refused an action, in the player's language (chosen by the error code)."""
    code = error.code
    if code == "wrong-count":
        count = error.params.get("count")
        n = count if isinstance(count, int) else discard_count(obs)
        return tr.ngettext("Discard exactly {n} card.", "Discard exactly {n} cards.", n)
    if code == "single-lead-rule":
        suit = error.params.get("suit")
        return tr.gettext(
            ILLEGAL_REASONS[code], suit=suit_name(tr, suit) if isinstance(suit, int) else "?"
        )
    best = obs.trick.best if obs.trick else None
    if code in ILLEGAL_TO_BEAT and best is not None:
        return by_kind(tr, ILLEGAL_TO_BEAT[code], best)
    return tr.gettext(ILLEGAL_REASONS.get(code, ILLEGAL_REASONS["wrong-phase"]))


def claim_hint(tr: Translator, F: int, S: int, points: int) -> str:
    return tr.gettext(
        "Claiming now: F = {F}, S = {S}, and {points} points for you.",
        F=F, S=S, points=tr.signed(points),
    )


# Why the hint suggests what it does, by ``lukfu.ai.hint`` reason code.
HINT_REASONS = {
    "call": N_("This hand can reach six fu."),
    "pass": N_("This hand is unlikely to reach six fu."),
    "claim": N_("F = {F} wins now; playing on could only lose it."),
    "cash": N_("Nobody can beat this lead, and it raises your F."),
    "keep-lead": N_("Nobody can beat this lead: you keep the lead."),
    "give-lead": N_("A cheap lead: keep your strong cards for later."),
    "win-cheap": N_("The cheapest play that wins this trick."),
    "win-holds": N_("Nobody after you can beat this play."),
    "beat": N_("You must beat it; this play keeps your best cards."),
    "discard": N_("These are the cards least worth keeping."),
}


def hint_text(tr: Translator, hint: Hint) -> str:
    """The hint in one line: what to do, then why."""
    why = tr.gettext(HINT_REASONS[hint.reason], F=hint.F)
    action = hint.action
    if action.kind == "call":
        return tr.gettext("Hint: play this deal. {why}", why=why)
    if action.kind == "pass":
        return tr.gettext("Hint: pass. {why}", why=why)
    if action.kind == CLAIM:
        return tr.gettext("Hint: claim. {why}", why=why)
    if action.kind == DISCARD:
        return tr.gettext("Hint: discard {cards} face down. {why}",
                          cards=cards_in_sentence(tr, action.cards), why=why)
    play = classify(action.cards)
    assert play is not None
    return by_kind(tr, HINT_PLAY, play, why=why)


def hints_used_text(tr: Translator, count: int) -> str:
    """The end-of-deal panel's count of hints."""
    return tr.ngettext("You used {n} hint in this deal.", "You used {n} hints in this deal.", count)
