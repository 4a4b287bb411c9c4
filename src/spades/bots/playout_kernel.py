"""The search's play-outs, compiled: the basic rules and the greedy policy on ints.

The search players value each card on every sampled deal by playing the hand out
twice: once with every seat following the basic rules from its own seat
(:mod:`spades.bots.rules_play`), once with the greedy policy that sees every hand
(:mod:`spades.bots.evaluation`); their bids are priced on the side play-out, the side
greedy and the others by the rules. In Python those play-outs took most of a
decision's time: each card of a rules play-out builds a
:class:`~spades.bots.knowledge.Knowledge` and a :class:`~spades.bots.tactics.Table`
and asks the rules one by one, some sixty microseconds a card. Here the same rules
(:data:`spades.bots.tactics.RULES`, in their order) and the same policy
(:func:`spades.bots.evaluation.greedy_card`) are written once more on ints and arrays,
in the subset of Python that numba compiles, and a whole play-out is one call
(:func:`play_out`).

The Python functions stay the definition: the basic player and the hints ask
:mod:`spades.bots.tactics`, the play-outs with noise run card by card, and the tests
ask both for every card of random positions, in every preset, with and without Nil
bids. Positions are ``0 … n-1`` in turn order; ``voids`` holds, per position, the
suits it has shown it lacks as bits (``1 << suit``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from spades.cards import RANK_OF, SPADES, SUIT_MASK, SUIT_OF, Mask, mask_of, parse_cards
from spades.playout import Playout
from spades.solver import search
from spades.solver.search import (
    bit_index_high,
    compiled,
    drop_stale_machine_code,
    inlined,
    lowest_index,
    popcount,
)

__all__ = ["CardPlayouts", "bid_playouts", "card_playouts", "deal_playouts", "greedy_card",
           "play_out", "playout", "rule_card", "warm_up"]

drop_stale_machine_code(Path(__file__).parent, Path(search.__file__).parent)

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_RANK_OF = np.array(RANK_OF, dtype=np.int64)
_SPADES = SPADES
_SPADE_MASK = SUIT_MASK[SPADES]
_NON_SPADE = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2]
_NONE = -1
"""No card: a rule that does not apply."""


@compiled
def _may_hold(voids: Any, seat: int, suit: int) -> bool:
    """False when ``seat`` has shown it lacks ``suit``."""
    return not (voids[seat] >> suit) & 1


@compiled
def _need(bids: Any, tricks: Any, partner: Any, seat: int) -> int:
    """Tricks ``seat``'s side still needs for its contract (0 once made)."""
    need: int = bids[seat] - tricks[seat]
    p = partner[seat]
    if p >= 0:
        need += bids[p] - tricks[p]
    return max(0, need)


@compiled
def _contract(bids: Any, partner: Any, seat: int) -> int:
    """The contract of ``seat``'s side."""
    p = partner[seat]
    contract: int = bids[seat] + (bids[p] if p >= 0 else 0)
    return contract


@compiled
def _nil_alive(bids: Any, tricks: Any, seat: int) -> bool:
    """True when ``seat`` bid Nil and has taken no trick."""
    alive: bool = bids[seat] == 0 and tricks[seat] == 0
    return alive


@compiled
def _is_opponent(partner: Any, me: int, seat: int) -> bool:
    """True when ``seat`` does not score with ``me``."""
    return seat != me and seat != partner[me]


@compiled
def _after(me: int, n: int, size: int, seat: int) -> bool:
    """True when ``seat`` plays after ``me`` in a trick holding ``size`` cards."""
    ahead = (seat - me) % n
    return 0 < ahead < n - size


@compiled
def _shortest_side_low(mask: int) -> int:
    """Tip 8's discard: the low card of the shortest side suit (else the lowest)."""
    card = lowest_index(mask)
    best_len = 99
    best_rank = 99
    for suit in range(3):
        held = mask & _SUIT_MASK[suit]
        if held:
            low = lowest_index(held)
            length = popcount(held)
            rank = _RANK_OF[low]
            if length < best_len or (length == best_len and rank < best_rank):
                best_len, best_rank, card = length, rank, low
    return card


@compiled
def _highest_side(mask: int) -> int:
    """The highest-ranked side card (the lowest index among equal ranks), or the
    lowest card when only spades are left."""
    side = mask & ~_SPADE_MASK
    if not side:
        return lowest_index(mask)
    best = -1
    while side:
        c = lowest_index(side)
        side &= side - 1
        if best < 0 or _RANK_OF[c] > _RANK_OF[best]:
            best = c
    return best


