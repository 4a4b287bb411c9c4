"""Computer players and hints for the server, thinking in a pool of worker processes.

A search player can think for a second; in the server's own process it would hold the
interpreter while every other game waits. The :class:`PoolBrain` sends each decision —
the seat's view, the level and the seed, nothing more — to a pool of processes sized to
the machine, so the server keeps answering while they think. Decisions are pure
functions of (level, seed, view), so where they are computed changes nothing.

Hints are also cached by the caller's key (a game and its version): a hint for an
unchanged position is computed once, however many times it is asked, and requests that
arrive while it is being computed wait for that one computation.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context

from spades.bots import Decision
from spades.table import LOCAL
from spades.views import SeatView

CACHED_HINTS = 4096
"""Hints kept per server process (a few hundred bytes each)."""


def pool_size() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _decide(level: str, seed: int, view: SeatView) -> Decision:
    return LOCAL.decide(level, seed, view)


def _hint(level: str, seed: int, view: SeatView) -> Decision:
    return LOCAL.hint(level, seed, view)


def _warm() -> None:
    """Import the players in a fresh worker before the first real decision."""
    import spades.bots  # noqa: F401


class PoolBrain:
    """A :class:`~spades.table.Brain` that thinks in worker processes."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or pool_size()
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def pool(self) -> ProcessPoolExecutor:
        """The worker processes, started on first use (``spawn``: safe beside threads)."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=get_context("spawn"),
                                                 initializer=_warm)
            return self._pool

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        return self.pool().submit(_decide, level, seed, view).result()

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        return self.pool().submit(_hint, level, seed, view).result()

    def close(self) -> None:
        """Stop the workers (a later decision starts them again)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


class OnceCache:
    """Each key's value computed once: later and concurrent askers share the result.

    A computation that fails is not kept, so the next request tries again.
    """

    def __init__(self, size: int = CACHED_HINTS) -> None:
        self.size = size
        self._done: OrderedDict[Hashable, Decision] = OrderedDict()
        self._running: dict[Hashable, Future[Decision]] = {}
        self._lock = threading.Lock()
        self.computed = 0
        """How many values were actually computed (for tests and figures)."""

    def get(self, key: Hashable, compute: Callable[[], Decision]) -> Decision:
        """The value for ``key``, computing it only if nobody has or is doing so."""
        with self._lock:
            if key in self._done:
                self._done.move_to_end(key)
                return self._done[key]
            running = self._running.get(key)
            if running is None:
                mine: Future[Decision] = Future()
                self._running[key] = mine
        if running is not None:
            return running.result()
        try:
            value = compute()
        except BaseException as exc:
            with self._lock:
                del self._running[key]
            mine.set_exception(exc)
            raise
        with self._lock:
            self.computed += 1
            del self._running[key]
            self._done[key] = value
            while len(self._done) > self.size:
                self._done.popitem(last=False)
        mine.set_result(value)
        return value


_SHARED: PoolBrain | None = None
_SHARED_LOCK = threading.Lock()


def shared_brain() -> PoolBrain:
    """The process's one pool: every service in a process shares it (and its workers)."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None:
            _SHARED = PoolBrain()
            atexit.register(_SHARED.close)
        return _SHARED


__all__ = ["CACHED_HINTS", "OnceCache", "PoolBrain", "pool_size", "shared_brain"]
