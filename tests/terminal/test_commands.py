"""Reading what the player types: actions in every notation, positions and requests."""

from __future__ import annotations

import pytest

from spades.actions import Bid, BlindChoice, DrawChoice, Exchange, Play
from spades.cards import parse_card, parse_cards
from spades.game import Game, Phase
from spades.terminal.commands import InputError, help_lines, read_command
from spades.terminal.render import display_order
from spades.views import SeatView, seat_view


def playing_view() -> SeatView:
    """South to lead the first trick of deal 5 (classic: no Blind Nil question)."""
    game = Game("classic", deal=5)
    for seat in ("S", "W", "N", "E"):
        game.apply(seat, Bid(2))
    view = seat_view(game, "S")
    assert view.phase is Phase.PLAY and view.my_turn
    return view


def test_cards_in_every_notation_and_by_position() -> None:
    view = playing_view()
    shown = display_order(view.hand)
    assert read_command("1", view) == Play(shown[0])
    assert read_command(str(len(shown)), view) == Play(shown[-1])
    for text in ("QH", "qh", "q♥", "Q♥"):
        assert read_command(text, view) == Play(parse_card("QH"))
    assert read_command("10h", view) == read_command("TH", view) == Play(parse_card("TH"))


def test_a_number_is_a_bid_while_bidding() -> None:
    view = seat_view(Game("classic", deal=5), "S")
    assert read_command("4", view) == Bid(4)
    assert read_command("nil", view) == Bid(0)
    assert read_command("14", view) == Bid(14)  # the game refuses it, with its reason
    assert read_command("blind", view) == BlindChoice(True)


@pytest.mark.parametrize("word", ["hint", "last", "score", "help", "quit", "table", "HINT"])
def test_requests(word: str) -> None:
    assert read_command(f"  {word} ", playing_view()) == word.lower()


def test_words_of_other_phases_reach_the_game() -> None:
    view = playing_view()
    assert read_command("nil", view) == Bid(0)
    assert read_command("keep", view) == DrawChoice(True)
    assert read_command("look", view) == BlindChoice(False)


def test_exchange_by_name_or_position() -> None:
    game = Game("two-player", deal=3)
    game.apply("S", BlindChoice(True))
    while game.phase is not Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, BlindChoice(False) if game.phase is Phase.BLIND else DrawChoice(True))
    view = seat_view(game, "S")
    shown = display_order(view.hand)
    assert read_command("exchange 1 3", view) == Exchange((shown[0], shown[2]))
    assert read_command("exchange 2H 3d", view) == Exchange(tuple(parse_cards("2H 3D")))
    assert read_command("exchange", view) == Exchange(())


@pytest.mark.parametrize(("text", "message"), [
    ("", "type an action, or help for the commands"),
    ("zz", "not a card: 'zz'"),
    ("0", "there is no card number 0: your cards are numbered 1 to 13"),
    ("14", "there is no card number 14"),
])
def test_what_cannot_be_read_while_playing(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_command(text, playing_view())


def test_what_cannot_be_read_while_bidding() -> None:
    with pytest.raises(InputError, match="'four': bid a number of tricks from 1 to 13, or nil"):
        read_command("four", seat_view(Game("classic", deal=5), "S"))


def test_help_starts_with_what_answers_the_question() -> None:
    bidding = help_lines(seat_view(Game("classic", deal=5), "S"))
    assert bidding[1].strip().startswith("4, nil")
    playing = help_lines(playing_view())
    assert playing[1].strip().startswith("QH, 10h, q♥, 3")
    assert any(line.strip().startswith("quit") for line in playing)
