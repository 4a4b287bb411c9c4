"""Scoring: Nil (R9), contract made (R16) or set (R17), a Nil bidder's tricks (R18),
the sandbag penalty (R19) and the worked examples of RULES.md and the seeds (R20)."""

from __future__ import annotations

from typing import Any

from spades.rules import Rules, rules_from
from spades.scoring import SideScore, score_hand, score_side

CLASSIC = rules_from("classic")
TWO = rules_from("two-player")


def solo(rules: Rules, bid: int, took: int, score: int = 0, bags: int = 0,
         blind: bool = False) -> SideScore:
    """One player scoring alone (two-player or cutthroat)."""
    return score_side(rules, {"S": bid}, {"S"} if blind else set(), {"S": took}, ("S",),
                      score, bags)


def team(rules: Rules, bids: dict[str, int], took: dict[str, int], score: int = 0,
         bags: int = 0) -> SideScore:
    return score_side(rules, bids, set(), took, ("N", "S"), score, bags)


def test_r09_nil_made_is_plus_100() -> None:
    r = team(CLASSIC, {"N": 4, "S": 0}, {"N": 4, "S": 0})
    assert r.nil_points == 100 and r.points == 140


def test_r09_nil_failed_is_minus_100() -> None:
    r = team(CLASSIC, {"N": 4, "S": 0}, {"N": 3, "S": 1})
    assert r.nil_points == -100 and r.points == 40 - 100


def test_r09_nil_value_is_a_setting() -> None:
    rules = rules_from({"nil_value": 50})
    assert team(rules, {"N": 2, "S": 0}, {"N": 2, "S": 0}).points == 70
    assert team(rules, {"N": 2, "S": 0}, {"N": 1, "S": 3}).points == 22 - 50


def test_r09_nil_in_a_played_hand(table: Any) -> None:
    # South bids Nil and plays only diamonds while North's spades win everything
    game = table.game("classic", table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "W": 1, "N": 13, "E": 0})
    table.play_hand_out(game)
    result = game.results[0]
    assert result.tricks == {"N": 13, "E": 0, "S": 0, "W": 0}
    assert result.sides["NS"].nil_points == 100
    assert result.sides["NS"].points == 130 + 100
    assert result.sides["EW"].nil_points == 100
    assert result.sides["EW"].points == -10 + 100


def test_r16_contract_made_ten_per_trick_one_per_bag() -> None:
    r = team(CLASSIC, {"N": 3, "S": 2}, {"N": 4, "S": 3})
    assert (r.made, r.points, r.bags, r.bag_count) == (True, 52, 2, 2)
    exact = team(CLASSIC, {"N": 3, "S": 2}, {"N": 1, "S": 4})
    assert (exact.points, exact.bags) == (50, 0)


def test_r16_bags_add_to_the_running_count(table: Any) -> None:
    game = table.game({"target": 5000}, table.SUIT_DEAL)
    for hand in range(3):
        table.bid_seats(game, {"N": 9, "S": 1, "E": 1, "W": 1})
        table.play_hand_out(game)
        assert game.results[hand].sides["NS"].bags == 3
    assert game.bag_counts == {"NS": 9, "EW": 0}
    assert game.scores == {"NS": 3 * 103, "EW": 3 * -20}


def test_r17_contract_set_minus_ten_per_trick_no_bags() -> None:
    r = team(CLASSIC, {"N": 5, "S": 4}, {"N": 6, "S": 2})
    assert (r.made, r.points, r.bags) == (False, -90, 0)
    assert team(CLASSIC, {"N": 5, "S": 4}, {"N": 6, "S": 2}, score=40, bags=7).bag_count == 7


def test_r18_count_mode_nil_tricks_help_the_contract_then_are_bags() -> None:
    assert CLASSIC.nil_tricks == "count"
    helped = team(CLASSIC, {"N": 5, "S": 0}, {"N": 4, "S": 1})
    assert helped.made and helped.points == 50 - 100 and helped.bags == 0
    beyond = team(CLASSIC, {"N": 5, "S": 0}, {"N": 5, "S": 2})
    assert beyond.points == 52 - 100 and beyond.bags == 2


def test_r18_bags_mode_nil_tricks_are_bags_not_help() -> None:
    rules = rules_from("no-help-nil")
    assert rules.nil_tricks == "bags"
    not_helped = team(rules, {"N": 5, "S": 0}, {"N": 4, "S": 1})
    # the partner is set (4 < 5), and the Nil's trick is still a bag worth a point
    assert not not_helped.made
    assert (not_helped.points, not_helped.bags) == (-50 + 1 - 100, 1)
    made = team(rules, {"N": 5, "S": 0}, {"N": 6, "S": 2})
    assert made.made and (made.points, made.bags) == (51 + 2 - 100, 3)


def test_r18_seed_002_nil_tricks_are_bags_in_a_played_hand(table: Any) -> None:
    game = table.find_hand("no-help-nil", {"S": 0, "W": 3, "N": 3, "E": 3},
                           lambda t: t["S"] >= 2 and t["N"] < 3 and t["N"] + t["S"] >= 3)
    result = game.results[0]
    ns = result.sides["NS"]
    # North alone is set although South's tricks would have covered the contract
    assert not ns.made and ns.tricks == result.tricks["N"]
    assert ns.bags == result.tricks["S"]
    assert ns.points == -30 + result.tricks["S"] - 100


