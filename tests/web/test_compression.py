"""The page and its card deck travel compressed: first-load weight is what players wait for."""

from __future__ import annotations

from collections.abc import Callable

from starlette.testclient import TestClient


def test_deck_and_scripts_are_sent_gzipped_when_the_browser_accepts_it(
        make_client: Callable[[], TestClient]) -> None:
    client = make_client()
    for path in ("/static/cards/deck.svg", "/static/app.js", "/static/style.css"):
        plain = client.get(path, headers={"Accept-Encoding": "identity"})
        packed = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert plain.status_code == packed.status_code == 200, path
        assert "content-encoding" not in plain.headers, path
        assert packed.headers["content-encoding"] == "gzip", path
        assert packed.content == plain.content, path  # httpx decodes it back


def test_api_answers_are_not_compressed(make_client: Callable[[], TestClient]) -> None:
    answer = make_client().get("/api/rules", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and len(answer.content) > 1024
    assert "content-encoding" not in answer.headers
