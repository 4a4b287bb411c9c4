"""Deals consistent with a seat's view, for the search player.

The search cannot see the other hands, so it plays many *possible* deals: each one
gives every other seat as many unseen cards as it holds, never a card of a suit it has
shown it lacks. Nil bidders are dealt high cards less often, since they announced a
hand without them, and in the two-player draw the other player more often, since they
chose what to keep.

:func:`sample_by_bids` goes further and makes the deals agree with every bid made: a
player who bid 5 held about five tricks, a Nil bidder few. It draws a few deals and
keeps one with probability proportional to how well each hand (with the cards its
player has since played) explains that player's bid (in the play, a ``basic`` seat's
exactly, by the rule it bids by, and a search player's by how far its bid lies from
that rule's: :func:`bid_fits`); given the cards played this hand,
also how well the deal explains them (:func:`play_likelihood`: what the basic rules
would have played from each player's seat).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from functools import partial
from random import Random
from typing import Any, NamedTuple

import numpy as np

from spades.bots.basic import basic_bid_at
from spades.bots.bidding import search_base, sure_tricks
from spades.bots.knowledge import Knowledge
from spades.bots.rules_play import RulesTable, suit_bits
from spades.cards import (
    NON_SPADE_MASK,
    RANK_OF,
    SPADES,
    SUIT_MASK,
    SUIT_OF,
    Card,
    Mask,
    Seat,
    cards_of,
)
from spades.game import Phase
from spades.playout import Playout, nth_card
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


SEARCH_LEVELS = frozenset({"strong", "expert", "oracle-cards"})
"""The players whose bids come from ``strong``'s bid search: the two search levels and
the arena's yardstick that bids as ``strong`` does."""


def bid_likelihood(hand: Mask, bid: int, rules: Rules) -> float:
    """How well ``hand`` (as dealt) explains ``bid``: 1 for a perfect fit, less the
    further its count of sure tricks is from what the bid says."""
    count = sure_tricks(hand, rules)
    if bid == 0:
        return math.exp(-(count * count) / (2 * NIL_SPREAD * NIL_SPREAD))
    miss = count - bid - BID_LEAN
    return math.exp(-(miss * miss) / (2 * BID_SPREAD * BID_SPREAD))


RULE_MISS = 0.05
"""Weight of a deal for each trick by which a ``basic`` seat's hand on it would have
bid otherwise than it did. The basic player bids by rule
(:func:`spades.bots.basic.rule_bid`), so such a hand is all but ruled out: not quite,
so that a chain started from a poor deal still moves."""

BidFit = Callable[[Mask], float]
"""How well a seat's hand (as dealt) explains the bid it made: 1 for a perfect fit."""


SEARCH_BID_ODDS = ({-2: 0.01, -1: 0.16, 0: 1.0, 1: 0.38, 2: 0.03},
                   {-2: 0.01, -1: 0.09, 0: 0.6, 1: 1.0, 2: 0.67})
"""How likely a search player's bid is, by how far it lies from the basic bid of its
hand (the base of its bid search, which tries that bid and two either way), relative
to the likeliest: bidding before its partner (first) and after it (second). Measured
from ``strong``'s 960 bids in the first hands of 240 deals against ``basic``, both seat
orders, before it read search players this way: before its partner the basic bid 63% of
the time, a trick more 24%, a trick less 10%; after it a trick more 42%, two more 28%,
the basic bid 26%, a trick less 4%. Reading its partner's bid by these odds, it bids a
trick more 48% of the time after its partner, two more 24%
(``benchmarks/search_bid_odds.py``)."""
SEARCH_BID_FAR = 0.002
"""Weight of a deal on which a search player's bid lies further than two tricks from
its hand's basic bid, outside its bid search: all but ruled out."""


