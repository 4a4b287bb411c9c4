"""The view's facts for a page: sides, contracts, structured actions, last trick, events.

A page draws these; if one of them were wrong or missing, the page would have to work a
rule out for itself again, so each is checked against the engine.
"""

from __future__ import annotations

from random import Random

import pytest

from spades.actions import Bid, BlindChoice, Exchange, parse_action
from spades.game import Game, Phase
from spades.views import seat_view


def test_sides_name_their_seats_and_the_viewer() -> None:
    view = seat_view(Game("classic", deal=3), "S").to_json()
    assert view["side_of"] == {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}
    assert view["my_side"] == "NS" and view["partner"] == "N"
    assert [(s["side"], s["seats"], s["mine"]) for s in view["sides"]] == [
        ("NS", ["N", "S"], True), ("EW", ["E", "W"], False)]


def test_cutthroat_sides_are_single_seats_without_partner() -> None:
    view = seat_view(Game("cutthroat", deal=3), "S").to_json()
    assert view["partner"] is None
    assert [s["seats"] for s in view["sides"]] == [["N"], ["E"], ["S"], ["W"]]


def test_r08_side_contract_is_the_sum_of_numeric_bids_in_the_view() -> None:
    game = Game("classic", deal=3)
    for tricks in (0, 3, 4, 2):  # S nil, W 3, N 4, E 2
        seat = game.to_act
        assert seat is not None
        game.apply(seat, Bid(tricks))
    sides = {s["side"]: s for s in seat_view(game, "S").to_json()["sides"]}
    assert sides["NS"]["contract"] == 4 and sides["NS"]["nil"] == ["S"]
    assert sides["EW"]["contract"] == 5 and sides["EW"]["bids_complete"]


def test_legal_actions_are_objects_whose_text_the_engine_accepts() -> None:
    rng = Random(5)
    seen: set[str] = set()
    for preset in ("classic", "blind-nil", "two-player"):
        game = Game(preset, deal=11)
        while not game.over and len(game.results) < 1:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            objects = view.to_json()["legal_actions"]
            texts = {o["text"] for o in objects if o["type"] != "exchange"}
            assert texts == {str(a) for a in view.legal if not isinstance(a, Exchange)}
            for o in objects:
                seen.add(o["type"])
                if o["type"] != "exchange":
                    assert parse_action(o["text"]) in view.legal
            game.apply(seat, rng.choice(game.legal_actions()))
    assert {"bid", "play", "blind_choice", "draw"} <= seen


def test_exchange_is_one_object_with_its_limit() -> None:
    game = Game("two-player", deal=2)
    game.apply("S", BlindChoice(True))
    while game.phase is not Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    view = seat_view(game, seat).to_json()
    [exchange] = [o for o in view["legal_actions"] if o["type"] == "exchange"]
    assert view["exchange_limit"] == exchange["max"] == 3
    assert exchange["cards"] == view["hand"]
    assert seat_view(game, "S" if seat == "N" else "N").to_json()["exchange_limit"] is None


def test_last_trick_names_its_cards_and_winner_even_after_the_hand() -> None:
    game = Game("classic", deal=9)
    rng = Random(1)
    assert seat_view(game, "S").to_json()["last_trick"] is None
    while len(game.hand.trick_winners) < 2:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions()))
    last = seat_view(game, "S").to_json()["last_trick"]
    plays = game.hand.plays[4:8]
    assert last["number"] == 2 and last["winner"] == game.hand.trick_winners[1]
    assert [p[0] for p in last["plays"]] == [s for s, _ in plays]
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions()))
    last = seat_view(game, "S").to_json()["last_trick"]
    assert last["hand"] == 0 and last["number"] == 13
    assert last["winner"] == game.results[0].trick_winners[-1]


@pytest.mark.parametrize("preset", ["classic", "two-player", "cutthroat"])
def test_r14_events_carry_trick_winner_and_end_of_hand(preset: str) -> None:
    game = Game(preset, deal=4)
    rng = Random(2)
    events = []
    while not game.results:
        seat = game.to_act
        assert seat is not None
        events.append(game.apply(seat, rng.choice(game.legal_actions())))
    winners = [e.trick_winner for e in events if e.trick_winner is not None]
    assert winners == list(game.results[0].trick_winners)
    assert [e.hand_over for e in events].count(True) == 1 and events[-1].hand_over


@pytest.mark.parametrize(("preset", "name"), [("two-player", "double nil"),
                                              ("blind-nil", "blind nil")])
def test_r25_the_page_view_names_the_blind_bid_as_the_rules_do(preset: str, name: str) -> None:
    from spades.web.views import GameMeta, game_view

    view = game_view(Game(preset, deal=5), GameMeta("g", "basic", "2026-01-01", False))
    assert view["blind_nil_name"] == name


def test_events_carry_the_move_as_an_object_and_who_acts_next() -> None:
    from spades.views import seat_event

    game = Game("two-player", deal=8)
    rng = Random(3)
    seen: set[str] = set()
    while not game.over and len(seen) < 5:
        seat = game.to_act
        assert seat is not None
        event = game.apply(seat, rng.choice(list(game.legal_actions())))
        assert event.next_to_act == game.to_act
        other = "S" if seat == "N" else "N"
        mine, theirs = seat_event(event, seat).to_json(), seat_event(event, other).to_json()
        move = mine["move"]
        seen.add(move["type"])
        assert move["text"] == str(event.action) and mine["next_to_act"] == game.to_act
        if move["type"] in ("draw", "exchange"):
            assert theirs["move"]["hidden"] and "text" not in theirs["move"]
            assert "card" not in theirs["move"] and "cards" not in theirs["move"]
        else:
            assert theirs["move"] == move
    assert {"blind_choice", "draw", "bid", "play"} <= seen


def test_a_finished_hand_is_put_into_json_once_and_forgotten_with_its_game() -> None:
    import gc

    from spades.views import _RESULTS, _result_json

    game = Game("classic", deal=21)
    rng = Random(5)
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(list(game.legal_actions())))
    first = seat_view(game, "S").to_json()["results"][0]
    again = seat_view(game, "E").to_json()["results"][0]
    assert first is again and first == _result_json(game.results[0])
    key = id(game.results[0])
    assert key in _RESULTS
    del game, first, again
    gc.collect()
    assert key not in _RESULTS or _RESULTS[key][0]() is not None
