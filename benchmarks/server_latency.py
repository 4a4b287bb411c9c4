"""Server time from South's card to the last computer reply, with ``basic`` players.

Plays whole games through the browser game's service over a real SQLite file (WAL, the
game record written back after every request, exactly as ``spades serve`` does) and
times each request that plays one of South's cards: checking it, applying it, the
computer players' replies until South must act again (up to three cards, and at the
end of a hand the scoring and the next hand's Blind Nil questions or bids), building
South's view and the transaction. ``--http`` also times the same requests through the
ASGI application (routing, cookie, JSON), in-process.

South plays the first legal card and bids 3, so the figure does not depend on a hint.
The last line is ``p95 ms: X`` (the target is 50).

usage: python benchmarks/server_latency.py [--games N] [--level basic] [--http]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from south import simple_choice
from spades.web.service import GameService
from spades.web.store import Store


def through_service(db: Path, games: int, level: str, rules: str) -> list[float]:
    service = GameService(Store(db))
    times: list[float] = []
    for deal in range(games):
        game = service.create("bench", {"deal": deal, "level": level, "rules": rules})["game"]
        while game["phase"] != "over":
            action = simple_choice(game)
            start = time.perf_counter()
            game = service.act("bench", game["id"],
                               {"action": action, "version": game["version"],
                                "request_id": f"{deal}-{game['version']}"})["game"]
            if action not in ("3", "look", "keep", "exchange"):
                times.append(time.perf_counter() - start)
    service.store.close()
    return times


def through_http(db: Path, games: int, level: str, rules: str) -> list[float]:
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

    from spades.web import create_app

    times: list[float] = []
    with TestClient(create_app(db)) as client:
        for deal in range(games):
            game = client.post("/api/games",
                               json={"deal": deal, "level": level, "rules": rules}).json()["game"]
            while game["phase"] != "over":
                action = simple_choice(game)
                start = time.perf_counter()
                r = client.post(f"/api/games/{game['id']}/actions",
                                json={"action": action, "version": game["version"],
                                      "request_id": f"{deal}-{game['version']}"})
                elapsed = time.perf_counter() - start
                game = r.json()["game"]
                if action not in ("3", "look", "keep", "exchange"):
                    times.append(elapsed)
    return times


def report(name: str, times: list[float]) -> float:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"{name}: {len(ms)} cards, median {statistics.median(ms):.2f} ms, "
          f"p95 {p95:.2f} ms, max {ms[-1]:.2f} ms")
    return p95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="whole games to play (default 3)")
    parser.add_argument("--level", default="basic", help="computer players' level")
    parser.add_argument("--rules", default="classic", help="rules preset")
    parser.add_argument("--http", action="store_true", help="also time through the ASGI app")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.http:
            report("through HTTP (in-process ASGI)",
                   through_http(Path(tmp) / "http.sqlite3", args.games, args.level, args.rules))
        p95 = report("server (service + SQLite)",
                     through_service(Path(tmp) / "bench.sqlite3", args.games, args.level,
                                     args.rules))
    print(f"p95 ms: {p95:.2f}")


if __name__ == "__main__":
    main()
