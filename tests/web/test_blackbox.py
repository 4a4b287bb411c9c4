"""Whole games in every preset through ``spades serve``, with bad input between moves.

A black-box client (httpx and raw sockets, nothing from the server's code) plays South
to the end of a game in each preset. Before each of its first moves it sends one bad
request, taking every kind in turn, each at least twice over the run: Unicode digits and
huge numbers as bids, JSON nested 8,000 deep, lone surrogates, NaN and Infinity,
impossible rules, bodies that are not JSON or come from another origin, made-up player
tokens, oversized or falsely declared bodies, stale and illegal actions. Every one must
be answered 4xx, and the player's state read back before and after must be the same.
Nothing may be answered 5xx.

Every request goes over one kept-alive connection, as a page's would.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from tests.web.test_server import serve

from spades.rules import PRESETS

Game = dict[str, Any]
BadRequest = Callable[[httpx.Client, Game], httpx.Response]


def raw_request(client: httpx.Client, head: bytes, body: bytes = b"") -> httpx.Response:
    """Send bytes httpx would not (a false Content-Length); read the status and body."""
    url = urlsplit(str(client.base_url))
    assert url.hostname is not None and url.port is not None
    with socket.create_connection((url.hostname, url.port), timeout=10) as conn:
        conn.sendall(head + body)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    status = int(status_line.split()[1])
    return httpx.Response(status, content=rest.partition(b"\r\n\r\n")[2])


def act(text: str, version: int | None = None, **extra: Any) -> BadRequest:
    def send(client: httpx.Client, game: Game) -> httpx.Response:
        v = game["version"] if version is None else version
        return client.post(f"/api/games/{game['id']}/actions",
                           json={"action": text, "version": v, **extra})
    return send


def raw(method: str, path: str, content: str | bytes, kind: str = "application/json",
        **headers: str) -> BadRequest:
    def send(client: httpx.Client, game: Game) -> httpx.Response:
        return client.request(method, path.format(id=game["id"]), content=content,
                              headers={"content-type": kind, **headers})
    return send


def as_stranger(token: Callable[[str], str]) -> BadRequest:
    """A move on the player's game with a made-up cookie derived from the real one."""
    def send(client: httpx.Client, game: Game) -> httpx.Response:
        forged = token(client.cookies["spades_player"])
        with httpx.Client(base_url=client.base_url, cookies={"spades_player": forged}) as c:
            return c.post(f"/api/games/{game['id']}/actions",
                          json={"action": game["legal"][0], "version": game["version"]})
    return send


def declared(length: int) -> BadRequest:
    def send(client: httpx.Client, game: Game) -> httpx.Response:
        head = (f"POST /api/games/{game['id']}/actions HTTP/1.1\r\nHost: x\r\n"
                f"Content-Type: application/json\r\nContent-Length: {length}\r\n"
                "Connection: close\r\n\r\n").encode()
        return raw_request(client, head, b"{")
    return send


DEEP = "[" * 8000 + "]" * 8000
BAD_REQUESTS: dict[str, BadRequest] = {
    "superscript two": act("²"),
    "circled one": act("①"),
    "arabic-indic three": act("٣"),
    "mathematical bold three": act("𝟑"),
    "5,000 digits": act("7" * 5000),
    "5,000 digits as a number": raw("POST", "/api/games/{id}/actions",
                                    '{"action": "3", "version": ' + "9" * 5000 + "}"),
    "nested 8,000 deep, new game": raw("POST", "/api/games", DEEP),
    "nested 8,000 deep, action": raw("POST", "/api/games/{id}/actions", DEEP),
    "nested 8,000 deep, options": raw("PUT", "/api/options", DEEP),
    "nested 8,000 deep, replay": raw("POST", "/api/games/{id}/replay", DEEP),
    "lone surrogate in request_id": raw(
        "POST", "/api/games/{id}/actions", '{"action": "3", "version": 0, '
        '"request_id": "\\ud800"}'),
    "lone surrogate in options": raw("PUT", "/api/options", '{"lang": "\\udc00"}'),
    "NaN in options": raw("PUT", "/api/options", '{"a": NaN}'),
    "Infinity in options": raw("PUT", "/api/options", '{"speed": Infinity}'),
    "unknown option": raw("PUT", "/api/options", '{"a": 1}'),
    "target 1, Nil worth 10**19": raw(
        "POST", "/api/games", json.dumps({"rules": {"preset": "classic", "target": 1,
                                                    "nil_value": 10**19}})),
    "two players without the draw": raw(
        "POST", "/api/games", '{"rules": {"preset": "two-player", "draw": false}}'),
    "text/plain body": raw("POST", "/api/games/{id}/actions", '{"action": "3"}',
                           "text/plain"),
    "form body": raw("POST", "/api/games", "deal=3", "application/x-www-form-urlencoded"),
    "multipart body": raw("PUT", "/api/options", '--b\r\nContent-Disposition: form-data; '
                          'name="a"\r\n\r\n1\r\n--b--\r\n', "multipart/form-data; boundary=b"),
    "another port's page": raw("POST", "/api/games", "{}", origin="http://127.0.0.1:1"),
    "same-site, not same-origin": raw("PUT", "/api/options", '{"felt": "red"}',
                                      **{"sec-fetch-site": "same-site"}),
    "made-up token": as_stranger(lambda real: "A" * 32),
    "real id, made-up signature": as_stranger(lambda real: real.split(".")[0] + "." + "A" * 43),
    "declared 50 MB body": declared(50 * 1024 * 1024),
    "20 KB body": raw("POST", "/api/games/{id}/actions", "{" + " " * 20000 + "}"),
    "stale version": act("3", version=-1),
    "a card while bidding, a bid while playing": act("zz"),
    "huge deal number": raw("POST", "/api/games", '{"deal": ' + "1" * 4000 + "}"),
    "unknown game": raw("GET", "/api/games/nope{id}", ""),
    "hint off turn or unknown": raw("GET", "/api/games/{id}x/hint", ""),
}


