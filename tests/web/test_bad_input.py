"""Bad requests get a 4xx with a reason and change nothing (docs/web-api.md, Errors).

Each test sends what a careless or hostile client might, then reads the player's state
back and checks it is what it was. The same rule settings are refused by the engine, a
record and ``spades play`` in tests/engine/test_rules_settings.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from spades.errors import RulesError
from spades.rules import rules_from
from spades.web.body import MAX_BODY_BYTES

JSON = {"content-type": "application/json"}


def error_of(response: Any) -> dict[str, Any]:
    body = response.json()
    assert set(body["error"]) == {"code", "message", "params"} and body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


def state_of(api: Any, game: dict[str, Any] | None = None) -> list[Any]:
    """Everything a request could have changed for this player."""
    current = api.call("GET", "/api/games/current")
    state = [current.status_code, current.content, api.call("GET", "/api/options").json(),
             api.call("GET", "/api/stats").json()]
    if game is not None:
        state.append(api.call("GET", f"/api/games/{game['id']}").json())
    return state


def post_raw(api: Any, path: str, content: bytes | str, method: str = "POST",
             headers: dict[str, str] | None = None) -> Any:
    return api.call(method, path, content=content, headers={**JSON, **(headers or {})})


@pytest.fixture
def game(api: Any) -> dict[str, Any]:
    """A game at South's first bid, with saved options, for a state to protect."""
    assert api.call("PUT", "/api/options", json={"felt": "blue"}).status_code == 200
    game: dict[str, Any] = api.new(deal=5, rules="classic")["game"]
    assert game["phase"] == "bid"
    return game


# -- notation -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "①", "٣", "𝟑", "1" * 5000, "3\u00a0", "1\u20033",
                                  "nil\u200b", "exchange " + "2H " * 100])
def test_actions_outside_ascii_notation_are_refused(api: Any, game: dict[str, Any],
                                                    text: str) -> None:
    before = state_of(api, game)
    r = api.call("POST", f"/api/games/{game['id']}/actions",
                 json={"action": text, "version": game["version"]})
    assert r.status_code == 400 and error_of(r)["code"] == "notation"
    assert state_of(api, game) == before


# -- JSON ------------------------------------------------------------------------------


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/api/games"), ("POST", "/api/games/{id}/actions"), ("PUT", "/api/options"),
    ("POST", "/api/games/{id}/replay"),
])
def test_deep_json_is_refused_on_every_json_endpoint(api: Any, game: dict[str, Any],
                                                     method: str, path: str) -> None:
    before = state_of(api, game)
    for body in (deep(8000), '{"rules": ' + deep(100) + "}"):
        assert len(body) < MAX_BODY_BYTES
        r = post_raw(api, path.format(id=game["id"]), body, method)
        assert r.status_code == 400 and error_of(r)["code"] == "too_deep"
    assert state_of(api, game) == before


@pytest.mark.parametrize("body", [
    '{"action": "3", "version": 0, "request_id": "\\ud800"}',
    '{"action": "3", "version": 0, "\\udfff": 1}',
    '{"action": "3\\ud800", "version": 0}',
])
def test_lone_surrogates_are_not_text(api: Any, game: dict[str, Any], body: str) -> None:
    before = state_of(api, game)
    r = post_raw(api, f"/api/games/{game['id']}/actions", body)
    assert r.status_code == 400 and error_of(r)["code"] == "bad_text"
    r = post_raw(api, "/api/options", '{"felt": "\\ud800"}', "PUT")
    assert r.status_code == 400 and error_of(r)["code"] == "bad_text"
    assert state_of(api, game) == before


def test_a_surrogate_pair_is_text(api: Any) -> None:
    r = post_raw(api, "/api/games", '{"rules": "\\ud83d\\ude00"}')
    assert r.status_code == 400 and error_of(r)["code"] == "rules"  # read, then refused


@pytest.mark.parametrize("body", ['{"felt": NaN}', '{"sound": Infinity}',
                                  '{"felt": -Infinity}', '{"speed": 1e400}',
                                  '{"speed": ' + "9" * 5000 + "}", "[1, 2", "\"\\x\""])
