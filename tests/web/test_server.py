"""``spades serve`` as a user runs it: a real uvicorn process, a real port, a real file."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from spades.cli import build_parser


@contextmanager
def serve(db: Path | None, env: dict[str, str] | None = None) -> Iterator[str]:
    """Start ``spades serve --port 0`` and yield the address it prints."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "spades", "serve", "--port", "0",
         *(["--db", str(db)] if db else [])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **(env or {})})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("Spades is served at http://127.0.0.1:"), line
        address = line.split()[-1].rstrip("/")
        where = db if db else (env or {}).get("SPADES_DB")
        assert proc.stdout.readline().strip() == f"database: {where}"
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{address}/api/daily", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.05)
        yield address
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_serve_plays_and_keeps_the_game_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "served.sqlite3"
    with serve(db) as address, httpx.Client(base_url=address) as client:
        page = client.get("/")
        assert page.status_code == 200 and "spades_player" in client.cookies
        game = client.post("/api/games", json={"deal": 42, "level": "basic"}).json()["game"]
        answer = client.post(f"/api/games/{game['id']}/actions",
                             json={"action": "4", "version": game["version"],
                                   "request_id": "first-bid"})
        assert answer.status_code == 200
        game = answer.json()["game"]
        card = game["legal"][0]
        game = client.post(f"/api/games/{game['id']}/actions",
                           json={"action": card, "version": game["version"]}).json()["game"]
        cookie = client.cookies["spades_player"]
    assert db.is_file()
    with serve(db) as address, httpx.Client(base_url=address,
                                            cookies={"spades_player": cookie}) as client:
        resumed = client.get("/api/games/current").json()["game"]
        assert resumed == game
        again = client.post(f"/api/games/{game['id']}/actions",
                            json={"action": "4", "version": 0, "request_id": "first-bid"})
        assert again.json() == answer.json()


def test_serve_takes_the_database_from_the_environment(tmp_path: Path) -> None:
    db = tmp_path / "from-env" / "games.sqlite3"
    with serve(None, env={"SPADES_DB": str(db)}) as address:
        assert httpx.post(f"{address}/api/games", json={}).status_code == 201
    assert db.is_file()


def test_serve_refuses_a_busy_port(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "spades", "serve", "--port", str(port),
             "--db", str(tmp_path / "x.sqlite3")],
            capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and "cannot listen" in done.stderr


def test_serve_is_documented_in_help() -> None:
    parser = build_parser()
    assert "serve" in parser.format_help()
    sub = next(a for a in parser._actions if a.dest == "command")
    text = sub.choices["serve"].format_help()  # type: ignore[attr-defined]
    for words in ("--host", "--port", "--db", "SPADES_DB", ".local/share/spades"):
        assert words in text
