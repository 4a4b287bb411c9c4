"""The end of the game (R21): the target, the highest score, ties played on, the floor."""

from __future__ import annotations

from typing import Any

import pytest

from spades.actions import Bid
from spades.errors import IllegalActionError
from spades.game import Phase
from spades.rules import PRESETS, rules_from
from spades.scoring import game_result

ALL_NIL = {"E": 0, "W": 0}
"""East and West both bid Nil and, holding hearts and clubs, take nothing: +2 Nils."""


def test_r21_game_ends_when_a_side_reaches_the_target(table: Any) -> None:
    assert rules_from("classic").target == 500
    game = table.game({"target": 230}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "N": 13, "E": 1, "W": 1})
    table.play_hand_out(game)
    assert game.scores == {"NS": 230, "EW": -20}
    assert game.over and game.phase is Phase.OVER and game.winner == "NS"
    assert game.to_act is None and game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("S", Bid(1))


def test_r21_below_the_target_the_game_goes_on(table: Any) -> None:
    game = table.game({"target": 231}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "N": 13, "E": 1, "W": 1})
    table.play_hand_out(game)
    assert not game.over and game.winner is None
    assert game.phase is Phase.BID and game.hand.index == 1


def test_r21_both_over_the_target_the_highest_wins(table: Any) -> None:
    game = table.game({"target": 200}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "N": 13, **ALL_NIL})
    table.play_hand_out(game)
    assert game.scores == {"NS": 230, "EW": 200}
    assert game.winner == "NS"


def test_r21_tied_top_scores_play_another_hand(table: Any) -> None:
    # with Nil worth 103: North 10 of 13 plus South's Nil = 103 + 103; two Nils = 206
    game = table.game({"target": 200, "nil_value": 103}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "N": 10, **ALL_NIL})
    table.play_hand_out(game)
    assert game.scores == {"NS": 206, "EW": 206}
    assert not game.over and game.winner is None
    table.bid_seats(game, {"S": 0, "N": 13, **ALL_NIL})
    table.play_hand_out(game)
    assert game.scores == {"NS": 206 + 233, "EW": 412}
    assert game.over and game.winner == "NS" and len(game.results) == 2


def test_r21_tie_rule_as_a_pure_function() -> None:
    rules = rules_from("classic")
    assert game_result(rules, {"NS": 510, "EW": 510}) == (False, None)
    assert game_result(rules, {"NS": 510, "EW": 505}) == (True, "NS")
    assert game_result(rules, {"NS": 499, "EW": 200}) == (False, None)
    assert game_result(rules, {"NS": 400, "EW": 500}) == (True, "EW")
    cut = rules_from("cutthroat")
    assert game_result(cut, {"N": 520, "E": 520, "S": 100, "W": 0}) == (False, None)
    assert game_result(cut, {"N": 520, "E": 530, "S": 100, "W": 0}) == (True, "E")


def test_r21_floor_loses_at_once(table: Any) -> None:
    assert PRESETS["classic"].floor is None
    game = table.game({"floor": -200}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 13, "N": 13, "E": 1, "W": 1})
    table.play_hand_out(game)
    assert game.scores == {"NS": -260, "EW": -20}
    assert game.over and game.winner == "EW"


def test_r21_floor_is_reached_at_the_floor_itself() -> None:
    rules = rules_from({"floor": -200})
    assert game_result(rules, {"NS": -200, "EW": 10}) == (True, "EW")
    assert game_result(rules, {"NS": -199, "EW": 10}) == (False, None)


def test_r21_both_sides_at_the_floor_end_the_game_drawn(table: Any) -> None:
    # Every side at or below the floor: nobody plays on; equal scores end it drawn.
    game = table.game({"floor": -200}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 13, "N": 13, "E": 13, "W": 13})
    table.play_hand_out(game)
    assert game.scores == {"NS": -260, "EW": -260}
    assert game.over and game.phase is Phase.OVER and game.winner is None
    assert game.to_act is None


def test_r21_both_sides_below_the_floor_the_higher_wins(table: Any) -> None:
    game = table.game({"floor": -100}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 13, "N": 13, "E": 13, "W": 1})
    table.play_hand_out(game)
    assert game.scores == {"NS": -260, "EW": -140}
    assert game.over and game.winner == "EW"


def test_r21_floor_rule_as_a_pure_function() -> None:
    rules = rules_from({"floor": -200})
    assert game_result(rules, {"NS": -250, "EW": -250}) == (True, None)
    assert game_result(rules, {"NS": -200, "EW": -200}) == (True, None)
    assert game_result(rules, {"NS": -250, "EW": -201}) == (True, "EW")
    cut = rules_from({"preset": "cutthroat", "floor": -200})
    # one seat floored: it loses; a tie among the others at the top plays on
    assert game_result(cut, {"N": 50, "E": 50, "S": -210, "W": 0}) == (False, None)
    assert game_result(cut, {"N": 60, "E": 50, "S": -210, "W": 0}) == (True, "N")
    assert game_result(cut, {"N": -300, "E": -300, "S": -210, "W": -250}) == (True, "S")


def test_r21_without_a_floor_deep_negative_scores_play_on(table: Any) -> None:
    game = table.game("classic", table.SUIT_DEAL)
    table.bid_seats(game, {"S": 13, "N": 13, "E": 1, "W": 1})
    table.play_hand_out(game)
    assert game.scores["NS"] == -260 and not game.over


def test_r21_cutthroat_a_single_player_wins(table: Any) -> None:
    game = table.game({"preset": "cutthroat", "target": 130}, table.SUIT_DEAL)
    table.bid_seats(game, {"S": 0, "N": 13, "E": 0, "W": 0})
    table.play_hand_out(game)
    assert game.scores == {"N": 130, "E": 100, "S": 100, "W": 100}
    assert game.winner == "N"
