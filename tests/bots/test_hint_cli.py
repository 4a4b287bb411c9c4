"""``spades hint FILE``: the chosen player's action where a record stops."""

from __future__ import annotations

import json

import pytest

from spades.actions import parse_action
from spades.bots.basic import BasicPlayer
from spades.cli import main
from spades.game import Game
from spades.record import dumps, game_to_record
from spades.views import seat_view


def record_after(actions: int, tmp_path, rules: str = "classic"):
    game = Game(rules, deal=17)
    player = BasicPlayer(0)
    for _ in range(actions):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, player.decide(seat_view(game, seat)).action)
    path = tmp_path / "game.json"
    path.write_text(dumps(game_to_record(game)))
    return game, path


def test_hint_json_for_a_card(tmp_path, capsys):
    game, path = record_after(9, tmp_path)
    assert main(["hint", str(path), "--json", "--level", "basic"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == game.to_act
    assert parse_action(data["action"]) in game.legal_actions()
    assert data["reason"]


def test_hint_json_for_a_bid_writes_it_as_records_do(tmp_path, capsys):
    game, path = record_after(2, tmp_path)
    assert main(["hint", str(path), "--json", "--level", "strong"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == game.to_act
    assert isinstance(data["action"], int) or data["action"] == "nil"


def test_hint_text_names_the_seat_and_the_reason(tmp_path, capsys):
    game, path = record_after(6, tmp_path)
    assert main(["hint", str(path), "--level", "basic"]) == 0
    out = capsys.readouterr().out
    assert out.startswith({"N": "North", "E": "East", "S": "South", "W": "West"}[game.to_act])
    assert "(" in out


def test_hint_matches_the_library(tmp_path, capsys):
    from spades.bots.hint import suggest

    game, path = record_after(12, tmp_path)
    expected = suggest(seat_view(game, game.to_act), "basic")
    main(["hint", str(path), "--json", "--level", "basic"])
    assert json.loads(capsys.readouterr().out)["action"] == str(expected.action)


@pytest.mark.parametrize("content", ["not json", '{"format": "other"}'])
def test_hint_reports_bad_records(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["hint", str(path)]) == 1
    assert "spades hint:" in capsys.readouterr().err


def test_hint_on_a_finished_game(tmp_path, capsys):
    game = Game("short", deal=3)
    player = BasicPlayer(0)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, player.decide(seat_view(game, seat)).action)
    path = tmp_path / "over.json"
    path.write_text(dumps(game_to_record(game)))
    assert main(["hint", str(path)]) == 1
    assert "over" in capsys.readouterr().err


NIL_HAND = "2S 3S 2H 3H 4H 6H 2D 3D 5D 7D 2C 4C 8C"
"""A textbook Nil hand: no card above the eight, two small spades, nine cards of four
or lower."""


def nil_record(tmp_path, table, players=None):
    """A classic record stopping where South, holding the Nil hand, bids third."""
    game = table({"S": NIL_HAND}, first_dealer="W", bids=[("N", 4), ("E", 3)])
    if players:
        game.players.update(players)
    assert game.to_act == "S"
    path = tmp_path / "nil.json"
    path.write_text(dumps(game_to_record(game)))
    return path


def test_r11_hint_offers_nil_to_a_human_in_classic(tmp_path, capsys, table):
    path = nil_record(tmp_path, table)
    assert main(["hint", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["action"] == "nil" and data["for"] == "human"
    assert main(["hint", str(path), "--json", "--level", "basic"]) == 0
    assert json.loads(capsys.readouterr().out)["action"] == "nil"


def test_r11_hint_for_a_computer_seat_keeps_its_rules(tmp_path, capsys, table):
    # The record names South a computer level: the answer is what that computer
    # player bids, and classic's computer players never bid Nil.
    path = nil_record(tmp_path, table, {"S": "basic", "N": "Ann"})
    assert main(["hint", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["action"] != "nil" and data["for"] == "computer"
    assert data["level"] == "basic"


def test_hint_for_a_seat_named_by_a_person_is_for_a_human(tmp_path, capsys, table):
    path = nil_record(tmp_path, table, {"S": "Sam", "N": "strong"})
    assert main(["hint", str(path), "--json", "--level", "basic"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["action"] == "nil" and data["for"] == "human"
