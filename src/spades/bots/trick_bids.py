"""Bids priced by solving: how many tricks the side takes on a deal, then each bid scored.

A bid is worth what the side scores with it, and that depends on how many tricks the
side will take. On a deal whose every card is known (the true deal for the oracle, a
deal sampled from the view for the expert) the count comes from the exact solver: the
first tricks are played out with the greedy policy (a whole four-player deal is still
too slow to solve at once), with a little randomness since nobody at a table plays as
if every hand were open, then the rest is solved double-dummy
(:func:`spades.solver.trick_count`). Every candidate bid is then scored on the same
counts with the game's own scoring (:func:`spades.solver.outcome_value`: bags at their
long-run cost, the game won or lost), and the bid with the best mean wins. The spread
of the counts over the deals prices the risk of bidding to the edge.

It prices numeric bids of a side without a Nil bid: a Nil changes how both sides play,
which a trick count does not see, so callers ask the play-outs about Nil.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from random import Random

from spades.bots.evaluation import rollout
from spades.cards import Mask, Seat
from spades.playout import Playout
from spades.rules import Rules
from spades.solver import HandContext, Position, outcome_value, trick_count

SOLVE_FROM = 9
"""Tricks left when the play-out hands over to the solver: a 9-trick count takes tens of
milliseconds (``benchmarks/solver.py``), a whole deal far too long."""
NOISE = 0.1
"""Share of random cards in the play-out before the solver takes over."""


def side_tricks(rules: Rules, hands: Sequence[Mask], leader: int, bids: Sequence[int],
                seat: Seat, rng: Random, noise: float = NOISE,
                solve_from: int = SOLVE_FROM) -> int:
    """Tricks ``seat``'s side takes on this deal (hands per seat before the first card):
    a play-out of the first tricks, then the exact count of the rest."""
    seats = rules.seats
    n = len(seats)
    partner = [next((j for j in range(n) if j != q and rules.side_of(seats[j])
                     == rules.side_of(seats[q])), -1) for q in range(n)]
    sides = list(rules.sides)
    side_of = [sides.index(rules.side_of(s)) for s in seats]
    p = Playout(list(hands), leader)
    rollout(p, list(bids), partner, side_of, rng, noise, until=13 - solve_from)
    mine = rules.side_of(seat)
    before = sum(p.tricks[q] for q in range(n) if rules.side_of(seats[q]) == mine)
    position = Position(rules, {s: p.hands[q] for q, s in enumerate(seats)}, seats[p.turn],
                        {s: max(1, bids[q]) for q, s in enumerate(seats)}, broken=p.broken,
                        tricks={s: p.tricks[q] for q, s in enumerate(seats)})
    return before + trick_count(position, seat)


def best_bid(rules: Rules, seat: Seat, counts: Iterable[tuple[int, Mapping[Seat, int]]],
             candidates: Sequence[int], scores: Mapping[str, int],
             bag_counts: Mapping[str, int]) -> tuple[int, dict[int, float]]:
    """The candidate bid with the best mean value over ``counts``.

    Each count is the tricks ``seat``'s side took on one deal and the bids of the others
    on it (made, or guessed for those still to bid). Returns the bid and every
    candidate's mean value; ties go to the lower bid.
    """
    side = rules.side_of(seat)
    seats = rules.seats
    first = {s: next(t for t in seats if rules.side_of(t) == rules.side_of(s)) for s in seats}
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for ours, others in counts:
        tricks = dict.fromkeys(seats, 0)
        tricks[first[seat]] = ours
        theirs = next(s for s in seats if rules.side_of(s) != side)
        tricks[first[theirs]] = 13 - ours
        for bid in candidates:
            bids = {**others, seat: bid}
            context = HandContext(rules, bids, frozenset(), scores, bag_counts)
            totals[bid] += outcome_value(context, tricks, side)
        done += 1
    means = {b: v / max(1, done) for b, v in totals.items()}
    return max(sorted(candidates), key=lambda b: means[b]), means
