"""Bids priced by the tricks the side takes on solved deals."""

from __future__ import annotations

from random import Random

from spades.bots.trick_bids import best_bid, side_tricks
from spades.cards import mask_of
from spades.rules import rules_from


def test_a_sure_count_is_bid_exactly() -> None:
    """The side takes 5 tricks every time and the partner bid 2: 3 makes the side's
    contract of 5 exactly, 2 leaves a bag, 4 is set."""
    rules = rules_from("classic")
    others = {"E": 3, "S": 2, "W": 3}
    bid, means = best_bid(rules, "N", [(5, others)] * 4, [1, 2, 3, 4, 5],
                          {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
    assert bid == 3
    assert means[3] > means[2] > means[1]
    assert means[4] < 0


def test_a_spread_of_counts_prices_the_risk_of_a_set() -> None:
    """Half the time 6 tricks, half the time 4 (the partner bid 2): a side contract
    of 6 is set half the time, so the side bids 4."""
    rules = rules_from("classic")
    others = {"E": 3, "S": 2, "W": 3}
    counts = [(6, others), (4, others)] * 3
    bid, _ = best_bid(rules, "N", counts, [2, 3, 4], {"NS": 0, "EW": 0},
                      {"NS": 0, "EW": 0})
    assert bid == 2


def test_the_two_sides_counts_share_the_deal() -> None:
    """The same play-out (same seed) then the exact count: the sides' tricks make 13."""
    rules = rules_from("classic")
    deck = list(rules.deck_cards)
    for seed in range(3):
        Random(seed).shuffle(deck)
        hands = [mask_of(deck[i * 13:(i + 1) * 13]) for i in range(4)]
        bids = [3, 3, 3, 3]
        ns = side_tricks(rules, hands, 0, bids, "N", Random(seed))
        ew = side_tricks(rules, hands, 0, bids, "E", Random(seed))
        assert 0 <= ns <= 13
        assert ns + ew == 13
