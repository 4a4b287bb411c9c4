"""The solver's entry points: exact values of cards, of positions and of bids.

Each call scores every way the hand can still end (:mod:`spades.solver.valuation`),
then runs the search kernel (:mod:`spades.solver.search`) once per distinct legal card,
all calls of one question sharing a transposition table.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import replace
from itertools import count
from typing import Any

import numpy as np

from spades.cards import SPADES, SUIT_OF, Card, Seat
from spades.errors import SpadesError
from spades.solver import search as kernel
from spades.solver import sets as two_sides
from spades.solver.position import Position, PositionError
from spades.solver.valuation import RADIX, count_values, credits, value_table


class SearchLimit(SpadesError):
    """A search stopped at its node limit before it found the answer.

    ``max_nodes`` bounds the work of each search probe by a count, never a clock, so a
    caller that sets it gets the same answer (or this error) on any machine."""

    def __init__(self, max_nodes: int) -> None:
        super().__init__(f"the search reached its limit of {max_nodes:,} nodes")
        self.max_nodes = max_nodes


class _Table:
    """The transposition table, allocated once and shared by every call.

    Each question gets a new stamp, and entries with another stamp count as empty, so
    nothing has to be cleared between questions (clearing would cost more than a
    small search). The compiled search holds the interpreter lock, and stamps come from
    one counter, so questions asked from several threads never read each other's
    entries.
    """

    arrays: tuple[Any, Any, Any] | None = None
    stamps = count(1)

    @classmethod
    def next(cls) -> tuple[Any, Any, Any, int]:
        if cls.arrays is None:
            cls.arrays = kernel.new_table()
        keys, lower, upper = cls.arrays
        return keys, lower, upper, next(cls.stamps)


class _Question:
    """One question put to a kernel: the position as arrays, from one side's view.

    What both kernels share: the hands, who maximises, and the trick in progress.
    :meth:`after` plays a card of the seat to move and hands the position that follows
    to :meth:`run`, which each kernel answers its own way."""

    def __init__(self, position: Position, seat: Seat) -> None:
        rules = position.rules
        seats = rules.seats
        if seat not in seats:
            raise PositionError(f"{seat!r} is not a seat of these rules")
        self.n = len(seats)
        self.side = rules.side_of(seat)
        self.maximise = np.array([rules.side_of(s) == self.side for s in seats],
                                 dtype=np.bool_)
        self.hands = np.array([position.hands[s] for s in seats], dtype=np.int64)
        self.broken = position.broken
        self.led = -1
        self.win_card = -1
        self.win_pos = -1
        self.table = 0
        self.count = len(position.trick)
        for i, (s, card) in enumerate(position.trick):
            pos = seats.index(s)
            suit = SUIT_OF[card]
            if suit == SPADES:
                self.broken = True
            if i == 0:
                self.led = suit
            if i == 0 or ((suit == self.led or suit == SPADES) and card > self.win_card):
                self.win_card = card
                self.win_pos = pos
            self.table |= 1 << card
        self.turn = seats.index(position.to_move)
        self.guess: float | None = None
        self.max_nodes = 0
        """The most nodes one probe may search (0: no limit)."""

    def run(self, turn: int, led: int, win_card: int, win_pos: int, count: int,
            table: int, broken: bool, won: int) -> float:
        """The exact value of the position described; ``won`` is the seat that took
        the trick just completed on the way there (-1: none was completed)."""
        raise NotImplementedError

    def root(self) -> float:
        """Value of the position itself."""
        return self.run(self.turn, self.led, self.win_card, self.win_pos, self.count,
                        self.table, self.broken, -1)

    def after(self, card: Card) -> float:
        """Value after the seat to move plays ``card``."""
        turn = self.turn
        bit = 1 << card
        suit = SUIT_OF[card]
        led, win_card, win_pos = self.led, self.win_card, self.win_pos
        if led < 0:
            led, win_card, win_pos = suit, card, turn
        elif (suit == led or suit == SPADES) and card > win_card:
            win_card, win_pos = card, turn
        broken = self.broken or suit == SPADES
        self.hands[turn] ^= bit
        try:
            if self.count + 1 == self.n:
                return self.run(win_pos, -1, -1, -1, 0, 0, broken, win_pos)
            return self.run((turn + 1) % self.n, led, win_card, win_pos, self.count + 1,
                            self.table | bit, broken, -1)
        finally:
            self.hands[turn] ^= bit


class _Problem(_Question):
    """A question for the value kernel: alpha-beta over the values of the endings."""

    def __init__(self, position: Position, seat: Seat) -> None:
        super().__init__(position, seat)
        n = self.n
        taken = [position.tricks[s] for s in position.rules.seats]
        values, credit, self.tindex, reachable = value_table(position.context, self.side,
                                                             taken, position.tricks_left)
        self.values = values
        self.gain = np.array([RADIX ** credit[q] for q in range(n)], dtype=np.int64)
        self.best_end, self.worst_end = kernel.bounds(
            self.values, self.gain, n, sum(taken) + position.tricks_left, self.tindex,
            max(reachable))
        self.ends = sorted({float(values[i]) for i in reachable})
        # Two sides, each scored on its total: partners pooled, or two players.
        self.pooled = n == 2 or (len(position.rules.sides) == 2 and all(
            credit[q] == credit[(q + 2) % n] for q in range(n)))
        self.keys, self.lower, self.upper, self.stamp = _Table.next()

    def run(self, turn: int, led: int, win_card: int, win_pos: int, count: int,
            table: int, broken: bool, won: int) -> float:
        """The exact value, found by zero-window probes between the possible values.

        Every value is one of the table's endings, so a probe with the window between
        two neighbouring endings answers "at least the upper one?" exactly, and a
        binary search over the sorted endings needs a handful of cheap probes where
        one open-window search would explore far more of the tree. The first probes
        bracket the value found last (:attr:`guess`): the cards of one hand are often
        worth the same, and then two probes settle it.
        """
        tindex = self.tindex + (int(self.gain[won]) if won >= 0 else 0)
        ends = self.ends
        lo, hi = 0, len(ends) - 1
        near = bisect_left(ends, self.guess) if self.guess is not None else -1
        while lo < hi:
            mid = _probe(lo, hi, near)
            found = float(kernel.search(
                self.hands, self.n, self.maximise, self.values, self.best_end,
                self.worst_end, self.gain, self.keys, self.lower, self.upper, self.stamp,
                turn, led, win_card, win_pos, count, table, broken, tindex, ends[mid - 1],
                ends[mid], self.pooled, self.max_nodes))
            if math.isnan(found):
                raise SearchLimit(self.max_nodes)
            if found >= ends[mid]:
                lo = max(mid, bisect_left(ends, found))
            else:
                hi = min(mid - 1, bisect_right(ends, found) - 1)
        self.guess = ends[lo]
        return ends[lo]


class _Sets:
    """The two-side kernel's table (its entries and each bucket's next entry to
    replace), allocated once and never cleared: its entries depend on the cards alone,
    so every question about every deal may use them."""

    table: tuple[Any, Any, Any] | None = None

    @classmethod
    def get(cls) -> tuple[Any, Any, Any]:
        if cls.table is None:
            cls.table = two_sides.new_set_table()
        return cls.table


class _TwoSides(_Question):
    """A question with two sides each scored on its total (partners without a Nil bid,
    two players): the value is a function of one count, the maximising side's future
    tricks, and each probe asks the kernel whether the side can force that count into
    the set of counts worth at least a value (:mod:`spades.solver.sets`).

    Only those ``tricks_left + 1`` endings are scored, each by the game's scoring."""

    def __init__(self, position: Position, seat: Seat) -> None:
        super().__init__(position, seat)
        self.left = position.tricks_left
        self.worth = np.array(count_values(position.context, self.side,
                                           [position.tricks[s] for s in position.rules.seats],
                                           self.left), dtype=np.float64)
        self.table2 = _Sets.get()

    def run(self, turn: int, led: int, win_card: int, win_pos: int, count: int,
            table: int, broken: bool, won: int) -> float:
        """The exact value: the best value whose set of counts the side can force
        (:func:`spades.solver.sets.best_worth`)."""
        worth = self.worth
        if won >= 0:  # a trick was completed: the side's count moved on if it took it
            shift = 1 if self.maximise[won] else 0
            worth = worth[shift:shift + self.left]
        entries, tags, cursors = self.table2
        value = float(two_sides.best_worth(
            self.hands, self.n, self.maximise, entries, tags, cursors, turn, led, win_card,
            win_pos, count, table, broken, worth,
            math.nan if self.guess is None else self.guess, self.max_nodes))
        if math.isnan(value):
            raise SearchLimit(self.max_nodes)
        self.guess = value
        return value

    def cards(self, legal: list[Card]) -> dict[Card, float]:
        """The value of each legal card of the seat to move, the whole loop compiled
        (:func:`spades.solver.sets.value_cards`)."""
        cards = np.array(sorted(legal), dtype=np.int64)
        out = np.empty(len(cards), dtype=np.float64)
        entries, tags, cursors = self.table2
        if two_sides.value_cards(self.hands, self.n, self.maximise, entries, tags, cursors,
                                 self.turn, self.led, self.win_card, self.win_pos,
                                 self.count, self.table, self.broken, cards, self.worth,
                                 self.max_nodes, out) == two_sides.ABORTED:
            raise SearchLimit(self.max_nodes)
        return {int(c): float(v) for c, v in zip(cards, out, strict=True)}


