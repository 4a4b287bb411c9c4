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

The same count tells where the sets come from:

- a side set with a contract above its count bid what no play could make, open
  hands or not: the bid's fault, not the play's;
- the others could be set on open hands when the side's count is more than the tricks
  their contract leaves (13 less their contract): how many of those chances the
  level took, against every set of the others.

And the bids themselves: each of the side's two bids less the bid the basic player
would have made from the same seat at the same moment (its first bidder, then its
second, who knows the partner's bid), with the share of those hands made, the tricks
over the contract, and what a contract a trick higher or lower would have scored on
the same tricks (bags charged 10 each), so that a level's habit of bidding above or
below the rules can be weighed against what it took.

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
from typing import Any

from spades.actions import Bid
from spades.bots.basic import BasicPlayer
from spades.game import HandResult
from spades.record import load_record, read_record
from spades.rules import Rules, rules_from
from spades.scoring import long_run_points, score_side
from spades.solver import Position, SearchLimit, trick_count
from spades.views import seat_view

CLASSIC = rules_from("classic")

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
    others_bid: int = 0
    others_made: bool = True
    total: int = 13
    """Tricks in the hand."""
    over_basic: tuple[int, ...] = ()
    """Each of the side's bids, in bidding order, less the basic player's bid there."""
    rules: Rules = CLASSIC

    @property
    def bid_over_count(self) -> bool:
        """Set with a contract above the side's count: no play could have made it."""
        return not self.made and self.count is not None and self.count < self.bid

    @property
    def others_settable(self) -> bool:
        """The side's count leaves the others fewer tricks than their contract."""
        return self.count is not None and self.others_bid > 0 and \
            self.total - self.count < self.others_bid

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
              max_nodes: int, over_basic: tuple[int, ...] = ()) -> SideHand:
    """The side's contract, tricks and result as the game scored them, and its count."""
    score = result.sides[side]
    others = [o for name, o in result.sides.items() if name != side]
    seat = next(s for s in rules.seats if rules.side_of(s) == side)
    position = Position(rules, dict(result.cards), leader=result.plays[0][0],
                        bids=dict(result.bids), blind=frozenset(result.blind))
    try:
        count: int | None = trick_count(position, seat, max_nodes=max_nodes,
                                        guess=score.contract)
    except SearchLimit:
        count = None
    return SideHand(record, score.contract, score.tricks, score.made, count,
                    sum(o.contract for o in others), all(o.made for o in others),
                    len(result.plays) // len(rules.seats), over_basic, rules)


def bids_over_basic(data: dict[str, Any], side: str) -> tuple[int, ...]:
    """Each bid of ``side`` in the record's first hand less the basic player's bid from
    the same seat with the bids made before it (the hand replayed bid by bid)."""
    first = data["hands"][0]
    game = load_record({**data, "hands": [{**first, "bids": [], "play": ""}]})
    basic = BasicPlayer(0, game.rules)
    over = []
    for bid in first["bids"]:
        seat = game.to_act
        assert seat is not None
        if game.rules.side_of(seat) == side:
            advice = basic.decide(seat_view(game, seat)).action
            assert isinstance(advice, Bid)
            over.append(bid - advice.tricks)
        game.apply(seat, Bid(bid))
    return tuple(over)


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
        side = sides.pop()
        hands.append(side_hand(rules, game.results[0], side, path.name, max_nodes,
                               bids_over_basic(data, side)))
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
        *sets(hands),
        *bids_against_basic(hands),
        f"{level} tricks over the bid a hand: {over / plays:.2f}" if plays else
        f"{level} tricks over the bid a hand: no records",
    ]


def sets(hands: list[SideHand]) -> list[str]:
    """Where the sets came from: bids above the count, chances to set the others."""
    set_hands = [h for h in hands if not h.made]
    settable = [h for h in hands if h.others_settable]
    return [
        f"  set in {len(set_hands)}: {sum(h.bid_over_count for h in set_hands)} of them "
        f"bid above the side's count (no play could make them)",
        f"  the others could be set on open hands in {len(settable)} plays, and were in "
        f"{sum(not h.others_made for h in settable)}; the others set in "
        f"{sum(not h.others_made for h in hands)} plays in all",
    ]


def bids_against_basic(hands: list[SideHand]) -> list[str]:
    """The side's first and second bids against the basic bid from the same seat."""
    lines = []
    for k, who in enumerate(("first", "second")):
        by_gap: dict[int, list[SideHand]] = {}
        for h in hands:
            if len(h.over_basic) > k:
                by_gap.setdefault(h.over_basic[k], []).append(h)
        for gap in sorted(by_gap):
            group = by_gap[gap]
            made = [h for h in group if h.made]
            over = statistics.fmean(h.tricks - h.bid for h in made) if made else 0.0
            more = statistics.fmean(charged(h, h.bid + 1) - charged(h, h.bid) for h in group)
            less = statistics.fmean(charged(h, h.bid - 1) - charged(h, h.bid) if h.bid > 1
                                    else 0.0 for h in group)
            lines.append(f"  {who} bidder, the basic bid {gap:+d}: {len(group)} plays, "
                         f"made {len(made) / len(group):.0%}, {over:.2f} tricks over "
                         f"when made; a trick more bid {more:+.1f} a play, "
                         f"a trick less {less:+.1f}")
    return lines


def charged(h: SideHand, contract: int) -> float:
    """The side's points for its tricks on ``contract`` (no Nil), each bag charged its
    long-run cost, as the game scores them: what a bid a trick higher or lower would
    have scored had the side taken the same tricks (it would not have played quite the
    same, so this only says which way the bid leans)."""
    seat = h.rules.seats[0]
    score = score_side(h.rules, {seat: contract}, frozenset(), {seat: h.tricks}, (seat,),
                       0, 0)
    return long_run_points(h.rules, score)


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
