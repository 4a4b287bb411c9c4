"""How much a search player thinks: a count of work, never a clock.

A decision must depend only on the level, the seed, the view and the budget, so that a
replayed game replays the same on a fast machine and on a loaded one. The budget is
therefore a number of sampled deals (and of play-outs); the only clock is a safety cap
far above what the default budget takes, there so that a pathological position on a
very slow machine still answers. When the cap cuts a search short the decision says so
in its reason and a warning is logged, because that decision may not replay the same.

>>> b = Budget(deals=10, bid_deals=20)
>>> b.deals_for(candidates=4), b.scaled(3).deals
(10, 30)
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace

LOG = logging.getLogger("spades.bots")

SAFETY_SECONDS = 20.0
"""The safety cap per decision. At the default budgets ``strong`` takes well under a
second of processor time and ``expert`` at most about 7 s on a 2-core machine
(``benchmarks/bot_decisions.py``), so it does not fire there; only a machine several
times slower or busier could reach it, and then the decision says so."""


@dataclass(frozen=True, slots=True)
class Budget:
    """The work one decision may do.

    ``deals``: sampled deals per card decision; ``bid_deals``: per bid (and Blind Nil
    question); ``playouts``: at most this many play-outs per card decision, so a seat
    with many different cards samples fewer deals (the time of a decision is bounded
    by a count, not only by the deals); ``solved``: deals valued by the exact solver
    per card decision, where a player uses it; ``max_seconds``: the safety cap.
    """

    deals: int
    bid_deals: int
    playouts: int = 0
    max_seconds: float = SAFETY_SECONDS
    solved: int = 0

    def deals_for(self, candidates: int) -> int:
        """Deals to sample when ``candidates`` cards are compared on each (at least 8)."""
        if not self.playouts or candidates <= 0:
            return self.deals
        return max(min(8, self.deals), min(self.deals, self.playouts // candidates))

    def scaled(self, factor: float) -> Budget:
        """The same budget with every count multiplied by ``factor``."""
        return replace(self, deals=max(1, round(self.deals * factor)),
                       bid_deals=max(1, round(self.bid_deals * factor)),
                       playouts=round(self.playouts * factor),
                       solved=round(self.solved * factor))


class TimeCap:
    """The safety clock of one decision: remembers whether it cut the search short."""

    __slots__ = ("deadline", "fired", "seconds", "started")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = time.perf_counter()
        self.deadline = self.started + seconds
        self.fired = False

    def expired(self) -> bool:
        """True (and remembered) once the cap has passed."""
        if not self.fired and time.perf_counter() > self.deadline:
            self.fired = True
        return self.fired

    def note(self, done: int, planned: int, what: str = "deals") -> str:
        """Text to append to a decision's reason: empty unless the cap fired.

        Logs a warning too: a capped decision depends on the machine's speed.
        """
        if not self.fired:
            return ""
        LOG.warning("search stopped by the %.1f s safety cap after %d of %d %s "
                    "(%.1f s)", self.seconds, done, planned, what,
                    time.perf_counter() - self.started)
        return (f" [safety time cap of {self.seconds:g} s reached after {done} of "
                f"{planned} {what}: this decision may not replay the same]")
