"""The bags-by-count benchmark reads what it says from arena records: each side's bid,
tricks and double-dummy count (benchmarks/bags_by_count.py)."""

from __future__ import annotations

from pathlib import Path

from spades.actions import Bid
from spades.arena import Match, play_deal
from spades.bots.basic import BasicPlayer
from spades.game import Phase
from spades.record import read_record
from spades.rules import rules_from
from spades.views import seat_view


def test_a_side_holding_every_spade_counts_every_trick(benchmark_script, table) -> None:
    script = benchmark_script("bags_by_count")
    game = table({"N": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"})
    player = BasicPlayer(0, game.rules)
    bids = {"N": 10, "E": 1, "S": 1, "W": 1}
    while game.phase is Phase.BID:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, Bid(bids[seat]))
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, player.decide(seat_view(game, seat)).action)
    result = game.results[0]
    hand = script.side_hand(game.rules, result, game.rules.side_of("N"), "x", 0)
    assert hand.count == 13 and hand.tricks == 13
    assert (hand.bid, hand.over, hand.given, hand.underbid) == (11, 2, False, False)
    east = script.side_hand(game.rules, result, game.rules.side_of("E"), "x", 0)
    assert east.count == 0 and east.tricks == 0 and not east.made


def test_tricks_over_the_bid_are_told_apart_by_the_count(benchmark_script) -> None:
    side_hand = benchmark_script("bags_by_count").SideHand
    ducked_to_us = side_hand("a", 4, 7, True, 5)
    assert (ducked_to_us.over, ducked_to_us.given, ducked_to_us.underbid) == (3, True, False)
    underbid = side_hand("b", 4, 7, True, 8)
    assert (underbid.over, underbid.given, underbid.underbid) == (3, False, True)
    set_side = side_hand("c", 6, 5, False, 9)
    assert (set_side.made, set_side.over, set_side.given) == (False, 0, False)
    assert side_hand("d", 5, 5, True, None).over == 0


def test_arena_records_are_read_for_the_level_named(benchmark_script, tmp_path: Path) -> None:
    script = benchmark_script("bags_by_count")
    play_deal(Match("basic", "random", deals=1, first=5, games=False,
                    records=str(tmp_path)), 5)
    hands = script.measure(tmp_path, "basic")
    assert len(hands) == 2
    for hand in hands:
        data = read_record(tmp_path / hand.record)
        first = data["hands"][0]
        seats = [s for s, name in data["players"].items() if name == "basic"]
        dealer = "NESW".index(first["dealer"])
        order = ["NESW"[(dealer + 1 + k) % 4] for k in range(4)]
        assert hand.bid == sum(b for s, b in zip(order, first["bids"], strict=True)
                               if s in seats)
        assert hand.count is not None and 0 <= hand.count <= 13
    assert script.measure(tmp_path, "strong") == []
    lines = script.summary("basic", hands)
    over = sum(h.over for h in hands) / 2
    assert lines[-1] == f"basic tricks over the bid a hand: {over:.2f}"


def test_sets_are_told_apart_by_the_count(benchmark_script) -> None:
    side_hand = benchmark_script("bags_by_count").SideHand
    beyond = side_hand("a", 7, 5, False, 6, others_bid=4)
    assert beyond.bid_over_count and not beyond.others_settable
    misplayed = side_hand("b", 7, 6, False, 8, others_bid=4)
    assert not misplayed.bid_over_count
    # A count of 10 leaves the others 3 tricks: a contract of 4 can be set, 3 cannot.
    assert side_hand("c", 6, 8, True, 10, others_bid=4).others_settable
    assert not side_hand("d", 6, 8, True, 10, others_bid=3).others_settable
    assert not side_hand("e", 6, 8, True, None, others_bid=4).others_settable
    lines = benchmark_script("bags_by_count").sets(
        [beyond, misplayed, side_hand("c", 6, 10, True, 10, others_bid=4, others_made=False),
         side_hand("f", 2, 4, True, 4, others_bid=9, others_made=False)])
    assert lines == ["  set in 2: 1 of them bid above the side's count (no play could make them)",
                     "  the others could be set on open hands in 1 plays, and were in 1; "
                     "the others set in 2 plays in all"]


def test_each_bid_is_measured_against_the_basic_bid_from_the_same_seat(
        benchmark_script, tmp_path: Path) -> None:
    script = benchmark_script("bags_by_count")
    play_deal(Match("basic", "random", deals=1, first=7, games=False,
                    records=str(tmp_path)), 7)
    hands = script.measure(tmp_path, "basic")
    # The basic player's own bids are the basic bids: both of the side's bids agree.
    assert [h.over_basic for h in hands] == [(0, 0), (0, 0)]
    random_side = script.bids_over_basic(read_record(tmp_path / hands[0].record),
                                         "EW" if hands[0].record.endswith("AB.json") else "NS")
    assert len(random_side) == 2
    lines = script.bids_against_basic(
        [script.SideHand("a", 5, 6, True, 6, over_basic=(0, 1)),
         script.SideHand("b", 6, 5, False, 6, over_basic=(0, 2))])
    # 6 tricks on 5 bid score 50 - 9 = 41, on 6 bid 60 (+19), on 4 bid 40 - 18 (-19);
    # 5 tricks on 6 bid -60, on 7 bid -70 (-10), on 5 bid 50 (+110).
    assert lines == [
        "  first bidder, the basic bid +0: 2 plays, made 50%, 1.00 tricks over when made; "
        "a trick more bid +4.5 a play, a trick less +45.5",
        "  second bidder, the basic bid +1: 1 plays, made 100%, 1.00 tricks over when made; "
        "a trick more bid +19.0 a play, a trick less -19.0",
        "  second bidder, the basic bid +2: 1 plays, made 0%, 0.00 tricks over when made; "
        "a trick more bid -10.0 a play, a trick less +110.0",
    ]
    made = script.SideHand("a", 5, 6, True, 6)
    assert script.charged(made, 5) == 41 and script.charged(made, 7) == -70
    # With a bag limit of 5 and a penalty of 50, a bag costs 10 all the same.
    five = rules_from("classic").replace(bag_limit=5, bag_penalty=50)
    assert script.charged(script.SideHand("b", 1, 8, True, 8, rules=five), 1) == 10 - 9 * 7
