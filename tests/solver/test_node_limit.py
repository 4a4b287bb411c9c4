"""A node limit stops a search with a clear error and changes nothing."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from spades.rules import rules_from
from spades.solver import SearchLimit, position_value, solve_cards, trick_count

from .brute import random_ending


@pytest.mark.parametrize("nil", [False, True], ids=["two sides", "a Nil bid"])
def test_a_search_past_its_limit_raises_and_leaves_the_position_as_it_was(nil: bool) -> None:
    position = random_ending(Random(11), rules_from("classic"), 6)
    bids = {s: 2 for s in position.rules.seats}
    if nil:
        bids["E"] = 0
    position = replace(position, bids=bids, blind=frozenset())
    before = dict(position.hands)
    with pytest.raises(SearchLimit, match="limit of 5 nodes"):
        solve_cards(position, max_nodes=5)
    with pytest.raises(SearchLimit):
        position_value(position, "N", max_nodes=5)
    assert position.hands == before
    values = solve_cards(position)
    assert solve_cards(position, max_nodes=10_000_000) == values
    if not nil:
        with pytest.raises(SearchLimit):
            trick_count(position, "N", max_nodes=3)
        assert 0 <= trick_count(position, "N", max_nodes=10_000_000) <= 6
