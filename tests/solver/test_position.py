"""A position is checked when it is built: bad input gets a reason and no search."""

from __future__ import annotations

import pytest

from spades.actions import Bid, Play
from spades.cards import mask_of, parse_card, parse_cards
from spades.game import Game
from spades.rules import rules_from
from spades.solver import Position, PositionError, solve_cards
from spades.views import seat_view

BIDS = {"N": 1, "E": 1, "S": 1, "W": 1}


def _hands(**text: str) -> dict[str, int]:
    return {s: mask_of(parse_cards(t)) for s, t in text.items()}


@pytest.mark.parametrize(("hands", "trick", "reason"), [
    (_hands(N="AH", E="AH", S="2C", W="3C"), (), "two hands"),
    (_hands(N="AH 2H", E="KH", S="2C", W="3C"), (), "one card per trick"),
    (_hands(N="AH", E="KH", S="2C", W="3C"), (("E", parse_card("4C")),), "in turn"),
    (_hands(N="AH", E="KH", S="2C", W="3C"), (("N", parse_card("AH")),), "both"),
    (_hands(N="2S", E="KC", S="2C 5C", W="3C 6C"),
     (("N", parse_card("4C")), ("E", parse_card("5H"))), "suit led"),
])
def test_bad_positions_are_refused_with_a_reason(hands: dict[str, int],
                                                 trick: tuple[tuple[str, int], ...],
                                                 reason: str) -> None:
    with pytest.raises(PositionError, match=reason):
        Position(rules_from("classic"), hands, "N", BIDS, trick=trick)


def test_a_game_in_play_gives_its_true_position() -> None:
    game = Game("classic", deal=7)
    for _ in range(4):
        game.apply(game.to_act or "", Bid(3))
    while game.hand_of("N").bit_count() > 3 or len(game.current_trick()) < 2:
        game.apply(game.to_act or "", Play(game.legal_cards().bit_length() - 1))
    p = Position.from_game(game)
    assert p.to_move == game.to_act and p.tricks_left in (3, 4) and len(p.trick) == 2
    assert sum(p.tricks.values()) + p.tricks_left == 13
    assert p.tricks == game.tricks_taken() and p.bids == dict.fromkeys("NESW", 3)
    values = solve_cards(p)
    assert set(values) == {c for c in range(54) if game.legal_cards() >> c & 1}


def test_a_view_with_the_true_hands_gives_the_games_position() -> None:
    game = Game("blind-nil", deal=11)
    while game.phase.value != "play":
        seat = game.to_act or ""
        game.apply(seat, game.legal_actions()[-1] if game.phase.value == "blind"
                   else Bid(2))
    for _ in range(6):
        game.apply(game.to_act or "", Play(game.legal_cards().bit_length() - 1))
    seat = game.to_act or ""
    hands = {s: game.hand_of(s) for s in game.seats}
    assert Position.from_view(seat_view(game, seat), hands) == Position.from_game(game)


def test_a_view_before_the_play_is_refused() -> None:
    game = Game("classic", deal=3)
    with pytest.raises(PositionError, match="play phase"):
        Position.from_view(seat_view(game, "S"), {s: game.hand_of(s) for s in game.seats})
