"""Milliseconds the exact solver takes to value every legal card of a position.

For each of ``--deals`` random classic deals (seeded, so every run times the same
positions), the deal is played at random to 13, 10, 7 and 4 tricks left (the seat to
move leads a fresh trick), with bids from counting sure tricks and no score yet, and
:func:`spades.solver.solve_cards` values every legal card of the seat to move. Prints
the median, 90th percentile and maximum by tricks left; the last line is the median for
13 tricks left. The kernel is compiled (or loaded from numba's cache) before timing;
the compile time is printed first.

Each search probe may visit at most ``--max-nodes`` nodes (a count, so every machine
stops at the same place): a position whose search reaches the limit is counted as
"stopped", with the time it took until then, a lower bound. Its true time is longer, so
a median or percentile computed with stopped positions counted as infinitely long is
an upper bound, printed as ">=" the time of the first stopped position when it falls
on one. Whole four-player deals (13 tricks) mostly stop there: the default run takes
a few minutes and shows how far the solver is from them. The last line gives the median
of the first count asked for.

usage: python benchmarks/solver.py [--deals 300] [--tricks 13,10,7,4] [--seed 1]
                                   [--max-nodes 5000000]
"""

from __future__ import annotations

import argparse
import time
from random import Random

from spades.bots.bidding import sure_tricks
from spades.cards import mask_of
from spades.playout import Playout
from spades.rules import rules_from
from spades.solver import Position, SearchLimit, solve_cards, warm_up


def positions(seed: int, tricks: list[int]) -> dict[int, Position]:
    """One random classic deal, played at random to each count of tricks left."""
    rules = rules_from("classic")
    seats = rules.seats
    rng = Random(seed)
    deck = list(rules.deck_cards)
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 13:(i + 1) * 13]) for i in range(4)]
    bids = {s: max(1, round(sure_tricks(hands[i], rules))) for i, s in enumerate(seats)}
    p = Playout(hands, leader=rng.randrange(4))
    out = {}
    for left in sorted(tricks, reverse=True):
        while p.done < 13 - left:
            legal = p.legal_mask()
            p.play(rng.choice([c for c in range(54) if legal >> c & 1]))
        out[left] = Position(
            rules, {s: p.hands[i] for i, s in enumerate(seats)}, seats[p.turn], bids,
            broken=p.broken, tricks={s: p.tricks[i] for i, s in enumerate(seats)})
    return out


def _quantile(times: list[float], stopped: list[bool], q: float) -> str:
    """The ``q`` quantile, stopped positions counted as infinitely long."""
    ranked = sorted(zip(stopped, times, strict=True))  # finished first, each by time
    at = ranked[int(q * (len(ranked) - 1))] if q < 1 else ranked[-1]
    if q == 0.5 and len(ranked) % 2 == 0:
        low, high = ranked[len(ranked) // 2 - 1], ranked[len(ranked) // 2]
        if not low[0] and not high[0]:
            return f"{(low[1] + high[1]) / 2:9.2f}"
        at = high if not low[0] else low
    return f">={at[1]:7.2f}" if at[0] else f"{at[1]:9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--tricks", default="13,10,7,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=5_000_000,
                        help="nodes a search probe may visit before the position counts "
                             "as stopped (0: no limit)")
    args = parser.parse_args()
    counts = [int(t) for t in args.tricks.split(",")]
    print(f"compile (or cache load): {warm_up():.1f} s")
    times: dict[int, list[float]] = {t: [] for t in counts}
    stopped: dict[int, list[bool]] = {t: [] for t in counts}
    for deal in range(args.deals):
        for left, position in positions(args.seed * 100_000 + deal, counts).items():
            start = time.perf_counter()
            try:
                solve_cards(position, max_nodes=args.max_nodes)
                halted = False
            except SearchLimit:
                halted = True
            times[left].append(1000 * (time.perf_counter() - start))
            stopped[left].append(halted)
    for left in counts:
        ts, st = times[left], stopped[left]
        print(f"{left:2d} tricks left: median {_quantile(ts, st, 0.5)} ms  "
              f"p90 {_quantile(ts, st, 0.9)} ms  max {_quantile(ts, st, 1.0)} ms  "
              f"({len(ts)} deals, {sum(st)} stopped at {args.max_nodes:,} nodes)")
    first = counts[0]
    print(f"{first} tricks median ms: "
          f"{_quantile(times[first], stopped[first], 0.5).strip()}")


if __name__ == "__main__":
    main()
