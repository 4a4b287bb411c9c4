"""Game records (RECORD.md): golden format, round trips, and the documented errors."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from spades.actions import BlindChoice
from spades.errors import RecordError
from spades.game import Game, Phase
from spades.record import FORMAT, dumps, game_to_record, load_record, score_record
from spades.rules import PRESETS
from spades.views import seat_view

GOLDEN = Path(__file__).parent / "golden"


def golden_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / "deal4127.record.json").read_text())
    return data


def play_random(preset: str | dict[str, Any], deal: int, seed: int, actions: int) -> Game:
    """A game of ``preset`` played by random actions (low bids, so games end)."""
    rng = random.Random(seed)
    game = Game(preset, deal=deal)
    for _ in range(actions):
        if game.over:
            break
        legal = game.legal_actions()
        pick = rng.choice(legal[1:5] if game.phase is Phase.BID else legal)
        seat = game.to_act
        assert seat is not None
        game.apply(seat, pick)
    return game


def test_golden_record_scores_as_pinned() -> None:
    expected = json.loads((GOLDEN / "deal4127.score.json").read_text())
    assert score_record(golden_record()) == expected


def test_golden_record_round_trips_byte_for_byte() -> None:
    text = (GOLDEN / "deal4127.record.json").read_text()
    assert dumps(game_to_record(load_record(json.loads(text)))) == text


def test_record_cards_follow_from_the_deal_number_when_absent() -> None:
    data = golden_record()
    for hand in data["hands"]:
        del hand["cards"]
    assert score_record(data) == score_record(golden_record())


def test_record_without_cards_or_deal_is_refused() -> None:
    data = golden_record()
    del data["deal"]
    del data["hands"][0]["cards"]["W"]
    with pytest.raises(RecordError, match=r"^hand 1: cards of W are missing"):
        load_record(data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), deal=st.integers(0, 10**9),
       seed=st.integers(0, 2**32), actions=st.integers(0, 400))
@example(preset="two-player", deal=0, seed=32, actions=338)  # stops after a Double Nil
@example(preset="two-player", deal=0, seed=15, actions=114)  # both looked, nothing else
@example(preset="blind-nil", deal=0, seed=16, actions=4)  # four looks, no bid yet
@example(preset="blind-nil", deal=0, seed=1, actions=61)  # a look after a declaration
def test_records_round_trip_and_replay_to_the_same_scores(
    preset: str, deal: int, seed: int, actions: int
) -> None:
    game = play_random(preset, deal, seed, actions)
    record = json.loads(dumps(game_to_record(game)))
    replayed = load_record(record)
    assert replayed.version == game.version
    assert replayed.scores == game.scores
    assert score_record(record)["score"] == game.scores
    for seat in game.seats:
        assert seat_view(replayed, seat) == seat_view(game, seat)
    assert game_to_record(replayed) == record


def test_seat_export_of_a_game_in_progress_shows_only_that_seat() -> None:
    game = play_random("classic", 55, 1, 4 + 9)  # bids, then two tricks and a card
    assert game.phase is Phase.PLAY and not game.results
    record = game_to_record(game, viewer="S")
    hand = record["hands"][-1]
    assert set(hand["cards"]) == {"S"}
    hidden = 0
    for seat in ("N", "E", "W"):
        hidden |= game.hand_of(seat)
    text = json.dumps(hand)
    from spades.cards import card_name, cards_of

    for card in cards_of(hidden):
        assert card_name(card) not in text.split('"play"')[0]


def test_finished_game_record_is_complete() -> None:
    game = play_random({"preset": "short", "floor": -200}, 3, 3, 5000)
    assert game.over
    record = game_to_record(game)
    result = score_record(record)
    assert result["finished"] is game.over
    assert result["winner"] == game.winner
    assert len(result["hands"]) == len(game.results)


ERRORS = [
    (lambda d: d.update(format="spades-record/2"), "format must be 'spades-record/1'"),
    (lambda d: d.update(rules="bridge"), "rules: unknown rules preset 'bridge'"),
    (lambda d: d.update(rules={"preset": "classic", "target": "x"}),
     "rules: setting 'target' must be a int"),
    (lambda d: d.update(deal=-4), "deal must be a non-negative integer"),
    (lambda d: d["hands"][0].update(dealer="X"), "hand 1: dealer must be one of N E S W"),
    (lambda d: d["hands"][1].update(dealer="E"), "hand 2: dealer should be S, not E"),
    (lambda d: d["hands"][0]["cards"].update(N="5C 8C"), "hand 1: cards of N: 2 cards, 13"),
    (lambda d: d["hands"][0]["cards"].update(N="5C 8C 3D 7D TD 2H JH KH 4S 5S 9S TS ZZ"),
     "hand 1: cards of N: not a card: 'ZZ'"),
    (lambda d: d["hands"][0]["cards"].update(N="5C 8C 3D 7D TD 2H JH KH 4S 5S 9S TS AS"),
     "hand 1: cards: AS is dealt twice"),
    (lambda d: d["hands"][0].update(bids=[3, 14, 2, 3]),
     "hand 1, action 2 (W bids 14): a bid is Nil or a number of tricks from 1 to 13"),
    (lambda d: d["hands"][0].update(bids=[3, "lots", 2, 3]), "hand 1, action 2: not a bid"),
    (lambda d: d["hands"][0].update(bids=[3, 4, 2, 3, 1]), "hand 1, action 5: more bids"),
    (lambda d: d["hands"][0].update(play="2S"),
     "hand 1, action 5 (S plays 2S): spades have not been broken"),
    (lambda d: d["hands"][0].update(play="6C 6D"),
     "hand 1, action 6 (W plays 6D): West must follow clubs"),
    (lambda d: d["hands"][0].update(play="6C 5C"),
     "hand 1, action 6 (W plays 5C): West does not hold the five of clubs: North holds it"),
    (lambda d: d["hands"][0].update(play="6C 2C 5C TC KC JC 2C"),
     "hand 1, action 11 (W plays 2C): West does not hold the two of clubs"),
    (lambda d: d["hands"][0].update(play="6C"),
     "hand 1: the hand stops part-way but another hand follows"),
    (lambda d: d["hands"][0].update(blind=["S"]), "hand 1: blind nil is not allowed"),
    (lambda d: d.update(hands="none"), "hands must be a list"),
]


@pytest.mark.parametrize(("mutate", "message"), ERRORS)
def test_bad_records_give_the_documented_error(mutate: Any, message: str) -> None:
    data = copy.deepcopy(golden_record())
    mutate(data)
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_record_format_constant() -> None:
    assert FORMAT == "spades-record/1"


def test_a_record_lists_who_looked_while_nothing_else_has_happened() -> None:
    game = Game("two-player", deal=0)
    game.apply("S", BlindChoice(False))
    game.apply("N", BlindChoice(False))
    hand = game_to_record(game)["hands"][-1]
    assert hand["looked"] == ["S", "N"] and hand["draw"] == ""
    assert load_record(game_to_record(game)).phase is Phase.DRAW


def test_a_record_without_looked_stops_after_the_last_declaration() -> None:
    """Records written before ``looked`` existed still read as they did."""
    game = Game("blind-nil", deal=0)
    game.apply("S", BlindChoice(True))
    record = game_to_record(game)
    assert record["hands"][-1].pop("looked", None) is None
    replayed = load_record(record)
    assert replayed.version == game.version and replayed.to_act == "W"


@pytest.mark.parametrize(("looked", "message"), [
    ("S", "hand 1: looked must list seats"),
    (["S", "X"], "hand 1: looked must list seats"),
    (["S"], "hand 1: a seat cannot both declare Blind Nil and look"),
])
def test_a_malformed_looked_list_is_refused(looked: object, message: str) -> None:
    game = Game("blind-nil", deal=0)
    game.apply("S", BlindChoice(True))
    record = game_to_record(game)
    record["hands"][-1]["looked"] = looked
    with pytest.raises(RecordError, match=f"^{message}"):
        load_record(record)
