"""Scoring of one hand (R8, R9, R16–R19): a pure function of bids, tricks and totals.

Kept apart from the game so it can be read, tested table by table and reused by the
bots' evaluation without replaying anything.

>>> from spades.rules import rules_from
>>> r = score_hand(rules_from("classic"), {"N": 4, "E": 5, "S": 5, "W": 0}, frozenset(),
...                {"N": 5, "E": 3, "S": 5, "W": 0}, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
>>> r["NS"].points, r["EW"].points
(91, 50)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spades.cards import Seat
from spades.rules import Rules


@dataclass(frozen=True, slots=True)
class SideScore:
    """What one side earned in a hand, and its running totals after it."""

    contract: int
    tricks: int
    made: bool
    points: int
    bags: int
    nil_points: int
    penalty: int
    score: int
    bag_count: int

    def to_json(self) -> dict[str, int]:
        """The ``sides`` entry of ``spades score`` (RECORD.md)."""
        return {
            "points": self.points,
            "bags": self.bags,
            "score": self.score,
            "bag_count": self.bag_count,
        }


def side_members(rules: Rules, side: str) -> tuple[Seat, ...]:
    """The seats that score for ``side``."""
    return tuple(s for s in rules.seats if rules.side_of(s) == side)


def long_run_points(rules: Rules, score: SideScore) -> float:
    """A side's points for the hand with every bag charged its long-run cost
    (:attr:`Rules.bag_cost`) in place of the step penalty the hand happens to trigger:
    what the hand is worth over a game, the tenth bag costing what every bag costs."""
    return score.points + score.penalty - rules.bag_cost * score.bags


def score_side(
    rules: Rules,
    bids: Mapping[Seat, int],
    blind: frozenset[Seat] | set[Seat],
    tricks: Mapping[Seat, int],
    members: tuple[Seat, ...],
    prior_score: int,
    prior_bags: int,
) -> SideScore:
    """Score one side: contract (R16, R17), Nils (R9, R10, R18) and bag penalty (R19)."""
    contract = sum(bids[s] for s in members if bids[s] > 0)
    counted = 0
    nil_points = 0
    nil_bags = 0
    for seat in members:
        taken = tricks[seat]
        if bids[seat] == 0:
            value = rules.blind_nil_value if seat in blind else rules.nil_value
            nil_points += value if taken == 0 else -value
            if rules.nil_tricks == "bags":
                nil_bags += taken
                continue
        counted += taken
    made = counted >= contract
    if made:
        extra = counted - contract
        points = 10 * contract + extra
        bags = extra
    else:
        points = -10 * contract
        bags = 0
    points += nil_bags + nil_points
    bags += nil_bags
    bag_count = prior_bags + bags
    penalty = 0
    if rules.bag_limit > 0:
        while bag_count >= rules.bag_limit:
            penalty += rules.bag_penalty
            bag_count -= rules.bag_limit
    points -= penalty
    return SideScore(
        contract=contract,
        tricks=counted,
        made=made,
        points=points,
        bags=bags,
        nil_points=nil_points,
        penalty=penalty,
        score=prior_score + points,
        bag_count=bag_count,
    )


def score_hand(
    rules: Rules,
    bids: Mapping[Seat, int],
    blind: frozenset[Seat] | set[Seat],
    tricks: Mapping[Seat, int],
    prior_scores: Mapping[str, int],
    prior_bags: Mapping[str, int],
) -> dict[str, SideScore]:
    """Score a finished hand for every side. A bid of 0 is a Nil (blind if in ``blind``)."""
    return {
        side: score_side(
            rules, bids, blind, tricks, side_members(rules, side),
            prior_scores[side], prior_bags[side],
        )
        for side in rules.sides
    }


def game_result(rules: Rules, scores: Mapping[str, int]) -> tuple[bool, str | None]:
    """After a hand (R21): is the game over, and who won?

    The game ends when a side reaches the target or, with a floor, falls to it: a side at
    or below the floor loses at once. The best score among the sides above the floor
    wins; a tie for the top among them means another hand. When every side is at or
    below the floor the game is over all the same (nobody may play on from the floor):
    the best score wins, and equal scores there end the game drawn, without a winner.

    >>> from spades.rules import rules_from
    >>> game_result(rules_from({"floor": -200}), {"NS": -250, "EW": -250})
    (True, None)
    >>> game_result(rules_from({"floor": -200}), {"NS": -250, "EW": -210})
    (True, 'EW')
    """
    reached = any(v >= rules.target for v in scores.values())
    floored = rules.floor is not None and any(v <= rules.floor for v in scores.values())
    if not (reached or floored):
        return False, None
    alive = {s: v for s, v in scores.items() if rules.floor is None or v > rules.floor}
    pool = alive or dict(scores)
    best = max(pool.values())
    leaders = [s for s, v in pool.items() if v == best]
    if len(leaders) > 1:
        return (True, None) if not alive else (False, None)
    return True, leaders[0]
