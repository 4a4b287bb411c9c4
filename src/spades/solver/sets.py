"""The two-side kernel: can a side force its trick count into a set?

When there are two sides and each is scored on its own total of tricks (partners with
no Nil bid, and two players), what a hand is worth depends on one number only: how many
of the remaining tricks the maximising side takes. Every question the solver asks ("is
this card worth at least v?") then becomes: *can the maximising side force its count of
future tricks into the set of counts worth at least v?* That set is a bitmask of at
most 14 counts, and the answer does not depend on the bids, the scores or the tricks
taken so far: only on the cards.

This is what makes the search fast, as in the double-dummy solvers of bridge:

- the **transposition table** is keyed on the cards alone (relative ranks, who leads,
  spades broken, which side maximises), so an entry is good for every question about
  every deal, bid and score: it is never cleared. An entry keeps the sets the side was
  shown to reach (any larger set is reachable too) and the sets it was shown unable to
  reach (any smaller set is out of reach too): for the sets "at least k tricks" of a
  trick-counting solver these are exactly its lower and upper bounds;
- the search is **boolean** (a win or a loss), so it stops at the first card that
  settles a node;
- **quick tricks** settle a node when cashing them puts every ending into the set (or
  every ending out of it);
- **move ordering** plays for tricks or against them according to the set: a side that
  has made what it needs and fears bags ducks first.

Written, like :mod:`spades.solver.search`, in the subset of Python that numba compiles,
with the recursion unrolled onto per-ply arrays.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF
from spades.solver.search import (
    bit_index_high,
    compiled,
    legal_cards,
    move_to_front,
    relative_ranks,
    slot_of,
)

SET_BITS: Final = 19
SET_SIZE: Final = 1 << SET_BITS
SET_WORDS: Final = 10
"""An entry: four relative hands, the rest of the key, two reachable sets, two sets out
of reach and the card that settled the node last time."""

ABORTED: Final = 2
"""What :func:`reach` returns when its node limit cut it short."""

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_NON_SPADE = NON_SPADE_MASK
_SPADES = SPADES


@compiled
def new_set_table() -> Any:
    """An empty table (an entry whose key word 4 is 0 is free)."""
    return np.zeros((SET_SIZE, SET_WORDS), dtype=np.int64)


@compiled
def popcount(mask: int) -> int:
    """The number of bits set in ``mask``."""
    c = 0
    while mask:
        mask &= mask - 1
        c += 1
    return c


@compiled
def cash_tricks(hands: Any, n: int, turn: int, broken: bool) -> int:
    """Tricks the seat on lead can cash at once, whatever the others do.

    Its top spades (when it may lead them), then in each other suit its top cards for as
    many rounds as every opponent who holds a spade still follows: a card that is the
    highest of its suit wins unless it is trumped. Cashing spades first only makes the
    other suits safer, so the count is a lower bound, as the quick tricks of every
    double-dummy solver are.
    """
    hand = hands[turn]
    everything = hands[0] | hands[1] | hands[2 % n] | hands[3 % n]
    count = 0
    for suit in range(4):
        cards = everything & _SUIT_MASK[suit]
        run = 0
        while cards:
            top = 1 << bit_index_high(cards)
            if hand & top == 0:
                break
            run += 1
            cards ^= top
        if run == 0:
            continue
        if suit == _SPADES:
            if broken or hand & _NON_SPADE == 0:
                count += run
            continue
        safe = run
        for j in range(1, n, 2 if n == 4 else 1):
            q = (turn + j) % n
            if hands[q] & _SUIT_MASK[_SPADES]:
                length = popcount(hands[q] & _SUIT_MASK[suit])
                if length < safe:
                    safe = length
        count += safe
    return count


@compiled
def _lead_priority(hands: Any, n: int, turn: int, card: int, suit: int, rank: int,
                   everything: int) -> int:
    """How promising a lead is for a side that wants tricks (higher first): cash a
    card that is the top of its suit unless an opponent will trump it, lead low to a
    partner's top card, lead for the partner to trump, else low cards."""
    cards = everything & _SUIT_MASK[suit]
    top = bit_index_high(cards)
    partner = (turn + 2) % n if n == 4 else -1
    trumped = False
    if suit != _SPADES:
        for j in range(1, n, 2 if n == 4 else 1):
            q = (turn + j) % n
            if hands[q] & _SUIT_MASK[suit] == 0 and hands[q] & _SUIT_MASK[_SPADES]:
                trumped = True
    if card == top:
        return 5 + rank if trumped else 60 + rank
    if partner >= 0:
        if hands[partner] & (1 << top):
            return 5 if trumped else 40 - rank
        if (suit != _SPADES and hands[partner] & _SUIT_MASK[suit] == 0
                and hands[partner] & _SUIT_MASK[_SPADES]):
            return 30 - rank
    return -rank


