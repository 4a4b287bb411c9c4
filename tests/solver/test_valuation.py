"""The solver's values come from the game's own scoring, with bags and the game's end."""

from __future__ import annotations

import pytest

from spades.rules import rules_from
from spades.scoring import score_hand
from spades.solver import WIN_VALUE, HandContext, outcome_value
from spades.solver.valuation import table_index, value_table


def _context(preset: str, bids: dict[str, int], scores: dict[str, int] | None = None,
             bags: dict[str, int] | None = None, blind: frozenset[str] = frozenset(),
             **changes: object) -> HandContext:
    rules = rules_from(preset).replace(**changes) if changes else rules_from(preset)
    return HandContext(rules, bids, blind, scores or dict.fromkeys(rules.sides, 0),
                       bags or dict.fromkeys(rules.sides, 0))


def test_margin_of_the_two_sides_with_bags_at_their_long_run_cost() -> None:
    # NS bid 4+3 and take 9 (2 bags); EW bid 3 and take 4 (1 bag).
    c = _context("classic", {"N": 4, "E": 2, "S": 3, "W": 1})
    tricks = {"N": 5, "E": 2, "S": 4, "W": 2}
    assert outcome_value(c, tricks, "NS") == (72 - 2 * 10) - (31 - 10)
    assert outcome_value(c, tricks, "EW") == -outcome_value(c, tricks, "NS")


def test_a_bag_that_triggers_the_penalty_costs_what_any_bag_costs() -> None:
    # Near the limit the step penalty is paid now, but it is what every bag costs on
    # average, so the value does not jump at the tenth bag.
    tricks = {"N": 5, "E": 2, "S": 4, "W": 2}
    near = _context("classic", {"N": 4, "E": 2, "S": 3, "W": 1},
                    bags={"NS": 9, "EW": 0})
    far = _context("classic", {"N": 4, "E": 2, "S": 3, "W": 1})
    assert score_hand(near.rules, near.bids, near.blind, tricks, near.scores,
                      near.bag_counts)["NS"].penalty == 100
    assert outcome_value(near, tricks, "NS") == outcome_value(far, tricks, "NS")


def test_blind_nil_and_the_game_won_on_this_hand() -> None:
    c = _context("blind-nil", {"N": 5, "E": 3, "S": 0, "W": 3}, blind=frozenset("S"),
                 scores={"NS": 300, "EW": 420})
    won = outcome_value(c, {"N": 6, "E": 4, "S": 0, "W": 3}, "NS")
    # NS: 51 + 200 for the Blind Nil (1 bag); EW 61 (1 bag). NS reach 551 and win.
    assert won == (251 - 10) - (61 - 10) + WIN_VALUE
    broken = outcome_value(c, {"N": 5, "E": 4, "S": 1, "W": 3}, "NS")
    # Blind Nil broken: 51 (S's trick counts, 1 bag) - 200; EW 61: 481, no winner.
    assert broken == (51 - 200 - 10) - (61 - 10)


def test_floor_ends_the_game_against_the_side_that_falls_to_it() -> None:
    c = _context("classic", {"N": 6, "E": 2, "S": 5, "W": 2}, scores={"NS": -150, "EW": 0},
                 floor=-200)
    value = outcome_value(c, {"N": 5, "E": 2, "S": 4, "W": 2}, "NS")
    assert value == -110 - 40 - WIN_VALUE


def test_two_players_and_cutthroat_take_the_mean_of_the_others() -> None:
    two = _context("two-player", {"N": 4, "S": 0})
    assert outcome_value(two, {"N": 13, "S": 0}, "S") == 100 - (49 - 90)
    cut = _context("cutthroat", {"N": 3, "E": 3, "S": 3, "W": 4})
    value = outcome_value(cut, {"N": 3, "E": 3, "S": 3, "W": 4}, "N")
    assert value == 30 - (30 + 30 + 40) / 3


def test_the_table_holds_every_reachable_ending() -> None:
    # Without Nil bids only a side's total matters: its tricks are credited to its
    # first seat, and the table holds the value of every way to share the tricks left.
    c = _context("classic", {"N": 1, "E": 1, "S": 1, "W": 1})
    table, credit, start, ends = value_table(c, "NS", [3, 3, 3, 2], 2)
    assert credit == [0, 1, 0, 1] and start == table_index([6, 5, 0, 0])
    assert sorted(ends) == sorted(table_index(t) for t in ([8, 5, 0, 0], [7, 6, 0, 0],
                                                            [6, 7, 0, 0]))
    for end in ([3, 3, 3, 4], [5, 3, 3, 2], [4, 3, 4, 2]):
        tricks = dict(zip("NESW", end, strict=True))
        index = table_index([end[0] + end[2], end[1] + end[3], 0, 0])
        assert table[index] == pytest.approx(outcome_value(c, tricks, "NS"))


def test_a_nil_bidder_keeps_its_own_count() -> None:
    c = _context("classic", {"N": 0, "E": 1, "S": 3, "W": 1})
    assert value_table(c, "NS", [0, 0, 0, 0], 13)[1] == [0, 1, 2, 1]
