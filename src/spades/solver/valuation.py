"""What a finished hand is worth to one side, as a table over the tricks each seat takes.

The solver never scores a hand itself: every entry of the table comes from
:func:`spades.scoring.score_hand` and :func:`spades.scoring.game_result`, so the search
counts contracts, Nils, Blind Nils, Nil tricks, bags, the floor and two players exactly
as the game does. Only the final trick count of each seat changes from one leaf of the
search to another, and at most a few hundred such counts are reachable, so scoring them
all once up front costs a few milliseconds and leaves the compiled search a table look-up.

A side's value for the hand is its points with every bag priced at its long-run cost
(``bag_penalty / bag_limit``) instead of the step penalty it may happen to trigger now,
plus :data:`WIN_VALUE` when the hand ends the game in its favour (minus it when the game
ends and another side wins). The value of a position to a side is that value minus the
mean value of the other sides: in a partnership game it is the margin between the two
sides, which is what both sides fight over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from spades.cards import Seat
from spades.rules import Rules
from spades.scoring import SideScore, game_result, score_hand

WIN_VALUE = 400.0
"""Points a hand that wins the game is worth beyond its own points (lost if it loses it):
ending the game is worth more than any margin on the scoresheet."""

RADIX = 14
"""Tricks per seat (0 … 13) are the digits of a table index in base 14."""


def table_index(tricks: Sequence[int]) -> int:
    """The table index of a count of tricks per seat (seat 0 the lowest digit)."""
    index = 0
    for taken in reversed(tricks):
        index = index * RADIX + taken
    return index


@dataclass(frozen=True, slots=True)
class HandContext:
    """Everything besides the cards that decides what a hand is worth."""

    rules: Rules
    bids: Mapping[Seat, int]
    blind: frozenset[Seat]
    scores: Mapping[str, int]
    bag_counts: Mapping[str, int]


def side_value(context: HandContext, sides: Mapping[str, SideScore], side: str) -> float:
    """One side's worth of a scored hand: points with bags at their long-run cost."""
    rules = context.rules
    bag_cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0
    s = sides[side]
    return s.points + s.penalty - bag_cost * s.bags


def outcome_value(context: HandContext, tricks: Mapping[Seat, int], side: str) -> float:
    """Worth to ``side`` of the hand ending with ``tricks`` per seat (see the module)."""
    rules = context.rules
    sides = score_hand(rules, context.bids, context.blind, tricks, context.scores,
                       context.bag_counts)
    values = {s: side_value(context, sides, s) for s in rules.sides}
    others = [v for s, v in values.items() if s != side]
    result = values[side] - sum(others) / len(others)
    over, winner = game_result(rules, {s: sides[s].score for s in rules.sides})
    if over:
        result += WIN_VALUE if winner == side else -WIN_VALUE
    return result


def value_table(context: HandContext, side: str, taken: Sequence[int],
                tricks_left: int) -> list[float]:
    """Values of every way the ``tricks_left`` remaining tricks can end, by table index.

    ``taken`` is the tricks each seat (in ``rules.seats`` order) has already. Entries no
    play can reach stay 0.
    """
    seats = context.rules.seats
    table = [0.0] * RADIX ** len(seats)
    for extra in product(range(tricks_left + 1), repeat=len(seats)):
        if sum(extra) != tricks_left:
            continue
        final = [t + e for t, e in zip(taken, extra, strict=True)]
        tricks = dict(zip(seats, final, strict=True))
        table[table_index(final)] = outcome_value(context, tricks, side)
    return table
