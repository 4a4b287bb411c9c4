"""The search player: perfect-information Monte Carlo over deals the seat cannot rule out.

For each decision it samples possible deals consistent with its view
(:mod:`spades.bots.sampling`), plays every candidate out to the end of the hand on each
of them with the greedy policy of :mod:`spades.bots.evaluation`, and keeps the
candidate with the best average value (points, bags at their long-run cost, and the
game's result when the hand ends it). Bids are chosen the same way, over the bids near
the basic player's count plus Nil when the table lets computer players bid it.

The search is deterministic given the seed and the view: the random generator is
seeded from both, and the budget is a number of deals (``worlds``); ``max_seconds``
only caps it on a slow machine.
"""

from __future__ import annotations

import time
import zlib
from random import Random

from spades.actions import Bid, Play
from spades.bots.base import Decision
from spades.bots.basic import (
    BasicPlayer,
    blind_decision,
    draw_decision,
    exchange_decision,
)
from spades.bots.bidding import adjust_to_table, nil_fits, sure_tricks
from spades.bots.evaluation import Scorer, rollout
from spades.bots.knowledge import Knowledge, knowledge_of, partner_of
from spades.bots.sampling import sample_hands
from spades.cards import Mask, card_name
from spades.errors import SpadesError
from spades.game import Phase
from spades.playout import Playout
from spades.rules import Rules
from spades.views import SeatView

DEFAULT_WORLDS = 40
DEFAULT_BID_WORLDS = 40
DEFAULT_MAX_SECONDS = 1.5


class StrongPlayer:
    """Determinized search on top of the basic player's rules."""

    name = "strong"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *,
                 worlds: int = DEFAULT_WORLDS, bid_worlds: int = DEFAULT_BID_WORLDS,
                 max_seconds: float = DEFAULT_MAX_SECONDS) -> None:
        self.seed = seed
        self.rules = rules
        self.worlds = worlds
        self.bid_worlds = bid_worlds
        self.max_seconds = max_seconds
        self.basic = BasicPlayer(seed, rules)

    # -- hooks the oracle overrides ----------------------------------------------------

    def deals(self, view: SeatView, k: Knowledge, rng: Random, count: int) -> list[list[Mask]]:
        """``count`` possible deals (hands per seat) for this view."""
        sizes = dict(view.hand_sizes)
        return [sample_hands(k, sizes, rng) for _ in range(count)]

    # -- deciding ----------------------------------------------------------------------

    def rng_for(self, view: SeatView) -> Random:
        """A generator seeded by the player's seed and the position (replays replay)."""
        key = f"{self.seed}|{view.deal}|{view.hand_index}|{view.version}|{view.seat}"
        return Random(zlib.crc32(key.encode()))

    def decide(self, view: SeatView) -> Decision:
        if not view.legal:
            raise SpadesError("it is not this player's turn")
        match view.phase:
            case Phase.BLIND:
                return blind_decision(view)
            case Phase.DRAW:
                return draw_decision(view)
            case Phase.EXCHANGE:
                return exchange_decision(view)
            case Phase.BID:
                return self.bid(view)
        return self.play(view)

    def play(self, view: SeatView) -> Decision:
        """The card with the best average value over the sampled deals."""
        hint = self.basic.decide(view)
        if len(view.legal) == 1:
            return hint
        assert view.seat is not None
        k = knowledge_of(view)
        rng = self.rng_for(view)
        seats = view.rules.seats
        me = seats.index(view.seat)
        bids = [k.bids.get(s, 0) for s in seats]
        scorer = Scorer(view.rules, bids, [s in view.blind for s in seats], me,
                        view.scores, view.bag_counts)
        partner, side_of = _roles(view.rules)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        totals = dict.fromkeys(cards, 0.0)
        deadline = time.perf_counter() + self.max_seconds
        done = 0
        for hands in self.deals(view, k, rng, self.worlds):
            base = _position(view, hands)
            for card in cards:
                p = base.copy()
                p.play(card)
                tricks = rollout(p, bids, partner, side_of, rng)
                totals[card] += scorer.utility(tricks)
            done += 1
            if time.perf_counter() > deadline:
                break
        best = max(cards, key=lambda c: (totals[c], -c))
        if isinstance(hint.action, Play) and totals[hint.action.card] >= totals[best] - 1e-9:
            return hint
        gain = (totals[best] - totals.get(getattr(hint.action, "card", best), 0.0)) / done
        return Decision(Play(best), f"looked ahead over {done} possible deals: "
                        f"{card_name(best)} scores best (+{gain:.0f} points on average)",
                        "search")

    def bid(self, view: SeatView) -> Decision:
        """The bid with the best average value, later bidders guessed by counting."""
        assert view.seat is not None
        hint = self.basic.decide(view)
        rules = view.rules
        k = knowledge_of(view)
        rng = self.rng_for(view)
        seats = rules.seats
        me = seats.index(view.seat)
        known = dict(view.bids)
        base_bid = hint.action.tricks if isinstance(hint.action, Bid) else 1
        if base_bid == 0:
            base_bid = max(1, round(sure_tricks(view.hand, rules)))
        candidates = sorted({b for b in range(base_bid - 2, base_bid + 3) if 1 <= b <= 13})
        partner = partner_of(seats, view.seat, rules.partnerships)
        nil_ok = (rules.bots_bid_nil and (partner is None or known.get(partner) != 0)
                  and (nil_fits(view.hand, rules, partner is not None)
                       or sure_tricks(view.hand, rules) < 2.0))
        if nil_ok:
            candidates.insert(0, 0)
        roles = _roles(rules)
        order = view.order
        leader = seats.index(order[0])
        blind = [s in view.blind for s in seats]
        totals = dict.fromkeys(candidates, 0.0)
        deadline = time.perf_counter() + self.max_seconds
        done = 0
        for hands in self.deals(view, k, rng, self.bid_worlds):
            guessed = _guess_bids(rules, hands, order, known, view.seat)
            # One play-out at the counted bid prices every numeric bid (the tricks
            # taken hardly depend on the exact number); Nil changes the play, so it
            # gets a play-out of its own.
            for plan in ([base_bid, 0] if 0 in candidates else [base_bid]):
                bids = [guessed[s] if s != view.seat else plan for s in seats]
                tricks = rollout(Playout(hands, leader), bids, roles[0], roles[1], rng)
                for b in candidates:
                    if (b == 0) != (plan == 0):
                        continue
                    bids[me] = b
                    scorer = Scorer(rules, bids, blind, me, view.scores, view.bag_counts)
                    totals[b] += scorer.utility(tricks)
            done += 1
            if time.perf_counter() > deadline:
                break
        best = max(candidates, key=lambda b: (totals[b], -abs(b - base_bid)))
        if isinstance(hint.action, Bid) and hint.action.tricks == best:
            return hint
        if best == 0:
            return Decision(Bid(0), f"Nil scores best over {done} possible deals",
                            "search_nil")
        return Decision(Bid(best), f"{best} scores best over {done} possible deals",
                        "search_bid")


