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


def test_finished_hands_carry_who_played_each_card_and_won_each_trick() -> None:
    from spades.views import seat_view

    game = Game("classic", deal=4127)
    while not game.results:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        game.apply(seat, legal[len(legal) // 3])
    result = seat_view(game, "S").to_json()["results"][0]
    assert len(result["trick_winners"]) == 13
    assert len(result["plays"]) == 52
    assert [s for s, _ in result["plays"][:4]] == ["S", "W", "N", "E"]
    tricks = {s: result["trick_winners"].count(s) for s in "NESW"}
    assert tricks == result["tricks"]
