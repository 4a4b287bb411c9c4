"""The browser game's server under load: is it fair when one client asks too much?

Starts a real ``spades serve`` process over a fresh SQLite file and plays whole games
over HTTP with many clients at once (each its own cookie and game, South bidding 3 and
playing the first legal card, ``basic`` computer players), timing every action request.

1. *quiet*: ``--clients`` clients (20) play ``--games`` whole games each;
2. *hint flood*: the same, while one more client asks for hints ``--flood`` (8) at a
   time, plays the hinted action, and asks again, until the others are done.

For each run it prints the requests, errors (any answer that is not 2xx), requests per
second and the p95 of the players' action requests; the flood client's own requests are
not counted. The last line is the ratio of the other players' p95 under the hint flood
to the quiet run's p95 (the target is at most 2, with p95 at most 100 ms).

usage: python benchmarks/server_load.py [--clients 20] [--games 1] [--flood 8]
                                       [--rules classic]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from south import simple_choice


@contextmanager
def server(db: Path) -> Iterator[str]:
    """A ``spades serve`` process on a free port; yields its address."""
    proc = subprocess.Popen([sys.executable, "-m", "spades", "serve", "--port", "0",
                             "--db", str(db)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ})
    try:
        assert proc.stdout is not None
        address = proc.stdout.readline().split()[-1].rstrip("/")
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{address}/api/daily", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield address
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@dataclass
class Tally:
    """Timings (seconds) of the counted requests, and every request's outcome."""

    times: list[float] = field(default_factory=list)
    requests: int = 0
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, elapsed: float | None, ok: bool) -> None:
        with self.lock:
            self.requests += 1
            self.errors += not ok
            if elapsed is not None:
                self.times.append(elapsed)


def client(address: str) -> httpx.Client:
    c = httpx.Client(base_url=address, headers={"origin": address}, timeout=120)
    c.get("/")
    return c


def new_game(c: httpx.Client, tally: Tally, rules: str, deal: int) -> dict[str, Any]:
    r = c.post("/api/games", json={"level": "basic", "rules": rules, "deal": deal})
    tally.note(None, r.status_code == 201)
    game: dict[str, Any] = r.json()["game"]
    return game


def act(c: httpx.Client, game: dict[str, Any], action: str, tally: Tally | None,
        counted: bool) -> dict[str, Any] | None:
    start = time.perf_counter()
    r = c.post(f"/api/games/{game['id']}/actions",
               json={"action": action, "version": game["version"],
                     "request_id": f"{game['id']}-{game['version']}"})
    elapsed = time.perf_counter() - start
    if tally is not None:
        tally.note(elapsed if counted else None, r.status_code == 200)
    if r.status_code != 200:
        return None
    answer: dict[str, Any] = r.json()["game"]
    return answer


def player(address: str, games: int, rules: str, first_deal: int, tally: Tally) -> None:
    """One client playing whole games, every action request timed."""
    c = client(address)
    try:
        for k in range(games):
            game: dict[str, Any] | None = new_game(c, tally, rules, first_deal + k)
            while game is not None and game["phase"] != "over":
                game = act(c, game, simple_choice(game), tally, True)
    finally:
        c.close()


def flooder(address: str, width: int, rules: str, stop: threading.Event,
            tally: Tally) -> None:
    """One client asking ``width`` hints at a time, then playing the hinted action."""
    c = client(address)
    with ThreadPoolExecutor(width) as pool:
        deal = 10_000
        game: dict[str, Any] | None = None
        while not stop.is_set():
            if game is None or game["phase"] == "over":
                game = new_game(c, tally, rules, deal)
                deal += 1
                continue
            path = f"/api/games/{game['id']}/hint"
            answers = list(pool.map(c.get, [path] * width))
            for r in answers:
                tally.note(None, r.status_code == 200)
            action = answers[0].json()["action"] if answers[0].status_code == 200 else \
                simple_choice(game)
            game = act(c, game, action, tally, False)
    c.close()


def run(address: str, clients: int, games: int, flood: int, rules: str,
        first_deal: int) -> tuple[Tally, Tally, float]:
    players, flood_tally = Tally(), Tally()
    stop = threading.Event()
    start = time.perf_counter()
    threads = [threading.Thread(target=player,
                                args=(address, games, rules, first_deal + 100 * i, players))
               for i in range(clients)]
    noisy = threading.Thread(target=flooder, args=(address, flood, rules, stop, flood_tally))
    if flood:
        noisy.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.perf_counter() - start
    stop.set()
    if flood:
        noisy.join()
    return players, flood_tally, seconds


def p95_ms(times: list[float]) -> float:
    ms = sorted(t * 1000 for t in times)
    return ms[int(0.95 * (len(ms) - 1))] if ms else 0.0


def report(name: str, players: Tally, flood: Tally, seconds: float) -> float:
    p95 = p95_ms(players.times)
    total = players.requests + flood.requests
    print(f"{name}: {players.requests} player requests + {flood.requests} flood requests "
          f"in {seconds:.1f} s ({total / seconds:.0f} requests/s), errors "
          f"{players.errors + flood.errors}, players' action p95 {p95:.1f} ms")
    return p95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20, help="clients playing (20)")
    parser.add_argument("--games", type=int, default=1, help="whole games each (1)")
    parser.add_argument("--flood", type=int, default=8, help="hints at a time (8)")
    parser.add_argument("--rules", default="classic", help="rules preset (classic)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, server(Path(tmp) / "load.sqlite3") as address:
        # a short warm-up so that the worker processes have started
        run(address, 2, 1, 0, "short", 900_000)
        quiet = report("quiet", *run(address, args.clients, args.games, 0, args.rules, 1))
        flooded = report(f"hint flood ({args.flood} at a time)",
                         *run(address, args.clients, args.games, args.flood, args.rules, 1))
    print(f"p95 under hint flood / quiet: {flooded / quiet:.2f}")


if __name__ == "__main__":
    main()
