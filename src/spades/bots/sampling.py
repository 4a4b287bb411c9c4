"""Deals consistent with a seat's view, for the search player.

The search cannot see the other hands, so it plays many *possible* deals: each one
gives every other seat as many unseen cards as it holds, never a card of a suit it has
shown it lacks. Nil bidders are dealt high cards less often, since they announced a
hand without them, and in the two-player draw the other player more often, since they
chose what to keep.

:func:`sample_by_bids` goes further and makes the deals agree with every bid made: a
player who bid 5 held about five tricks, a Nil bidder few. It draws a few deals and
keeps one with probability proportional to how well each hand (with the cards its
player has since played) explains that player's bid; given the cards played this hand,
also how well the deal explains them (:func:`play_likelihood`: what the basic rules
would have played from each player's seat).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Mapping, Sequence
from random import Random

from spades.bots.bidding import sure_tricks
from spades.bots.knowledge import Knowledge
from spades.bots.rules_play import RulesTable
from spades.cards import RANK_OF, SPADES, SUIT_OF, Card, Mask, Seat, cards_of
from spades.playout import Playout
from spades.rules import Rules
from spades.views import SeatView

OUT = -1
"""Pseudo-seat for the cards out of play (two-player draw)."""

_HIGH_RANK = 10

DRAW_KEEP_BIAS = 6.0
"""With cards out of play (the two-player draw), a high card is this many times more
likely to be in the other player's hand than a low one: drawing players keep the cards
that take tricks and throw the others away."""


def sample_hands(k: Knowledge, sizes: dict[str, int], rng: Random,
                 tries: int = 20) -> list[Mask]:
    """One possible deal: hands per seat in ``k.seats`` order, ours as it is.

    Voids are respected whenever possible; if a draw keeps failing (which only happens
    with many voids), the last try ignores them rather than give up.
    """
    others = [s for s in k.seats if s != k.seat]
    pool = cards_of(k.unseen)
    need = {s: sizes[s] for s in others}
    spare = len(pool) - sum(need.values())
    for attempt in range(tries):
        hands = _try_deal(k, pool, need, spare, rng, respect=attempt < tries - 1)
        if hands is not None:
            return [k.hand if s == k.seat else hands[s] for s in k.seats]
    raise AssertionError("a deal without constraints cannot fail")


BID_SPREAD = 1.2
"""How far, in tricks, a bid strays from the hand's count of sure tricks (standard
deviation): players round, stretch and hedge."""
BID_LEAN = 0.15
"""A bid is the count rounded down from a third of a trick below the next whole trick
(:func:`~spades.bots.bidding.adjust_to_table`): a hand that counts between the bid less
0.35 and the bid plus 0.65 bids it, so the count sits about 0.15 above the bid."""
NIL_SPREAD = 0.7
"""A Nil bidder's hand counts close to no trick at all."""
CANDIDATES = 4
"""Deals drawn per deal kept by :func:`sample_by_bids`."""


def bid_likelihood(hand: Mask, bid: int, rules: Rules) -> float:
    """How well ``hand`` (as dealt) explains ``bid``: 1 for a perfect fit, less the
    further its count of sure tricks is from what the bid says."""
    count = sure_tricks(hand, rules)
    if bid == 0:
        return math.exp(-(count * count) / (2 * NIL_SPREAD * NIL_SPREAD))
    miss = count - bid - BID_LEAN
    return math.exp(-(miss * miss) / (2 * BID_SPREAD * BID_SPREAD))


PLAY_MISS = 0.1
"""Weight of a deal for each card another player played that the basic rules, asked
from that player's seat, would not have played on it: most players follow the tips
(second hand low, the lowest card that wins, duck once the contract is made), so a
deal on which their cards are what the tips say is likelier; people differ from the
rules, so a deal that does not fit is only discounted, never ruled out."""
PLAY_CANDIDATES = 8
"""Deals drawn per deal kept when the play is read as well as the bids: a closer fit
than :data:`CANDIDATES`, since the play says more than the bids."""
PLAY_FROM = 8
"""Cards in the seat's hand from which the play is read: earlier, few cards have been
played, and knowing the true deal then is worth nothing (docs/bots.md)."""


def play_likelihood(hands: list[Mask], plays: Sequence[tuple[Seat, Card]], rules: Rules,
                    me: int, bids: list[int], miss: float = PLAY_MISS) -> float:
    """How well a possible deal explains the cards the other players have played this
    hand: the hand is replayed from its first card on ``hands`` (each seat's cards now
    held, the played ones given back), and at each card another player chose, the basic
    rules (:mod:`spades.bots.tactics`) are asked what that player would have played
    from its own seat: its cards on this deal, and what the table showed it then (the
    cards played, the suits shown void, the bids and tricks). Each card that differs
    from theirs, and is not equivalent to it, multiplies the weight by ``miss``."""
    seats = rules.seats
    index = {s: q for q, s in enumerate(seats)}
    start = hands[:]
    for seat, card in plays:
        start[index[seat]] |= 1 << card
    in_play = 0
    for hand in start:
        in_play |= hand
    p = Playout(start, index[plays[0][0]])
    table = RulesTable(rules, p, {s: bids[q] for q, s in enumerate(seats)},
                       dict.fromkeys(seats, frozenset()))
    weight = 1.0
    for seat, card in plays:
        q = index[seat]
        legal = p.legal_mask()
        if q != me and legal & (legal - 1) and legal >> card & 1:
            want = table.rule_card(legal)
            if want != card:
                low, high = min(want, card), max(want, card)
                between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
                live = in_play & ~p.played & ~p.hands[q]  # in the others' hands
                if SUIT_OF[want] != SUIT_OF[card] or between & live:
                    weight *= miss
        table.play(card)
    return weight


