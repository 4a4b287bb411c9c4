"""Milliseconds the exact solver takes to value every legal card of a position.

For each of ``--deals`` random classic deals (seeded, so every run times the same
positions), the deal is played at random to 13, 10, 7 and 4 tricks left (the seat to
move leads a fresh trick), with bids from counting sure tricks and no score yet, and
:func:`spades.solver.solve_cards` values every legal card of the seat to move. Prints
the median, 90th percentile and maximum by tricks left; the last line is the median for
13 tricks left. The kernel is compiled (or loaded from numba's cache) before timing;
the compile time is printed first.

The default run is the project's yardstick, but a whole four-player deal (13 tricks)
still takes the solver minutes, so for now time the later counts:
``--tricks 7,4`` (seconds) or ``--deals 20 --tricks 10`` (minutes). The last line then
gives the median of the first count asked for.

usage: python benchmarks/solver.py [--deals 300] [--tricks 13,10,7,4] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from spades.bots.bidding import sure_tricks
from spades.cards import mask_of
from spades.playout import Playout
from spades.rules import rules_from
from spades.solver import Position, solve_cards


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--tricks", default="13,10,7,4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(t) for t in args.tricks.split(",")]
    start = time.perf_counter()
    solve_cards(positions(0, [3])[3])
    print(f"compile (or cache load) and first call: {time.perf_counter() - start:.1f} s")
    times: dict[int, list[float]] = {t: [] for t in counts}
    for deal in range(args.deals):
        for left, position in positions(args.seed * 100_000 + deal, counts).items():
            start = time.perf_counter()
            solve_cards(position)
            times[left].append(1000 * (time.perf_counter() - start))
    for left in counts:
        ts = sorted(times[left])
        print(f"{left:2d} tricks left: median {statistics.median(ts):9.2f} ms  "
              f"p90 {ts[int(0.9 * (len(ts) - 1))]:9.2f} ms  max {ts[-1]:9.2f} ms  "
              f"({len(ts)} deals)")
    print(f"{counts[0]} tricks median ms: {statistics.median(times[counts[0]]):.2f}")


if __name__ == "__main__":
    main()
