"""The search-bid-odds benchmark: how far a search player's bids lie from the basic
bid of its hand (benchmarks/search_bid_odds.py)."""

from __future__ import annotations

from collections import Counter

from spades.rules import rules_from


def test_the_report_gives_each_distance_before_and_after_the_partner(benchmark_script):
    script = benchmark_script("search_bid_odds")
    found = Counter({(False, 0): 3, (False, 1): 1, (True, 1): 2, (True, 2): 2})
    lines = script.summary("strong", found)
    assert lines[0] == "strong before its partner (4 bids): +0 75%, +1 25%"
    assert lines[1] == "strong after its partner (4 bids): +1 50%, +2 50%"
    assert lines[-1] == "strong bids the basic bid before its partner: 0.75"


def test_a_basic_player_is_its_own_basic_bid(benchmark_script):
    # Each side bids before and after its partner once per seat order: four bids a
    # side, every one at distance 0 for the basic player itself.
    script = benchmark_script("search_bid_odds")
    found = script.distances(rules_from("classic"), 7, "basic")
    assert set(found) <= {(False, 0), (True, 0)} and sum(found.values()) >= 3