@compiled
def keep_set(table: Any, slot: int, word: int, target: int, reached: bool) -> None:
    """Remember ``target`` in the two words from ``word`` of an entry: a reached set in
    place of a larger one (the smaller says more), a set out of reach in place of a
    smaller one; else in place of the older of the two."""
    first = table[slot, word]
    second = table[slot, word + 1]
    if reached:
        covers_first = first == 0 or target & ~first == 0
        covers_second = second == 0 or target & ~second == 0
    else:
        covers_first = first == 0 or first & ~target == 0
        covers_second = second == 0 or second & ~target == 0
    if covers_first:
        table[slot, word] = target
    elif covers_second:
        table[slot, word + 1] = target
    else:
        table[slot, word + 1] = first
        table[slot, word] = target


@compiled
def to_parent(d: int, result: bool, hands: Any, maximise: Any, s_turn: Any, s_moves: Any,
              s_next: Any, s_result: Any, s_bestmove: Any) -> None:
    """Ply ``d`` takes back the card it tried and keeps the child's ``result`` if it
    settles the node for the seat that played it."""
    turn = s_turn[d]
    card = s_moves[d, s_next[d] - 1]
    hands[turn] ^= 1 << card
    if result == maximise[turn]:
        s_result[d] = result
        s_bestmove[d] = card