@compiled
def _lowest_ranked(mask: int) -> int:
    """The lowest-ranked card of ``mask`` (the lowest index among equal ranks)."""
    best = -1
    while mask:
        c = lowest_index(mask)
        mask &= mask - 1
        if best < 0 or _RANK_OF[c] < _RANK_OF[best]:
            best = c
    return best


@compiled
def _highest_ranked(mask: int) -> int:
    """The highest-ranked card of ``mask`` (the highest index among equal ranks)."""
    best = -1
    while mask:
        c = lowest_index(mask)
        mask &= mask - 1
        if best < 0 or _RANK_OF[c] >= _RANK_OF[best]:
            best = c
    return best


@compiled
def _can_overtake(voids: Any, unseen: int, led: int, after: int, seat: int,
                  card: int) -> bool:
    """Whether ``seat``, playing after us, might beat ``card`` (``after``: how many
    seats play after us in the trick)."""
    suit = _SUIT_OF[card]
    led = led if led >= 0 else suit
    if suit == led and _may_hold(voids, seat, led) and \
            (unseen & _SUIT_MASK[led]) >> (card + 1):
        return True
    spades_out = unseen & _SPADE_MASK
    higher = spades_out >> (card + 1) << (card + 1) if suit == _SPADES else spades_out
    if not higher or not _may_hold(voids, seat, _SPADES):
        return False
    if led == _SPADES:
        return True
    if not _may_hold(voids, seat, led):
        return True
    return popcount(unseen & _SUIT_MASK[led]) < 2 * after


@compiled
def _sure(voids: Any, unseen: int, led: int, partner: Any, me: int, n: int, size: int,
          card: int) -> bool:
    """True when no opponent after us can beat ``card``, as far as we can tell."""
    after = n - size - 1
    for j in range(1, after + 1):
        seat = (me + j) % n
        if seat != partner[me] and _can_overtake(voids, unseen, led, after, seat, card):
            return False
    return True


@compiled
def _wants_tricks(bids: Any, tricks: Any, partner: Any, me: int, n: int,
                  remaining: int) -> bool:
    """Tip 6: take tricks while the contract needs them or an opponent can be set."""
    if _need(bids, tricks, partner, me) > 0:
        return True
    for o in range(n):
        if _is_opponent(partner, me, o):
            need = _need(bids, tricks, partner, o)
            if need > 0 and _contract(bids, partner, o) > 0 and remaining - need < 2:
                return True
    return False


@compiled
def _nil_rules(hands: Any, n: int, me: int, legal: int, led: int, win_card: int,
               win_pos: int, size: int, played: int, voids: Any, bids: Any, tricks: Any,
               partner: Any, unseen: int, winners: int) -> int:
    """The rules about a Nil bid (:data:`spades.bots.tactics.NIL_PLAY`): the card of
    the first that applies, or -1."""
    leading = size == 0
    following = not leading and (legal & _SUIT_MASK[led]) != 0
    last = size == n - 1
    losers = legal & ~winners
    # nil_self: a Nil bidder plays the highest card that still loses.
    if _nil_alive(bids, tricks, me):
        if leading:
            side = legal & ~_SPADE_MASK
            return _lowest_ranked(side if side else legal)
        if losers:
            if following:
                return bit_index_high(losers)
            side = losers & ~_SPADE_MASK
            if side:
                return _highest_side(side)
            return bit_index_high(losers)
        if last:
            return bit_index_high(legal)
        return lowest_index(legal)
    # cover_partner_nil: play high before a Nil partner, overtake its winner.
    p = partner[me]
    if p >= 0 and _nil_alive(bids, tricks, p):
        if leading:
            for suit in range(4):
                held = legal & _SUIT_MASK[suit]
                if held and not _may_hold(voids, p, suit) and suit != _SPADES:
                    return bit_index_high(held)
            masters = 0
            rest = legal
            while rest:
                c = lowest_index(rest)
                rest &= rest - 1
                if not ((unseen & _SUIT_MASK[_SUIT_OF[c]]) >> (c + 1)):
                    masters |= 1 << c
            if masters:
                return bit_index_high(masters)
            return _highest_ranked(legal)
        leader = (me - size) % n
        if (p - leader) % n < size:
            if win_pos == p and winners:
                return lowest_index(winners)
        elif winners:
            return bit_index_high(winners)
    # set_opponent_nil: let the Nil bidder win, unless our contract needs the trick.
    targets = 0
    for o in range(n):
        if _is_opponent(partner, me, o) and _nil_alive(bids, tricks, o):
            targets |= 1 << o
    if not targets:
        return _NONE
    remaining = popcount(hands[me])
    if _need(bids, tricks, partner, me) > (remaining - 1) // 2 and p >= 0:
        return _NONE
    if leading:
        for o in range(n):
            if targets >> o & 1:
                for suit in range(3):
                    held = legal & _SUIT_MASK[suit]
                    if held and _may_hold(voids, o, suit):
                        return lowest_index(held)
        return _NONE
    if targets >> win_pos & 1:
        if losers:
            return bit_index_high(losers) if following else _shortest_side_low(losers)
    else:
        later = False
        for o in range(n):
            if targets >> o & 1 and _after(me, n, size, o):
                later = True
        if later and following and losers:
            return lowest_index(losers)
    return _NONE