def out_of_turn(game: Game) -> str:
    """An action the rules refuse now: a card while bidding, a bid while playing."""
    return "13" if game["phase"] == "play" else "AS"


def state_of(client: httpx.Client, game: Game) -> list[Any]:
    """What the player can read back: the game in progress, options, stats, the game."""
    current = client.get("/api/games/current")
    mine = client.get(f"/api/games/{game['id']}")
    assert mine.status_code == 200, mine.text  # read as the player who owns the game
    return [current.status_code, current.content, client.get("/api/options").json(),
            client.get("/api/stats").json(), mine.json()]


def choose(game: Game) -> str:
    return {"blind": "look", "draw": "keep", "exchange": "exchange", "bid": "3"}.get(
        game["phase"], game["legal"][0] if game["legal"] else "")


def move(client: httpx.Client, game: Game) -> Game:
    """South's next move under a fixed policy; the new view."""
    r = client.post(f"/api/games/{game['id']}/actions",
                    json={"action": choose(game), "version": game["version"]})
    assert r.status_code == 200, r.text
    view: Game = r.json()["game"]
    return view


BAD_MOVES = 2 * len(BAD_REQUESTS) // len(PRESETS) + 1
"""Moves of each game preceded by a bad request: every kind is sent at least twice."""


@pytest.mark.slow
def test_whole_games_in_every_preset_hold_under_bad_input(tmp_path: Path) -> None:
    kinds = list(BAD_REQUESTS.items())
    sent: dict[str, set[int]] = {name: set() for name in BAD_REQUESTS}
    answers = 0
    with serve(tmp_path / "blackbox.sqlite3") as address, \
            httpx.Client(base_url=address, timeout=30) as client:
        assert client.put("/api/options", json={"felt": "blue"}).status_code == 200
        for p, preset in enumerate(sorted(PRESETS)):
            # random players overbid: a floor ends their games as surely as the target
            rules = {"preset": preset, "target": 100, "floor": -100}
            r = client.post("/api/games", json={"rules": rules, "deal": 100 + p,
                                                "level": "random"})
            assert r.status_code == 201, r.text
            game = r.json()["game"]
            moves = 0
            while game["phase"] != "over":
                if moves >= BAD_MOVES:  # the rest of the game is played straight
                    game = move(client, game)
                    moves += 1
                    assert moves < 2000, "the game did not end"
                    continue
                name, bad = kinds[answers % len(kinds)]
                before = state_of(client, game)
                try:
                    response = bad(client, game)
                except httpx.TransportError as exc:
                    raise AssertionError(f"{name}: no answer ({exc!r})") from None
                answers += 1
                assert 400 <= response.status_code < 500, (name, response.text[:200])
                assert response.json()["error"]["code"], name
                sent[name].add(response.status_code)
                assert state_of(client, game) == before, f"{name} changed the state"
                illegal = act(out_of_turn(game))(client, game)
                assert illegal.status_code in (409, 422), illegal.text
                game = move(client, game)
                moves += 1
            assert client.get(f"/api/games/{game['id']}/record").status_code == 200
        assert client.get("/api/stats").json()["played"] == len(PRESETS)
    assert answers >= 2 * len(BAD_REQUESTS)
    assert all(sent.values()), [name for name, codes in sent.items() if not codes]
