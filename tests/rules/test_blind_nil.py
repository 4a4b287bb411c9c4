"""Blind Nil (R10): asked before any card is seen, in bidding order; worth ±200; the bid is
fixed; optionally only for a side trailing by at least N points."""

from __future__ import annotations

from typing import Any

import pytest

from spades.actions import Bid, BlindChoice
from spades.errors import IllegalActionError
from spades.game import Game, Phase
from spades.rules import rules_from
from spades.views import seat_view


def test_r10_blind_nil_is_off_by_default() -> None:
    game = Game("classic", deal=3)
    assert not rules_from("classic").blind_nil
    assert game.phase is Phase.BID
    err = game.why_not("S", BlindChoice(True))
    # a rules reason, not a timing one: there is no moment at which it would be allowed
    assert err is not None and err.code == "blind_nil_not_played"
    assert str(err) == "Blind Nil is not played with these rules"


def test_r10_asked_in_bidding_order_before_seeing_any_card() -> None:
    game = Game("blind-nil", deal=3)
    assert game.phase is Phase.BLIND
    asked = []
    for _ in range(4):
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        assert view.cards_hidden and view.hand == 0 and view.cards == []
        assert set(view.legal) == {BlindChoice(True), BlindChoice(False)}
        asked.append(seat)
        game.apply(seat, BlindChoice(False))
        assert len(seat_view(game, seat).cards) == 13  # looking shows the cards
    assert asked == ["S", "W", "N", "E"]
    assert game.phase is Phase.BID


def test_r10_undecided_seats_see_nothing_while_others_answer() -> None:
    game = Game("blind-nil", deal=3)
    game.apply("S", BlindChoice(False))
    for seat in ("W", "N", "E"):
        assert seat_view(game, seat).cards_hidden
        assert seat_view(game, seat).hand == 0


def test_r10_looking_still_allows_a_normal_nil(table: Any) -> None:
    game = table.game("blind-nil", table.SUIT_DEAL)
    for seat in ("S", "W", "N", "E"):
        game.apply(seat, BlindChoice(False))
    assert game.why_not("S", Bid(0)) is None
    table.bid_seats(game, {"S": 0, "W": 1, "N": 13, "E": 1})
    table.play_hand_out(game)
    assert game.results[0].sides["NS"].nil_points == 100


def test_r10_blind_nil_bid_is_fixed_and_worth_200(table: Any) -> None:
    game = table.game("blind-nil", table.SUIT_DEAL)
    game.apply("S", BlindChoice(True))
    # the blind player's cards stay hidden through the bidding
    assert seat_view(game, "S").cards_hidden
    for seat in ("W", "N", "E"):
        game.apply(seat, BlindChoice(False))
    assert game.phase is Phase.BID
    # South's bid is already made: West is to bid
    assert game.hand.bids == [("S", 0)] and game.to_act == "W"
    assert seat_view(game, "S").cards_hidden
    err = game.why_not("S", Bid(3))
    assert err is not None and err.code == "not_your_turn"
    table.bid_seats(game, {"W": 1, "N": 13, "E": 1})
    assert game.phase is Phase.PLAY
    assert len(seat_view(game, "S").cards) == 13
    table.play_hand_out(game)
    result = game.results[0]
    assert result.blind == ("S",)
    assert result.sides["NS"].nil_points == 200
    assert result.sides["NS"].points == 130 + 200


def test_r10_failed_blind_nil_costs_200(table: Any) -> None:
    game = table.game("blind-nil", table.SUIT_DEAL)
    game.apply("S", BlindChoice(False))
    game.apply("W", BlindChoice(False))
    game.apply("N", BlindChoice(True))  # North holds every spade: it takes all 13
    game.apply("E", BlindChoice(False))
    table.bid_seats(game, {"S": 13, "W": 1, "E": 1})
    table.play_hand_out(game)
    ns = game.results[0].sides["NS"]
    assert ns.nil_points == -200
    assert ns.points == 130 - 200  # North's tricks count toward South's 13 (R18 count)


def test_r10_blind_nil_value_is_a_setting(table: Any) -> None:
    game = table.game({"preset": "blind-nil", "blind_nil_value": 150}, table.SUIT_DEAL)
    game.apply("S", BlindChoice(True))
    for seat in ("W", "N", "E"):
        game.apply(seat, BlindChoice(False))
    table.bid_seats(game, {"W": 1, "N": 13, "E": 1})
    table.play_hand_out(game)
    assert game.results[0].sides["NS"].nil_points == 150


def test_r10_blind_nil_only_when_trailing_by_n(table: Any) -> None:
    rules = {"preset": "blind-nil", "blind_nil_deficit": 100, "target": 5000}
    game = table.game(rules, table.SUIT_DEAL)
    # 0–0: nobody trails, nobody is asked
    assert game.phase is Phase.BID
    with pytest.raises(IllegalActionError, match="blind nil is not allowed now"):
        game.apply("S", BlindChoice(True))
    table.bid_seats(game, {"S": 0, "W": 1, "N": 13, "E": 1})
    table.play_hand_out(game)
    assert game.scores == {"NS": 230, "EW": -20}
    # East–West trail by 250: only they are asked, in bidding order (dealer South)
    assert game.phase is Phase.BLIND
    asked = []
    while game.phase is Phase.BLIND:
        asked.append(game.to_act)
        game.apply(game.to_act, BlindChoice(False))  # type: ignore[arg-type]
    assert asked == ["W", "E"]
    err = game.why_not("N", BlindChoice(True))
    assert err is not None and err.code in ("blind_not_allowed", "not_your_turn")


def test_r10_trailing_by_less_than_n_is_not_enough(table: Any) -> None:
    rules = {"preset": "blind-nil", "blind_nil_deficit": 251, "target": 5000}
    game = table.game(rules, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "W": 1, "N": 13, "E": 1})
    table.play_hand_out(game)
    assert game.phase is Phase.BID  # East–West trail by 250 only


def test_r10_trailing_by_exactly_n_is_enough(table: Any) -> None:
    rules = {"preset": "blind-nil", "blind_nil_deficit": 250, "target": 5000}
    game = table.game(rules, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "W": 1, "N": 13, "E": 1})
    table.play_hand_out(game)
    assert game.phase is Phase.BLIND and game.to_act == "W"
    assert game.may_bid_blind("E") and not game.may_bid_blind("N")


def test_r10_both_partners_may_go_blind(table: Any) -> None:
    # South (diamonds) takes nothing, North (every spade) takes all 13: with a contract
    # of 0 those 13 tricks are bags (R18 count), which cost the 10-bag penalty (R19)
    game = table.game("blind-nil", table.SUIT_DEAL)
    for seat, blind in zip("SWNE", (True, False, True, False), strict=True):
        game.apply(seat, BlindChoice(blind))
    assert game.hand.bids[:1] == [("S", 0)] and game.to_act == "W"
    table.bid_seats(game, {"W": 1, "E": 1})
    assert dict(game.hand.bids) == {"S": 0, "W": 1, "N": 0, "E": 1}
    table.play_hand_out(game)
    ns = game.results[0].sides["NS"]
    assert (ns.contract, ns.nil_points, ns.bags, ns.penalty) == (0, 200 - 200, 13, 100)
    assert ns.points == 13 - 100 and ns.bag_count == 3
