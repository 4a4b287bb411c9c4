"""Deal sources for the environments: a seeded generator, and one deal seen by two states.

The engine's numbered deals hash every hand (R26), which is right for sharing a game
and more than a training loop needs; :class:`SeededDeals` shuffles with a seeded
:class:`random.Random` instead, so an environment reset with the same seed replays the
same deals. :class:`SharedDeals` hands the same cards to a :class:`~spades.research.
table.Table` and to the :class:`~spades.game.Game` kept beside it for the computer
players, however many times each asks.
"""

from __future__ import annotations

from random import Random

from spades.cards import Card, Seat
from spades.dealing import DealSource, HandDeal, deal_in_order
from spades.rules import Rules


class SeededDeals:
    """Each hand shuffled by ``rng``; the exchange pile too (R22, R25)."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        cards = list(rules.deck_cards)
        self.rng.shuffle(cards)
        exchange_order = _ExchangeOrder(self.rng.getrandbits(64))

        if rules.draw:
            return HandDeal(stock=cards, exchange_order=exchange_order)
        return HandDeal(cards=deal_in_order(cards, rules.seats, dealer),
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