def _roles(rules: Rules) -> tuple[list[int], list[int]]:
    """Partner position (-1 if none) and side index of every position."""
    seats = rules.seats
    sides = list(rules.sides)
    partner = []
    for s in seats:
        p = partner_of(seats, s, rules.partnerships)
        partner.append(-1 if p is None else seats.index(p))
    return partner, [sides.index(rules.side_of(s)) for s in seats]


def _guess_bids(rules: Rules, hands: list[Mask], order: tuple[str, ...],
                known: dict[str, int], me: str) -> dict[str, int]:
    """Bids made, and the count-based bid of each player still to bid after us."""
    seats = rules.seats
    bids = dict(known)
    for s in order:
        if s in bids or s == me:
            continue
        hand = hands[seats.index(s)]
        estimate = sure_tricks(hand, rules)
        bids[s] = adjust_to_table(estimate, list(bids.values()), False)[0]
    bids.setdefault(me, 0)
    return bids


def _position(view: SeatView, hands: list[Mask]) -> Playout:
    """The play state of the view with the given hands (the trick so far replayed)."""
    seats = view.rules.seats
    hands = hands[:]
    for seat, card in view.trick:
        hands[seats.index(seat)] |= 1 << card
    leader = seats.index(view.trick[0][0]) if view.trick else seats.index(view.to_act or "N")
    p = Playout(hands, leader, broken=view.spades_broken)
    p.tricks = [view.tricks[s] for s in seats]
    p.done = len(view.trick_winners)
    for _, card in view.trick:
        p.play(card)
    return p
