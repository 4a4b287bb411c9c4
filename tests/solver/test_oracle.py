"""The oracle plays the solver's best card on the true deal once the hand is small."""

from __future__ import annotations

from spades.actions import Bid, Play
from spades.arena import Match, play_deal
from spades.bots.basic import BasicPlayer
from spades.bots.oracle import EXACT_TRICKS, OraclePlayer
from spades.game import Game, Phase
from spades.solver import Position, solve_cards
from spades.views import seat_view


def test_oracle_plays_a_best_card_of_the_solver_in_the_last_tricks() -> None:
    game = Game("classic", deal=21)
    oracle = OraclePlayer(0)
    oracle.attach(game)
    basic = BasicPlayer(0)
    checked = 0
    while not game.over and game.hand.index == 0:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        if seat in "NS":
            decision = oracle.decide(view)
            late = game.phase is Phase.PLAY and view.hand.bit_count() <= EXACT_TRICKS
            if late and len(view.legal) > 1:
                values = solve_cards(Position.from_game(game), seat)
                assert isinstance(decision.action, Play)
                assert values[decision.action.card] == max(values.values())
                assert decision.code == "search_endgame"
                checked += 1
        else:
            decision = basic.decide(view)
        game.apply(seat, decision.action)
    assert checked >= 4


def test_oracle_beats_basic_over_a_few_hands() -> None:
    match = Match("oracle", "basic", "classic", deals=1, games=False)
    margins = [play_deal(match, deal).margin for deal in (5, 6, 7, 8)]
    assert sum(margins) > 0


def test_two_player_oracle_bids_by_solving_the_deal_and_solves_every_card() -> None:
    game = Game("two-player", deal=4)
    oracle = OraclePlayer(0)
    oracle.attach(game)
    basic = BasicPlayer(0)
    while game.phase is not Phase.PLAY:
        seat = game.to_act or ""
        view = seat_view(game, seat)
        decision = oracle.decide(view) if seat == "S" else basic.decide(view)
        if game.phase is Phase.BID and seat == "S":
            assert isinstance(decision.action, Bid)
            assert decision.code in ("search_bid", "search_nil")
            assert "solved the deal" in decision.reason
        game.apply(seat, decision.action)
    solved = 0
    while game.phase is Phase.PLAY:
        seat = game.to_act or ""
        view = seat_view(game, seat)
        if seat == "S":
            decision = oracle.decide(view)
            if len(view.legal) > 1:
                values = solve_cards(Position.from_game(game), seat)
                assert isinstance(decision.action, Play)
                assert values[decision.action.card] == max(values.values())
                solved += 1
        else:
            decision = basic.decide(view)
        game.apply(seat, decision.action)
    assert solved >= 5
