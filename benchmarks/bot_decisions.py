"""Decisions per second of each computer player, with the median and 95th percentile.

Collects the positions of a few hands of classic Spades (bids and cards, every seat,
played by the basic player so every level sees the same positions), then times each
player's decision on every position where it has a real choice (more than one legal
action). The strong player is timed at its default budget and at the budget given by
``--budget`` (the arena's). The last line is ``basic decisions/s: N``.

usage: python benchmarks/bot_decisions.py [--hands H] [--budget DEALS]
"""

from __future__ import annotations

import argparse
import statistics
import time

from spades.bots.base import Player, RandomPlayer
from spades.bots.basic import BasicPlayer
from spades.bots.strong import StrongPlayer
from spades.game import Game
from spades.views import SeatView, seat_view


def positions(hands: int) -> list[SeatView]:
    """The views of the seat to act at every decision with a choice, over ``hands``."""
    views = []
    for deal in range(1, hands + 1):
        game = Game("classic", deal=deal)
        player = BasicPlayer(0)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if len(view.legal) > 1:
                views.append(view)
            game.apply(seat, player.decide(view).action)
    return views


def measure(name: str, player: Player, views: list[SeatView]) -> float:
    """Time every decision; print the figures and return decisions per second."""
    times = []
    for view in views:
        start = time.perf_counter()
        player.decide(view)
        times.append(time.perf_counter() - start)
    times.sort()
    total = sum(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    rate = len(times) / total
    print(f"{name:<22} {len(times):>5} decisions  median {statistics.median(times) * 1000:8.2f} ms"
          f"  p95 {p95 * 1000:8.2f} ms  max {times[-1] * 1000:8.2f} ms  {rate:10.1f}/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands of positions (default 4)")
    parser.add_argument("--budget", type=int, default=40,
                        help="the strong player's arena budget (default 40)")
    args = parser.parse_args()
    views = positions(args.hands)
    measure("random", RandomPlayer(0), views)
    measure(f"strong (budget {args.budget})",
            StrongPlayer(0, worlds=args.budget, bid_worlds=2 * args.budget), views)
    measure("strong (default)", StrongPlayer(0), views)
    rate = measure("basic", BasicPlayer(0), views)
    print(f"basic decisions/s: {rate:.0f}")


if __name__ == "__main__":
    main()
