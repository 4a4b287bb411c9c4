"""Phase changes of the whole game that the rule tests do not pin one by one."""

from __future__ import annotations

from spades.actions import BlindChoice, DrawChoice
from spades.game import Game, Phase


def test_r25_no_exchange_step_when_the_table_allows_none() -> None:
    game = Game({"preset": "two-player", "exchange": 0}, deal=11)
    assert game.phase is Phase.BLIND and game.to_act == "S"
    game.apply("S", BlindChoice(True))
    game.apply("N", BlindChoice(False))
    while game.phase is Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, DrawChoice(True))
    assert game.phase is Phase.BID
    assert game.hand.bids == [("S", 0)]  # the Double Nil bid is filled in
    assert game.to_act == "N"


def test_r25_exchange_step_follows_the_draw_for_double_nil() -> None:
    game = Game("two-player", deal=11)
    game.apply("S", BlindChoice(True))
    game.apply("N", BlindChoice(False))
    while game.phase is Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, DrawChoice(False))
    assert game.phase is Phase.EXCHANGE and game.to_act == "S"
