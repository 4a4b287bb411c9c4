"""Nothing is played twice, nothing is lost: idempotent requests, stale versions, a
server restart at any point of a game, and the SQLite store itself."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from spades.web.store import KEPT_ANSWERS, Store

from .conftest import Api


def without_identity(game: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in game.items() if k not in ("id", "created")}


def test_a_repeated_request_id_is_answered_again_without_playing_twice(api: Api) -> None:
    game = api.new(deal=8)["game"]
    first = api.act(game, "3", request_id="bid-1")
    again = api.act(game, "3", request_id="bid-1")
    assert again == first
    now = api.call("GET", f"/api/games/{game['id']}").json()["game"]
    assert now["version"] == 4 and now["bids"][0] == ["S", 3]


def test_a_request_id_reused_for_another_action_is_refused(api: Api) -> None:
    game = api.new(deal=8)["game"]
    first = api.act(game, "3", request_id="bid-1")
    refused = api.act(game, "5", expect=409, request_id="bid-1")
    assert refused["error"]["code"] == "request_id_reused"
    assert "another request" in refused["error"]["message"]
    now = api.call("GET", f"/api/games/{game['id']}").json()["game"]
    assert now == first["game"] and now["bids"][0] == ["S", 3]
    assert api.act(game, "3", request_id="bid-1") == first  # the same body: as before


def test_the_same_action_twice_without_request_id_is_stale(api: Api) -> None:
    game = api.new(deal=8)["game"]
    body = {"action": "3", "version": game["version"]}
    path = f"/api/games/{game['id']}/actions"
    assert api.call("POST", path, json=body).status_code == 200
    r = api.call("POST", path, json=body)
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    assert r.json()["error"]["params"]["version"] == 4


def test_request_ids_belong_to_their_game(api: Api) -> None:
    a = api.new(deal=8)["game"]
    b = api.new(deal=9)["game"]
    api.act(a, "3", request_id="same")
    answer = api.act(b, "2", request_id="same")
    assert answer["game"]["id"] == b["id"] and answer["game"]["bids"][0] == ["S", 2]


def test_a_game_survives_a_server_restart(make_client: Callable[[], Any]) -> None:
    first = Api(make_client())
    game = first.new(deal=19, rules={"preset": "classic", "target": 60})["game"]
    for _ in range(6):
        game = first.act(game, "3" if game["phase"] == "bid" else game["legal"][0])["game"]
    first.call("PUT", "/api/options", json={"lang": "fr"})
    cookie = first.client.cookies["spades_player"]

    second = Api(make_client())  # a new server process over the same file
    second.client.cookies.set("spades_player", cookie)
    resumed = second.call("GET", "/api/games/current").json()["game"]
    assert resumed == game
    assert second.call("GET", "/api/options").json() == {"lang": "fr"}
    final = second.play_to_end(resumed)

    third = Api(make_client())
    third.client.cookies.set("spades_player", cookie)
    stats = third.call("GET", "/api/stats").json()
    assert stats["played"] == 1 and stats["best_score"] == final["scores"]["NS"]
    record = third.call("GET", f"/api/games/{final['id']}/record")
    assert record.status_code == 200


@pytest.mark.slow
@pytest.mark.parametrize("rules, level", [
    ({"preset": "two-player", "target": 150, "floor": -150}, "random"),
    ({"preset": "blind-nil", "target": 150, "floor": -150}, "basic"),
], ids=["two-player", "blind-nil"])
def test_restart_after_every_action_changes_nothing(make_client: Callable[[], Any],
                                                     rules: dict[str, Any], level: str) -> None:
    """A fresh server after each answer shows the same view and plays on the same way,
    through Blind Nil questions, the draw and Double Nil exchanges."""
    rng = random.Random(3)
    api = Api(make_client())
    game = api.new(deal=23, rules=rules, level=level)["game"]
    cookie = api.client.cookies["spades_player"]
    actions = []
    phases = set()
    while game["phase"] != "over":
        phases.add(game["phase"])
        api.close()
        api = Api(make_client())
        api.client.cookies.set("spades_player", cookie)
        assert api.call("GET", f"/api/games/{game['id']}").json()["game"] == game
        choice = choose(game, rng, first_blind="blind" if "two" in rules["preset"] else "look")
        actions.append(choice)
        game = api.act(game, choice)["game"]
    assert "blind" in phases
    if rules["preset"] == "two-player":
        assert {"draw", "exchange"} <= phases
    # The same deal and computer seed without any restart plays identically.
    steady = Api(make_client())
    steady.client.cookies.set("spades_player", cookie)
    replay = steady.call("POST", f"/api/games/{game['id']}/replay").json()["game"]
    for choice in actions:
        replay = steady.act(replay, choice)["game"]
    assert without_identity(replay) == without_identity(game)


def choose(game: dict[str, Any], rng: random.Random, first_blind: str) -> str:
    """Random choices, except South's answer to the first Blind Nil question."""
    phase = game["phase"]
    if phase == "blind":
        return first_blind if game["hand_index"] == 0 else rng.choice(["blind", "look"])
    if phase == "draw":
        return rng.choice(["keep", "discard"])
    if phase == "bid":
        return str(rng.randint(1, 4))
    legal: list[str] = game["legal"]
    return rng.choice(legal[:30])


