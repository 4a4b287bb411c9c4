"""Two ``spades serve`` processes over one SQLite file stay correct.

Each process has its own memory (game cache, locks, worker pool); only the file is
shared. A game played through both in turn, conflicting actions sent to both at once,
and one request retried on the other server must leave one consistent game: every
action applied once, the stats counted once.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.conftest import simple_choice
from tests.web.test_server import serve


def _client(address: str, cookie: str | None = None) -> httpx.Client:
    headers = {"origin": address}
    client = httpx.Client(base_url=address, headers=headers, timeout=60)
    if cookie is not None:
        client.cookies.set("spades_player", cookie)
    return client


def _act(client: httpx.Client, view: dict[str, Any], action: str,
         request_id: str) -> httpx.Response:
    return client.post(f"/api/games/{view['id']}/actions",
                       json={"action": action, "version": view["version"],
                             "request_id": request_id})


def _at_once(*calls: Any) -> list[httpx.Response]:
    """Run the calls in threads started together; their answers in order."""
    answers: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_two_server_processes_share_one_database(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    with serve(db) as first, serve(db) as second:
        a = _client(first)
        a.get("/")
        cookie = a.cookies.get("spades_player")
        assert cookie
        b = _client(second, cookie)
        view = a.post("/api/games", json={"deal": 77, "level": "basic",
                                          "rules": {"preset": "classic",
                                                    "target": 100}}).json()["game"]
        assert b.get(f"/api/games/{view['id']}").json()["game"] == view

        # the same position sent to both servers as two different requests: one wins
        action = simple_choice(view)
        answers = _at_once(lambda: _act(a, view, action, "one"),
                           lambda: _act(b, view, action, "two"))
        assert sorted(r.status_code for r in answers) == [200, 409]
        refused = next(r for r in answers if r.status_code == 409)
        assert refused.json()["error"]["code"] == "stale"
        view = next(r for r in answers if r.status_code == 200).json()["game"]

        # one request sent to both (a retry that went to the other server): one answer
        action = simple_choice(view)
        answers = _at_once(lambda: _act(a, view, action, "retry"),
                           lambda: _act(b, view, action, "retry"))
        assert [r.status_code for r in answers] == [200, 200]
        assert answers[0].json() == answers[1].json()
        view = answers[0].json()["game"]
        assert b.get(f"/api/games/{view['id']}").json()["game"]["version"] == view["version"]

        # the rest of the game through both servers in turn
        servers = [a, b]
        steps = 0
        while view["phase"] != "over":
            r = _act(servers[steps % 2], view, simple_choice(view), f"step-{steps}")
            assert r.status_code == 200, r.text
            view = r.json()["game"]
            steps += 1
            assert steps < 2000
        for client in servers:
            assert client.get(f"/api/games/{view['id']}").json()["game"] == view
            assert client.get("/api/stats").json()["played"] == 1
        a.close()
        b.close()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_worker_processes_leave_with_a_killed_server(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "spades", "serve", "--port", "0",
                             "--db", str(tmp_path / "k.sqlite3")],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    address = proc.stdout.readline().split()[-1].rstrip("/")
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{address}/api/daily", timeout=1)
            break
        except httpx.TransportError:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    c = _client(address)
    view = c.post("/api/games", json={"deal": 5, "level": "basic"}).json()["game"]
    assert c.get(f"/api/games/{view['id']}/hint").status_code == 200  # a worker thought
    c.close()
    workers = _children(proc.pid)
    assert workers
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its server"
        time.sleep(0.1)
