"""Time of the exact endgame solver per sampled deal, by the number of tricks left.

Builds random classic positions (a random deal played at random until ``K`` tricks are
left, sometimes with a trick under way) and times :func:`spades.bots.endgame.solve` on
every legal card of the seat to play, with the search player's real scorer. This is
the cost the ``strong`` player pays per sampled deal in the last tricks, and why it
solves exactly only from three tricks left. The last line is
``ms per deal with 3 tricks left: N`` (the median).

usage: python benchmarks/endgame_solver.py [--positions N] [--max-tricks K]
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from spades.bots.endgame import solve
from spades.bots.evaluation import Scorer
from spades.cards import mask_of
from spades.playout import Playout
from spades.rules import rules_from


def position(rng: Random, tricks: int) -> Playout:
    """A random deal played at random until ``tricks`` tricks are left."""
    deck = list(range(52))
    rng.shuffle(deck)
    p = Playout([mask_of(deck[i * 13:(i + 1) * 13]) for i in range(4)], leader=0)
    while p.done < 13 - tricks:
        legal = p.legal_mask()
        p.play(rng.choice([c for c in range(52) if legal >> c & 1]))
    for _ in range(rng.randrange(4)):
        legal = p.legal_mask()
        p.play(rng.choice([c for c in range(52) if legal >> c & 1]))
    return p


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="positions per count")
    parser.add_argument("--max-tricks", type=int, default=5, help="largest count timed")
    args = parser.parse_args()
    rules = rules_from("classic")
    rng = Random(1)
    medians = {}
    for tricks in range(1, args.max_tricks + 1):
        times = []
        for _ in range(args.positions):
            p = position(rng, tricks)
            bids = [rng.randint(1, 5) for _ in range(4)]
            scorer = Scorer(rules, bids, [False] * 4, p.turn, {"NS": 0, "EW": 0},
                            {"NS": 0, "EW": 0})
            legal = p.legal_mask()
            cards = [c for c in range(52) if legal >> c & 1]
            start = time.perf_counter()
            solve(p, [0, 1, 0, 1], p.turn, scorer.utility, cards)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        medians[tricks] = statistics.median(times)
        print(f"{tricks} tricks left: median {medians[tricks]:8.2f} ms  "
              f"p95 {times[int(0.95 * len(times))]:8.2f} ms  max {times[-1]:8.2f} ms")
    print(f"ms per deal with 3 tricks left: {medians[min(3, args.max_tricks)]:.2f}")


if __name__ == "__main__":
    main()
