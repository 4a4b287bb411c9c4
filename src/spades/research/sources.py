"""Deal sources for the environments: a seeded generator, and one deal seen by two states.

The engine's numbered deals hash every hand (R26), which is right for sharing a game
and more than a training loop needs; :class:`SeededDeals` shuffles with a seeded numpy
generator instead, so an environment reset with the same seed replays the
same deals. :class:`SharedDeals` hands the same cards to a :class:`~spades.research.
table.Table` and to the :class:`~spades.game.Game` kept beside it for the computer
players, however many times each asks.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from spades.cards import Card, Mask, Seat
from spades.dealing import DealSource, HandDeal
from spades.rules import Rules

_DECK_BITS: dict[tuple[Card, ...], np.ndarray[Any, np.dtype[np.uint64]]] = {}
"""Each deck's cards as one-bit ``uint64`` masks, in deck order."""


def _deck_bits(deck: tuple[Card, ...]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    bits = _DECK_BITS.get(deck)
    if bits is None:
        bits = _DECK_BITS[deck] = np.array([1 << c for c in deck], dtype=np.uint64)
    return bits


class SeededDeals:
    """Each hand shuffled by a generator seeded with ``seed``; the exchange pile too.

    The same seed gives the same deals, in the same order (R22, R25).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Start the sequence of deals again from ``seed`` (None: from the system)."""
        self.generator = np.random.default_rng(seed)

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        deck = rules.deck_cards
        permutation = self.generator.permutation(len(deck))
        exchange_order = _ExchangeOrder(int(self.generator.integers(2**63)))
        if rules.draw:
            return HandDeal(stock=[deck[i] for i in permutation.tolist()],
                            exchange_order=exchange_order)
        seats = rules.seats
        n = len(seats)
        start = seats.index(dealer) + 1
        # One card at a time clockwise from the dealer's left: the p-th seat from there
        # gets the cards at positions p, p + n, ... of the shuffled deck (a column).
        dealt = _deck_bits(deck)[permutation].reshape(-1, n)
        masks: list[Mask] = np.bitwise_or.reduce(dealt, axis=0).tolist()
        cards = {seats[(start + p) % n]: masks[p] for p in range(n)}
        return HandDeal(cards=cards, exchange_order=exchange_order)


class _ExchangeOrder:
    """The exchange pile's order for one hand: a pure function of the pile (R25)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, pile: list[Card]) -> list[Card]:
        return Random(self.seed).sample(pile, len(pile))


class SharedDeals:
    """Remembers each hand's deal (and its exchange order) so two states get the same."""

    def __init__(self, inner: DealSource) -> None:
        self.inner = inner
        self.deals: dict[int, HandDeal] = {}

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        known = self.deals.get(hand)
        if known is not None:
            return known
        deal = self.inner(rules, hand, dealer)
        orders: dict[tuple[Card, ...], list[Card]] = {}

        def exchange_order(pile: list[Card]) -> list[Card]:
            key = tuple(pile)
            if key not in orders:
                orders[key] = deal.exchange_order(pile)
            return list(orders[key])

        shared = HandDeal(cards=deal.cards, stock=deal.stock, exchange_order=exchange_order)
        self.deals = {hand: shared}  # only the hand in progress is ever asked again
        return shared
