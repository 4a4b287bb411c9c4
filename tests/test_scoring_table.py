"""Scoring, table by table: one row per hand, computed by hand from the rules (R8–R10,
R16–R20, R24), including the two published classic cases.

Each row: rules, bids and tricks per seat (``N E S W``, or ``N S`` for two players; ``b``
marks a Blind/Double Nil), totals before the hand, and per side the points of the hand
and the running bag count after it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from spades.rules import rules_from
from spades.scoring import score_hand


class Case(NamedTuple):
    rules: str | dict[str, Any]
    bids: str
    tricks: str
    expect: dict[str, tuple[int, int]]
    """side → (points this hand, bag count after it)."""
    scores: dict[str, int] | None = None
    bags: dict[str, int] | None = None


CASES = {
    # the published ones (classic, Nil tricks count)
    "published-ns-plus-91": Case("classic", "4 5 5 0", "5 3 5 0",
                                 {"NS": (91, 1), "EW": (-50 + 100, 0)}),
    "published-ns-minus-230": Case("classic", "13 5 0 1", "4 6 1 2",
                                   {"NS": (-130 - 100, 0), "EW": (62, 2)}),
    # R18: Nil tricks as bags
    "no-help-nil-same-hand": Case("no-help-nil", "13 5 0 1", "4 6 1 2",
                                  {"NS": (-130 + 1 - 100, 1), "EW": (62, 2)}),
    "no-help-nil-nil-made": Case("no-help-nil", "4 5 5 0", "5 3 5 0",
                                 {"NS": (91, 1), "EW": (50, 0)}),
    "no-help-nil-bags-tip-the-penalty": Case(
        "no-help-nil", "4 4 0 4", "5 4 3 1",
        {"NS": (41 + 3 - 100 - 100, 2), "EW": (-80, 0)}, bags={"NS": 8, "EW": 0}),
    "count-nil-help-makes-contract": Case("classic", "5 3 0 3", "4 4 1 4",
                                          {"NS": (50 - 100, 0), "EW": (62, 2)}),
    "bags-nil-no-help-sets-contract": Case("no-help-nil", "5 3 0 3", "4 4 1 4",
                                           {"NS": (-50 + 1 - 100, 1), "EW": (62, 2)}),
    # R8: both partners Nil, contract 0
    "two-nils-made": Case("classic", "0 4 0 4", "0 6 0 7",
                          {"NS": (200, 0), "EW": (85, 5)}),
    "two-nils-one-fails-count": Case("classic", "0 4 0 4", "2 5 0 6",
                                     {"NS": (2, 2), "EW": (83, 3)}),
    "two-nils-one-fails-bags": Case("no-help-nil", "0 4 0 4", "2 5 0 6",
                                    {"NS": (2, 2), "EW": (83, 3)}),
    # R7: a contract above 13 is legal and set
    "contract-over-13": Case("classic", "7 1 7 1", "6 0 6 1",
                             {"NS": (-140, 0), "EW": (-20, 0)}),
    # R19: bags carried, penalties
    "carried-bags-reach-ten": Case("classic", "3 3 3 3", "5 2 4 2",
                                   {"NS": (63 - 100, 1), "EW": (-60, 0)},
                                   scores={"NS": 100, "EW": 50}, bags={"NS": 8, "EW": 0}),
    "twice-the-limit": Case("classic", "1 1 1 1", "12 0 1 0",
                            {"NS": (31 - 200, 0), "EW": (-20, 0)}, bags={"NS": 9, "EW": 0}),
    "set-adds-no-bags": Case("classic", "6 1 6 1", "5 3 4 1",
                             {"NS": (-120, 9), "EW": (22, 2)}, bags={"NS": 9, "EW": 0}),
    "limit-5-penalty-50": Case({"bag_limit": 5, "bag_penalty": 50}, "2 2 2 2", "5 1 3 4",
                               {"NS": (44 - 50, 0), "EW": (41, 4)},
                               bags={"NS": 1, "EW": 3}),
    "penalty-off": Case({"bag_limit": 0}, "1 1 1 1", "6 1 5 1",
                        {"NS": (29, 18), "EW": (20, 0)}, bags={"NS": 9, "EW": 0}),
    # R9 value setting
    "nil-worth-50": Case({"nil_value": 50}, "5 3 0 3", "6 3 0 4",
                         {"NS": (51 + 50, 1), "EW": (61, 1)}),
    # R10 Blind Nil
    "blind-nil-made": Case("blind-nil", "4 3 0b 3", "5 4 0 4",
                           {"NS": (41 + 200, 1), "EW": (62, 2)}),
    "blind-nil-failed": Case("blind-nil", "4 3 0b 3", "4 4 2 3",
                             {"NS": (42 - 200, 2), "EW": (61, 1)}),
    "blind-nil-worth-300": Case({"preset": "blind-nil", "blind_nil_value": 300},
                                "4 3 0b 3", "5 4 0 4", {"NS": (341, 1), "EW": (62, 2)}),
    "short-blind-west": Case("short", "3 4 3 0b", "3 7 3 0",
                             {"NS": (60, 0), "EW": (43 + 200, 3)}),
    # R20 / seed 004 (jokers)
    "jokers-bid-6-took-7": Case("jokers", "2 3 4 3", "3 3 4 3",
                                {"NS": (61, 1), "EW": (60, 0)}),
    "jokers-bid-6-took-5": Case("jokers", "2 3 4 3", "1 4 4 4",
                                {"NS": (-60, 0), "EW": (62, 2)}),
    # cutthroat: each seat for itself
    "cutthroat": Case("cutthroat", "3 4 2 0", "4 3 6 0",
                      {"N": (31, 1), "E": (-40, 0), "S": (24, 4), "W": (100, 0)}),
    "cutthroat-nil-fails": Case("cutthroat", "3 4 2 0", "3 4 4 2",
                                {"N": (30, 0), "E": (40, 0), "S": (22, 2), "W": (2 - 100, 2)}),
    "cutthroat-bags-mode-nil-fails": Case(
        {"preset": "cutthroat", "nil_tricks": "bags"}, "3 4 2 0", "3 4 4 2",
        {"N": (30, 0), "E": (40, 0), "S": (22, 2), "W": (2 - 100, 2)}),
    # two players (seed 001)
    "two-player-bid-7-took-8": Case("two-player", "7 4", "8 5",
                                    {"N": (71, 1), "S": (41, 1)}),
    "two-player-nil-fails": Case("two-player", "0 10", "1 12",
                                 {"N": (1 - 100, 1), "S": (102, 2)}),
    "two-player-double-nil": Case("two-player", "0b 5", "0 13",
                                  {"N": (200, 0), "S": (58, 8)}),
    "two-player-double-nil-fails": Case("two-player", "0b 5", "1 12",
                                        {"N": (1 - 200, 1), "S": (57, 7)}),
    "two-player-seed-001-third-hand": Case("two-player", "4 4", "4 9",
                                           {"N": (40, 0), "S": (45 - 100, 1)},
                                           scores={"N": 0, "S": 76}, bags={"N": 0, "S": 6}),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_score_table(case: Case) -> None:
    rules = rules_from(case.rules)
    seats = rules.seats
    bid_words = case.bids.split()
    took_words = case.tricks.split()
    assert len(bid_words) == len(took_words) == len(seats)
    bids = {s: int(w.rstrip("b")) for s, w in zip(seats, bid_words, strict=True)}
    blind = {s for s, w in zip(seats, bid_words, strict=True) if w.endswith("b")}
    tricks = {s: int(w) for s, w in zip(seats, took_words, strict=True)}
    assert sum(tricks.values()) == 13, "a hand has 13 tricks"
    scores = case.scores or dict.fromkeys(rules.sides, 0)
    bags = case.bags or dict.fromkeys(rules.sides, 0)
    result = score_hand(rules, bids, frozenset(blind), tricks, scores, bags)
    got = {side: (r.points, r.bag_count) for side, r in result.items()}
    assert got == case.expect
    for side, r in result.items():
        assert r.score == scores[side] + r.points
