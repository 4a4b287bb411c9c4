"""Time per decision of each computer player: median, 95th percentile and maximum.

Collects the positions of a few hands of classic Spades (bids and cards, every seat,
played by the basic player so every level sees the same cards), then times each
player's decision on every position where it has a real choice (more than one legal
action). The table is seated as the browser seats it (a person South, the level timed
in the three other seats), since a search player reads each bid by who made it: a
search player's from its basic bid, a person's by its count, at different costs.
The search levels are timed at their default budget (what the browser and the
terminal use) and ``strong`` also at the budget given by ``--budget`` (the
arena's). Budgets are counts, so the figures measure the machine, not the decisions.
The exact solver is compiled (or loaded from its cache) before timing. The last line
is ``strong median ms: N`` at the default budget.

usage: python benchmarks/bot_decisions.py [--hands H] [--budget DEALS] [--levels L,...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from spades.bots import make_player
from spades.bots.base import Player
from spades.bots.basic import BasicPlayer
from spades.bots.strong import StrongPlayer
from spades.game import Game
from spades.solver import warm_up
from spades.table import seating_for
from spades.views import SeatView, seat_view


def positions(hands: int, level: str | None = None) -> list[SeatView]:
    """The views of the seat to act at every decision with a choice, over ``hands``, at
    a table seated for ``level`` as the browser seats it (without a level, a table that
    names no players, as the benchmarks that share these positions measured them)."""
    views = []
    seating = seating_for("classic", level) if level else None
    for deal in range(1, hands + 1):
        game = Game("classic", deal=deal, players=seating)
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
    """Time every decision; print the figures and return the median in milliseconds.

    Wall-clock times are what a player waits; the processor time of this process is
    printed too, since on a shared machine the wall clock also counts other programs.
    """
    times = []
    cpu = []
    for view in views:
        start = time.perf_counter()
        start_cpu = time.process_time()
        player.decide(view)
        cpu.append(time.process_time() - start_cpu)
        times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    median = statistics.median(times) * 1000
    print(f"{name:<22} {len(times):>5} decisions  median {median:8.2f} ms"
          f"  p95 {p95 * 1000:8.2f} ms  max {times[-1] * 1000:8.2f} ms"
          f"  (processor: median {statistics.median(cpu) * 1000:8.2f} ms,"
          f" max {max(cpu) * 1000:8.2f} ms)", flush=True)
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4, help="hands of positions (default 4)")
    parser.add_argument("--budget", type=int, default=40,
                        help="the strong player's arena budget (default 40)")
    parser.add_argument("--levels", default="random,beginner,basic,strong,expert",
                        help="levels to time, comma-separated (default all)")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if "expert" in levels:
        print(f"solver ready in {warm_up():.1f} s", flush=True)
    medians = {}
    for level in levels:
        views = positions(args.hands, level)
        if level == "strong":
            measure(f"strong (budget {args.budget})",
                    StrongPlayer(0, worlds=args.budget, bid_worlds=2 * args.budget), views)
        medians[level] = measure(f"{level} (default)", make_player(level, 0), views)
    if "strong" in medians:
        print(f"strong median ms: {medians['strong']:.1f}")


if __name__ == "__main__":
    main()
