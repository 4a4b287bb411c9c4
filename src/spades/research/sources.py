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

from spades.cards import STANDARD_DECK, Card, Mask, Seat
from spades.dealing import DealSource, HandDeal
from spades.rules import Rules

_DECK_BITS: dict[tuple[Card, ...], np.ndarray[Any, np.dtype[np.uint64]]] = {}
"""Each deck's cards as one-bit ``uint64`` masks, in deck order."""


def _deck_bits(deck: tuple[Card, ...]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    bits = _DECK_BITS.get(deck)
    if bits is None:
        bits = _DECK_BITS[deck] = np.array([1 << c for c in deck], dtype=np.uint64)
    return bits


_MOST_SHUFFLES = 64
"""The most shuffles drawn from the generator at once (one numpy call for them all)."""


class SeededDeals:
    """Each hand shuffled by a generator seeded with ``seed``; the exchange pile too.

    The same seed gives the same deals, in the same order (R22, R25). Shuffles are drawn
    in batches (1, 2, 4, … then 64 at a time after each reseed, so a reseed every hand
    costs no more than one shuffle): one generator call per batch instead of two per
    hand, and each batch's deals worked out in one numpy reduction.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Start the sequence of deals again from ``seed`` (None: from the system)."""
        self.generator = np.random.default_rng(seed)
        self._next_batch = 1
        self._new_batch(0)

    def _new_batch(self, size: int) -> None:
        self._used = 0
        self._size = size
        if size:
            rows = np.broadcast_to(np.arange(len(STANDARD_DECK)), (size, len(STANDARD_DECK)))
            self._shuffles = self.generator.permuted(rows, axis=1)
            self._exchange_seeds: list[int] = self.generator.integers(
                2**63, size=size).tolist()
        self._dealt: dict[tuple[tuple[Card, ...], int], list[list[Mask]]] = {}
        self._orders: list[list[int]] | None = None

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        if self._used == self._size:
            self._new_batch(self._next_batch)
            self._next_batch = min(2 * self._next_batch, _MOST_SHUFFLES)
        i = self._used
        self._used += 1
        exchange_order = _ExchangeOrder(self._exchange_seeds[i])
        deck = rules.deck_cards
        if rules.draw:
            if self._orders is None:
                self._orders = self._shuffles.tolist()
            return HandDeal(stock=[deck[c] for c in self._orders[i]],
                            exchange_order=exchange_order)
        seats = rules.seats
        n = len(seats)
        dealt = self._dealt.get((deck, n))
        if dealt is None:
            # One card at a time clockwise from the dealer's left: the p-th seat from
            # there gets the cards at positions p, p + n, ... of a shuffled deck.
            cards = _deck_bits(deck)[self._shuffles].reshape(self._size, -1, n)
            dealt = self._dealt[deck, n] = np.bitwise_or.reduce(cards, axis=1).tolist()
        masks = dealt[i]
        start = seats.index(dealer) + 1
        return HandDeal(cards={seats[(start + p) % n]: masks[p] for p in range(n)},
                        exchange_order=exchange_order)


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
