"""Sampled deals: the hidden cards dealt out again, consistent with everything one seat has seen.

A search player cannot see the other hands, so it imagines them: it deals the cards it has not
seen (``unseen``) to the other two hands and their face-down discards, keeping to what the
public play proves (``Evidence``):

- cards played face up, its own hand and its own discards are nobody else's;
- a seat that discarded while facing a play holds nothing that beats that play (hands only
  shrink, so this holds for the rest of the deal);
- a non-caller who led a single held no card that was not Old in a higher suit (RULES §5.1);
- a seat's call or pass is evidence of its first hand's strength: a deal where Casual's rule
  would have decided otherwise is kept only sometimes (``CALL_EVIDENCE``).

A passed Master's limits, like every rule, are enforced by the engine in the sampled deal.
``position`` builds the engine's ``Position`` of a sampled deal for the play-outs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK_SIZE, FULL_DECK, SPECIAL_MASK, SUIT_MASK, cards_of, to_mask
from ..observation import Observation
from ..plays import BEATER_MASKS, PLAY_SIZES
from ..position import Position
from .policy import unseen_by, wants_to_call

ATTEMPTS = 24
"""Deals tried before settling for the one that breaks the fewest proofs."""
CALL_EVIDENCE = 0.35
"""Chance of keeping a deal in which a seat's first hand contradicts its call or pass."""

