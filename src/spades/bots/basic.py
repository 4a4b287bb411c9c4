"""The rule-based player: the classic page's nine strategy tips as named rules.

Each decision walks an ordered list of rules; the first that applies gives the action
and its reason. It sees only its seat's view and takes well under a millisecond, so it
also serves as the opponent model and fallback of the search player.

Rules by tip: 1–2 count sure tricks (:mod:`spades.bots.bidding`), 3 adjust to the bids
made, 4 Nil only with a fitting hand (and play under as a Nil bidder), 5 protect the
partner's Nil, 6 duck once the contract is made unless the opponents can still be set,
7 lead side aces early and lead into the partner's voids, 8 never trump the partner's
winner and trump with the lowest winning spade when last, 9 count spades and voids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random

from spades.actions import Bid, BlindChoice, DrawChoice, Exchange
from spades.bots.base import Decision
from spades.bots.bidding import (
    adjust_to_table,
    final_hand_bid,
    nil_fits,
    sure_tricks,
)
from spades.bots.knowledge import knowledge_of, partner_of
from spades.bots.tactics import Table, play_decision
from spades.cards import RANK_OF, SPADES, SUIT_MASK, SUIT_OF, Mask, Seat, cards_of
from spades.errors import SpadesError
from spades.game import Phase
from spades.rules import Rules
from spades.views import SeatView


class BasicPlayer:
    """Rule-based, fast and predictable: the nine tips, in order."""

    name = "basic"

    def __init__(self, seed: int = 0, rules: Rules | None = None) -> None:
        self.rng = Random(seed)
        self.rules = rules

    def decide(self, view: SeatView) -> Decision:
        early = before_bidding_decision(view)
        if early is not None:
            return early
        if view.phase is Phase.BID:
            return bid_decision(view)
        return play_decision(Table.of_view(view, knowledge_of(view)))


def before_bidding_decision(view: SeatView) -> Decision | None:
    """The Blind Nil question, the two-player draw and the Double Nil exchange, which
    every player answers by rule; None in the bidding and play phases."""
    if not view.legal:
        raise SpadesError("it is not this player's turn")
    match view.phase:
        case Phase.BLIND:
            return blind_decision(view)
        case Phase.DRAW:
            return draw_decision(view)
        case Phase.EXCHANGE:
            return exchange_decision(view)
    return None


def trailing_by(view: SeatView) -> int:
    """How far the seat's side is behind the best other side."""
    assert view.seat is not None
    side = view.rules.side_of(view.seat)
    others = [v for s, v in view.scores.items() if s != side]
    return max(others) - view.scores[side] if others else 0


def may_go_blind(view: SeatView) -> bool:
    """Whether a computer player considers Blind Nil at all: the table lets computer
    players bid Nil (R11), the rules offer it now, and a partner (not already blind
    itself) is there to cover it."""
    assert view.seat is not None
    rules = view.rules
    partner_blind = any(s != view.seat for s in view.blind
                        if rules.side_of(s) == rules.side_of(view.seat))
    return (rules.bots_bid_nil and BlindChoice(True) in view.legal and not partner_blind
            and rules.partnerships)


