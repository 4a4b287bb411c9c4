"""The double-dummy trick count agrees with plain minimax over the tricks."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.cards import cards_of
from spades.playout import Playout
from spades.rules import rules_from
from spades.solver import PositionError, trick_count

from .brute import playout_of, random_ending, random_rules


def most_tricks(p: Playout, mine: set[int], start: list[int]) -> int:
    """Tricks the positions ``mine`` take from ``p`` on, both sides playing for tricks."""
    if p.over:
        return sum(p.tricks[q] - start[q] for q in mine)
    children = []
    for card in cards_of(p.legal_mask()):
        q = p.copy()
        q.play(card)
        children.append(most_tricks(q, mine, start))
    return max(children) if p.turn in mine else min(children)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(1, 3))
def test_trick_count_equals_plain_minimax(seed: int, tricks_left: int) -> None:
    rng = Random(seed)
    rules = random_rules(rng)
    if len(rules.sides) != 2:
        rules = rules_from(rng.choice(["classic", "two-player", "jokers"]))
    position = random_ending(rng, rules, tricks_left)
    seats = rules.seats
    seat = rng.choice(seats)
    mine = {i for i, s in enumerate(seats) if rules.side_of(s) == rules.side_of(seat)}
    p = playout_of(position)
    start = [position.tricks[s] for s in seats]
    assert trick_count(position, seat) == most_tricks(p, mine, start)
    other = next(s for s in seats if rules.side_of(s) != rules.side_of(seat))
    assert trick_count(position, seat) + trick_count(position, other) == \
        position.tricks_left


def test_cutthroat_has_no_two_sides_to_count_for() -> None:
    position = random_ending(Random(1), rules_from("cutthroat"), 2)
    with pytest.raises(PositionError, match="two sides"):
        trick_count(position, "N")


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(1, 6), guess=st.integers(-2, 15))
def test_a_guess_changes_the_order_of_probes_never_the_count(seed: int, tricks_left: int,
                                                              guess: int) -> None:
    rng = Random(seed)
    rules = rules_from(rng.choice(["classic", "two-player", "jokers"]))
    position = random_ending(rng, rules, tricks_left)
    seat = rng.choice(rules.seats)
    assert trick_count(position, seat, guess=guess) == trick_count(position, seat)