# -- the store ------------------------------------------------------------------------


def test_store_uses_wal_and_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(RuntimeError, match="newer release"):
        Store(path)


def test_stats_count_wins_streaks_and_best_score(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    for won, score in [(True, 510), (True, 530), (False, 320), (True, 505), (True, 620),
                       (True, 501), (False, -40)]:
        store.count_finished("p", won, score)
    assert store.stats("p") == {"played": 7, "won": 5, "win_rate": round(5 / 7, 4),
                                "best_score": 620, "streak": 0, "best_streak": 3}
    store.count_finished("p", True, 500)
    assert store.stats("p")["streak"] == 1
    assert store.stats("q")["played"] == 0
    store.close()


def test_only_the_latest_answers_are_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    for i in range(KEPT_ANSWERS + 5):
        store.save_answer("g", f"r{i}", f'{{"n": {i}}}')
    assert store.answer("g", "r0") is None
    kept = store.answer("g", f"r{KEPT_ANSWERS + 4}")
    assert kept is not None and kept.body == f'{{"n": {KEPT_ANSWERS + 4}}}'
    assert store.db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == KEPT_ANSWERS
    store.close()


def test_simultaneous_copies_of_an_action_are_played_once(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from spades.web.errors import ApiError
    from spades.web.service import GameService

    service = GameService(Store(tmp_path / "s.sqlite3"))
    game = service.create("p", {"deal": 6, "level": "random"})["game"]

    def send(i: int) -> str:
        try:
            service.act("p", game["id"], {"action": "3", "version": 0, "request_id": f"r{i}"})
        except ApiError as exc:
            return exc.code
        return "played"

    with ThreadPoolExecutor(8) as pool:
        outcomes = sorted(pool.map(send, range(16)))
    assert outcomes == ["played"] + ["stale"] * 15
    assert service.get("p", game["id"])["game"]["version"] == 4
    service.store.close()


def test_two_servers_over_one_file_never_both_play_from_the_same_version(
        tmp_path: Path) -> None:
    from spades.web.errors import ApiError
    from spades.web.service import GameService

    one = GameService(Store(tmp_path / "s.sqlite3"))
    two = GameService(Store(tmp_path / "s.sqlite3"))
    game = one.create("p", {"deal": 6, "level": "random"})["game"]
    two.get("p", game["id"])  # both servers now hold the game at version 0
    row = two.store.game(game["id"])
    assert row is not None
    one.act("p", game["id"], {"action": "3", "version": 0})
    # The second server read the row before the first one wrote it: its write is refused.
    cached = two._load(row)
    assert cached.version == 0
    two.store.game = lambda game_id: row  # type: ignore[method-assign]
    with pytest.raises(ApiError) as refused:
        two.act("p", game["id"], {"action": "5", "version": 0})
    assert refused.value.code == "stale"
    assert one.get("p", game["id"])["game"]["bids"][0] == ["S", 3]
    one.store.close()
    two.store.close()


def test_a_record_stopped_before_a_double_nil_exchange_replays_to_it() -> None:
    """The stored record of a game waiting for South's exchange reloads to that point."""
    from spades.actions import BlindChoice, DrawChoice
    from spades.game import Game, Phase
    from spades.record import game_to_record, load_record

    game = Game("two-player", deal=23)
    game.apply("S", BlindChoice(True))
    game.apply("N", BlindChoice(False))
    while game.phase is Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, DrawChoice(True))
    assert game.phase is Phase.EXCHANGE and game.to_act == "S"
    again = load_record(game_to_record(game))
    assert (again.phase, again.to_act, again.version) == (Phase.EXCHANGE, "S", game.version)
