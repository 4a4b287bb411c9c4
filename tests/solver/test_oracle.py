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


def test_the_crossed_yardsticks_bid_and_play_as_their_two_halves() -> None:
    """``oracle-bids`` bids as the oracle and plays as ``strong``; ``oracle-cards`` the
    reverse. In the first hand of deal 1 the oracle and ``strong`` differ on South's bid
    and on some of its cards; at each such decision a crossing that took either half
    from the wrong player fails."""
    from spades.arena import build_player

    game = Game("classic", deal=1)
    rules = game.rules
    oracle = build_player("oracle", 3, rules, 8, game)
    strong = build_player("strong", 3, rules, 8, game)
    bids = build_player("oracle-bids", 3, rules, 8, game)
    cards = build_player("oracle-cards", 3, rules, 8, game)
    assert (bids.name, cards.name) == ("oracle-bids", "oracle-cards")
    basic = BasicPlayer(3, rules)
    checked = set()
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        if seat == "S" and len(view.legal) > 1:
            seen, guessed = oracle.decide(view).action, strong.decide(view).action
            if seen != guessed:
                bidding = game.phase is Phase.BID
                assert bids.decide(view).action == (seen if bidding else guessed)
                assert cards.decide(view).action == (guessed if bidding else seen)
                checked.add(game.phase)
        game.apply(seat, basic.decide(view).action)
    assert checked == {Phase.BID, Phase.PLAY}


def test_the_arena_measures_the_crossed_yardsticks(capsys) -> None:
    from spades.cli import main

    assert main(["arena", "oracle-cards", "oracle-bids", "--hand", "--deals", "1",
                 "--budget", "4", "--quiet"]) == 0
    assert "margin of oracle-cards per hand" in capsys.readouterr().out