def bid_fits(view: SeatView) -> dict[Seat, BidFit]:
    """How each seat's bid is read into its hand. The view names each seat's player:
    in the play, a ``basic`` seat is read by the rule it bids by (its count, the bids
    before it, the score); a search player (``strong``, ``expert``) by how far its
    bid lies from that rule's bid (:data:`SEARCH_BID_ODDS`), since its bid search
    starts there and tries two tricks either way; every other player, a Nil bid, and
    a ``basic`` seat while the search prices a bid, loosely by
    :func:`bid_likelihood`, since people round, stretch and hedge.

    Read by the rule, the card search gained about two points a hand with bags
    charged against ``basic`` (docs/bots.md: "The bids of `basic` seats read by their
    rule"); the bid search, reading the others' hands that sharply, bid closer to the
    edge than the play makes and was set more often."""
    rules = view.rules
    fits: dict[Seat, BidFit] = {}
    second = after_partner(rules, view.bids)
    for i, (seat, bid) in enumerate(view.bids):
        player = view.players.get(seat)
        before = view.bids[:i]
        if player == "basic" and view.phase is Phase.PLAY:
            fits[seat] = partial(_rule_fit, basic_bid_at(rules, seat, before, view.scores),
                                 bid)
        elif player in SEARCH_LEVELS and bid:
            fits[seat] = partial(_search_fit, rules,
                                 basic_bid_at(rules, seat, before, view.scores), bid,
                                 SEARCH_BID_ODDS[seat in second])
        else:
            fits[seat] = partial(bid_likelihood, bid=bid, rules=rules)
    return fits


def after_partner(rules: Rules, bids: Sequence[tuple[Seat, int]]) -> set[Seat]:
    """The seats of ``bids`` (in the order made) that bid after their partner: none
    without partnerships."""
    seen: set[str] = set()
    second: set[Seat] = set()
    for seat, _ in bids:
        side = rules.side_of(seat)
        if rules.partnerships and side in seen:
            second.add(seat)
        seen.add(side)
    return second


def _rule_fit(bid_of: Callable[[Mask], int], bid: int, hand: Mask) -> float:
    """:data:`RULE_MISS` to the power of how far the basic bid of ``hand`` (``bid_of``,
    :func:`spades.bots.basic.basic_bid_at` the seat's table) lies from ``bid``."""
    return float(RULE_MISS ** abs(bid_of(hand) - bid))


