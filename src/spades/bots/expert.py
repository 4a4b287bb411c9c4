"""The expert: the search player with every sampled deal solved exactly late in the hand.

Two things separate it from ``strong``, each a count and not a clock, so it stays
reproducible (both search deals drawn to agree with every bid made,
:func:`spades.bots.sampling.sample_by_bids`): from the middle of the hand on, every sampled
deal is valued by the exact solver (:mod:`spades.solver`, best play for both sides on
the game's own scoring) instead of a greedy play-out; and before that it samples more
deals. The guards of ``strong`` stay (the basic rule's card unless another is
clearly better, covering a partner's Nil, the lowest winning card when last), since a
solver that sees the sampled deal "knows" where the cards are in a way no player does.
It may take a couple of seconds a card where ``strong`` takes a fraction of one.
"""

from __future__ import annotations

from dataclasses import replace

from spades.bots.budget import SAFETY_SECONDS
from spades.bots.strong import StrongPlayer
from spades.rules import Rules

EXPERT_WORLDS = 800
EXPERT_BID_WORLDS = 400
EXPERT_PLAYOUTS = 3200
EXPERT_ENDGAME = 4
"""Tricks left from which the plain endgame search values each deal (when the exact
solver is not used yet)."""
SOLVER_TRICKS = 6
"""Tricks left from which every sampled deal is put to the exact solver."""
SOLVED_DEALS = 40
"""Deals solved per card decision from then on (each solve values every card)."""


class ExpertPlayer(StrongPlayer):
    """:class:`StrongPlayer` with a larger budget and a deeper exact endgame."""

    name = "expert"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *,
                 worlds: int = EXPERT_WORLDS, bid_worlds: int = EXPERT_BID_WORLDS,
                 playouts: int = EXPERT_PLAYOUTS, max_seconds: float = SAFETY_SECONDS,
                 endgame: int = EXPERT_ENDGAME, solver_tricks: int = SOLVER_TRICKS,
                 solved: int = SOLVED_DEALS) -> None:
        super().__init__(seed, rules, worlds=worlds, bid_worlds=bid_worlds,
                         playouts=playouts, max_seconds=max_seconds, endgame=endgame)
        self.solver_tricks = solver_tricks
        self.budget = replace(self.budget, solved=solved)