def test_r18_the_nil_fails_either_way() -> None:
    for rules in (CLASSIC, rules_from("no-help-nil")):
        assert team(rules, {"N": 3, "S": 0}, {"N": 3, "S": 1}).nil_points == -100


def test_r19_seed_001_bags_carry_and_cost_100_at_ten() -> None:
    first = solo(TWO, 4, 7)
    second = solo(TWO, 3, 6, first.score, first.bag_count)
    third = solo(TWO, 4, 9, second.score, second.bag_count)
    assert (first.points, first.bag_count) == (43, 3)
    assert (second.points, second.bag_count) == (33, 6)
    assert third.points == 45 - 100 == -55
    assert third.penalty == 100 and third.bag_count == 1
    assert third.score == 43 + 33 - 55


def test_r19_penalty_each_time_the_count_reaches_the_limit() -> None:
    r = team(CLASSIC, {"N": 1, "S": 0}, {"N": 13, "S": 0}, bags=9)
    # 12 bags on top of 9: 21, twice over the limit
    assert r.penalty == 200 and r.bag_count == 1
    assert r.points == 10 + 12 + 100 - 200


def test_r19_limit_and_penalty_are_settings(table: Any) -> None:
    game = table.game({"target": 5000, "bag_limit": 5, "bag_penalty": 50}, table.SUIT_DEAL)
    points = []
    for _ in range(3):
        table.bid_seats(game, {"N": 10, "S": 1, "E": 1, "W": 1})
        table.play_hand_out(game)
        points.append(game.results[-1].sides["NS"].points)
    assert points == [112, 112, 112 - 50]
    assert game.bag_counts["NS"] == 1
    off = rules_from({"bag_limit": 0})
    r = team(off, {"N": 1, "S": 1}, {"N": 13, "S": 0}, bags=50)
    assert r.penalty == 0 and r.bag_count == 61


def test_r20_seed_001_bid_7_took_8_scores_71() -> None:
    assert solo(TWO, 7, 8).points == 71
    assert team(CLASSIC, {"N": 7, "S": 0}, {"N": 8, "S": 0}).points == 71 + 100


def test_r20_seed_004_team_bid_6_took_7_is_61_took_5_is_minus_60() -> None:
    jokers = rules_from("jokers")
    assert team(jokers, {"N": 2, "S": 4}, {"N": 3, "S": 4}).points == 61
    assert team(jokers, {"N": 2, "S": 4}, {"N": 1, "S": 4}).points == -60
    # seed 004's bidding example: 3 + 2 = 5 for one team, 4 + 3 = 7 for the other
    contracts = score_hand(jokers, {"N": 3, "E": 4, "S": 2, "W": 3}, set(),
                           {"N": 3, "E": 4, "S": 3, "W": 3}, {"NS": 0, "EW": 0},
                           {"NS": 0, "EW": 0})
    assert (contracts["NS"].contract, contracts["EW"].contract) == (5, 7)


def test_r20_seed_000_you_3_north_4_contract_7_whoever_takes_them(table: Any) -> None:
    game = table.find_hand("classic", {"S": 3, "W": 3, "N": 4, "E": 3},
                           lambda t: t["S"] + t["N"] == 7 and t["S"] != 3)
    ns = game.results[0].sides["NS"]
    assert ns.contract == 7 and ns.made and ns.points == 70 and ns.bags == 0
    for took in ({"N": 7, "S": 0}, {"N": 0, "S": 7}, {"N": 4, "S": 3}):
        assert team(CLASSIC, {"N": 4, "S": 3}, took).points == 70


def test_r20_seed_000_you_nil_north_5_you_take_1_north_4_is_minus_50(table: Any) -> None:
    r = team(CLASSIC, {"N": 5, "S": 0}, {"N": 4, "S": 1})
    assert r.contract == 5 and r.made and r.nil_points == -100 and r.points == -50
    game = table.find_hand("classic", {"S": 0, "W": 3, "N": 5, "E": 3},
                           lambda t: t["S"] == 1 and t["N"] == 4)
    ns = game.results[0].sides["NS"]
    assert (ns.contract, ns.made, ns.nil_points, ns.points) == (5, True, -100, -50)
    assert game.scores["NS"] == -50


def test_long_run_points_charge_every_bag_the_penalty_spread_over_the_limit() -> None:
    from spades.rules import rules_from
    from spades.scoring import long_run_points, score_side

    classic = rules_from("classic")
    assert classic.bag_cost == 10.0
    # 4 bid, 7 taken with 8 bags already: the penalty is triggered, yet the hand is
    # worth 40 + 3 less 10 for each of its 3 bags, as any hand with 3 bags.
    triggered = score_side(classic, {"N": 4, "S": 0}, set(), {"N": 7, "S": 0},
                           ("N",), 0, 8)
    assert triggered.penalty == 100
    assert long_run_points(classic, triggered) == 43 - 30
    free = classic.replace(bag_limit=0)
    assert free.bag_cost == 0.0
    assert long_run_points(free, score_side(free, {"N": 4}, set(), {"N": 7}, ("N",), 0, 8)) == 43
