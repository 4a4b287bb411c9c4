"""The two kernels agree on positions too big for plain minimax.

The two-side kernel (partition search: table entries shared by every position with the
same suit lengths and the same owners of the cards that mattered, small cards tried
once) is checked against plain minimax on endings of up to four tricks. Its
abstraction matters most with more tricks left, where minimax is too slow; there it is
checked against the value kernel, an independent alpha-beta over the values with a
table keyed on the exact relative ranks.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.rules import rules_from
from spades.solver import Position, solve_cards
from spades.solver.sets import HISTORY_FROM
from spades.solver.solve import _Problem, _problem, _TwoSides

from .brute import random_ending


def _by_value_kernel(position: Position, seat: str) -> dict[int, float]:
    problem = _Problem(position, seat)
    return {card: problem.after(card) for card in position.legal_cards()}


def _agrees(seed: int, tricks_left: int, preset: str) -> None:
    """A random ending's value of every card: the two-side kernel's equals the value
    kernel's."""
    rng = Random(seed)
    position = random_ending(rng, rules_from(preset), tricks_left)
    # No Nil, so that the position is one for the two-side kernel.
    position = replace(position, bids={s: max(1, b) for s, b in position.bids.items()},
                       blind=frozenset())
    seat = rng.choice(position.rules.seats)
    assert isinstance(_problem(position, seat), _TwoSides)
    assert solve_cards(position, seat) == _by_value_kernel(position, seat)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(5, 8),
       preset=st.sampled_from(["classic", "jokers", "two-player"]))
def test_partition_search_agrees_with_the_value_kernel(seed: int, tricks_left: int,
                                                       preset: str) -> None:
    _agrees(seed, tricks_left, preset)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(HISTORY_FROM, 10),
       preset=st.sampled_from(["classic", "jokers", "two-player"]))
def test_deep_searches_ordered_by_history_agree_with_the_value_kernel(
        seed: int, tricks_left: int, preset: str) -> None:
    # From HISTORY_FROM cards in hand the two-side kernel orders the cards of the nodes
    # that do not count tricks by their history: an order, never a value.
    _agrees(seed, tricks_left, preset)
