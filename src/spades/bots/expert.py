"""The expert: the search player with the second half of the hand solved.

Two things separate it from ``strong`` (both search deals drawn to agree with every
bid made and the cards played, :func:`spades.bots.sampling.chain_deals`), each a count
and not a clock,
so it stays reproducible: in the last five tricks every sampled deal is valued by the
exact solver (:mod:`spades.solver`, best play for both sides on the game's own
scoring) instead of a greedy play-out (the open-handed half of its mixed play-outs, see
:mod:`spades.bots.strong`; the rules play-out stays the other half), and before that it
samples more deals. It bids as ``strong`` does, on more deals: bids priced by the
solver's trick counts bid closer to the edge than its play can make them, and measured
worse (docs/bots.md). The guards of ``strong`` stay (the basic rule's card unless
another is clearly better, covering a partner's Nil, the lowest winning card when
last), since a solver that sees the sampled deal "knows" where the cards are in a way
no player does.
"""

from __future__ import annotations

from dataclasses import replace

# The exact solver (numba) loads with the level, not at its first solved decision: a
# game with an expert pays the solver's start when the table is set, never mid-hand.
import spades.bots.solved  # noqa: F401
from spades.bots.budget import SAFETY_SECONDS
from spades.bots.strong import StrongPlayer
from spades.rules import Rules

EXPERT_WORLDS = 200
EXPERT_BID_WORLDS = 400
EXPERT_PLAYOUTS = 800
EXPERT_ENDGAME = 4
"""Tricks left from which the plain endgame search values each deal (when the exact
solver is not used yet)."""
SOLVER_TRICKS = 5
"""Tricks left from which every sampled deal is put to the exact solver. Earlier in the
hand a solved deal misleads more than it helps: ducking exactly needs to know exactly
where the cards are, which a sampled deal only pretends to, and solving from eight
tricks left took more bags than the play-outs (docs/bots.md: solving from five gained
2.5 points a hand with bags charged over solving from eight, for less than half the
time a decision)."""
SOLVED_DEALS = 40
"""Deals solved per card decision from then on (each solve values every card)."""


class ExpertPlayer(StrongPlayer):
    """:class:`StrongPlayer` with a larger budget and the last five tricks solved."""

    name = "expert"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *,
                 worlds: int = EXPERT_WORLDS, bid_worlds: int = EXPERT_BID_WORLDS,
                 playouts: int = EXPERT_PLAYOUTS, max_seconds: float = SAFETY_SECONDS,
                 endgame: int = EXPERT_ENDGAME, solver_tricks: int = SOLVER_TRICKS,
                 solved: int = SOLVED_DEALS, infer_play: bool = True,
                 mixed_playouts: bool = True, chain: bool = True) -> None:
        super().__init__(seed, rules, worlds=worlds, bid_worlds=bid_worlds,
                         playouts=playouts, max_seconds=max_seconds, endgame=endgame,
                         infer_play=infer_play, mixed_playouts=mixed_playouts,
                         chain=chain)
        self.solver_tricks = solver_tricks
        self.budget = replace(self.budget, solved=solved)