_ABOVE = tuple(
    0 if (1 << card) & SPECIAL_MASK else (SUIT_MASK << 9 * (card // 9)) & ~((1 << card + 1) - 1)
    for card in range(DECK_SIZE)
)
"""For each card: the higher cards of its suit that it needs to be Old (none for C1 and T1)."""


@dataclass(frozen=True)
class Evidence:
    """What one seat knows about the hidden cards, read off its observation."""

    seat: int
    unseen: int
    """Cards that are in another hand or another seat's discards."""
    hand_sizes: tuple[int, int, int]
    discarded: tuple[int, int, int]
    forbidden: tuple[int, int, int]
    """For each seat, cards it cannot hold (it could not beat a single with them)."""
    cannot_beat: tuple[tuple[int, int], ...]
    """(seat, play index): the seat held no play beating that play (sets and runs)."""
    single_leads: tuple[tuple[int, int, int], ...]
    """(seat, suit, face-up cards before the lead): a non-caller's single lead."""
    played: tuple[int, int, int]
    """The cards each seat played face up."""
    calls: tuple[tuple[int, bool], ...]
    master: int

    @classmethod
    def of(cls, obs: Observation) -> Evidence:
        forbidden = [0, 0, 0]
        cannot_beat: list[tuple[int, int]] = []
        single_leads: list[tuple[int, int, int]] = []
        played = [0, 0, 0]
        public = 0
        tricks = obs.tricks + ((obs.trick,) if obs.trick is not None else ())
        for trick in tricks:
            best = -1
            for number, turn in enumerate(trick.turns):
                if turn.play is not None:
                    play = turn.play
                    if number == 0 and play.size == 1 and turn.seat != obs.caller:
                        single_leads.append((turn.seat, play.suit, public))
                    best = play.index
                    played[turn.seat] |= play.mask
                    public |= play.mask
                elif turn.seat != obs.seat:
                    if PLAY_SIZES[best] == 1:
                        for mask in BEATER_MASKS[best]:
                            forbidden[turn.seat] |= mask
                    else:
                        cannot_beat.append((turn.seat, best))
        return cls(
            seat=obs.seat,
            unseen=unseen_by(to_mask(obs.hand), to_mask(obs.public), to_mask(obs.own_discards)),
            hand_sizes=obs.hand_sizes,
            discarded=obs.discarded,
            forbidden=(forbidden[0], forbidden[1], forbidden[2]),
            cannot_beat=tuple(cannot_beat),
            single_leads=tuple((s, suit, p) for s, suit, p in single_leads if s != obs.seat),
            played=(played[0], played[1], played[2]),
            calls=tuple(c for c in obs.calls if c[0] != obs.seat),
            master=obs.master,
        )

    def broken(self, hands: list[int], discards: list[int], own: int) -> int:
        """How many proofs a dealt-out world breaks (``own`` is everything the seat itself held)."""
        count = 0
        for seat, best in self.cannot_beat:
            hand = hands[seat]
            if any(mask & hand == mask for mask in BEATER_MASKS[best]):
                count += 1
        for seat, suit, public in self.single_leads:
            # Cards surely not in that seat's hand then: anyone else's, held, discarded or played.
            other = 3 - seat - self.seat
            not_theirs = (own | self.played[self.seat] | hands[other] | discards[other] | self.played[other])
            not_theirs &= ~public
            higher_suits = FULL_DECK & ~((1 << 9 * (suit + 1)) - 1)
            for card in cards_of(hands[seat] & higher_suits):
                if _ABOVE[card] & not_theirs:
                    count += 1
                    break
        return count

    def call_mismatch(self, hands: list[int], discards: list[int]) -> bool:
        """Whether some seat's first hand in this world contradicts its call or pass."""
        for seat, called in self.calls:
            first = hands[seat] | discards[seat] | self.played[seat]
            if wants_to_call(first, seat == self.master) != called:
                return True
        return False


def deal_out(evidence: Evidence, own: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Hands and face-down discards of all three seats, the unseen cards dealt at random.

    ``own`` is the observing seat's hand and ``own_discards`` are folded into its discards by
    the caller; here the other seats' hands and discards are filled, honouring ``forbidden``.
    """
    best: tuple[list[int], list[int]] | None = None
    best_broken = 1 << 30
    seat = evidence.seat
    others = ((seat + 1) % 3, (seat + 2) % 3)
    for _attempt in range(ATTEMPTS):
        dealt = _fill(evidence, others, rng)
        if dealt is None:
            continue
        hands, discards = dealt
        broken = evidence.broken(hands, discards, own)
        if broken == 0 and (not evidence.calls or not evidence.call_mismatch(hands, discards)
                            or rng.random() < CALL_EVIDENCE):
            return hands, discards
        if broken < best_broken:
            best, best_broken = dealt, broken
    if best is None:  # forbidden cards left no way out: drop them, keep the sizes
        relaxed = Evidence(
            evidence.seat, evidence.unseen, evidence.hand_sizes, evidence.discarded, (0, 0, 0),
            (), (), evidence.played, (), evidence.master,
        )
        dealt = _fill(relaxed, others, rng)
        assert dealt is not None
        best = dealt
    return best


def _fill(
    evidence: Evidence, others: tuple[int, int], rng: random.Random
) -> tuple[list[int], list[int]] | None:
    """One random dealing of the unseen cards into the other hands and discards, or ``None``.

    A position set up mid-deal (``State.from_hands``) has face-down cards of no known seat:
    they fill a fifth place, nobody's.
    """
    room = [evidence.hand_sizes[others[0]], evidence.hand_sizes[others[1]],
            evidence.discarded[others[0]], evidence.discarded[others[1]]]
    room.append(evidence.unseen.bit_count() - sum(room))
    cards = list(cards_of(evidence.unseen))
    rng.shuffle(cards)
    f0, f1 = evidence.forbidden[others[0]], evidence.forbidden[others[1]]
    either = f0 | f1
    if either:  # the cards one hand may not hold go first, while there is room elsewhere
        cards = [c for c in cards if either >> c & 1] + [c for c in cards if not either >> c & 1]
    # Each card goes to a place with chance proportional to the room left there (a hand that
    # may not hold it has none); the fifth place is nobody's.
    r0, r1, r2, r3, r4 = room
    m0 = m1 = m2 = m3 = 0
    uniform = rng.random
    for card in cards:
        bit = 1 << card
        w0 = 0 if f0 & bit else r0
        w1 = 0 if f1 & bit else r1
        total = w0 + w1 + r2 + r3 + r4
        if total == 0:
            return None
        pick = uniform() * total
        if pick < w0:
            m0 |= bit
            r0 -= 1
            continue
        pick -= w0
        if pick < w1:
            m1 |= bit
            r1 -= 1
            continue
        pick -= w1
        if pick < r2:
            m2 |= bit
            r2 -= 1
            continue
        pick -= r2
        if pick < r3:
            m3 |= bit
            r3 -= 1
        else:
            r4 -= 1
    hands, discards = [0, 0, 0], [0, 0, 0]
    hands[others[0]], hands[others[1]] = m0, m1
    discards[others[0]], discards[others[1]] = m2, m3
    return hands, discards


def position(obs: Observation, hands: list[int], discards: list[int]) -> Position:
    """The engine's position of a world: ``obs``'s public record with these hands and discards."""
    trick = obs.trick
    turns = () if trick is None else tuple((t.seat, t.play.index if t.play else -1, 0) for t in trick.turns)
    return Position.under_way(
        0,
        obs.master,
        (hands[0], hands[1], hands[2]),
        redeals=obs.redeals,
        calls=obs.calls,
        caller=obs.caller,
        leader=trick.leader if trick is not None else obs.to_move,
        fu=obs.fu,
        public=to_mask(obs.public),
        discards=discards,
        turns=turns,
    )


def sample(obs: Observation, rng: random.Random) -> Position:
    """One world consistent with what ``obs``'s seat has seen (see ``Evidence``)."""
    return sample_with(Evidence.of(obs), obs, rng)


def sample_with(evidence: Evidence, obs: Observation, rng: random.Random) -> Position:
    """``sample`` with the evidence already read (search players read it once per decision)."""
    own = to_mask(obs.hand)
    hands, discards = deal_out(evidence, own | to_mask(obs.own_discards), rng)
    hands[obs.seat] = own
    discards[obs.seat] = to_mask(obs.own_discards)
    return position(obs, hands, discards)
