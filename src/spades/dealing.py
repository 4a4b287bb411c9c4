"""Where each hand's cards come from: chance is supplied to the game from outside.

The game holds no random generator. It asks a *deal source* for hand ``k``: a numbered
deal derives it from the deal number (R26), a record replays the cards it wrote down.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from spades.cards import Card, Mask, Seat
from spades.deals import shuffled
from spades.rules import Rules


def _identity_order(pile: list[Card]) -> list[Card]:
    return list(pile)


@dataclass(frozen=True)
class HandDeal:
    """The cards of one hand: ``cards`` per seat (a deal), or a two-player ``stock``.

    ``exchange_order`` gives the order in which a Double Nil exchange draws from the
    discard pile (R25), from the pile sorted by card index.
    """

    cards: Mapping[Seat, Mask] | None = None
    stock: Sequence[Card] | None = None
    exchange_order: Callable[[list[Card]], list[Card]] = field(default=_identity_order)


class DealSource(Protocol):
    """Gives the cards of hand ``hand`` (from 0) dealt by ``dealer``."""

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal: ...


def deal_in_order(cards: Sequence[Card], seats: Sequence[Seat], dealer: Seat) -> dict[Seat, Mask]:
    """Deal one card at a time clockwise from the dealer's left (seed 003)."""
    n = len(seats)
    start = (seats.index(dealer) + 1) % n
    hands = dict.fromkeys(seats, 0)
    for p, card in enumerate(cards):
        hands[seats[(start + p) % n]] |= 1 << card
    return hands


@dataclass(frozen=True)
class NumberedDeal:
    """Every hand of a game from its deal number, by the derivation in :mod:`spades.deals`."""

    number: int

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        order = shuffled(rules.deck_cards, self.number, hand)
        number = self.number

        def exchange_order(pile: list[Card]) -> list[Card]:
            return shuffled(sorted(pile), number, hand, "exchange")

        if rules.draw:
            return HandDeal(stock=order, exchange_order=exchange_order)
        return HandDeal(cards=deal_in_order(order, rules.seats, dealer),
                        exchange_order=exchange_order)