@compiled
def _trick_rules(hands: Any, n: int, me: int, legal: int, led: int, win_card: int,
                 win_pos: int, size: int, played: int, voids: Any, bids: Any,
                 tricks: Any, partner: Any, unseen: int, winners: int) -> int:
    """The rules about taking and ducking tricks (:data:`spades.bots.tactics.TRICK_PLAY`):
    the card of the first that applies (lead_low always does on the lead)."""
    leading = size == 0
    following = not leading and (legal & _SUIT_MASK[led]) != 0
    last = size == n - 1
    remaining = popcount(hands[me])
    wants = _wants_tricks(bids, tricks, partner, me, n, remaining)
    p = partner[me]
    if not leading:
        if wants:
            # follow_for_tricks
            if win_pos == p and (last or _sure(voids, unseen, led, partner, me, n, size,
                                                win_card)):
                return lowest_index(legal) if following else _shortest_side_low(legal)
            if not winners:
                return lowest_index(legal) if following else _shortest_side_low(legal)
            if last:
                return lowest_index(winners)
            rest = winners
            while rest:
                c = lowest_index(rest)
                rest &= rest - 1
                if _sure(voids, unseen, led, partner, me, n, size, c):
                    return c
            if following:
                if p >= 0 and _after(me, n, size, p):
                    return lowest_index(legal)
                return bit_index_high(winners)
            return lowest_index(winners)
        # duck
        losers = legal & ~winners
        if losers:
            return bit_index_high(losers) if following else _highest_side(losers)
        if last:
            return bit_index_high(legal)
        return lowest_index(legal)
    if wants:
        # lead_for_tricks
        for suit in range(3):
            held = legal & _SUIT_MASK[suit]
            if not held:
                continue
            top = bit_index_high(held)
            rounds = popcount(played & _SUIT_MASK[suit]) // n
            opp_void = False
            for o in range(n):
                if _is_opponent(partner, me, o) and not _may_hold(voids, o, suit):
                    opp_void = True
            out = unseen & _SUIT_MASK[suit]
            if not (out >> (top + 1)) and rounds <= 1 and not opp_void and out:
                return top
        spades = legal & _SPADE_MASK
        out = unseen & _SPADE_MASK
        if spades and not (out >> (bit_index_high(spades) + 1)) and out:
            return bit_index_high(spades)
        if p >= 0 and _may_hold(voids, p, _SPADES):
            for suit in range(3):
                held = legal & _SUIT_MASK[suit]
                if held and not _may_hold(voids, p, suit):
                    followed = True
                    for o in range(n):
                        if _is_opponent(partner, me, o) and not _may_hold(voids, o, suit):
                            followed = False
                    if followed:
                        return lowest_index(held)
    # lead_low
    card = lowest_index(legal)
    best = 1 << 20
    for suit in range(4):
        held = legal & _SUIT_MASK[suit]
        if not held:
            continue
        low = lowest_index(held)
        shown = 0  # an opponent has shown it lacks the suit
        for o in range(n):
            if _is_opponent(partner, me, o) and not _may_hold(voids, o, suit):
                shown = 1
        key = shown * 4096 + (64 if suit == _SPADES else 0) + _RANK_OF[low]
        if key < best:
            best, card = key, low
    return card


