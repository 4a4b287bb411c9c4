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
from functools import lru_cache
from typing import Any

import numpy as np

from spades.cards import Seat
from spades.rules import Rules
from spades.scoring import game_result, long_run_points, score_hand

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


def outcome_value(context: HandContext, tricks: Mapping[Seat, int], side: str) -> float:
    """Worth to ``side`` of the hand ending with ``tricks`` per seat (see the module)."""
    seats = context.rules.seats
    return _outcome_value(
        context.rules, tuple(context.bids[s] for s in seats),
        tuple(s in context.blind for s in seats),
        tuple(context.scores[s] for s in context.rules.sides),
        tuple(context.bag_counts[s] for s in context.rules.sides),
        tuple(tricks[s] for s in seats), side)


def count_values(context: HandContext, side: str, taken: Sequence[int],
                 tricks_left: int) -> list[float]:
    """Worth to ``side`` of each count u = 0 … ``tricks_left`` of the tricks left that it
    takes, the others taking the rest: with two sides each scored on its total (no Nil
    bid with partners, or two players) these are all the hand's possible endings.

    ``taken`` is the tricks each seat (in ``rules.seats`` order) has already; the
    side's tricks are added to its first seat and the others' to theirs."""
    rules = context.rules
    return list(_count_values(
        rules, tuple(context.bids[s] for s in rules.seats),
        tuple(s in context.blind for s in rules.seats),
        tuple(context.scores[s] for s in rules.sides),
        tuple(context.bag_counts[s] for s in rules.sides), tuple(taken), side,
        tricks_left))


@lru_cache(maxsize=1 << 14)
def _count_values(rules: Rules, bids: tuple[int, ...], blind: tuple[bool, ...],
                  scores: tuple[int, ...], bags: tuple[int, ...], taken: tuple[int, ...],
                  side: str, tricks_left: int) -> tuple[float, ...]:
    """:func:`count_values` on hashable arguments, remembered (a search player asks
    the same of every deal it samples); the game's maps are built once for all the
    counts, which a fresh position's first question pays for."""
    seats = rules.seats
    mine = next(q for q, s in enumerate(seats) if rules.side_of(s) == side)
    theirs = next(q for q, s in enumerate(seats) if rules.side_of(s) != side)
    maps = _maps(rules, bids, blind, scores, bags)
    out = []
    for u in range(tricks_left + 1):
        final = list(taken)
        final[mine] += u
        final[theirs] += tricks_left - u
        out.append(_hand_worth(rules, maps, dict(zip(seats, final, strict=True)), side))
    return tuple(out)


_Maps = tuple[dict[Seat, int], frozenset[Seat], dict[str, int], dict[str, int]]


def _maps(rules: Rules, bids: tuple[int, ...], blind: tuple[bool, ...],
          scores: tuple[int, ...], bags: tuple[int, ...]) -> _Maps:
    """The bids, Blind Nil bidders, scores and bags as the game's scoring takes them."""
    seats = rules.seats
    return (dict(zip(seats, bids, strict=True)),
            frozenset(s for s, b in zip(seats, blind, strict=True) if b),
            dict(zip(rules.sides, scores, strict=True)),
            dict(zip(rules.sides, bags, strict=True)))


@lru_cache(maxsize=1 << 16)
def _outcome_value(rules: Rules, bids: tuple[int, ...], blind: tuple[bool, ...],
                   scores: tuple[int, ...], bags: tuple[int, ...], taken: tuple[int, ...],
                   side: str) -> float:
    """:func:`outcome_value` on hashable arguments, remembered: a search player asks
    about the same bids and scores for every deal it samples."""
    return _hand_worth(rules, _maps(rules, bids, blind, scores, bags),
                       dict(zip(rules.seats, taken, strict=True)), side)


def _hand_worth(rules: Rules, maps: _Maps, tricks: Mapping[Seat, int], side: str) -> float:
    """Worth to ``side`` of the hand ending with ``tricks`` (see the module), scored by
    the game's scoring."""
    bids, blind, scores, bags = maps
    sides = score_hand(rules, bids, blind, tricks, scores, bags)
    values = {s: long_run_points(rules, sides[s]) for s in rules.sides}
    others = [v for s, v in values.items() if s != side]
    result = values[side] - sum(others) / len(others)
    over, winner = game_result(rules, {s: sides[s].score for s in rules.sides})
    if over:
        result += WIN_VALUE if winner == side else -WIN_VALUE
    return result


def credits(context: HandContext) -> list[int]:
    """For each seat, the seat whose trick count a trick it takes is added to.

    A side without a Nil bidder is scored on its total alone, so all its tricks are
    credited to its first seat: positions that differ only in which partner took which
    trick then share one table index, and the transposition table sees them as one.
    """
    rules = context.rules
    seats = rules.seats
    out = []
    for q, seat in enumerate(seats):
        side = rules.side_of(seat)
        members = [i for i, s in enumerate(seats) if rules.side_of(s) == side]
        if all(context.bids[seats[i]] != 0 for i in members):
            out.append(members[0])
        else:
            out.append(q)
    return out


def value_table(context: HandContext, side: str, taken: Sequence[int],
                tricks_left: int) -> tuple[Any, list[int], int, list[int]]:
    """Values of every way the ``tricks_left`` remaining tricks can end, by table index.

    ``taken`` is the tricks each seat (in ``rules.seats`` order) has already. Returns
    the table, the credited seat of each seat (:func:`credits`), the table index of
    ``taken`` so credited and the indices of the endings. Other entries stay 0.
    The table is a numpy array, ready for the compiled search.
    """
    seats = context.rules.seats
    credit = credits(context)
    start = [0] * len(seats)
    for q, t in enumerate(taken):
        start[credit[q]] += t
    targets = sorted(set(credit))
    table = np.zeros(RADIX ** len(seats), dtype=np.float64)
    ends = []
    for extra in _compositions(tricks_left, len(targets)):
        final = start[:]
        for q, e in zip(targets, extra, strict=True):
            final[q] += e
        tricks = dict(zip(seats, final, strict=True))
        index = table_index(final)
        table[index] = outcome_value(context, tricks, side)
        ends.append(index)
    return table, credit, table_index(start), ends


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered non-negative numbers."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1)
            for rest in _compositions(total - first, parts - 1)]
