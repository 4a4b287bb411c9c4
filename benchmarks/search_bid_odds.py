"""How far a search player's bids lie from the basic bid of its hand.

The search players read another search player's bid back into its hand by that
distance (``SEARCH_BID_ODDS`` in ``spades/bots/sampling.py``): the bid search starts
from the basic bid and tries two tricks either way, and which it picks depends on
whether the partner has bid. This benchmark measures the odds again: it bids the
first hand of each deal with ``--level`` on one side and ``basic`` on the other (both
seat orders, as the arena plays a deal), and counts, for every bid of the level, its
distance from the basic bid of its hand, apart for bids made before and after the
partner's. The basic bid is the base of the level's bid search: the basic rule's bid,
or the rounded count where that bid is Nil.

The last line is ``LEVEL bids the basic bid before its partner: N`` (the share).

usage: python benchmarks/search_bid_odds.py [--deals N] [--seed S] [--level strong]
"""

from __future__ import annotations

import argparse
from collections import Counter

from spades.actions import Bid
from spades.bots import make_player
from spades.bots.basic import basic_bid
from spades.bots.bidding import search_base
from spades.bots.sampling import after_partner
from spades.game import Game, Phase
from spades.rules import Rules, rules_from
from spades.views import seat_view


def distances(rules: Rules, deal: int, level: str) -> Counter[tuple[bool, int]]:
    """The first hand of ``deal`` bid twice, ``level`` on each side in turn and
    ``basic`` on the other: each bid of ``level`` as (after its partner, its distance
    from the basic bid of its hand)."""
    found: Counter[tuple[bool, int]] = Counter()
    for side in rules.sides:
        players = {s: level if rules.side_of(s) == side else "basic" for s in rules.seats}
        game = Game(rules, deal=deal, players=players)
        bots = {name: make_player(name, deal, rules) for name in set(players.values())}
        distance: dict[str, int] = {}
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            action = bots[players[seat]].decide(view).action
            assert isinstance(action, Bid)
            if players[seat] == level and action.tricks:
                rule = basic_bid(rules, seat, view.hand, view.bids, view.scores)
                distance[seat] = action.tricks - search_base(view.hand, rules, rule)
            game.apply(seat, action)
        second = after_partner(rules, game.hand.bids)
        found.update((seat in second, d) for seat, d in distance.items())
    return found


def summary(level: str, found: Counter[tuple[bool, int]]) -> list[str]:
    """The report: the share of each distance, before and after the partner."""
    lines = []
    shares = {}
    for second in (False, True):
        total = sum(n for (after, _), n in found.items() if after == second)
        row = {d: n / total for (after, d), n in sorted(found.items()) if after == second} \
            if total else {}
        shares[second] = row
        when = "after its partner" if second else "before its partner"
        lines.append(f"{level} {when} ({total} bids): " + ", ".join(
            f"{d:+d} {share:.0%}" for d, share in row.items()))
    lines.append(f"{level} bids the basic bid before its partner: "
                 f"{shares[False].get(0, 0.0):.2f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60, help="deals (default 60)")
    parser.add_argument("--seed", type=int, default=46000001,
                        help="number of the first deal (default 46000001)")
    parser.add_argument("--level", default="strong", help="the search level (default strong)")
    args = parser.parse_args()
    rules = rules_from("classic")
    found: Counter[tuple[bool, int]] = Counter()
    for deal in range(args.seed, args.seed + args.deals):
        found += distances(rules, deal, args.level)
    print("\n".join(summary(args.level, found)))


if __name__ == "__main__":
    main()
