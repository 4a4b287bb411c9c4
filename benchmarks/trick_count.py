"""Milliseconds the exact solver takes to count the tricks of a whole deal double-dummy.

For each of ``--deals`` random classic deals (seeded, so every run times the same
deals), :func:`spades.solver.trick_count` counts the tricks the side on lead can take
from the first card, everyone playing for tricks (spades not yet broken), the side's
bids by counting sure tricks given as the first guess, as the search players give it
when they price a bid. Prints the median, 90th percentile and maximum; the last line is
the median. The table is kept from deal to deal, as a player's process keeps it; one
deal first loads (or compiles) the kernel.

usage: python benchmarks/trick_count.py [--deals 300] [--seed 1] [--tricks 13]
"""

from __future__ import annotations

import argparse
import statistics
import time

from solver import positions  # the solver benchmark's deals
from spades.solver import trick_count, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tricks", type=int, default=13,
                        help="tricks left when counting (13: the whole deal)")
    args = parser.parse_args()
    left = args.tricks
    print(f"compile (or cache load): {warm_up():.1f} s")
    times = []
    for deal in range(args.deals):
        position = positions(args.seed * 100_000 + deal, [left])[left]
        seat = position.to_move
        side = position.rules.side_of(seat)
        guess = sum(b for s, b in position.bids.items() if position.rules.side_of(s) == side)
        start = time.perf_counter()
        trick_count(position, seat, guess=guess)
        times.append(1000 * (time.perf_counter() - start))
    times.sort()
    print(f"{left} tricks left: median {statistics.median(times):.1f} ms  "
          f"p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms  max {times[-1]:.1f} ms  "
          f"({len(times)} deals)")
    print(f"{left}-trick count median ms: {statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