def test_options_that_are_not_json_are_refused_and_reads_still_work(
        api: Any, game: dict[str, Any], body: str) -> None:
    before = state_of(api, game)
    r = post_raw(api, "/api/options", body, "PUT")
    assert r.status_code == 400 and error_of(r)["code"] == "bad_json"
    assert api.call("GET", "/api/options").status_code == 200
    assert state_of(api, game) == before


@pytest.mark.parametrize(("options", "code"), [
    ({"a": 1}, "bad_options"),
    ({"felt": 3}, "bad_options"),
    ({"felt": "<script>"}, "bad_options"),
    ({"sound": "yes"}, "bad_options"),
    ({"fourColour": 1}, "bad_options"),
    ({"rules": 5}, "bad_options"),
    ({"rules": {"preset": "two-player", "draw": False}}, "rules"),
    ({"rules": {"preset": "classic", "target": 1}}, "rules"),
])
def test_options_follow_their_schema(api: Any, game: dict[str, Any],
                                     options: dict[str, Any], code: str) -> None:
    before = state_of(api, game)
    r = api.call("PUT", "/api/options", json=options)
    assert r.status_code == 400 and error_of(r)["code"] == code
    assert state_of(api, game) == before


def test_every_option_the_page_saves_is_accepted(api: Any) -> None:
    options = {"felt": "green", "back": "red", "fourColour": True, "sound": False,
               "speed": "instant", "lang": "fr", "level": "random", "botsNil": True,
               "rules": {"preset": "jokers", "target": 300, "floor": None}}
    r = api.call("PUT", "/api/options", json=options)
    assert r.status_code == 200 and api.call("GET", "/api/options").json() == options


# -- rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [
    {"preset": "classic", "target": 1, "nil_value": 10**19},
    {"preset": "classic", "nil_value": 10**19},
    {"preset": "two-player", "draw": False},
    {"preset": "classic", "floor": 5},
    {"preset": "classic", "target": 300.5},
    {"preset": "classic", "blind_nil": 1},
])
def test_rules_are_refused_as_the_engine_refuses_them(api: Any, rules: dict[str, Any]
                                                      ) -> None:
    with pytest.raises(RulesError) as engine:
        rules_from(rules)
    before = state_of(api)
    r = api.call("POST", "/api/games", json={"rules": rules})
    assert r.status_code == 400
    assert error_of(r)["code"] == "rules" and error_of(r)["message"] == str(engine.value)
    assert state_of(api) == before


# -- protocol --------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "content"), [
    ("text/plain", '{"deal": 3}'),
    ("application/x-www-form-urlencoded", "deal=3"),
    ("multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="deal"'
     "\r\n\r\n3\r\n--x--\r\n"),
    ("application/jsonx", '{"deal": 3}'),
])
def test_write_requests_must_be_json(api: Any, game: dict[str, Any], kind: str,
                                     content: str) -> None:
    before = state_of(api, game)
    for method, path in (("POST", "/api/games"), ("PUT", "/api/options"),
                         ("POST", f"/api/games/{game['id']}/actions")):
        r = api.call(method, path, content=content, headers={"content-type": kind})
        assert r.status_code == 415 and error_of(r)["code"] == "not_json"
    assert state_of(api, game) == before


@pytest.mark.parametrize("headers", [
    {"origin": "http://testserver:8080"},  # the same host, another port
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"sec-fetch-site": "same-site"},  # what a page on another port of localhost sends
    {"sec-fetch-site": "cross-site"},
])
def test_writes_from_another_origin_are_refused(api: Any, game: dict[str, Any],
                                                headers: dict[str, str]) -> None:
    before = state_of(api, game)
    for method, path, body in (("POST", "/api/games", {}),
                               ("PUT", "/api/options", {"felt": "red"}),
                               ("POST", f"/api/games/{game['id']}/actions",
                                {"action": "3", "version": game["version"]}),
                               ("POST", f"/api/games/{game['id']}/replay", None)):
        r = api.call(method, path, json=body, headers=headers)
        assert r.status_code == 403 and error_of(r)["code"] == "cross_origin"
    assert state_of(api, game) == before