@compiled
def rule_card(hands: Any, me: int, legal: int, led: int, win_card: int, win_pos: int,
              size: int, played: int, voids: Any, bids: Any, tricks: Any, partner: Any,
              deck: int, nil_bid: bool) -> int:
    """The card the basic rules play for position ``me`` of its ``legal`` cards
    (:func:`spades.bots.tactics.play_decision`), from what the table showed it:
    ``played`` every card played this hand, the trick of ``size`` cards led in ``led``
    and won so far by ``win_card`` of ``win_pos``; ``nil_bid`` when any seat bid Nil
    (the Nil rules are asked first only then)."""
    n = len(hands)
    unseen = deck & ~played & ~hands[me]
    if size == 0:
        win_card = -1  # a card left over from the last trick: nothing to beat yet
    suits = _SPADE_MASK if led < 0 else _SUIT_MASK[led] | _SPADE_MASK
    winners = legal & suits & ~((1 << (win_card + 1)) - 1)
    if nil_bid:
        card = _nil_rules(hands, n, me, legal, led, win_card, win_pos, size, played,
                          voids, bids, tricks, partner, unseen, winners)
        if card >= 0 and legal >> card & 1:
            return card
    card = _trick_rules(hands, n, me, legal, led, win_card, win_pos, size, played, voids,
                        bids, tricks, partner, unseen, winners)
    if card >= 0 and legal >> card & 1:
        return card
    return lowest_index(legal)


# -- the greedy policy (spades.bots.evaluation) ---------------------------------------


@compiled
def _lowest_rank(mask: int) -> int:
    """The lowest-ranked side-suit card (the first suit among equal ranks), else the
    lowest card."""
    best = -1
    best_rank = 99
    for suit in range(3):
        m = mask & _SUIT_MASK[suit]
        if m:
            c = lowest_index(m)
            if _RANK_OF[c] < best_rank:
                best, best_rank = c, _RANK_OF[c]
    return best if best >= 0 else lowest_index(mask)


@compiled
def _highest_rank(mask: int) -> int:
    """The highest-ranked side-suit card (the first suit among equal ranks), else the
    highest card."""
    best = -1
    best_rank = -1
    for suit in range(3):
        m = mask & _SUIT_MASK[suit]
        if m:
            c = bit_index_high(m)
            if _RANK_OF[c] > best_rank:
                best, best_rank = c, _RANK_OF[c]
    return best if best >= 0 else bit_index_high(mask)


@compiled
def _threatened(hands: Any, n: int, turn: int, size: int, card: int, led: int,
                side_of: Any, side: int) -> bool:
    """Whether an opponent still to play in the trick (of ``size`` cards, led in
    ``led``) can beat ``card``: the greedy policy sees every hand."""
    spade_card = _SUIT_OF[card] == _SPADES
    higher = ~((1 << (card + 1)) - 1)
    for j in range(1, n - size):
        q = (turn + j) % n
        if side_of[q] == side:
            continue
        h = hands[q]
        suit_cards = h & _SUIT_MASK[led]
        if suit_cards:
            if (led == _SPADES or not spade_card) and suit_cards & higher:
                return True
        else:
            spades = h & _SPADE_MASK
            if spades and (not spade_card or spades & higher):
                return True
    return False


