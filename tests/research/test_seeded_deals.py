"""Seeded deals: the same seed replays the same deals, each a fair split of the deck."""

from __future__ import annotations

import pytest
from tests.research.conftest import PRESET_NAMES

from spades.research.sources import SeededDeals
from spades.rules import rules_from


def deals(preset: str, seed: int, hands: int) -> list[tuple[object, object, list[int]]]:
    rules = rules_from(preset)
    source = SeededDeals(seed)
    out = []
    for hand in range(hands):
        dealer = rules.seats[hand % len(rules.seats)]
        deal = source(rules, hand, dealer)
        pile = deal.exchange_order(list(range(10)))
        out.append((dict(deal.cards) if deal.cards else None,
                    list(deal.stock) if deal.stock else None, pile))
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_seed_replays_its_deals_across_batches_and_each_deals_the_whole_deck(
        preset: str) -> None:
    rules = rules_from(preset)
    first = deals(preset, 11, 150)  # past several batches of shuffles
    assert deals(preset, 11, 150) == first
    assert deals(preset, 12, 150) != first
    for cards, stock, pile in first:
        assert sorted(pile) == list(range(10))
        if stock is not None:
            assert sorted(stock) == sorted(rules.deck_cards)
            continue
        assert cards is not None
        hands = list(cards.values())
        assert sorted(cards) == sorted(rules.seats)
        assert all(bin(h).count("1") == len(rules.deck_cards) // len(hands) for h in hands)
        union = 0
        for h in hands:
            assert union & h == 0
            union |= h
        assert union == sum(1 << c for c in rules.deck_cards)
    assert len({repr(d) for d in first}) == len(first)  # no deal repeats


def test_reseeding_starts_the_same_sequence_again() -> None:
    rules = rules_from("classic")
    source = SeededDeals(5)
    before = [source(rules, h, "N").cards for h in range(10)]
    source.reseed(5)
    assert [source(rules, h, "N").cards for h in range(10)] == before
    source.reseed(5)
    assert source(rules, 0, "E").cards != before[0]  # the dealer's left gets the first card
