"""The expert: the search player with the second half of the hand solved.

Two things separate it from ``strong`` (both search deals drawn to agree with every
bid made and the cards played, :func:`spades.bots.sampling.chain_deals`), each a count
and not a clock,
so it stays reproducible: in the last five tricks every sampled deal is valued by the
exact solver (:mod:`spades.solver`, best play for both sides on the game's own
scoring) instead of a greedy play-out (the open-handed half of its mixed play-outs, see
:mod:`spades.bots.strong`; the rules play-out stays the other half), and at every card
it searches four times the deals ``strong`` does at the same budget. It bids as
``strong`` does, on as many deals: bids priced by the
solver's trick counts bid closer to the edge than its play can make them, and measured
worse (docs/bots-history.md). The guards of ``strong`` stay (the basic rule's card unless
another is clearly better, covering a partner's Nil, the lowest winning card when
last), since a solver that sees the sampled deal "knows" where the cards are in a way
no player does.
"""

from __future__ import annotations

from dataclasses import replace

from spades.bots.budget import SAFETY_SECONDS
from spades.bots.strong import DEFAULT_BID_WORLDS, DEFAULT_WORLDS, StrongPlayer
from spades.rules import Rules
from spades.solver.warm import warm_up

EXPERT_SCALE = 4
"""Deals per card decision, in times ``strong``'s at the same budget: the expert may
think longer, and the search gains from it where ``strong`` at the same count did not
(docs/bots-history.md: four times the deals, play-outs and solved deals gained 2.7 points a hand
with bags charged over the expert on ``strong``'s count)."""
PLAYOUTS_PER_DEAL = 8
"""Play-outs (each greedy and by the rules) per card decision at most, per deal: a
seat comparing up to eight different cards samples every deal, one comparing more
samples fewer, so that the longest decisions (the first leads, with eleven or twelve
different cards) stay within the time asked of ``expert`` on a slow day. At 12 (every
deal for up to twelve cards) the slowest position of ``benchmarks/bot_decisions.py``
took 8.6 s on the idle 2-core machine (docs/bots.md: "The expert's longest
decisions")."""
SOLVED_SHARE = 0.8
"""Deals put to the exact solver per card decision in the last tricks, as a share of
the deals sampled earlier (each solve values every card)."""
EXPERT_WORLDS = EXPERT_SCALE * DEFAULT_WORLDS
EXPERT_BID_WORLDS = DEFAULT_BID_WORLDS
EXPERT_PLAYOUTS = PLAYOUTS_PER_DEAL * EXPERT_WORLDS
EXPERT_ENDGAME = 4
"""Tricks left from which the plain endgame search values each deal (when the exact
solver is not used yet)."""
SOLVER_TRICKS = 5
"""Tricks left from which every sampled deal is put to the exact solver. Earlier in the
hand a solved deal misleads more than it helps: ducking exactly needs to know exactly
where the cards are, which a sampled deal only pretends to, and solving from eight
tricks left took more bags than the play-outs (docs/bots-history.md: solving from five gained
2.5 points a hand with bags charged over solving from eight, for less than half the
time a decision)."""
SOLVED_DEALS = round(SOLVED_SHARE * EXPERT_WORLDS)
"""Deals solved per card decision from then on at the default budget."""


def expert_player(seed: int, rules: Rules | None, budget: int) -> ExpertPlayer:
    """The expert at ``budget``, counted like ``strong``'s (deals per card decision):
    :data:`EXPERT_SCALE` times those deals, twice them per bid as ``strong`` has, and
    the play-outs and solved deals in the same proportion as at the default budget,
    so that ``make_player("expert", seed, budget=DEFAULT_WORLDS)`` is the default."""
    worlds = EXPERT_SCALE * budget
    return ExpertPlayer(seed, rules, worlds=worlds, bid_worlds=2 * budget,
                        playouts=PLAYOUTS_PER_DEAL * worlds,
                        solved=max(1, round(SOLVED_SHARE * worlds)))


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
        # The solver's machine code is compiled (or loaded) when the table is set, not
        # at the first solved decision, whose safety clock would count the compile.
        warm_up()