def test_same_origin_writes_and_cross_origin_reads_are_served(api: Any,
                                                              game: dict[str, Any]) -> None:
    same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    r = api.call("PUT", "/api/options", json={"felt": "red"}, headers=same)
    assert r.status_code == 200
    r = api.call("GET", "/api/rules", headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 200
    assert api.call("POST", f"/api/games/{game['id']}/replay").status_code == 201


def test_a_declared_body_over_the_limit_is_refused_before_reading(api: Any) -> None:
    before = state_of(api)
    r = api.call("POST", "/api/games", content=b"{}",
                 headers={**JSON, "content-length": str(50 * 1024 * 1024)})
    assert r.status_code == 413 and error_of(r)["code"] == "too_large"
    assert r.headers["connection"] == "close"
    r = api.call("POST", "/api/games", content=b"{}",
                 headers={**JSON, "content-length": "-1"})
    assert r.status_code == 400 and error_of(r)["code"] == "bad_length"
    assert state_of(api) == before


def test_a_body_over_the_limit_without_a_length_is_refused_while_read(api: Any) -> None:
    def chunks() -> Any:
        for _ in range(64):
            yield b" " * 1024

    r = api.call("PUT", "/api/options", content=chunks(), headers=JSON)
    assert r.status_code == 413 and error_of(r)["code"] == "too_large"


def test_no_game_yet_is_204_not_an_error(api: Any) -> None:
    r = api.call("GET", "/api/games/current")
    assert r.status_code == 204 and r.content == b"" and "set-cookie" in r.headers


# -- player tokens ---------------------------------------------------------------------


def test_a_made_up_token_is_never_a_player(api: Any, other: Any,
                                           game: dict[str, Any]) -> None:
    token = api.client.cookies["spades_player"]
    player, signature = token.split(".")
    forged = [
        "A" * 32,  # any well-formed random text, as the old server accepted
        f"{player}.{'A' * 43}",  # the player's id with a made-up signature
        f"{'B' * 24}.{signature}",  # a genuine signature on another id
        f"{player}",
    ]
    for value in forged:
        other.client.cookies.clear()
        other.client.cookies.set("spades_player", value)
        r = other.call("GET", "/api/games/current")
        assert r.status_code == 204  # not the player's game
        assert r.headers["set-cookie"].split(";")[0] != f"spades_player={value}"
        r = other.call("POST", f"/api/games/{game['id']}/actions",
                       json={"action": "3", "version": game["version"]})
        assert r.status_code == 404 and error_of(r)["code"] == "no_game"
    assert api.call("GET", "/api/games/current").json()["game"] == game


def test_two_servers_over_one_file_agree_on_tokens(make_client: Callable[[], TestClient]
                                                   ) -> None:
    first, second = make_client(), make_client()
    game = first.post("/api/games", json={"deal": 4}).json()["game"]
    second.cookies.set("spades_player", first.cookies["spades_player"])
    r = second.get("/api/games/current")
    assert r.status_code == 200 and r.json()["game"]["id"] == game["id"]
    assert "set-cookie" not in r.headers


def test_a_token_from_another_database_is_replaced(make_client: Callable[[], TestClient],
                                                   tmp_path: Any) -> None:
    from spades.web import create_app

    here = make_client()
    here.get("/api/stats")
    elsewhere = TestClient(create_app(tmp_path / "other.sqlite3"))
    try:
        elsewhere.cookies.set("spades_player", here.cookies["spades_player"])
        r = elsewhere.get("/api/stats")
        assert "set-cookie" in r.headers
    finally:
        elsewhere.close()
        elsewhere.app.state.service.store.close()  # type: ignore[attr-defined]


def test_error_bodies_are_json_for_every_refusal(api: Any) -> None:
    r = post_raw(api, "/api/games", deep(20))
    assert json.loads(r.text)["error"]["params"] == {"limit": 16}
