"""What a seat can deduce from its view: unseen cards, shown voids, bids, goals.

Every player reads the table through this one summary so that the rule-based player
and the search agree on the facts (tip 9 of the classic rules page: count the spades
and remember who failed to follow). It is built from a :class:`SeatView` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF, Card, Mask, Seat
from spades.rules import Rules
from spades.views import SeatView


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The public facts of the hand in play, seen from ``seat``.

    ``unseen`` holds the cards that may be in another player's hand (or, with two
    players, out of play); ``voids`` maps each seat to the suits it has shown it lacks.
    """

    seat: Seat
    seats: tuple[Seat, ...]
    partner: Seat | None
    hand: Mask
    played: Mask
    unseen: Mask
    voids: dict[Seat, frozenset[int]]
    bids: dict[Seat, int]
    tricks: dict[Seat, int]
    remaining: int

    def side_seats(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats scoring with ``seat`` (itself, and its partner if any)."""
        return _side_seats(self.seats, seat, self.partner is not None)

    def opponents(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat not scoring with ``seat``."""
        return _opponents(self.seats, seat, self.partner is not None)

    def is_nil(self, seat: Seat) -> bool:
        """True when ``seat`` bid Nil (or Blind Nil) this hand."""
        return self.bids.get(seat) == 0

    def nil_alive(self, seat: Seat) -> bool:
        """True when ``seat`` bid Nil and has taken no trick yet."""
        return self.is_nil(seat) and self.tricks.get(seat, 0) == 0

    def contract(self, seat: Seat) -> int:
        """The contract of ``seat``'s side (R8)."""
        return sum(self.bids.get(s, 0) for s in self.side_seats(seat))

    def side_tricks(self, seat: Seat) -> int:
        """Tricks taken so far by ``seat``'s side."""
        return sum(self.tricks.get(s, 0) for s in self.side_seats(seat))

    def need(self, seat: Seat) -> int:
        """Tricks ``seat``'s side still needs to make its contract (0 when made): one
        pass over the side, since the rules ask it at every card of every play-out."""
        need = 0
        for s in self.side_seats(seat):
            need += self.bids.get(s, 0) - self.tricks.get(s, 0)
        return max(0, need)

    def outstanding(self, suit: int) -> Mask:
        """The unseen cards of ``suit``: the ones another player may still hold."""
        return self.unseen & SUIT_MASK[suit]

    def is_master(self, card: Card) -> bool:
        """True when no unseen card of the same suit beats ``card``."""
        return not (self.outstanding(SUIT_OF[card]) >> (card + 1))

    def may_hold(self, seat: Seat, suit: int) -> bool:
        """False when ``seat`` has shown it holds no card of ``suit``."""
        return suit not in self.voids.get(seat, frozenset())


def partner_of(seats: tuple[Seat, ...], seat: Seat, partnerships: bool) -> Seat | None:
    """The seat facing ``seat`` when partners play together (R4)."""
    if not partnerships or len(seats) != 4:
        return None
    return seats[(seats.index(seat) + 2) % 4]


@cache
def _side_seats(seats: tuple[Seat, ...], seat: Seat, partnered: bool) -> tuple[Seat, ...]:
    """The seats scoring with ``seat``: worked out once per table shape, since the
    rules ask it at every card of every play-out."""
    p = partner_of(seats, seat, partnered)
    return (seat,) if p is None else (seat, p)


@cache
def _opponents(seats: tuple[Seat, ...], seat: Seat, partnered: bool) -> tuple[Seat, ...]:
    """Every seat not scoring with ``seat`` (once per table shape)."""
    mine = _side_seats(seats, seat, partnered)
    return tuple(s for s in seats if s not in mine)


def void_mask_shown(suit: int, led: int, broken: bool) -> Mask:
    """The cards a player shows it cannot hold by playing a card of ``suit`` to a trick
    whose suit led is ``led`` (-1 when the card leads it), spades broken or not: the
    suit led when it does not follow; every other suit when it leads a spade before
    spades are broken, which is only allowed with nothing else."""
    if led < 0:
        return NON_SPADE_MASK if suit == SPADES and not broken else 0
    return 0 if suit == led else SUIT_MASK[led]


def voids_shown(card: Card, before: Sequence[tuple[Seat, Card]], broken: bool) -> frozenset[int]:
    """The suits a player shows it lacks by playing ``card`` after ``before`` (the
    trick's cards so far): :func:`void_mask_shown` as suits."""
    led = SUIT_OF[before[0][1]] if before else -1
    return _SUITS_OF_MASK[void_mask_shown(SUIT_OF[card], led, broken)]


_NONE: frozenset[int] = frozenset()
_SUITS_OF_MASK: dict[Mask, frozenset[int]] = {
    0: _NONE, NON_SPADE_MASK: frozenset(s for s in range(4) if s != SPADES),
    **{SUIT_MASK[s]: frozenset((s,)) for s in range(4)}}
"""The suits of every mask :func:`void_mask_shown` gives."""


def shown_voids(view: SeatView) -> dict[Seat, set[int]]:
    """Suits each seat failed to follow this hand (and spades, for a forced spade lead)."""
    voids: dict[Seat, set[int]] = {s: set() for s in view.rules.seats}
    n = len(view.rules.seats)
    plays = view.plays
    broken = False
    for start in range(0, len(plays), n):
        trick = plays[start:start + n]
        for i, (seat, card) in enumerate(trick):
            voids[seat] |= voids_shown(card, trick[:i], broken)
        if any(SUIT_OF[c] == SPADES for _, c in trick):
            broken = True
    return voids


def knowledge_of(view: SeatView) -> Knowledge:
    """Summarise ``view`` (of a seat that has seen its cards) for the players."""
    assert view.seat is not None
    rules = view.rules
    played = view.played_mask
    unseen = rules.deck_mask & ~played & ~view.hand & ~view.seen_discards
    if view.my_exchange is not None:
        for c in view.my_exchange[0]:
            unseen &= ~(1 << c)
    voids = shown_voids(view)
    return Knowledge(
        seat=view.seat,
        seats=rules.seats,
        partner=partner_of(rules.seats, view.seat, rules.partnerships),
        hand=view.hand,
        played=played,
        unseen=unseen,
        voids={s: frozenset(v) for s, v in voids.items()},
        bids=dict(view.bids),
        tricks=dict(view.tricks),
        remaining=view.hand.bit_count(),
    )


def seat_roles(rules: Rules) -> tuple[list[int], list[int]]:
    """Partner position (-1 if none) and side index of every position, the form the
    play-outs and the sampler work with."""
    seats = rules.seats
    sides = list(rules.sides)
    partner = []
    for s in seats:
        p = partner_of(seats, s, rules.partnerships)
        partner.append(-1 if p is None else seats.index(p))
    return partner, [sides.index(rules.side_of(s)) for s in seats]
