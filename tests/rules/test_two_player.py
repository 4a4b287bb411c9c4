"""Two players (seed 001): the draw deal (R22), who draws, bids and leads (R23), bids
0–13 each for themselves (R24) and Double Nil with its exchange (R25)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from spades.actions import Bid, BlindChoice, DrawChoice, Exchange
from spades.cards import Card, cards_of, mask_of
from spades.dealing import HandDeal
from spades.errors import IllegalActionError
from spades.game import Game, Phase
from spades.rules import Rules, rules_from
from spades.views import seat_view

TWO = rules_from("two-player")


def stock_game(stock: Sequence[Card] = tuple(range(52)), rules: Rules = TWO) -> Game:
    """A two-player game whose every hand draws from ``stock``; exchanges take the
    discard pile in card order."""

    def source(rules: Rules, hand: int, dealer: str) -> HandDeal:
        return HandDeal(stock=list(stock))

    return Game(rules, source=source)


def look(game: Game) -> None:
    while game.phase is Phase.BLIND:
        game.apply(game.to_act, BlindChoice(False))  # type: ignore[arg-type]


def draw_all(game: Game, choices: str) -> None:
    for letter in choices:
        game.apply(game.to_act, DrawChoice(letter == "k"))  # type: ignore[arg-type]


def test_r22_keep_the_top_card_and_the_next_goes_out_unseen() -> None:
    game = stock_game()
    look(game)
    assert game.phase is Phase.DRAW and game.to_act == "N"
    north = seat_view(game, "N")
    assert north.top_card == 0 and set(north.legal) == {DrawChoice(True), DrawChoice(False)}
    assert seat_view(game, "S").top_card is None
    game.apply("N", DrawChoice(True))
    assert cards_of(game.hand_of("N")) == [0]
    assert seat_view(game, "N").seen_discards == 0  # card 1 went out unseen
    assert game.hand.discards == [1]


def test_r22_discard_the_top_card_and_take_the_next_without_choice() -> None:
    game = stock_game()
    look(game)
    game.apply("N", DrawChoice(True))
    assert game.to_act == "S" and seat_view(game, "S").top_card == 2
    game.apply("S", DrawChoice(False))
    assert cards_of(game.hand_of("S")) == [3]
    assert seat_view(game, "S").seen_discards == mask_of([2])
    assert seat_view(game, "N").seen_discards == 0


def test_r22_alternate_until_13_each_and_26_out() -> None:
    game = stock_game()
    look(game)
    draw_all(game, "kd" * 13)
    assert game.phase is Phase.BID
    north, south = game.hand_of("N"), game.hand_of("S")
    assert north.bit_count() == south.bit_count() == 13
    assert north & south == 0
    out = mask_of(game.hand.discards)
    assert out.bit_count() == 26 and out & (north | south) == 0
    assert north | south | out == (1 << 52) - 1
    # North kept each top card (0, 4, 8 …); South took each second card (3, 7, 11 …)
    assert cards_of(north) == list(range(0, 52, 4))
    assert cards_of(south) == list(range(3, 52, 4))


def test_r22_numbered_two_player_deal_uses_the_whole_deck() -> None:
    game = Game("two-player", deal=17)
    look(game)
    draw_all(game, "kddkkkdkdkddkdkkdkkddkdkdk")
    assert game.hand_of("N").bit_count() == game.hand_of("S").bit_count() == 13
    assert len(set(game.hand.stock or [])) == 52


def test_r23_north_draws_first_south_bids_and_leads(table: Any) -> None:
    assert TWO.seats == ("N", "S") and TWO.first_dealer == "N"
    game = stock_game()
    look(game)
    drawers = []
    while game.phase is Phase.DRAW:
        drawers.append(game.to_act)
        game.apply(game.to_act, DrawChoice(True))  # type: ignore[arg-type]
    assert drawers == ["N", "S"] * 13
    assert game.to_act == "S"
    game.apply("S", Bid(3))
    assert game.to_act == "N"
    game.apply("N", Bid(3))
    assert game.phase is Phase.PLAY and game.to_act == "S"


def test_r23_roles_swap_every_hand(table: Any) -> None:
    game = stock_game(rules=TWO.replace(target=5000))
    for hand in range(3):
        look(game)
        first = game.to_act
        draw_all(game, "k" * 26)
        bidder = game.to_act
        game.apply(bidder, Bid(1))  # type: ignore[arg-type]
        game.apply(game.to_act, Bid(1))  # type: ignore[arg-type]
        assert game.to_act == bidder  # the second player leads
        assert (first, bidder) == (("N", "S") if hand % 2 == 0 else ("S", "N"))
        table.play_hand_out(game)
    assert [r.dealer for r in game.results] == ["N", "S", "N"]


def test_r24_bids_nil_to_13_each_player_for_themselves(table: Any) -> None:
    game = stock_game()
    look(game)
    draw_all(game, "k" * 26)
    assert game.legal_actions() == [Bid(n) for n in range(14)]
    err = game.why_not("S", Bid(14))
    assert err is not None and err.code == "bid_range"
    game.apply("S", Bid(4))
    game.apply("N", Bid(0))
    table.play_hand_out(game)
    result = game.results[0]
    assert TWO.sides == ("N", "S") and set(game.scores) == {"N", "S"}
    assert result.sides["S"].contract == 4 and result.sides["N"].contract == 0
    took = result.tricks
    assert took["N"] + took["S"] == 13
    south = result.sides["S"]
    assert south.points == (40 + took["S"] - 4 if took["S"] >= 4 else -40)
    assert result.sides["N"].nil_points == (100 if took["N"] == 0 else -100)


def test_r25_double_nil_is_asked_before_the_first_draw() -> None:
    game = stock_game()
    assert game.phase is Phase.BLIND
    asked = []
    while game.phase is Phase.BLIND:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        assert view.hand == 0 and view.draw_count == 0 and view.top_card is None
        asked.append(seat)
        game.apply(seat, BlindChoice(seat == "N"))
    assert asked == ["S", "N"]  # in bidding order: South bids first in the first hand
    assert game.phase is Phase.DRAW and game.to_act == "N"


def test_r25_double_nil_exchange_up_to_three_from_the_discards() -> None:
    game = stock_game()
    game.apply("S", BlindChoice(False))
    game.apply("N", BlindChoice(True))
    draw_all(game, "k" * 26)
    assert game.phase is Phase.EXCHANGE and game.to_act == "N"
    north = cards_of(game.hand_of("N"))
    assert north == list(range(0, 52, 4))
    err = game.why_not("N", Exchange(tuple(north[:4])))
    assert err is not None and err.code == "exchange_limit"
    err = game.why_not("N", Exchange((3,)))
    assert err is not None and err.code == "not_in_hand"
    err = game.why_not("S", Exchange(()))
    assert err is not None and err.code == "not_your_turn"
    pile = set(game.hand.discards)
    version = game.version
    with pytest.raises(IllegalActionError):
        game.apply("N", Exchange(tuple(north[:4])))
    assert game.version == version and cards_of(game.hand_of("N")) == north
    game.apply("N", Exchange((0, 4, 8)))
    after = cards_of(game.hand_of("N"))
    assert len(after) == 13 and not {0, 4, 8} & set(after)
    got = set(after) - set(north)
    assert len(got) == 3 and got <= pile
    view = seat_view(game, "N")
    assert view.my_exchange is not None and set(view.my_exchange[1]) == got
    assert seat_view(game, "S").my_exchange is None
    assert seat_view(game, "S").exchanged == {"N": 3}
    # the Double Nil bid is fixed; South bids, then play
    assert game.phase is Phase.BID and game.to_act == "S"
    game.apply("S", Bid(5))
    assert game.hand.bids == [("S", 5), ("N", 0)]
    assert game.phase is Phase.PLAY


def test_r25_keeping_every_card_is_an_exchange_of_none() -> None:
    game = stock_game()
    game.apply("S", BlindChoice(True))
    game.apply("N", BlindChoice(False))
    draw_all(game, "d" * 26)
    assert game.to_act == "S"
    before = game.hand_of("S")
    game.apply("S", Exchange(()))
    assert game.hand_of("S") == before
    assert game.phase is Phase.PLAY or game.phase is Phase.BID


def test_r25_double_nil_scores_200(table: Any) -> None:
    # North keeps stock positions 0, 4, 8 … (the clubs), South takes 3, 7, 11 … (the
    # spades): South leads spades and takes every trick, North's Double Nil is made
    stock = [0] * 52
    clubs, spades, red = iter(range(13)), iter(range(39, 52)), iter(range(13, 39))
    for p in range(52):
        stock[p] = next(clubs) if p % 4 == 0 else next(spades) if p % 4 == 3 else next(red)
    game = stock_game(stock)
    game.apply("S", BlindChoice(False))
    game.apply("N", BlindChoice(True))
    draw_all(game, "kd" * 13)
    assert cards_of(game.hand_of("S")) == list(range(39, 52))
    game.apply("N", Exchange(()))
    game.apply("S", Bid(13))
    table.play_hand_out(game)
    result = game.results[0]
    assert result.blind == ("N",) and result.tricks == {"N": 0, "S": 13}
    assert result.sides["N"].nil_points == 200 and result.sides["N"].points == 200
    assert result.sides["S"].points == 130
    assert game.scores == {"N": 200, "S": 130}