def _probe(lo: int, hi: int, near: int) -> int:
    """The next value to probe in a binary search over ``lo … hi`` (the answer is at
    least ``lo``): first the value found last (``near``) and the one above it, since
    the cards of one hand are often worth the same, then the middle."""
    if lo < near <= hi:
        return near
    if lo == near and near + 1 <= hi:
        return near + 1
    return (lo + hi + 1) // 2


def _problem(position: Position, seat: Seat, max_nodes: int = 0) -> _Question:
    """The question put the fastest way the position allows."""
    rules = position.rules
    n = len(rules.seats)
    credit = credits(position.context)
    two = len(rules.sides) == 2 and (n == 2 or all(credit[q] == credit[(q + 2) % n]
                                                   for q in range(n)))
    problem = _TwoSides(position, seat) if two else _Problem(position, seat)
    problem.max_nodes = max_nodes
    return problem


def solve_cards(position: Position, seat: Seat | None = None, *,
                max_nodes: int = 0) -> dict[Card, float]:
    """The exact value, for ``seat``'s side, of each legal card of the seat to move.

    ``seat`` defaults to the seat to move. Every seat then plays perfectly for its
    side: partners together, and in cutthroat the other three together against
    ``seat`` (the paranoid reduction). A value is the side's worth of the hand as the
    game scores it, less the other sides' (see :mod:`spades.solver.valuation`).
    Equivalent cards (no card of another hand between them) get the same value.
    """
    problem = _problem(position, seat or position.to_move, max_nodes)
    legal = position.legal_cards()
    if isinstance(problem, _TwoSides):
        return problem.cards(legal)
    others = problem.table
    for q, hand in enumerate(problem.hands):
        if q != problem.turn:
            others |= int(hand)
    out: dict[Card, float] = {}
    previous = -1
    for card in legal:
        between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
        if previous >= 0 and SUIT_OF[previous] == SUIT_OF[card] and not others & between:
            out[card] = out[previous]
        else:
            out[card] = problem.after(card)
        previous = card
    return out