def _search_fit(rules: Rules, bid_of: Callable[[Mask], int], bid: int,
                odds: Mapping[int, float], hand: Mask) -> float:
    """The odds of ``bid`` from a search player holding ``hand``, by how far it lies
    from the base of its bid search: the basic bid (``bid_of``), or the rounded count
    where the basic bid is Nil."""
    base = search_base(hand, rules, bid_of(hand))
    return odds.get(bid - base, SEARCH_BID_FAR)


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
played, and knowing the true deal then is worth nothing (docs/bots-history.md)."""


class _Decision(NamedTuple):
    """A card another player chose, and the table as that player saw it then, in the
    form :func:`spades.bots.playout_kernel.rule_card` reads it."""

    position: int
    card: Card
    later: Mask
    """The cards the player played from this card on (its hand then, less its hand
    now)."""
    led: int
    broken: bool
    win_card: int
    win_pos: int
    size: int
    """The cards on the table in the trick, and the one winning it (-1 before the
    lead)."""
    played: Mask
    """Every card played before this one."""
    hands: Any
    """An array of a hand per position, for the kernel: each deal puts the player's
    hand in (the rules read no other)."""
    voids: Any
    tricks: Any
    """The suits each position had shown it lacks (as bits) and its tricks, then."""


class PlayReading:
    """The cards the other players have played this hand, read against possible deals.

    A possible deal is replayed from the hand's first card (each seat's cards now held,
    the played ones given back), and at each card another player chose, the basic rules
    (:mod:`spades.bots.tactics`) are asked what that player would have played from its
    own seat: its cards on this deal, and what the table showed it then (the cards
    played, the suits shown void, the bids and tricks). A card that differs from
    theirs, and is not equivalent to it, is a *miss*.

    What the rules say at a decision depends only on the cards the player held then,
    so the answers are remembered by decision and hand: a chain of deals that differ
    by a card or two (:func:`chain_deals`) asks most of them again. One reading serves
    the deals of one view, whose cards in play are the same (with two players, the
    cards out of play differ from deal to deal: read each deal afresh).
    """

    def __init__(self, rules: Rules, plays: Sequence[tuple[Seat, Card]], me: int,
                 bids: list[int]) -> None:
        seats = rules.seats
        index = {s: q for q, s in enumerate(seats)}
        self.deck = rules.deck_mask
        self.played = 0
        bid_of = {s: bids[q] for q, s in enumerate(seats)}
        # The table as every player saw it before each card another player chose: the
        # public facts, replayed once (a seat's hand then is its hand now and the
        # cards it has played since).
        start = [0] * len(seats)
        for seat, card in plays:
            start[index[seat]] |= 1 << card
        p = Playout(start, index[plays[0][0]] if plays else 0)
        table = RulesTable(rules, p, bid_of, dict.fromkeys(seats, frozenset()))
        from spades.bots.playout_kernel import rule_card  # numba: only searches load it
        self.rule_card = rule_card
        self.decisions: list[_Decision] = []
        self.bids = np.array(bids, dtype=np.int64)
        self.partner = np.array(table.partner_at, dtype=np.int64)
        self.nil_bid = 0 in bids
        for seat, card in plays:
            q = index[seat]
            if q != me:
                size = len(table.trick)
                voids = [suit_bits(table.shown[s]) for s in seats]
                self.decisions.append(_Decision(
                    q, card, p.hands[q], p.led, p.broken, p.win_card if size else -1,
                    p.win_pos if size else -1, size, self.played,
                    np.zeros(len(seats), dtype=np.int64), np.array(voids, dtype=np.int64),
                    np.array(p.tricks, dtype=np.int64)))
            table.play(card)
            self.played |= 1 << card
        self.answers: dict[tuple[int, Mask], bool] = {}
        self.by_seat: dict[int, list[tuple[int, _Decision]]] = {}
        for i, d in enumerate(self.decisions):
            self.by_seat.setdefault(d.position, []).append((i, d))

    def misses(self, hands: list[Mask], seats: Collection[int]) -> dict[int, int]:
        """The misses of each seat in ``seats`` (positions in the rules' seat order) on
        the deal ``hands`` (each seat's cards now held)."""
        in_play = self.played
        for hand in hands:
            in_play |= hand
        return {q: self.seat_misses(q, hands[q], in_play) for q in seats}

    def seat_misses(self, q: int, held: Mask, in_play: Mask) -> int:
        """The misses of the seat at position ``q`` holding ``held`` now, on a deal whose
        cards in play (played or held by anyone) are ``in_play``: a chain of deals,
        whose swaps keep those, asks it of the two hands a swap changes."""
        out = 0
        answers = self.answers
        for i, d in self.by_seat.get(q, ()):
            hand = held | d.later
            if d.led < 0:
                legal = hand if d.broken else (hand & NON_SPADE_MASK) or hand
            else:
                legal = (hand & SUIT_MASK[d.led]) or hand
            card = d.card
            if not (legal & (legal - 1) and legal >> card & 1):
                continue
            key = (i, hand)
            miss = answers.get(key)
            if miss is None:
                d.hands[q] = hand
                want = self.rule_card(d.hands, q, legal, d.led, d.win_card, d.win_pos,
                                      d.size, d.played, d.voids, self.bids, d.tricks,
                                      self.partner, self.deck, self.nil_bid)
                miss = False
                if want != card:
                    low, high = min(want, card), max(want, card)
                    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
                    live = in_play & ~d.played & ~hand  # in the others' hands then
                    miss = SUIT_OF[want] != SUIT_OF[card] or bool(between & live)
                answers[key] = miss
            out += miss
        return out


def play_likelihood(hands: list[Mask], plays: Sequence[tuple[Seat, Card]], rules: Rules,
                    me: int, bids: list[int], miss: float = PLAY_MISS) -> float:
    """How well a possible deal explains the cards the other players have played this
    hand (:class:`PlayReading`): each card the basic rules would not have played from
    that player's seat, and that is not equivalent to theirs, multiplies the weight by
    ``miss``."""
    misses = PlayReading(rules, plays, me, bids).misses(hands, range(len(rules.seats)))
    return float(miss ** sum(misses.values()))


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
                   plays: Sequence[tuple[Seat, Card]] = (),
                   fits: Mapping[Seat, BidFit] | None = None) -> list[Mask]:
    """One possible deal that agrees with the bids made and, given ``plays`` (this
    hand's cards in the order played), with what the play revealed (sampling-importance
    resampling over ``candidates`` draws of :func:`sample_hands`).

    ``played_by`` holds the cards each seat has played this hand, which were in its
    hand when it bid; Blind Nil bidders (``blind``) bid without looking and say
    nothing about their cards. ``fits`` reads each seat's bid (:func:`bid_fits`);
    without it every bid is read by :func:`bid_likelihood`.
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
            hand = hands[i] | played_by.get(s, 0)
            w *= fits[s](hand) if fits and s in fits else bid_likelihood(hand, b, rules)
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
    fits = bid_fits(view)
    if read_play and view.plays and view.hand.bit_count() <= PLAY_FROM:
        for _ in range(count):
            yield sample_by_bids(k, sizes, rng, view.rules, played, view.blind, candidates,
                                 plays=view.plays, fits=fits)
    else:
        for _ in range(count):
            yield sample_by_bids(k, sizes, rng, view.rules, played, view.blind, fits=fits)


CHAIN_STEPS = 8
"""Swaps :func:`chain_deals` proposes between two deals it hands out. Neighbouring deals
share more of the unseen cards than deals far apart in the sample (0.80 against 0.56 in
``benchmarks/sampling_fit.py``, the bids read by who made them; 0.73 against 0.52
before); 24 swaps bring neighbours to 0.66 and place as many cards right, but measured
about a point a hand with bags charged, never clear of 0, for 30% more time a decision
then and half as much again now (docs/bots-history.md: "The chain's deals further
apart, measured again"). Deals half the sample apart share no more than the deals
of two chains started from other random draws (0.555 against 0.547): the chain moves
across the deals the fit allows, so one chain a decision is enough."""
CHAIN_BURN = 20
"""Swaps proposed before the first deal is handed out, so that it is the chain's and
not its starting draw's."""


def chain_deals(view: SeatView, k: Knowledge, rng: Random, count: int, *,
                read_play: bool = False) -> Iterator[list[Mask]]:
    """``count`` possible deals for ``view`` drawn by a Markov chain whose deals agree
    with the bids made and, with ``read_play`` (from :data:`PLAY_FROM` cards in hand
    on), with the cards played this hand, each in proportion to how well it explains
    them: the weights of :func:`sample_by_bids`, without its few draws per deal kept.

    Metropolis: from a deal drawn like :func:`sample_by_bids`'s, the chain proposes to
    swap a card of one other hand with a card of another (never into a suit the
    receiver has shown it lacks) and accepts the swap with probability the new deal's
    weight over the old one's, capped at 1; it hands out a deal every
    :data:`CHAIN_STEPS` proposals. A swap changes two hands, so only their bids and
    their plays are read again (:class:`PlayReading` remembers what the rules said).
    Where no two other hands hold unseen cards, or cards are out of play (the
    two-player draw), it draws as :func:`view_deals` does.
    """
    sizes = dict(view.hand_sizes)
    seats = k.seats
    me = seats.index(k.seat)
    others = [q for q, s in enumerate(seats) if q != me and sizes[s]]
    spare = k.unseen.bit_count() - sum(sizes[seats[q]] for q in others)
    if len(others) < 2 or spare:
        yield from view_deals(view, k, rng, count, read_play=read_play)
        return
    played = played_by(view.plays)
    reading = (PlayReading(view.rules, view.plays, me, [k.bids.get(s, 0) for s in seats])
               if read_play and view.plays and view.hand.bit_count() <= PLAY_FROM
               else None)
    bids = {q: b for q, s in enumerate(seats)
            if q != me and s not in view.blind and (b := k.bids.get(s)) is not None}
    if not bids and reading is None:
        yield from view_deals(view, k, rng, count)
        return

    fits = bid_fits(view)
    known_fits: dict[tuple[int, Mask], float] = {}

    def bid_fit(hands: list[Mask], q: int) -> float:
        """How well seat ``q``'s hand on ``hands`` explains its bid (remembered: a
        chain meets the same hands again)."""
        if q not in bids:
            return 1.0
        hand = hands[q]
        fit = known_fits.get((q, hand))
        if fit is None:
            fit = fits[seats[q]](hand | played.get(seats[q], 0))
            known_fits[q, hand] = fit
        return fit

    def play_fit(hands: list[Mask], q: int) -> float:
        """The weight the cards seat ``q`` played give the deal ``hands``."""
        if reading is None:
            return 1.0
        return float(PLAY_MISS ** reading.seat_misses(q, hands[q], in_play))

    hands = sample_by_bids(k, sizes, rng, view.rules, played, view.blind,
                           PLAY_CANDIDATES if reading else CANDIDATES,
                           plays=view.plays if reading else (), fits=fits)
    in_play = reading.played if reading else 0  # the cards in play, which swaps keep
    for hand in hands:
        in_play |= hand
    fit = {q: bid_fit(hands, q) * play_fit(hands, q) for q in others}
    lacks = [sum(1 << suit for suit in k.voids.get(s, ())) for s in seats]
    # The draws rng.sample(others, 2) and rng.choice(cards_of(hand)) would make.
    getrandbits = rng.getrandbits
    pairs = _pairs(others)
    proposed = 0
    handed = 0
    while handed < count:
        a, b = pairs[_below(getrandbits, len(others))][_below(getrandbits, len(others) - 1)]
        hand_a, hand_b = hands[a], hands[b]
        card_a = nth_card(hand_a, _below(getrandbits, hand_a.bit_count()))
        card_b = nth_card(hand_b, _below(getrandbits, hand_b.bit_count()))
        if not (lacks[b] >> SUIT_OF[card_a] & 1 or lacks[a] >> SUIT_OF[card_b] & 1):
            swapped = hands[:]
            swapped[a] ^= 1 << card_a | 1 << card_b
            swapped[b] ^= 1 << card_a | 1 << card_b
            if _accept(rng.random() * fit[a] * fit[b], swapped, (a, b), bid_fit,
                       play_fit, fit):
                hands = swapped
        proposed += 1
        if proposed >= CHAIN_BURN and (proposed - CHAIN_BURN) % CHAIN_STEPS == 0:
            handed += 1
            yield hands[:]


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniform draw below ``n`` (at least 1) from a generator's ``getrandbits``, by the
    rejection ``Random.randrange(n)`` and ``Random.sample`` make: the same draw, without
    their checks, which cost a chain most of a proposal's time in drawing."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _pairs(seats: list[int]) -> list[list[tuple[int, int]]]:
    """``rng.sample(seats, 2)`` as a table: the pair drawn is
    ``_pairs(seats)[i][j]`` for ``i`` and ``j`` the generator's draws below
    ``len(seats)`` and below one less (the first seat drawn, then one of the rest, its
    place taken by the last)."""
    n = len(seats)
    table = []
    for i in range(n):
        rest = seats[:]
        rest[i] = rest[n - 1]
        table.append([(seats[i], rest[j]) for j in range(n - 1)])
    return table


def _accept(threshold: float, hands: list[Mask], pair: tuple[int, int],
            bid_fit: Callable[[list[Mask], int], float],
            play_fit: Callable[[list[Mask], int], float], fit: dict[int, float]) -> bool:
    """Metropolis: keep the deal ``hands`` (two seats' hands swapped a card) when
    ``threshold`` (a uniform draw times the old deal's weight) lies below its weight,
    and then note the new weights in ``fit``. The play, the dear part, is read only
    while it can still decide: a card played against the rules only divides a weight,
    so a deal whose bids alone fall below the threshold is turned down unread, and so
    is one whose first seat's play already sinks it. The answer is the one reading
    everything would give (the same chain, the same deals)."""
    a, b = pair
    bid_a, bid_b = bid_fit(hands, a), bid_fit(hands, b)
    if not threshold < bid_a * bid_b:
        return False
    new_a = bid_a * play_fit(hands, a)
    if not threshold < new_a * bid_b:
        return False
    new_b = bid_b * play_fit(hands, b)
    if not threshold < new_a * new_b:
        return False
    fit[a], fit[b] = new_a, new_b
    return True


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
