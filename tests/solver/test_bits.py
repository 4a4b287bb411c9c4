"""The kernels' bit helpers (the processor's own instructions when numba compiles them,
portable code otherwise) agree with Python's integers on every card mask."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.solver.search import bit_index_high, lowest_index, popcount

MASKS = st.integers(min_value=1, max_value=(1 << 54) - 1)
"""A card mask: 52 cards and two jokers."""


@settings(deadline=None)  # the first call may compile
@given(MASKS)
def test_highest_bit(mask: int) -> None:
    assert bit_index_high(mask) == mask.bit_length() - 1


@settings(deadline=None)
@given(MASKS)
def test_lowest_bit(mask: int) -> None:
    assert lowest_index(mask) == (mask & -mask).bit_length() - 1


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=(1 << 54) - 1))
def test_count_of_bits(mask: int) -> None:
    assert popcount(mask) == bin(mask).count("1")


def test_every_single_card() -> None:
    for card in range(54):
        assert bit_index_high(1 << card) == card
        assert lowest_index(1 << card) == card
        assert popcount(1 << card) == 1