def blind_decision(view: SeatView) -> Decision:
    """Blind Nil only as a comeback: far behind while the others near the target.

    A failed Blind Nil costs double, so it is a last resort, and only with a partner to
    cover it.
    """
    assert view.seat is not None
    rules = view.rules
    behind = trailing_by(view)
    best_other = max(v for s, v in view.scores.items() if s != rules.side_of(view.seat))
    if may_go_blind(view) and behind >= max(100, rules.target * 2 // 5) and \
            best_other >= rules.target - max(40, rules.target // 5):
        return Decision(BlindChoice(True), "far behind near the end: go Blind Nil",
                        "blind_comeback")
    return Decision(BlindChoice(False), "look at the cards first", "blind_look")


def draw_decision(view: SeatView) -> Decision:
    """Two players: keep a card that takes tricks (or, for a Double Nil, one that loses)."""
    assert view.top_card is not None and view.seat is not None
    card = view.top_card
    rank = RANK_OF[card]
    spade = SUIT_OF[card] == SPADES
    if view.seat in view.blind:
        keep = rank <= 4 and not (spade and rank > 3)
        why = "keep a low card for the Double Nil" if keep else "too high for a Double Nil"
        return Decision(DrawChoice(keep), why, "draw_nil")
    keep = rank >= 10 or (spade and rank >= 6) or (spade and (view.hand & SUIT_MASK[SPADES])
                                                    .bit_count() < 3)
    if keep:
        return Decision(DrawChoice(True), "keep a card that can take a trick", "draw_keep")
    return Decision(DrawChoice(False), "discard a weak card, take the next", "draw_discard")


def exchange_decision(view: SeatView) -> Decision:
    """Double Nil exchange: give back the cards most likely to win a trick."""
    limit = max(len(a.cards) for a in view.legal if isinstance(a, Exchange))

    def danger(c: int) -> float:
        return RANK_OF[c] + (6 if SUIT_OF[c] == SPADES else 0)

    risky = sorted(cards_of(view.hand), key=danger, reverse=True)
    give = tuple(sorted(c for c in risky[:limit] if danger(c) >= 9))
    if not give:
        return Decision(Exchange(()), "keep every card: none is dangerous", "exchange_none")
    return Decision(Exchange(give), "give back the cards most likely to win a trick",
                    "exchange_high")


def bid_decision(view: SeatView) -> Decision:
    """Tips 1–4 and the score: count, adjust to the table, Nil if it fits."""
    assert view.seat is not None
    return rule_bid(view.rules, view.seat, view.hand, view.bids, view.scores,
                    Bid(0) in view.legal)


def rule_bid(rules: Rules, seat: Seat, hand: Mask, bids: Sequence[tuple[Seat, int]],
             scores: Mapping[str, int], nil_legal: bool = True) -> Decision:
    """The basic bid of ``hand`` at ``seat`` after ``bids`` (in the order made), the
    scores as they stand: a function of what the table shows, so that the search
    players can read the bid a ``basic`` seat made back into its hand."""
    partner = partner_of(rules.seats, seat, rules.partnerships)
    partner_bid = dict(bids).get(partner) if partner is not None else None
    if rules.bots_bid_nil and nil_legal and partner_bid != 0 and \
            nil_fits(hand, rules, partner is not None):
        return Decision(Bid(0), "no high cards and few spades: bid Nil", "bid_nil")
    return _counted_bid(rules, seat, sure_tricks(hand, rules), bids, scores, partner_bid)


def _counted_bid(rules: Rules, seat: Seat, estimate: float,
                 bids: Sequence[tuple[Seat, int]], scores: Mapping[str, int],
                 partner_bid: int | None) -> Decision:
    """The part of :func:`rule_bid` after Nil: the count of sure tricks ``estimate``
    adjusted to the table and to the score."""
    others = [b for s, b in bids]
    last = len(bids) == len(rules.seats) - 1
    bid, why = adjust_to_table(estimate, others, last)
    code = "bid_adjust" if why.startswith("only") else "bid_count"
    if partner_bid == 0:
        why, code = "partner bid Nil: never Nil too; " + why, "bid_partner_nil"
    final = final_hand_bid(rules, seat, bid, estimate, dict(scores), dict(bids),
                           partner_bid)
    if final is not None:
        bid, why = final
        code = "bid_endgame"
    return Decision(Bid(bid), why, code)


def basic_bid(rules: Rules, seat: Seat, hand: Mask, bids: Sequence[tuple[Seat, int]],
              scores: Mapping[str, int]) -> int:
    """The tricks :func:`rule_bid` bids (Nil is 0): what the search players read a
    bid against."""
    action = rule_bid(rules, seat, hand, bids, scores).action
    assert isinstance(action, Bid)
    return action.tricks


def basic_bid_at(rules: Rules, seat: Seat, bids: Sequence[tuple[Seat, int]],
                 scores: Mapping[str, int]) -> Callable[[Mask], int]:
    """:func:`basic_bid` at one table (seat, bids before it, scores) as a function of
    the hand alone. Past Nil the bid depends on the hand only through its count of
    sure tricks, so each count is worked out once: the search reads a bid into the
    hands of thousands of deals a decision, all at the same table."""
    partner = partner_of(rules.seats, seat, rules.partnerships)
    partner_bid = dict(bids).get(partner) if partner is not None else None
    may_nil = rules.bots_bid_nil and partner_bid != 0
    partnered = partner is not None
    by_count: dict[float, int] = {}

    def bid_of(hand: Mask) -> int:
        if may_nil and nil_fits(hand, rules, partnered):
            return 0
        estimate = sure_tricks(hand, rules)
        bid = by_count.get(estimate)
        if bid is None:
            action = _counted_bid(rules, seat, estimate, bids, scores, partner_bid).action
            assert isinstance(action, Bid)
            bid = by_count[estimate] = action.tricks
        return bid

    return bid_of


__all__ = [
    "BasicPlayer",
    "basic_bid",
    "basic_bid_at",
    "bid_decision",
    "blind_decision",
    "draw_decision",
    "exchange_decision",
    "rule_bid",
]
