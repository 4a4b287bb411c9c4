"""Time of one rules play-out: the inner loop of ``strong``'s card search.

At every card decision ``strong`` plays each candidate card out to the end of the hand
on each sampled deal twice, once greedily and once with every seat following the basic
rules from its own seat (:func:`spades.bots.rules_play.rules_rollout`). Both run
compiled (:mod:`spades.bots.playout_kernel`, loaded before timing); the rules play-out
costs a few greedy ones.

The positions are those of the first hands of ``--deals`` classic deals played by the
basic player (every card decision with a choice); at each, one deal is sampled from
the seat's view, as the search samples them, and the hand is finished by the rules
``--repeat`` times over all positions, by the rules and by the greedy policy
(:func:`spades.bots.evaluation.rollout`) for comparison; the best of three rounds is
reported, so that a busy machine's slowest moments do not count. The last line is
``rules play-out us: N`` (microseconds a play-out, the mean over the positions).

usage: python benchmarks/rules_playout.py [--deals N] [--repeat R]
"""

from __future__ import annotations

import argparse
import time
from random import Random

from bot_decisions import positions as decision_views
from spades.bots.evaluation import rollout
from spades.bots.knowledge import Knowledge, knowledge_of, seat_roles
from spades.bots.playout_kernel import warm_up
from spades.bots.rules_play import RulesTable, rules_rollout
from spades.bots.sampling import sample_hands
from spades.bots.strong import _position
from spades.game import Phase
from spades.playout import Playout
from spades.views import SeatView

State = tuple[SeatView, Knowledge, dict[str, int], Playout]
"""A position: the seat's view, its knowledge and the bids (worked out once a decision
by the search), and the sampled deal's play state."""


def positions(deals: int) -> list[State]:
    """Every card decision with a choice in the first hands of ``deals`` classic deals
    (played by the basic player, as :mod:`bot_decisions` collects them), each with one
    deal sampled from the seat's view."""
    states = []
    for view in decision_views(deals):
        if view.phase is Phase.PLAY:
            k = knowledge_of(view)
            hands = sample_hands(k, dict(view.hand_sizes), Random(view.deal))
            bids = {s: k.bids.get(s, 0) for s in view.rules.seats}
            states.append((view, k, bids, _position(view, hands)))
    return states


def play_out(state: State, rng: Random) -> list[int]:
    """Finish the hand from the sampled position with every seat playing the rules (as
    the search does for a card: a fresh table on a copy of the position)."""
    view, k, bids, base = state
    table = RulesTable(view.rules, base.copy(), bids, k.voids, before=view.played_mask,
                       trick=view.trick)
    return rules_rollout(table, rng)


def greedy_play_out(state: State, rng: Random) -> list[int]:
    """Finish the hand from the sampled position with the greedy policy, in which every
    seat sees the deal (the other half of the search's mixed play-outs)."""
    view, _, bids, base = state
    partner, side_of = seat_roles(view.rules)
    return rollout(base.copy(), [bids[s] for s in view.rules.seats], partner, side_of, rng)


def measure(states: list[State], repeat: int, greedy: bool = False) -> float:
    """Microseconds a play-out (by the rules, or ``greedy``): the best of three rounds of
    ``repeat`` passes."""
    rng = Random(0)
    best = float("inf")
    run = greedy_play_out if greedy else play_out
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            for state in states:
                run(state, rng)
        best = min(best, time.perf_counter() - start)
    return best / (repeat * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=8, help="deals (default 8)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="passes over the positions a round (default 5)")
    args = parser.parse_args()
    states = positions(args.deals)
    warm_up()
    us = measure(states, args.repeat)
    greedy = measure(states, args.repeat, greedy=True)
    print(f"{len(states)} positions, {args.repeat} play-outs each, best of three rounds")
    print(f"greedy play-out us: {greedy:.0f} (the rules play-out costs {us / greedy:.1f})")
    print(f"rules play-out us: {us:.0f}")


if __name__ == "__main__":
    main()
