"""Fixtures for the browser game's API: an app over a real SQLite file, and a player.

:class:`Api` wraps a Starlette test client with the calls a page makes, and plays South
with a simple fixed policy so that whole games can be driven through the API alone.
"""

from __future__ import annotations

import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from starlette.testclient import TestClient  # noqa: E402

from spades.web import create_app  # noqa: E402


class Api:
    """One browser (one cookie) talking to the server, recording every answer's body."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.bodies: list[str] = []

    def call(self, method: str, path: str, **kw: Any) -> Any:
        response = self.client.request(method, path, **kw)
        self.bodies.append(response.text)
        return response

    def close(self) -> None:
        """Stop this server: close the client and the database (a restart follows)."""
        self.client.close()
        self.client.app.state.service.store.close()  # type: ignore[attr-defined]

    def new(self, expect: int = 201, **body: Any) -> dict[str, Any]:
        r = self.call("POST", "/api/games", json=body)
        assert r.status_code == expect, r.text
        data: dict[str, Any] = r.json()
        return data

    def act(self, game: dict[str, Any], action: str, expect: int = 200,
            request_id: str | None = None) -> dict[str, Any]:
        rid = request_id if request_id is not None else uuid.uuid4().hex
        r = self.call("POST", f"/api/games/{game['id']}/actions",
                      json={"action": action, "version": game["version"], "request_id": rid})
        assert r.status_code == expect, r.text
        data: dict[str, Any] = r.json()
        return data

    def play_to_end(self, game: dict[str, Any],
                    choose: Callable[[dict[str, Any]], str] | None = None,
                    limit: int = 3000) -> dict[str, Any]:
        """Play South until the game is over; returns the last game view."""
        pick = choose or simple_choice
        for _ in range(limit):
            if game["phase"] == "over":
                return game
            game = self.act(game, pick(game))["game"]
        raise AssertionError("the game did not end")


def simple_choice(game: dict[str, Any]) -> str:
    """South's fixed policy: look, keep, no exchange, bid 3, the first legal card."""
    legal: list[str] = game["legal"]
    phase = game["phase"]
    if phase == "blind":
        return "look"
    if phase == "draw":
        return "keep"
    if phase == "exchange":
        return "exchange"
    if phase == "bid":
        return "3"
    return legal[0]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def make_client(db_path: Path) -> Iterator[Callable[[], TestClient]]:
    """Clients over one database file; each call is a new server over the same file."""
    clients: list[TestClient] = []

    def make() -> TestClient:
        client = TestClient(create_app(db_path))
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()
        client.app.state.service.store.close()  # type: ignore[attr-defined]


@pytest.fixture
def api(make_client: Callable[[], TestClient]) -> Api:
    return Api(make_client())


@pytest.fixture
def other(make_client: Callable[[], TestClient]) -> Api:
    """A second browser, with its own cookie, on the same server file."""
    return Api(make_client())
