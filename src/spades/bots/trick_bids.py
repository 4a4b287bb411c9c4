"""Bids priced by solving: how many tricks the side takes on a deal, then each bid scored.

A bid is worth what the side scores with it, and that depends on how many tricks the
side will take. On a deal whose every card is known (the true deal for the oracle, a
deal sampled from the view for the expert) the count comes from the exact solver: the
first tricks are played out with the greedy policy (a whole four-player deal is still
too slow to solve at once), with a little randomness since nobody at a table plays as
if every hand were open, then the rest is solved double-dummy
(:func:`spades.solver.trick_count`). Every candidate bid is then scored on the same
counts with the game's own scoring (:func:`spades.solver.outcome_value`: bags at their
long-run cost, the game won or lost), and the bid with the best mean wins. The spread
of the counts over the deals prices the risk of bidding to the edge.

It prices numeric bids of a side without a Nil bid: a Nil changes how both sides play,
which a trick count does not see, so callers ask the play-outs about Nil.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from random import Random

from spades.actions import Bid
from spades.bots.base import Decision
from spades.bots.bidding import sure_tricks
from spades.bots.budget import TimeCap
from spades.bots.evaluation import rollout
from spades.bots.knowledge import knowledge_of, seat_roles
from spades.bots.strong import StrongPlayer, _guess_bids
from spades.cards import Mask, Seat
from spades.playout import Playout
from spades.rules import Rules
from spades.solver import HandContext, Position, outcome_value, trick_count
from spades.views import SeatView

SOLVE_FROM = 9
"""Tricks left when the play-out hands over to the solver: a 9-trick count takes tens of
milliseconds (``benchmarks/solver.py``), a whole deal far too long."""
NOISE = 0.1
"""Share of random cards in the play-out before the solver takes over."""


def side_tricks(rules: Rules, hands: Sequence[Mask], leader: int, bids: Sequence[int],
                seat: Seat, rng: Random, noise: float = NOISE,
                solve_from: int = SOLVE_FROM) -> int:
    """Tricks ``seat``'s side takes on this deal (hands per seat before the first card):
    a play-out of the first tricks, then the exact count of the rest."""
    seats = rules.seats
    n = len(seats)
    partner, side_of = seat_roles(rules)
    p = Playout(list(hands), leader)
    rollout(p, list(bids), partner, side_of, rng, noise, until=13 - solve_from)
    mine = rules.side_of(seat)
    before = sum(p.tricks[q] for q in range(n) if rules.side_of(seats[q]) == mine)
    bid = sum(bids[q] for q in range(n) if rules.side_of(seats[q]) == mine)
    position = Position(rules, {s: p.hands[q] for q, s in enumerate(seats)}, seats[p.turn],
                        {s: max(1, bids[q]) for q, s in enumerate(seats)}, broken=p.broken,
                        tricks={s: p.tricks[q] for q, s in enumerate(seats)})
    # The side's bid is a good first guess of its count: the solver probes it first.
    return before + trick_count(position, seat, guess=bid - before)


def best_bid(rules: Rules, seat: Seat, counts: Iterable[tuple[int, Mapping[Seat, int]]],
             candidates: Sequence[int], scores: Mapping[str, int],
             bag_counts: Mapping[str, int]) -> tuple[int, dict[int, float]]:
    """The candidate bid with the best mean value over ``counts``.

    Each count is the tricks ``seat``'s side took on one deal and the bids of the others
    on it (made, or guessed for those still to bid). Returns the bid and every
    candidate's mean value; ties go to the lower bid.
    """
    side = rules.side_of(seat)
    seats = rules.seats
    first = {s: next(t for t in seats if rules.side_of(t) == rules.side_of(s)) for s in seats}
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for ours, others in counts:
        tricks = dict.fromkeys(seats, 0)
        tricks[first[seat]] = ours
        theirs = next(s for s in seats if rules.side_of(s) != side)
        tricks[first[theirs]] = 13 - ours
        for bid in candidates:
            bids = {**others, seat: bid}
            context = HandContext(rules, bids, frozenset(), scores, bag_counts)
            totals[bid] += outcome_value(context, tricks, side)
        done += 1
    means = {b: v / max(1, done) for b, v in totals.items()}
    return max(sorted(candidates), key=lambda b: means[b]), means


def counted_bid(player: StrongPlayer, view: SeatView,
                fallback: Callable[[SeatView], Decision], deals: int, reach: int,
                what: str) -> Decision:
    """The bid of a search ``player`` priced by trick counts on ``deals`` of its deals
    (:meth:`StrongPlayer.deals`: sampled from the view, or the true deal for the
    oracle), each bid within ``reach`` of the basic count a candidate.

    A Nil changes how everyone plays, which a trick count does not see: where one is
    bid, guessed on every deal, or (when the table lets computer players bid Nil)
    chosen by the play-outs of ``fallback``, ``fallback`` decides.
    """
    rules = view.rules
    seat = view.seat
    made = dict(view.bids)
    if seat is None or len(rules.sides) != 2 or 0 in made.values():
        return fallback(view)
    if rules.bots_bid_nil:
        searched = fallback(view)
        if searched.action == Bid(0):
            return searched
    hint = player.basic.decide(view)
    base = hint.action.tricks if isinstance(hint.action, Bid) and hint.action.tricks \
        else max(1, round(sure_tricks(view.hand, rules)))
    seats = rules.seats
    leader = seats.index(view.order[0])
    rng = player.rng_for(view)
    cap = TimeCap(player.budget.max_seconds)
    counts = []
    for hands in player.deals(view, knowledge_of(view), rng, deals):
        guessed = _guess_bids(rules, hands, view.order, made, seat)
        others = {s: b for s, b in guessed.items() if s != seat}
        if 0 in others.values():
            continue  # a guessed Nil: this deal cannot be counted
        bids = [guessed[s] if s != seat else base for s in seats]
        counts.append((side_tricks(rules, hands, leader, bids, seat, rng), others))
        if cap.expired():
            break
    note = cap.note(len(counts), deals)
    if not counts:
        return fallback(view)
    candidates = [b for b in range(base - reach, base + reach + 1) if 1 <= b <= 13]
    best, means = best_bid(rules, seat, counts, candidates, view.scores, view.bag_counts)
    if best == base and hint.action == Bid(base):
        return Decision(hint.action, hint.reason + note, hint.code)
    return Decision(Bid(best), f"{best} scores best ({means[best]:+.0f} on average) over "
                    f"{len(counts)} {what} played out and solved" + note, "search_bid")
