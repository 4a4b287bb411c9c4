"""The expert: the search player with its bids and the second half of the hand solved.

Three things separate it from ``strong`` (both search deals drawn to agree with every
bid made, :func:`spades.bots.sampling.sample_by_bids`), each a count and not a clock,
so it stays reproducible: its bid is priced by the tricks its side takes on such deals,
the first tricks played out and the rest counted by the exact solver
(:mod:`spades.bots.trick_bids`); from eight tricks left every sampled deal is valued by
the exact solver (:mod:`spades.solver`, best play for both sides on the game's own
scoring) instead of a greedy play-out; and before that it samples more deals. The
guards of ``strong`` stay (the basic rule's card unless another is clearly better,
covering a partner's Nil, the lowest winning card when last), since a solver that sees
the sampled deal "knows" where the cards are in a way no player does.
"""

from __future__ import annotations

from dataclasses import replace

from spades.actions import Bid
from spades.bots.base import Decision
from spades.bots.bidding import sure_tricks
from spades.bots.budget import SAFETY_SECONDS, TimeCap
from spades.bots.knowledge import knowledge_of
from spades.bots.strong import StrongPlayer, _guess_bids
from spades.bots.trick_bids import best_bid, side_tricks
from spades.rules import Rules
from spades.views import SeatView

EXPERT_WORLDS = 800
EXPERT_BID_WORLDS = 400
EXPERT_PLAYOUTS = 3200
EXPERT_ENDGAME = 4
"""Tricks left from which the plain endgame search values each deal (when the exact
solver is not used yet)."""
SOLVER_TRICKS = 8
"""Tricks left from which every sampled deal is put to the exact solver."""
SOLVED_DEALS = 40
"""Deals solved per card decision from then on (each solve values every card)."""
COUNTED_DEALS = 20
"""Sampled deals per bid whose tricks are counted by playing out the first tricks and
solving the rest (:mod:`spades.bots.trick_bids`)."""


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
        self.counted = COUNTED_DEALS

    def bid(self, view: SeatView) -> Decision:
        """The bid worth most over the tricks the side takes on sampled deals that agree
        with the bids made, each deal's first tricks played out and the rest solved
        (:mod:`spades.bots.trick_bids`); the bids still to come guessed by counting.

        A Nil, made or still possible for this seat, changes how the hand is played,
        which a trick count does not see: then the search player's play-outs decide.
        """
        rules = view.rules
        seat = view.seat
        made = dict(view.bids)
        if seat is None or len(rules.sides) != 2 or 0 in made.values():
            return super().bid(view)
        if rules.bots_bid_nil:
            searched = super().bid(view)
            if searched.action == Bid(0):
                return searched
        hint = self.basic.decide(view)
        base = hint.action.tricks if isinstance(hint.action, Bid) and hint.action.tricks \
            else max(1, round(sure_tricks(view.hand, rules)))
        seats = rules.seats
        leader = seats.index(view.order[0])
        rng = self.rng_for(view)
        cap = TimeCap(self.budget.max_seconds)
        counts = []
        for hands in self.deals(view, knowledge_of(view), rng, self.counted):
            guessed = _guess_bids(rules, hands, view.order, made, seat)
            others = {s: b for s, b in guessed.items() if s != seat}
            if 0 in others.values():
                continue  # a guessed Nil: this deal cannot be counted
            bids = [guessed[s] if s != seat else base for s in seats]
            counts.append((side_tricks(rules, hands, leader, bids, seat, rng), others))
            if cap.expired():
                break
        note = cap.note(len(counts), self.counted)
        if not counts:
            return super().bid(view)
        candidates = [b for b in range(base - 2, base + 3) if 1 <= b <= 13]
        best, means = best_bid(rules, seat, counts, candidates, view.scores,
                               view.bag_counts)
        if best == base:
            return Decision(hint.action, hint.reason + note, hint.code)
        return Decision(Bid(best), f"{best} scores best ({means[best]:+.0f} on average) "
                        f"over {len(counts)} possible deals played out and solved" + note,
                        "search_bid")