def played_by(plays: Sequence[tuple[Seat, Card]]) -> dict[Seat, Mask]:
    """The cards each seat has played this hand (``plays`` in the order played): they
    were in its hand when it bid, which :func:`sample_by_bids` needs to know."""
    cards: dict[Seat, Mask] = {}
    for seat, card in plays:
        cards[seat] = cards.get(seat, 0) | 1 << card
    return cards


def sample_by_bids(k: Knowledge, sizes: dict[str, int], rng: Random, rules: Rules,
                   played_by: Mapping[Seat, Mask], blind: Collection[Seat] = (),
                   candidates: int = CANDIDATES,
                   plays: Sequence[tuple[Seat, Card]] = ()) -> list[Mask]:
    """One possible deal that agrees with the bids made and, given ``plays`` (this
    hand's cards in the order played), with what the play revealed (sampling-importance
    resampling over ``candidates`` draws of :func:`sample_hands`).

    ``played_by`` holds the cards each seat has played this hand, which were in its
    hand when it bid; Blind Nil bidders (``blind``) bid without looking and say
    nothing about their cards.
    """
    bidders = [(i, s, b) for i, s in enumerate(k.seats)
               if s != k.seat and s not in blind and (b := k.bids.get(s)) is not None]
    if not bidders and not plays:
        return sample_hands(k, sizes, rng)
    draws = [sample_hands(k, sizes, rng) for _ in range(candidates)]
    me = k.seats.index(k.seat)
    bids = [k.bids.get(s, 0) for s in k.seats]
    weights = []
    for hands in draws:
        w = 1.0
        for i, s, b in bidders:
            w *= bid_likelihood(hands[i] | played_by.get(s, 0), b, rules)
        if plays:
            w *= play_likelihood(hands, plays, rules, me, bids)
        weights.append(w)
    if not any(weights):
        return draws[0]
    return rng.choices(draws, weights)[0]


def view_deals(view: SeatView, k: Knowledge, rng: Random, count: int, *,
               read_play: bool = False,
               candidates: int = PLAY_CANDIDATES) -> Iterator[list[Mask]]:
    """``count`` possible deals for ``view`` (``k`` its knowledge) that agree with the
    bids made, drawn lazily; with ``read_play``, from :data:`PLAY_FROM` cards in hand
    on, that agree with the cards played this hand as well (``candidates`` draws per
    deal kept)."""
    sizes = dict(view.hand_sizes)
    played = played_by(view.plays)
    if read_play and view.plays and view.hand.bit_count() <= PLAY_FROM:
        for _ in range(count):
            yield sample_by_bids(k, sizes, rng, view.rules, played, view.blind, candidates,
                                 plays=view.plays)
    else:
        for _ in range(count):
            yield sample_by_bids(k, sizes, rng, view.rules, played, view.blind)


def _try_deal(k: Knowledge, pool: list[int], need: dict[str, int], spare: int,
              rng: Random, respect: bool) -> dict[str, Mask] | None:
    cards = pool[:]
    rng.shuffle(cards)
    seats = list(need)
    voids = k.voids
    nils = {s for s in seats if k.bids.get(s) == 0}

    def options(card: int) -> int:
        suit = SUIT_OF[card]
        return sum(1 for s in seats if suit not in voids.get(s, ()))

    if respect:
        cards.sort(key=options)
    left = dict(need)
    hands = dict.fromkeys(seats, 0)
    out_left = spare
    for card in cards:
        suit = SUIT_OF[card]
        high = RANK_OF[card] >= _HIGH_RANK or (suit == SPADES and RANK_OF[card] >= 8)
        weights: list[float] = []
        choices: list[str | int] = []
        for s in seats:
            if left[s] and (not respect or suit not in voids.get(s, ())):
                w = float(left[s])
                if high and s in nils:
                    w *= 0.3
                elif high and out_left:
                    w *= DRAW_KEEP_BIAS
                weights.append(w)
                choices.append(s)
        if out_left:
            weights.append(float(out_left))
            choices.append(OUT)
        if not choices:
            return None
        pick = rng.choices(choices, weights)[0]
        if pick == OUT:
            out_left -= 1
        else:
            assert isinstance(pick, str)
            hands[pick] |= 1 << card
            left[pick] -= 1
    return hands