@compiled
def reach(hands: Any, n: int, maximise: Any, table: Any, turn: int, led: int,
          win_card: int, win_pos: int, count: int, on_table: int, broken: bool,
          target: int, limit: int) -> int:
    """True when the maximising side can force its future tricks into ``target``.

    ``target`` has bit u set when taking u more tricks (counted from the start of the
    trick in progress) is good enough. ``count`` cards of that trick are on the table
    (``on_table`` their mask), the suit ``led`` (-1 before the lead) and ``win_card``
    played by ``win_pos`` winning it. ``hands`` is changed during the search and
    restored before it returns.

    Returns 1 (reachable) or 0; or :data:`ABORTED` when ``limit`` (if not 0) nodes
    have been searched without an answer.
    """
    plies = 60
    s_turn = np.empty(plies, dtype=np.int64)
    s_led = np.empty(plies, dtype=np.int64)
    s_wc = np.empty(plies, dtype=np.int64)
    s_wp = np.empty(plies, dtype=np.int64)
    s_count = np.empty(plies, dtype=np.int64)
    s_table = np.empty(plies, dtype=np.int64)
    s_broken = np.empty(plies, dtype=np.bool_)
    s_target = np.empty(plies, dtype=np.int64)
    s_result = np.empty(plies, dtype=np.bool_)
    s_slot = np.empty(plies, dtype=np.int64)
    s_key = np.empty((plies, 5), dtype=np.int64)
    s_size = np.empty(plies, dtype=np.int64)
    s_next = np.empty(plies, dtype=np.int64)
    s_moves = np.empty((plies, 16), dtype=np.int64)
    s_bestmove = np.empty(plies, dtype=np.int64)
    killer = np.full(plies, -1, dtype=np.int64)
    order = np.empty(16, dtype=np.int64)
    side_bit = 16 if maximise[0] else 0

    d = 0
    s_turn[0] = turn
    s_led[0] = led
    s_wc[0] = win_card
    s_wp[0] = win_pos
    s_count[0] = count
    s_table[0] = on_table
    s_broken[0] = broken
    s_target[0] = target
    entering = True
    result = False
    nodes = 0
    while True:
        settled = False
        if entering:
            nodes += 1
            if limit and nodes > limit:
                for i in range(d):
                    hands[s_turn[i]] ^= 1 << s_moves[i, s_next[i] - 1]
                return ABORTED
            # -- a new node at ply d: settle it at once, or list its moves --------------
            turn = s_turn[d]
            led = s_led[d]
            count = s_count[d]
            broken = s_broken[d]
            target = s_target[d]
            s_slot[d] = -1
            hint = -1
            left = popcount(hands[turn])
            full = (1 << (left + 1)) - 1
            target &= full
            s_target[d] = target
            if target == 0:
                result = False
                settled = True
            elif target == full:
                result = True
                settled = True
            elif count == 0:
                r0, r1, r2, r3 = relative_ranks(hands, n)
                meta = 1 + turn + 4 * (1 if broken else 0) + 8 * n + side_bit
                slot = slot_of(meta, r0, r1, r2, r3, SET_SIZE)
                s_slot[d] = slot
                s_key[d, 0] = r0
                s_key[d, 1] = r1
                s_key[d, 2] = r2
                s_key[d, 3] = r3
                s_key[d, 4] = meta
                if (table[slot, 4] == meta and table[slot, 0] == r0
                        and table[slot, 1] == r1 and table[slot, 2] == r2
                        and table[slot, 3] == r3):
                    w1 = table[slot, 5]
                    w2 = table[slot, 6]
                    l1 = table[slot, 7]
                    l2 = table[slot, 8]
                    if (w1 and w1 & ~target == 0) or (w2 and w2 & ~target == 0):
                        result = True
                        settled = True
                    elif target & ~l1 == 0 or target & ~l2 == 0:
                        result = False
                        settled = True
                    else:
                        hint = table[slot, 9]
                if not settled:
                    # The side's count whatever anyone plays: the top spades held in
                    # one hand each win a trick (the highest spade left wins the
                    # trick it is played to). The leader's side can also force the
                    # tricks it can cash at once (its quick tricks).
                    always_lo = 0
                    always_hi = left
                    spades = (hands[0] | hands[1] | hands[2 % n] | hands[3 % n]) \
                        & _SUIT_MASK[_SPADES]
                    if spades:
                        top = 1 << bit_index_high(spades)
                        holder = 0
                        while hands[holder] & top == 0:
                            holder += 1
                        run = 0
                        while spades and hands[holder] & top:
                            run += 1
                            spades ^= top
                            if spades:
                                top = 1 << bit_index_high(spades)
                        if maximise[holder]:
                            always_lo = run
                        else:
                            always_hi = left - run
                    forced_lo = always_lo
                    forced_hi = always_hi
                    sure = cash_tricks(hands, n, turn, broken)
                    if maximise[turn]:
                        if sure > forced_lo:
                            forced_lo = sure
                    elif left - sure < forced_hi:
                        forced_hi = left - sure
                    upto = (1 << (always_hi + 1)) - 1
                    if (upto >> forced_lo) << forced_lo & ~target == 0:
                        result = True
                        settled = True
                    elif ((1 << (forced_hi + 1)) - 1) >> always_lo << always_lo \
                            & target == 0:
                        result = False
                        settled = True
            entering = False
            if not settled:
                mine = maximise[turn]
                s_result[d] = not mine
                # Does the seat to move want to win tricks? The maximising side does
                # when its set lacks the count of none or holds the count of all of
                # them, and then its opponents want to win them too (to keep its count
                # out of the set); when it ducks for fewer, the opponents duck too.
                wants = (target & 1) == 0 or (target >> left) & 1 == 1
                hand = hands[turn]
                legal = legal_cards(hand, led, broken)
                others = s_table[d]
                for q in range(n):
                    if q != turn:
                        others |= hands[q]
                win_card = s_wc[d]
                win_pos = s_wp[d]
                ours_winning = win_pos >= 0 and maximise[win_pos] == mine
                if ours_winning and count == 2 and n == 4:
                    # Third hand: the partner's card is safe only if the last hand
                    # cannot beat it.
                    last = hands[(turn + 1) % n]
                    follow = last & _SUIT_MASK[led]
                    if follow:
                        if _SUIT_OF[win_card] == led and follow >> (win_card + 1):
                            ours_winning = False
                    elif last & _SUIT_MASK[_SPADES] and (
                            _SUIT_OF[win_card] != _SPADES
                            or (last & _SUIT_MASK[_SPADES]) >> (win_card + 1)):
                        ours_winning = False
                size = 0
                previous = -1
                while legal:
                    bit = legal & -legal
                    legal ^= bit
                    card = bit_index_high(bit)
                    suit = _SUIT_OF[card]
                    if previous >= 0 and _SUIT_OF[previous] == suit:
                        between = (bit - 1) & ~((1 << (previous + 1)) - 1)
                        if others & between == 0:
                            previous = card
                            continue
                    previous = card
                    rank = card - 13 * suit if card < 52 else card - 39
                    beats = led >= 0 and (suit == led or suit == _SPADES) and card > win_card
                    if led < 0:
                        if wants:
                            priority = _lead_priority(hands, n, turn, card, suit, rank,
                                                      others | hand)
                        else:
                            priority = -rank - (20 if suit == _SPADES else 0)
                    elif not wants:
                        # Lose the trick with the highest card that still loses.
                        priority = rank if not beats else -100 - rank
                    elif ours_winning:
                        priority = -rank
                    elif count == 1 and n == 4 and suit == led:
                        priority = -rank  # second hand low
                    elif beats:
                        priority = 100 - rank - (20 if suit != led else 0)
                    else:
                        priority = -rank
                    j = size
                    while j > 0 and order[j - 1] < priority:
                        s_moves[d, j] = s_moves[d, j - 1]
                        order[j] = order[j - 1]
                        j -= 1
                    s_moves[d, j] = card
                    order[j] = priority
                    size += 1
                s_size[d] = size
                s_bestmove[d] = -1
                if hint < 0:
                    hint = killer[d]
                if hint >= 0:
                    move_to_front(s_moves, d, size, hint)
                s_next[d] = 0
        if settled:
            # ``result`` settles ply d: hand it to the parent.
            if d == 0:
                return 1 if result else 0
            d -= 1
            to_parent(d, result, hands, maximise, s_turn, s_moves, s_next, s_result,
                      s_bestmove)
        while True:
            # -- ply d: try its next move, or finish it and return to the parent -------
            done = s_result[d] == maximise[s_turn[d]]
            if done:
                killer[d] = s_bestmove[d]
            if not done and s_next[d] < s_size[d]:
                turn = s_turn[d]
                card = s_moves[d, s_next[d]]
                s_next[d] += 1
                bit = 1 << card
                suit = _SUIT_OF[card]
                hands[turn] ^= bit
                led = s_led[d]
                e = d + 1
                s_broken[e] = s_broken[d] or suit == _SPADES
                if led < 0:
                    next_led = suit
                    wc = card
                    wp = turn
                else:
                    next_led = led
                    wc = s_wc[d]
                    wp = s_wp[d]
                    if (suit == led or suit == _SPADES) and card > wc:
                        wc = card
                        wp = turn
                if s_count[d] + 1 == n:
                    s_turn[e] = wp
                    s_led[e] = -1
                    s_wc[e] = -1
                    s_wp[e] = -1
                    s_count[e] = 0
                    s_table[e] = 0
                    s_target[e] = s_target[d] >> 1 if maximise[wp] else s_target[d]
                else:
                    s_turn[e] = (turn + 1) % n
                    s_led[e] = next_led
                    s_wc[e] = wc
                    s_wp[e] = wp
                    s_count[e] = s_count[d] + 1
                    s_table[e] = s_table[d] | bit
                    s_target[e] = s_target[d]
                d = e
                entering = True
                break
            result = s_result[d]
            slot = s_slot[d]
            if slot >= 0:
                meta = s_key[d, 4]
                target = s_target[d]
                if not (table[slot, 4] == meta and table[slot, 0] == s_key[d, 0]
                        and table[slot, 1] == s_key[d, 1] and table[slot, 2] == s_key[d, 2]
                        and table[slot, 3] == s_key[d, 3]):
                    for w in range(5):
                        table[slot, w] = s_key[d, w]
                    for w in range(5, 9):
                        table[slot, w] = 0
                    table[slot, 9] = -1
                if result:
                    keep_set(table, slot, 5, target, True)
                else:
                    keep_set(table, slot, 7, target, False)
                if s_bestmove[d] >= 0:
                    table[slot, 9] = s_bestmove[d]
            if d == 0:
                return 1 if result else 0
            d -= 1
            to_parent(d, result, hands, maximise, s_turn, s_moves, s_next, s_result,
                      s_bestmove)