@compiled
def _greedy_mode(n: int, turn: int, size: int, win_pos: int, done: int, tricks: Any,
                 bids: Any, partner: Any, side_of: Any, contract: Any,
                 nil_bid: bool) -> int:
    """:func:`spades.bots.evaluation.greedy_mode`: 0 lose the trick, 1 win it, 2 cover
    the partner's Nil, ``3 + q`` set the Nil of position ``q``."""
    mate = partner[turn]
    if bids[turn] == 0 and tricks[turn] == 0:
        return 0
    if mate >= 0 and bids[mate] == 0 and tricks[mate] == 0:
        return 2
    side = side_of[turn]
    need = contract[side] - tricks[turn] - (tricks[mate] if mate >= 0 else 0)
    if nil_bid and (mate < 0 or need <= (12 - done) // 2):
        for q in range(n):
            if side_of[q] == side or bids[q] != 0 or tricks[q] != 0:
                continue
            if size == 0 or 0 < (q - turn) % n < n - size or win_pos == q:
                return 3 + q
    if need > 0:
        return 1
    left = 13 - done
    for other in range(len(contract)):
        if other != side and contract[other]:
            taken = 0
            for q in range(n):
                if side_of[q] == other:
                    taken += tricks[q]
            need = contract[other] - taken
            if need > 0 and left - need < 2:
                return 1
    return 0


@compiled
def _beaters(legal: int, led: int, win_card: int) -> int:
    """The legal cards that would win the trick as it stands."""
    following = legal & _SUIT_MASK[led]
    above = ~((1 << (win_card + 1)) - 1)
    if following:
        return legal & above if _SUIT_OF[win_card] == led else 0
    spades = legal & _SPADE_MASK
    return spades & above if _SUIT_OF[win_card] == _SPADES else spades


@compiled
def _set_nil_lead(hands: Any, legal: int, nil: int) -> int:
    """The lead that sets ``nil``'s Nil: low in a suit it must follow with a higher
    card (:func:`spades.bots.evaluation._set_nil_card`)."""
    theirs = hands[nil]
    best = -1
    best_rank = 99
    fallback = -1
    for suit in range(4):
        m = legal & _SUIT_MASK[suit]
        t = theirs & _SUIT_MASK[suit]
        if not m or not t:
            continue
        c = lowest_index(m)
        if fallback < 0 or _RANK_OF[c] < _RANK_OF[fallback]:
            fallback = c
        if c < lowest_index(t) and _RANK_OF[c] < best_rank:
            best, best_rank = c, _RANK_OF[c]
    if best >= 0:
        return best
    return fallback if fallback >= 0 else _lowest_rank(legal)


@compiled
def greedy_card(hands: Any, turn: int, legal: int, led: int, win_card: int,
                win_pos: int, size: int, done: int, tricks: Any, bids: Any,
                partner: Any, side_of: Any, contract: Any, nil_bid: bool) -> int:
    """The card the greedy policy (:func:`spades.bots.evaluation.greedy_card`) plays
    for position ``turn`` of its ``legal`` cards, every hand open to it."""
    n = len(hands)
    mode = _greedy_mode(n, turn, size, win_pos, done, tricks, bids, partner, side_of,
                        contract, nil_bid)
    side = side_of[turn]
    if mode >= 3:
        nil = mode - 3
        if led < 0:
            return _set_nil_lead(hands, legal, nil)
        following = legal & _SUIT_MASK[led]
        under = legal & ~_beaters(legal, led, win_card)
        if not under:
            return lowest_index(legal) if following else _lowest_rank(legal)
        if not following:
            return _highest_rank(under)
        if win_pos == nil:
            return bit_index_high(under)
        return lowest_index(under)
    if led < 0:
        if mode == 0:
            # The ducking lead: the lowest card an opponent can beat, else the lowest.
            best = -1
            best_rank = 99
            for suit in range(4):
                m = legal & _SUIT_MASK[suit]
                if not m:
                    continue
                c = lowest_index(m)
                r = _RANK_OF[c] + (20 if suit == _SPADES else 0)
                if r >= best_rank:
                    continue
                if _threatened(hands, n, turn, 0, c, suit, side_of, side):
                    best, best_rank = c, r
            return best if best >= 0 else _lowest_rank(legal)
        for suit in range(4):
            m = legal & _SUIT_MASK[suit]
            if m:
                top = bit_index_high(m)
                if not _threatened(hands, n, turn, 0, top, suit, side_of, side):
                    return top
        if mode == 2:
            return bit_index_high(legal)
        side_cards = legal & _NON_SPADE
        return _lowest_rank(side_cards if side_cards else legal)
    following = legal & _SUIT_MASK[led]
    beat = _beaters(legal, led, win_card)
    low = lowest_index(legal) if following else _lowest_rank(legal)
    if mode == 0:
        under = legal & ~beat
        if under:
            return bit_index_high(under) if following else _highest_rank(under)
        return bit_index_high(legal) if size == n - 1 else lowest_index(legal)
    mate = partner[turn]
    if mode == 2 and mate >= 0:
        if (turn - mate) % n > size:
            return bit_index_high(beat) if beat else bit_index_high(legal)
        if win_pos == mate:
            return lowest_index(beat) if beat else low
    elif side_of[win_pos] == side and not _threatened(hands, n, turn, size, win_card, led,
                                                      side_of, side):
        return low
    while beat:
        c = lowest_index(beat)
        if not _threatened(hands, n, turn, size, c, led, side_of, side):
            return c
        beat &= beat - 1
    return low


# -- the play-out ----------------------------------------------------------------------


TURN, LED, WIN_CARD, WIN_POS, SIZE, DONE, BROKEN, PLAYED, LEADER = range(9)
"""The fields of a play-out's ``state`` (an int64 array of nine), those of
:class:`spades.playout.Playout` that are not lists: the position to play, the suit led
(-1 before the lead), the card winning the trick and its position (between tricks,
those of the last one), the cards in the trick, the tricks done, spades broken (0 or
1), every card played this hand and the position that led the trick."""


@inlined
def _step(hands: Any, tricks: Any, voids: Any, card: int, turn: int, led: int,
          win_card: int, win_pos: int, size: int, done: int, played: int, leader: int,
          broken: bool) -> tuple[int, int, int, int, int, int, int, int, bool]:
    """Play ``card`` for position ``turn`` (the rules of :meth:`spades.playout.Playout.play`,
    on the play-out's arrays and fields, see :data:`TURN`), noting the suits the card
    shows the player lacks (spades broken as before it) in ``voids``; returns the
    fields after it, in their order."""
    n = len(hands)
    suit = _SUIT_OF[card]
    if led < 0:
        if suit == _SPADES and not broken:
            voids[turn] |= 7
    elif suit != led:
        voids[turn] |= 1 << led
    hands[turn] ^= 1 << card
    played |= 1 << card
    if suit == _SPADES:
        broken = True
    if led < 0:
        led = suit
        leader = turn
        win_card = card
        win_pos = turn
    elif (suit == led or suit == _SPADES) and card > win_card:
        win_card = card
        win_pos = turn
    size += 1
    if size == n:
        tricks[win_pos] += 1
        done += 1
        turn = win_pos
        led = -1
        size = 0
    else:
        turn = (turn + 1) % n
    return turn, led, win_card, win_pos, size, done, played, leader, broken


@compiled
def playout(hands: Any, tricks: Any, voids: Any, bids: Any, partner: Any, side_of: Any,
            state: Any, until: int, deck: int, greedy: int) -> int:
    """Finish the hand from ``state`` (see :data:`TURN`), or stop once ``until`` tricks
    are done: the positions of the sides in the bits of ``greedy`` play
    :func:`greedy_card`, the others :func:`rule_card` from their own seats (``voids``
    and ``deck`` serve those). ``hands``, ``tricks``, ``voids`` and ``state`` are
    played forward in place. Returns how many cards the greedy policy chose (the
    card-by-card play-out draws a random number for each)."""
    n = len(hands)
    turn, led, win_card, win_pos = state[TURN], state[LED], state[WIN_CARD], state[WIN_POS]
    size, done, played, leader = state[SIZE], state[DONE], state[PLAYED], state[LEADER]
    broken = state[BROKEN] != 0
    nil_bid = False
    contract = np.zeros(n, dtype=np.int64)
    for q in range(n):
        contract[side_of[q]] += bids[q]
        if bids[q] == 0:
            nil_bid = True
    chosen = 0
    while hands[turn] and done < until:
        hand = hands[turn]
        if led < 0:
            legal = hand if broken else (hand & _NON_SPADE if hand & _NON_SPADE else hand)
        else:
            legal = hand & _SUIT_MASK[led] if hand & _SUIT_MASK[led] else hand
        if legal & (legal - 1) == 0:
            card = lowest_index(legal)
        elif greedy >> side_of[turn] & 1:
            chosen += 1
            card = greedy_card(hands, turn, legal, led, win_card, win_pos, size, done,
                               tricks, bids, partner, side_of, contract, nil_bid)
        else:
            card = rule_card(hands, turn, legal, led, win_card, win_pos, size, played,
                             voids, bids, tricks, partner, deck, nil_bid)
        turn, led, win_card, win_pos, size, done, played, leader, broken = _step(
            hands, tricks, voids, card, turn, led, win_card, win_pos, size, done, played,
            leader, broken)
    state[TURN], state[LED], state[WIN_CARD], state[WIN_POS] = turn, led, win_card, win_pos
    state[SIZE], state[DONE], state[PLAYED], state[LEADER] = size, done, played, leader
    state[BROKEN] = 1 if broken else 0
    return chosen


@compiled
def card_playouts(hands: Any, tricks: Any, voids: Any, bids: Any, partner: Any,
                  side_of: Any, state: Any, cards: Any, deck: int, out: Any) -> int:
    """Play each of ``cards`` from ``state`` (one of them is to be played there) and
    finish the hand after it twice: every position by the rules from its own seat
    (``voids``, ``deck`` and the cards played serve them), then every position greedy.
    ``out[i, 0]`` and ``out[i, 1]`` get the tricks per position of the two play-outs
    after ``cards[i]``; the inputs are left as they were. Returns how many cards the
    greedy play-outs chose in all (see :func:`playout`)."""
    chosen = 0
    for i in range(len(cards)):
        for greedy in range(2):
            h, t, v, s = hands.copy(), tricks.copy(), voids.copy(), state.copy()
            (s[TURN], s[LED], s[WIN_CARD], s[WIN_POS], s[SIZE], s[DONE], s[PLAYED],
             s[LEADER], broken) = _step(h, t, v, cards[i], s[TURN], s[LED], s[WIN_CARD],
                                        s[WIN_POS], s[SIZE], s[DONE], s[PLAYED], s[LEADER],
                                        s[BROKEN] != 0)
            s[BROKEN] = 1 if broken else 0
            got = playout(h, t, v, bids, partner, side_of, s, 13, deck, -greedy)
            if greedy:
                chosen += got
            out[i, greedy, :] = t
    return chosen


@compiled
def deal_playouts(hands: Any, leader: int, bids: Any, partner: Any, side_of: Any,
                  deck: int, greedy: int, out: Any) -> None:
    """Play a whole deal out from its first lead once for each row of ``bids`` (the
    bids by position): the positions of the sides in the bits of ``greedy`` by the
    greedy policy, the others by the rules from their own seats (see :func:`playout`).
    ``out[i]`` gets the tricks per position of the play-out with ``bids[i]``."""
    n = len(hands)
    for i in range(len(bids)):
        h = hands.copy()
        t = np.zeros(n, dtype=np.int64)
        v = np.zeros(n, dtype=np.int64)
        s = np.zeros(9, dtype=np.int64)
        s[TURN], s[LED], s[WIN_CARD], s[WIN_POS], s[LEADER] = leader, -1, -1, -1, leader
        playout(h, t, v, bids[i], partner, side_of, s, 13, deck, greedy)
        out[i, :] = t


def play_out(p: Playout, bids: Sequence[int], partner: Sequence[int],
             side_of: Sequence[int], greedy: int, *, voids: list[int] | None = None,
             deck: Mask = 0, before: Mask = 0, until: int = 13) -> int:
    """Finish ``p`` in place by :func:`playout`, as the card-by-card play-outs do.

    For the seats playing the rules, ``voids`` (each position's shown voids as suit
    bits) is played forward too, and ``before`` holds the cards played this hand
    before ``p`` started. Returns how many cards the greedy policy chose."""
    n = p.n
    extra = before & ~p.played
    state = np.array([p.turn, p.led, p.win_card, p.win_pos, len(p.trick), p.done,
                      int(p.broken), p.played | extra, p.leader], dtype=np.int64)
    hands = np.array(p.hands, dtype=np.int64)
    tricks = np.array(p.tricks, dtype=np.int64)
    shown = np.array(voids if voids is not None else [0] * n, dtype=np.int64)
    chosen = playout(hands, tricks, shown, np.array(bids, dtype=np.int64),
                     np.array(partner, dtype=np.int64), np.array(side_of, dtype=np.int64),
                     state, until, deck, greedy)
    if state[DONE] != p.done:  # it stops at the end of a trick, once it has played
        p.hands[:] = [int(h) for h in hands]
        p.tricks[:] = [int(t) for t in tricks]
        p.turn, p.led = int(state[TURN]), int(state[LED])
        p.win_card, p.win_pos = int(state[WIN_CARD]), int(state[WIN_POS])
        p.done, p.leader = int(state[DONE]), int(state[LEADER])
        p.played = int(state[PLAYED]) & ~extra
        p.broken = bool(state[BROKEN])
        p.trick = []
        if voids is not None:
            voids[:] = [int(v) for v in shown]
    return int(chosen)


class CardPlayouts:
    """Both play-outs of every candidate card of one decision, on one sampled deal after
    another: what the search values a card by on each deal (``strong``'s mixed
    play-outs), in one compiled call a deal (:func:`card_playouts`).

    Everything but the deal is the same for every deal of a decision, so the arrays
    the kernel reads are built once: the bids, partners and sides by position, the
    suits each position has shown it lacks (``voids``, as suit bits), the deck and
    the cards played this hand before the search's position (``before``). The rules
    play-out is the one :func:`spades.bots.rules_play.rules_rollout` plays, the greedy
    one that of :func:`spades.bots.evaluation.rollout`.
    """

    __slots__ = ("before", "bids", "cards", "deck", "out", "partner", "side_of", "voids")

    def __init__(self, cards: Sequence[int], bids: Sequence[int], partner: Sequence[int],
                 side_of: Sequence[int], voids: Sequence[int], deck: Mask,
                 before: Mask) -> None:
        n = len(bids)
        self.cards = np.array(cards, dtype=np.int64)
        self.bids = np.array(bids, dtype=np.int64)
        self.partner = np.array(partner, dtype=np.int64)
        self.side_of = np.array(side_of, dtype=np.int64)
        self.voids = np.array(voids, dtype=np.int64)
        self.deck = deck
        self.before = before
        self.out = np.zeros((len(cards), 2, n), dtype=np.int64)

    def tricks(self, p: Playout) -> tuple[list[list[list[int]]], int]:
        """For each card (in order), the tricks per position after the rules play-out
        and after the greedy one, from ``p`` (a sampled deal in the search's position,
        left as it is); and how many cards the greedy play-outs chose, for which the
        card-by-card play-outs would have drawn a random number each."""
        state = np.array([p.turn, p.led, p.win_card, p.win_pos, len(p.trick), p.done,
                          int(p.broken), p.played | self.before, p.leader], dtype=np.int64)
        chosen = card_playouts(np.array(p.hands, dtype=np.int64),
                               np.array(p.tricks, dtype=np.int64), self.voids, self.bids,
                               self.partner, self.side_of, state, self.cards, self.deck,
                               self.out)
        return self.out.tolist(), int(chosen)


def bid_playouts(hands: Sequence[Mask], leader: int, bids: Sequence[Sequence[int]],
                 partner: Sequence[int], side_of: Sequence[int], deck: Mask,
                 greedy: int) -> list[list[int]]:
    """The tricks per position of a whole deal played out from ``leader``'s first
    lead once for each table of ``bids`` (rows by position), the sides in the bits of
    ``greedy`` greedy and the others by the rules: the play-outs a bid search prices
    its candidates on, in one compiled call (:func:`deal_playouts`)."""
    out = np.zeros((len(bids), len(hands)), dtype=np.int64)
    deal_playouts(np.array(hands, dtype=np.int64), leader, np.array(bids, dtype=np.int64),
                  np.array(partner, dtype=np.int64), np.array(side_of, dtype=np.int64),
                  deck, greedy, out)
    tricks: list[list[int]] = out.tolist()
    return tricks


_warmed = False


def warm_up() -> float:
    """Compile, or load from numba's cache, the play-out's machine code, once per
    process; the seconds it took (0.0 once done). A search level calls it when it is
    created, so that no decision's clock counts a compile (about 15 s on a fresh
    install of a 2-core machine, under a second from the cache)."""
    global _warmed
    if _warmed:
        return 0.0
    start = time.perf_counter()
    hands = [mask_of(parse_cards(h)) for h in ("AS 2H", "KH 3C", "QH 4C", "JH 5C")]
    deck = hands[0] | hands[1] | hands[2] | hands[3]
    # North's side greedy, East-West by the rules, with a Nil bid: every branch typed.
    play_out(Playout(hands, 0), [1, 0, 1, 1], [2, 3, 0, 1], [0, 1, 0, 1], 1,
             voids=[0, 0, 0, 0], deck=deck)
    # The search's card decisions play out every candidate card in one call.
    lead = mask_of(parse_cards("2H")).bit_length() - 1
    CardPlayouts([lead], [1, 0, 1, 1], [2, 3, 0, 1], [0, 1, 0, 1], [0, 0, 0, 0], deck,
                 0).tricks(Playout(hands, 0))
    bid_playouts(hands, 0, [[1, 0, 1, 1]], [2, 3, 0, 1], [0, 1, 0, 1], deck, 1)
    # The reading of the play asks the rules' card on its own (loaded from the cache,
    # the play-out's machine code holds it but does not make it callable).
    four = np.zeros(4, dtype=np.int64)
    rule_card(np.array(hands, dtype=np.int64), 0, hands[0], -1, -1, -1, 0, 0, four, four,
              four, np.array([2, 3, 0, 1], dtype=np.int64), deck, False)
    _warmed = True
    return time.perf_counter() - start