def best_cards(position: Position, seat: Seat | None = None) -> list[Card]:
    """The legal cards of the seat to move that reach the best value for its side."""
    values = solve_cards(position, seat)
    top = max(values.values())
    return [c for c, v in values.items() if v == top]


def position_value(position: Position, seat: Seat, *, max_nodes: int = 0) -> float:
    """The exact value of ``position`` for ``seat``'s side, whoever is to move."""
    return _problem(position, seat, max_nodes).root()


def bid_values(position: Position, seat: Seat,
               candidates: Iterable[int] = range(14)) -> dict[int, float]:
    """What each bid of ``seat`` is worth, the deal then played perfectly.

    ``position`` is the deal before its first card, with the other seats' bids (made,
    or guessed by the caller); ``seat``'s own bid in it is replaced by each candidate
    in turn (0 is Nil; a Blind Nil is declared before bidding, not chosen here).
    """
    if position.trick or any(position.tricks.values()):
        raise PositionError("bids are valued before the first card is played")
    out: dict[int, float] = {}
    for bid in candidates:
        bids = {**position.bids, seat: bid}
        out[bid] = position_value(replace(position, bids=bids), seat)
    return out


def trick_count(position: Position, seat: Seat, *, max_nodes: int = 0,
                guess: int | None = None) -> int:
    """The most of the tricks left (the one in progress included) that ``seat``'s side
    can take whatever the others do, everyone playing for tricks alone.

    Bids and scores play no part: this is the double-dummy trick count of bridge
    solvers, for rules with two sides (partnerships or two players). Search players use
    it to price bids on sampled deals; it shares the two-side kernel's table with
    every other question.

    ``guess`` (the side's bids, say) is probed first, then its neighbours: a probe near
    the true count is the cheapest there is, and one far above it the dearest.
    """
    rules = position.rules
    if len(rules.sides) != 2 or seat not in rules.seats:
        raise PositionError("a trick count needs two sides and one of their seats")
    seats = rules.seats
    n = len(seats)
    side = rules.side_of(seat)
    maximise = np.array([rules.side_of(s) == side for s in seats], dtype=np.bool_)
    hands = np.array([position.hands[s] for s in seats], dtype=np.int64)
    led, win_card, win_pos, on_table = -1, -1, -1, 0
    broken = position.broken
    for i, (s, card) in enumerate(position.trick):
        suit = SUIT_OF[card]
        broken = broken or suit == SPADES
        if i == 0:
            led = suit
        if i == 0 or ((suit == led or suit == SPADES) and card > win_card):
            win_card, win_pos = card, seats.index(s)
        on_table |= 1 << card
    turn = seats.index(position.to_move)
    left = position.tricks_left
    entries, tags, cursors = _Sets.get()

    def at_least(k: int) -> bool:
        target = ((1 << (left + 1)) - 1) >> k << k
        found = two_sides.reach(hands, n, maximise, entries, tags, cursors, turn, led,
                                win_card, win_pos, len(position.trick), on_table, broken,
                                target, max_nodes)
        if found == two_sides.ABORTED:
            raise SearchLimit(max_nodes)
        return bool(found)

    lo, hi = 0, left
    if guess is not None and lo < hi:
        # Two steps from the guess, then halving what is left.
        k = min(max(guess, 1), left)
        for _ in range(2):
            if at_least(k):
                lo = k
                k += 1
            else:
                hi = k - 1
                k -= 1
            if lo >= hi or not lo < k <= hi:
                break
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if at_least(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
