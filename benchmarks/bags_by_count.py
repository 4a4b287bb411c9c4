"""Where a level's tricks over its bid come from: a bid below what the cards take, or
the ducking at the end of the hand.

With bags charged at their long-run cost, a trick over the bid costs the side 9
points and saves the others 9, so the tricks a level takes over its bids are a large
part of what it gives away. This benchmark reads the game records of an arena match
(``spades arena LEVEL basic --hand --records DIR``) and, for the first hand of each,
compares what the level's side bid and took with the **double-dummy count** of the
true deal (:func:`spades.solver.trick_count`: the most tricks the side can force from
the first lead, every seat playing for tricks):

- a count far above the bid (three tricks or more) is a hand the side underbid: the
  tricks were there to be bid;
- tricks taken above the count were given to the side: the others, their contract
  made, ducked, and the side could not duck the tricks back.

Figures depend only on the records: the solver is exact. A count the solver cannot
finish within ``--max-nodes`` nodes a probe is left out of the count columns.

The last line is ``LEVEL tricks over the bid a hand: N``.

usage: python benchmarks/bags_by_count.py DIR [--level strong] [--max-nodes N]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from spades.game import HandResult
from spades.record import load_record, read_record
from spades.rules import Rules
from spades.solver import Position, SearchLimit, trick_count

UNDERBID = 3
"""A count this many tricks above the bid or more marks a hand the side underbid."""


@dataclass(frozen=True, slots=True)
class SideHand:
    """The first hand of one record, for the side of the level measured."""

    record: str
    bid: int
    tricks: int
    made: bool
    count: int | None
    """The side's double-dummy count on the true deal; None if the solver gave up."""

    @property
    def over(self) -> int:
        """Tricks over the bid (0 when set: a set side has no bags from this hand)."""
        return self.tricks - self.bid if self.made else 0

    @property
    def underbid(self) -> bool:
        return self.count is not None and self.count - self.bid >= UNDERBID

    @property
    def given(self) -> bool:
        """Tricks over the bid and above the count: the others ducked them to us."""
        return self.over > 0 and self.count is not None and self.tricks > self.count


def side_hand(rules: Rules, result: HandResult, side: str, record: str,
              max_nodes: int) -> SideHand:
    """The side's contract, tricks and result as the game scored them, and its count."""
    score = result.sides[side]
    seat = next(s for s in rules.seats if rules.side_of(s) == side)
    position = Position(rules, dict(result.cards), leader=result.plays[0][0],
                        bids=dict(result.bids), blind=frozenset(result.blind))
    try:
        count: int | None = trick_count(position, seat, max_nodes=max_nodes,
                                        guess=score.contract)
    except SearchLimit:
        count = None
    return SideHand(record, score.contract, score.tricks, score.made, count)


def measure(directory: Path, level: str, max_nodes: int = 20_000_000) -> list[SideHand]:
    """Every record of ``directory`` whose players name ``level`` on exactly one side
    of a partnership game, in file name order."""
    hands = []
    for path in sorted(directory.glob("*.json")):
        data = read_record(path)
        game = load_record(data)
        rules = game.rules
        if not game.results or not rules.partnerships:
            continue
        sides = {rules.side_of(s) for s, name in data.get("players", {}).items()
                 if name == level}
        if len(sides) != 1:
            continue
        hands.append(side_hand(rules, game.results[0], sides.pop(), path.name, max_nodes))
    return hands


def summary(level: str, hands: list[SideHand]) -> list[str]:
    """The report, one line a figure."""
    plays = len(hands)
    over = sum(h.over for h in hands)
    spread = Counter(min(h.over, 3) for h in hands if h.made)
    counted = [h for h in hands if h.count is not None]
    underbid = [h for h in counted if h.underbid]
    with_over = [h for h in counted if h.over]
    given = [h for h in with_over if h.given]
    return [
        f"{level}: {plays} plays, bid {statistics.fmean(h.bid for h in hands):.2f} a hand, "
        f"took {statistics.fmean(h.tricks for h in hands):.2f}, set in "
        f"{sum(not h.made for h in hands)}",
        f"  made with 0 / 1 / 2 / 3 or more tricks over: "
        f"{spread[0]} / {spread[1]} / {spread[2]} / {spread[3]}",
        f"  counted {len(counted)} of {plays}; count {UNDERBID} or more over the bid "
        f"(underbid): {len(underbid)} plays, {sum(h.over for h in underbid)} of the "
        f"{over} tricks over",
        f"  hands over the bid that took more than their count (ducked to them): "
        f"{len(given)} of {len(with_over)}, {sum(h.over for h in given)} tricks over",
        f"{level} tricks over the bid a hand: {over / plays:.2f}" if plays else
        f"{level} tricks over the bid a hand: no records",
    ]


def record_arguments(parser: argparse.ArgumentParser, level_help: str) -> None:
    """The arguments of a benchmark that reads an arena match's records: the folder,
    and the level measured (``strong`` by default)."""
    parser.add_argument("directory", type=Path,
                        help="records written by spades arena --records DIR")
    parser.add_argument("--level", default="strong", help=f"{level_help} (default strong)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    record_arguments(parser, "the level whose side is measured")
    parser.add_argument("--max-nodes", type=int, default=20_000_000,
                        help="nodes a solver probe may visit (default 20,000,000)")
    args = parser.parse_args()
    hands = measure(args.directory, args.level, args.max_nodes)
    print("\n".join(summary(args.level, hands)))


if __name__ == "__main__":
    main()
