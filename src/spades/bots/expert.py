"""The expert: the search player thinking longer, on deals that agree with the bids.

Three things separate it from ``strong``, each a count and not a clock, so it stays
reproducible: the possible deals it searches are drawn to agree with every bid made
(:func:`spades.bots.sampling.sample_by_bids`: a player who bid 5 holds about five
tricks, a Nil bidder few high cards), it searches twice as many of them, and it values
the last four tricks of each exactly instead of the last three. It may take a couple
of seconds a card where ``strong`` takes a fraction of one.
"""

from __future__ import annotations

from spades.bots.budget import SAFETY_SECONDS
from spades.bots.strong import StrongPlayer
from spades.rules import Rules

EXPERT_WORLDS = 1200
EXPERT_BID_WORLDS = 600
EXPERT_PLAYOUTS = 4800
EXPERT_ENDGAME = 4
"""Tricks left from which each deal is solved exactly: four take about 1.7 ms a deal
(``benchmarks/endgame_solver.py``), well inside the expert's time."""


class ExpertPlayer(StrongPlayer):
    """:class:`StrongPlayer` with bid-consistent deals, a larger budget and a deeper
    exact endgame."""

    name = "expert"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *,
                 worlds: int = EXPERT_WORLDS, bid_worlds: int = EXPERT_BID_WORLDS,
                 playouts: int = EXPERT_PLAYOUTS, max_seconds: float = SAFETY_SECONDS,
                 endgame: int = EXPERT_ENDGAME) -> None:
        super().__init__(seed, rules, worlds=worlds, bid_worlds=bid_worlds,
                         playouts=playouts, max_seconds=max_seconds, endgame=endgame)
        self.infer_bids = True
