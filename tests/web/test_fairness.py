"""Fair under load: no lock across games, one computation per hinted position, and one
player's requests that make the computer think run one at a time."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from spades.actions import Bid
from spades.bots import Decision
from spades.table import LOCAL
from spades.views import SeatView
from spades.web.service import GameService, KeyedLocks
from spades.web.store import Store
from spades.web.thinking import OnceCache


def test_once_cache_computes_once_for_concurrent_askers() -> None:
    cache = OnceCache()
    gate = threading.Event()
    calls = []

    def compute() -> Decision:
        calls.append(1)
        gate.wait(5)
        return Decision(Bid(3), "three")

    results: list[Decision] = []
    threads = [threading.Thread(target=lambda: results.append(cache.get("k", compute)))
               for _ in range(8)]
    for t in threads:
        t.start()
    gate.set()
    for t in threads:
        t.join()
    assert len(calls) == 1 and cache.computed == 1
    assert results == [Decision(Bid(3), "three")] * 8
    assert cache.get("k", compute) == results[0] and len(calls) == 1


def test_once_cache_does_not_keep_a_failure() -> None:
    cache = OnceCache()

    def broken() -> Decision:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        cache.get("k", broken)
    assert cache.get("k", lambda: Decision(Bid(1), "one")).action == Bid(1)


def test_keyed_locks_hold_one_key_not_the_others() -> None:
    locks = KeyedLocks()
    held, release = threading.Event(), threading.Event()

    def hold_a() -> None:
        with locks.hold("a"):
            held.set()
            release.wait(5)

    t = threading.Thread(target=hold_a)
    t.start()
    held.wait(5)
    with locks.hold("b"):  # another key: no wait
        pass
    got_a = threading.Event()

    def take_a() -> None:
        with locks.hold("a"):
            got_a.set()

    other = threading.Thread(target=take_a)
    other.start()
    assert not got_a.wait(0.2)  # the same key waits
    release.set()
    t.join()
    other.join()
    assert got_a.is_set() and len(locks) == 0


class GatedBrain:
    """Thinks locally, but the first decision of a ``random`` player waits for a gate."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.hints = 0

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        if level == "random" and not self.gate.is_set():
            self.entered.set()
            self.gate.wait(10)
        return LOCAL.decide(level, seed, view)

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        self.hints += 1
        return LOCAL.hint("basic", seed, view)


@pytest.fixture
def service(tmp_path: Path) -> Any:
    brain = GatedBrain()
    brain.gate.set()
    svc = GameService(Store(tmp_path / "f.sqlite3"), brain=brain)
    yield svc
    svc.store.close()


def test_a_slow_game_does_not_hold_up_another_players_game(service: Any) -> None:
    slow = service.create("p1", {"deal": 1, "level": "random"})["game"]
    quick = service.create("p2", {"deal": 2, "level": "basic"})["game"]
    brain = service.brain
    brain.gate.clear()
    done: list[Any] = []
    t = threading.Thread(target=lambda: done.append(service.act(
        "p1", slow["id"], {"action": "3", "version": slow["version"]})))
    t.start()
    assert brain.entered.wait(10)  # p1's computer is thinking, its game locked
    answer = service.act("p2", quick["id"], {"action": "3", "version": quick["version"]})
    assert answer["game"]["version"] == quick["version"] + 4 and not done
    brain.gate.set()
    t.join()
    assert done and done[0]["game"]["version"] == slow["version"] + 4


def test_a_hint_flood_is_computed_once_per_position(service: Any) -> None:
    game = service.create("p", {"deal": 3, "level": "basic"})["game"]
    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda: answers.append(service.hint("p", game["id"])))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 8 and all(a == answers[0] for a in answers)
    assert service.brain.hints == 1 and service.hints.computed == 1
    game = service.act("p", game["id"], {"action": answers[0]["action"],
                                          "version": game["version"]})["game"]
    service.hint("p", game["id"])
    assert service.brain.hints == 2


def test_a_pool_whose_worker_died_is_replaced() -> None:
    from spades.game import Game
    from spades.views import seat_view
    from spades.web.thinking import PoolBrain

    brain = PoolBrain(workers=1)
    view = seat_view(Game("classic", deal=4), "S")
    try:
        first = brain.hint("basic", 1, view)
        for process in list(brain.pool()._processes.values()):
            process.kill()
            process.join()
        assert brain.hint("basic", 1, view) == first
    finally:
        brain.close()


def test_one_player_cannot_queue_more_than_its_share() -> None:
    from spades.web.errors import ApiError

    locks = KeyedLocks(limit=2)
    second_done = threading.Event()

    def second() -> None:
        with locks.hold("p"):
            second_done.set()

    with locks.hold("p"):
        t = threading.Thread(target=second)
        t.start()
        while locks._held["p"][1][0] < 2:  # the second request is waiting
            threading.Event().wait(0.01)
        with pytest.raises(ApiError) as refused, locks.hold("p"):
            pass
        assert refused.value.status == 429 and refused.value.code == "busy"
        with locks.hold("q"):  # another player is not refused
            pass
    t.join()
    assert second_done.is_set()
