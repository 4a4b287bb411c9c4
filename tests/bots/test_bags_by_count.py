"""The bags-by-count benchmark reads what it says from arena records: each side's bid,
tricks and double-dummy count (benchmarks/bags_by_count.py)."""

from __future__ import annotations

from pathlib import Path

from spades.actions import Bid
from spades.arena import Match, play_deal
from spades.bots.basic import BasicPlayer
from spades.game import Phase
from spades.record import read_record
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
