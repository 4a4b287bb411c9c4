"""The two-side kernel: can a side force its trick count into a set?

When there are two sides and each is scored on its own total of tricks (partners with
no Nil bid, and two players), what a hand is worth depends on one number only: how many
of the remaining tricks the maximising side takes. Every question the solver asks ("is
this card worth at least v?") then becomes: *can the maximising side force its count of
future tricks into the set of counts worth at least v?* That set is a bitmask of at
most 14 counts, and the answer does not depend on the bids, the scores or the tricks
taken so far: only on the cards.

This is what makes the search fast, as in the double-dummy solvers of bridge:

- the search is **boolean** (a win or a loss), so it stops at the first card that
  settles a node;
- **partition search**: each node's answer comes with the cards it *depended on*, per
  suit the cards from the top of the suit down to the lowest card whose rank decided
  a trick (a card that won a trick over another card of its suit), a bound, or a table
  entry used. Every other card is a *small* card whose rank never mattered: any
  position with the same suit lengths in every hand, the same owners of those top
  cards, the same leader and spades broken or not has the same answer. The
  **transposition table** stores answers under exactly that pattern, so one entry
  answers for many positions (after the 6♥ has gone, a 7♥ and 5♥ are as good as a 6♥
  and 5♥ — and when no heart below the queen ever decided a trick, any small hearts
  are). An entry is good for every question about every deal, bid and score: the
  table is never cleared. It keeps the sets the side was shown to reach (any larger
  set is reachable too) and the sets it was shown unable to reach (any smaller set is
  out of reach too): for the sets "at least k tricks" these are exactly the lower and
  upper bounds of a trick-counting solver;
- **equivalent cards merged**: of cards of one suit with no card of another hand (or of
  the trick) between them only one is tried; and once a *small* card of a suit has
  failed, the other small cards of that suit are not tried either: to every line
  searched from the first they are the same card;
- **bounds** settle a node before any card is tried: the top spades held in one hand
  each win a trick, and the leader can cash its top cards;
- **the last two tricks** of four seats are settled by trying every line (at most
  sixteen) instead of searching node by node and probing the table, for every set
  but a trick count: positions that small are a fifth of the nodes of a search over
  mixed sets, and cheaper to play out than to look up; so are the last three tricks
  where the table and the bounds leave them unsettled (their answer then stored);
- **move ordering** (:mod:`spades.solver.ordering`): for a plain trick count the
  weights of the bridge solver DDS, otherwise priorities that read the set: a side
  that has made what it needs and fears bags ducks first; in deep probes the cards
  that settled other nodes of the probe go first (a history heuristic).

Soundness of the small-card abstraction rests on two rules, tested against plain
minimax and against the value kernel of :mod:`spades.solver.search`: a trick's winner
joins the cards that matter when it beat a card of its own suit; and a node every card
of which fails needs every *kind* of move covered, so a merged run of cards that
straddles the lowest card that matters is made to matter whole. (A small card skipped
because another one failed needs no such rule: the line of the card tried depends on
none of the cards below the ones that mattered to it, so it answers for the skipped
card at every position of the node's pattern too.)

Written, like :mod:`spades.solver.search`, in the subset of Python that numba compiles,
with the recursion unrolled onto per-ply arrays.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF
from spades.solver.ordering import is_trick_count, move_priority, play_modes
from spades.solver.search import (
    bit_index_high,
    compiled,
    inlined,
    legal_cards,
    lowest_index,
    of_seat,
    popcount,
)

BUCKET_BITS: Final = 15
BUCKETS: Final = 1 << BUCKET_BITS
BUCKET_SIZE: Final = 16
ENTRY_WORDS: Final = 11
"""An entry: the suit lengths of every hand, the rest of the key (leader, spades broken,
seats, which side maximises; 0 for a free entry), per suit the count of top cards that
matter and their owners, two reachable sets, two sets out of reach and the card that
settled the node last time."""

HISTORY_FROM: Final = 9
"""Cards in the hand of the seat to move at a probe's root from which the nodes that do
not count tricks order their cards by their history first (the cards that settled
nodes of the probe, more the nearer the node to the root): deep searches, where the
priorities alone leave many nodes to try, gain from it; short ones lose."""
ABORTED: Final = 2
"""What :func:`reach` returns when its node limit cut it short."""

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_NON_SPADE = NON_SPADE_MASK
_SPADES = SPADES
_PRIME = 1_000_000_007
_LOW32 = (1 << 32) - 1


@compiled
def new_set_table() -> tuple[Any, Any, Any]:
    """An empty table: the entries (a bucket of :data:`BUCKET_SIZE` per hash of the suit
    lengths and the rest of the key), a short tag of each entry's key (0: free) so that
    a bucket is scanned in one cache line, and each bucket's next entry to replace."""
    entries = np.zeros((BUCKETS * BUCKET_SIZE, ENTRY_WORDS), dtype=np.int64)
    tags = np.zeros(BUCKETS * BUCKET_SIZE, dtype=np.int32)
    cursors = np.zeros(BUCKETS, dtype=np.int64)
    return entries, tags, cursors


@compiled
def top_cards(cards: int, k: int) -> int:
    """The ``k`` highest cards of ``cards``."""
    out = 0
    for _ in range(k):
        if cards == 0:
            break
        top = 1 << bit_index_high(cards)
        out |= top
        cards ^= top
    return out


@compiled
def suit_lengths(hands: Any, n: int) -> int:
    """Every hand's length in every suit, four bits each (hand q, suit s at 16 q + 4 s)."""
    key = 0
    for s in range(4):
        cards = _SUIT_MASK[s]
        key |= popcount(hands[0] & cards) << (4 * s)
        key |= popcount(hands[1] & cards) << (16 + 4 * s)
        if n == 4:
            key |= popcount(hands[2] & cards) << (32 + 4 * s)
            key |= popcount(hands[3] & cards) << (48 + 4 * s)
    return key


@compiled
def owner_pattern(hands: Any, n: int, cards: int) -> int:
    """Who holds each of ``cards`` (one suit), two bits a card from the highest down."""
    # The owner's two bits: its low bit is set for seats 1 and 3, its high bit for
    # seats 2 and 3 (two players: seat 1 only).
    odd = hands[1] | hands[3] if n == 4 else hands[1]
    high = hands[2] | hands[3] if n == 4 else 0
    pattern = 0
    i = 0
    while cards:
        top = bit_index_high(cards)
        cards ^= 1 << top
        pattern |= ((odd >> top & 1) | (high >> top & 1) << 1) << (2 * i)
        i += 1
    return pattern


@compiled
def cash_tricks(hands: Any, n: int, turn: int, broken: bool) -> tuple[int, int]:
    """Tricks the seat on lead can cash at once, whatever the others do, and the cards
    that count depends on.

    Its top spades (when it may lead them), then in each other suit its top cards for as
    many rounds as every opponent who holds a spade still follows: a card that is the
    highest of its suit wins unless it is trumped. Cashing spades first only makes the
    other suits safer, so the count is a lower bound, as the quick tricks of every
    double-dummy solver are.
    """
    hand = of_seat(hands, turn)
    everything = hands[0] | hands[1] | hands[2 % n] | hands[3 % n]
    count = 0
    used = 0
    for suit in range(4):
        cards = everything & _SUIT_MASK[suit]
        run = 0
        mine = 0
        while cards:
            top = 1 << bit_index_high(cards)
            if hand & top == 0:
                break
            run += 1
            mine |= top
            cards ^= top
        if run == 0:
            continue
        if suit == _SPADES:
            if broken or hand & _NON_SPADE == 0:
                count += run
                used |= mine
            continue
        safe = run
        for j in range(1, n, 2 if n == 4 else 1):
            q = (turn + j) % n
            if of_seat(hands, q) & _SUIT_MASK[_SPADES]:
                length = popcount(of_seat(hands, q) & _SUIT_MASK[suit])
                if length < safe:
                    safe = length
        if safe > 0:
            count += safe
            used |= top_cards(mine, safe)
    return count, used


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
def bucket_of(meta: int, lengths: int) -> tuple[int, int]:
    """The first entry of the bucket for a key's suit lengths and the rest of its key,
    and the key's tag (never 0)."""
    h = meta % _PRIME
    h = (h * 1_000_003 + (lengths & _LOW32)) % _PRIME
    h = (h * 1_000_003 + ((lengths >> 32) & _LOW32)) % _PRIME
    return (h & (BUCKETS - 1)) * BUCKET_SIZE, h + 1


@compiled
def _pattern_word(pattern: int, cards: int, w: int) -> int:
    """An entry's word for one suit: how many of its top ``cards`` matter (down to the
    lowest card of ``w``) and who holds them (from ``pattern``)."""
    if w == 0:
        return 0
    k = popcount(cards & ~((1 << lowest_index(w)) - 1))
    return (k << 32) | (pattern & ((1 << (2 * k)) - 1))


@inlined
def owner_patterns(patterns: Any, d: int, hands: Any, n: int, everything: int) -> None:
    """Row ``d`` of ``patterns``: the owners of each suit's cards
    (:func:`owner_pattern`), found once a position, when first needed (its first slot
    is -1 until then)."""
    if patterns[d, 0] < 0:
        for s in range(4):
            patterns[d, s] = owner_pattern(hands, n, everything & _SUIT_MASK[s])


@inlined
def store(table: Any, tags: Any, cursors: Any, base: int, tag: int, meta: int,
          lengths: int, hands: Any, n: int, patterns: Any, d: int, everything: int,
          w: int, target: int, result: bool, best: int) -> None:
    """Remember that ``target`` is (or is not) reachable from a position (``hands``),
    under the pattern of the cards that mattered (``w``): the top cards of each suit
    down to the lowest card of ``w`` in it, and who holds them (row ``d`` of
    ``patterns``)."""
    owner_patterns(patterns, d, hands, n, everything)
    w0 = _pattern_word(patterns[d, 0], everything & _SUIT_MASK[0], w & _SUIT_MASK[0])
    w1 = _pattern_word(patterns[d, 1], everything & _SUIT_MASK[1], w & _SUIT_MASK[1])
    w2 = _pattern_word(patterns[d, 2], everything & _SUIT_MASK[2], w & _SUIT_MASK[2])
    w3 = _pattern_word(patterns[d, 3], everything & _SUIT_MASK[3], w & _SUIT_MASK[3])
    slot = -1
    free = -1
    for e in range(base, base + BUCKET_SIZE):
        if tags[e] == 0:
            if free < 0:
                free = e
        elif (tags[e] == tag and table[e, 1] == meta and table[e, 0] == lengths
              and table[e, 2] == w0 and table[e, 3] == w1 and table[e, 4] == w2
              and table[e, 5] == w3):
            slot = e
            break
    if slot < 0:
        if free >= 0:
            slot = free
        else:
            bucket = base // BUCKET_SIZE
            slot = base + cursors[bucket]
            cursors[bucket] = (cursors[bucket] + 1) % BUCKET_SIZE
        tags[slot] = tag
        table[slot, 0] = lengths
        table[slot, 1] = meta
        table[slot, 2] = w0
        table[slot, 3] = w1
        table[slot, 4] = w2
        table[slot, 5] = w3
        for x in range(6, 10):
            table[slot, x] = 0
        table[slot, 10] = -1
    if result:
        keep_set(table, slot, 6, target, True)
    else:
        keep_set(table, slot, 8, target, False)
    if best >= 0:
        table[slot, 10] = best


@inlined
def lookup(table: Any, tags: Any, base: int, tag: int, meta: int, lengths: int,
           hands: Any, n: int, patterns: Any, d: int, everything: int,
           target: int) -> tuple[int, int, int]:
    """What the table knows of ``target`` at a position: 1 reachable, 0 out of reach,
    -1 unknown; the cards the answer depends on (the top cards of the entry that gave
    it); and the card that settled a matching entry last (-1 if none).

    Row ``d`` of ``patterns`` receives the owners of each suit's cards
    (:func:`owner_pattern`) once an entry with the same suit lengths is found; its
    first slot is -1 until then.
    """
    hint = -1
    patterns[d, 0] = -1
    for e in range(base, base + BUCKET_SIZE):
        if tags[e] != tag or table[e, 1] != meta or table[e, 0] != lengths:
            continue
        owner_patterns(patterns, d, hands, n, everything)
        matches = True
        for s in range(4):
            word = table[e, 2 + s]
            if patterns[d, s] & ((1 << (2 * (word >> 32))) - 1) != word & _LOW32:
                matches = False
                break
        if not matches:
            continue
        w1 = table[e, 6]
        w2 = table[e, 7]
        reached = (w1 != 0 and w1 & ~target == 0) or (w2 != 0 and w2 & ~target == 0)
        if reached or target & ~table[e, 8] == 0 or target & ~table[e, 9] == 0:
            w = 0
            for s in range(4):
                w |= top_cards(everything & _SUIT_MASK[s], table[e, 2 + s] >> 32)
            return (1 if reached else 0), w, hint
        if hint < 0:
            hint = table[e, 10]
    return -1, 0, hint


@inlined
def bounds(hands: Any, n: int, maximise: Any, turn: int, broken: bool, left: int,
           target: int) -> tuple[int, int]:
    """Whether the cards alone settle ``target`` at the start of a trick: 1 reachable,
    0 out of reach, -1 unknown; and the cards the answer depends on.

    The side's count whatever anyone plays: the top spades held in one hand each win a
    trick (the highest spade left wins the trick it is played to). The leader's side
    can also force the tricks it can cash at once (its quick tricks).
    """
    everything = hands[0] | hands[1] | hands[2 % n] | hands[3 % n]
    always_lo = 0
    always_hi = left
    spades = everything & _SUIT_MASK[_SPADES]
    run_cards = 0
    if spades:
        top = 1 << bit_index_high(spades)
        holder = 0
        while of_seat(hands, holder) & top == 0:
            holder += 1
        run = 0
        while spades and of_seat(hands, holder) & top:
            run += 1
            run_cards |= top
            spades ^= top
            if spades:
                top = 1 << bit_index_high(spades)
        if of_seat(maximise, holder):
            always_lo = run
        else:
            always_hi = left - run
    forced_lo = always_lo
    forced_hi = always_hi
    sure, cashed = cash_tricks(hands, n, turn, broken)
    if of_seat(maximise, turn):
        forced_lo = max(forced_lo, sure)
    else:
        forced_hi = min(forced_hi, left - sure)
    upto = (1 << (always_hi + 1)) - 1
    if (upto >> forced_lo) << forced_lo & ~target == 0:
        return 1, run_cards | cashed
    if ((1 << (forced_hi + 1)) - 1) >> always_lo << always_lo & target == 0:
        return 0, run_cards | cashed
    return -1, 0


@inlined
def _first_trick(turn: int, x0: int, x1: int, x2: int, x3: int) -> tuple[int, int, int]:
    """Who wins a trick in which the seats from ``turn`` play ``x0`` to ``x3``, its
    cards, and its winning card if it won over a card of its own suit (else 0)."""
    led = _SUIT_OF[x0]
    wc = x0
    wp = turn
    for i, x in enumerate((x1, x2, x3)):
        suit = _SUIT_OF[x]
        if (suit == led or suit == _SPADES) and x > wc:
            wc = x
            wp = (turn + 1 + i) & 3
    trick = (1 << x0) | (1 << x1) | (1 << x2) | (1 << x3)
    w = 0
    if popcount(trick & _SUIT_MASK[_SUIT_OF[wc]]) >= 2:
        w = 1 << wc
    return wp, trick, w


@inlined
def _line_of_two(hs: Any, mx: Any, turn: int, broken: bool, target: int, x0: int,
                 x1: int, x2: int, x3: int) -> tuple[bool, int]:
    """Whether the maximising side's count of the last two tricks of four seats lands
    in ``target`` when the seats from ``turn`` play ``x0`` to ``x3`` to the first and
    then their last cards (the last trick forced: ``broken`` plays no part), and the
    cards that won a trick over a card of their own suit."""
    wp, trick, w = _first_trick(turn, x0, x1, x2, x3)
    count = 1 if of_seat(mx, wp) else 0
    rest = (hs[0] | hs[1] | hs[2] | hs[3]) & ~trick
    first = of_seat(hs, wp) & ~trick
    last = 1 << bit_index_high(rest & (_SUIT_MASK[_SUIT_OF[lowest_index(first)]]
                                       | _SUIT_MASK[_SPADES]))
    if popcount(rest & _SUIT_MASK[_SUIT_OF[bit_index_high(last)]]) >= 2:
        w |= last
    for q in range(4):
        if of_seat(hs, q) & last and of_seat(mx, q):
            count += 1
    return (target >> count) & 1 == 1, w


@inlined
def _choice(goal: bool, result: bool, w: int, line: bool, line_w: int) -> tuple[bool, int]:
    """A seat's answer so far after one more of its cards, answering ``line`` with the
    cards ``line_w``: the first card that reaches the seat's ``goal`` settles it with
    its own cards; until then the cards of every card tried add up."""
    if line == goal:
        return goal, line_w
    return result, w | line_w


@inlined
def _every_line(hs: Any, mx: Any, turn: int, broken: bool, target: int,
                line_of: Any) -> tuple[int, int]:
    """Whether the maximising side can force its count of the last tricks of four seats
    into ``target``, ``turn`` to lead the first of them, and the cards the answer
    depends on (as :func:`reach` reports them): every line of the first trick is tried
    and ``line_of`` settles the rest of each. The seats' choices combine as the search
    combines them: a seat that reaches its side's goal needs one line, a seat that
    cannot needs them all. Inlined by numba, so that ``line_of`` is a known function
    where it is called (a function passed at run time could not be cached)."""
    a = turn
    b = (turn + 1) & 3
    c = (turn + 2) & 3
    e = (turn + 3) & 3
    max_a = of_seat(mx, a)
    max_b = of_seat(mx, b)
    max_c = of_seat(mx, c)
    max_e = of_seat(mx, e)
    result0 = not max_a
    w0 = 0
    leads = legal_cards(of_seat(hs, a), -1, broken)
    while leads:
        x0 = lowest_index(leads)
        leads ^= 1 << x0
        led = _SUIT_OF[x0]
        result1 = not max_b
        w1 = 0
        follows1 = legal_cards(of_seat(hs, b), led, True)
        while follows1:
            x1 = lowest_index(follows1)
            follows1 ^= 1 << x1
            result2 = not max_c
            w2 = 0
            follows2 = legal_cards(of_seat(hs, c), led, True)
            while follows2:
                x2 = lowest_index(follows2)
                follows2 ^= 1 << x2
                result3 = not max_e
                w3 = 0
                follows3 = legal_cards(of_seat(hs, e), led, True)
                while follows3 and result3 != max_e:
                    x3 = lowest_index(follows3)
                    follows3 ^= 1 << x3
                    line, w = line_of(hs, mx, a, broken, target, x0, x1, x2, x3)
                    result3, w3 = _choice(max_e, result3, w3, line, w)
                result2, w2 = _choice(max_c, result2, w2, result3, w3)
                if result2 == max_c:
                    break
            result1, w1 = _choice(max_b, result1, w1, result2, w2)
            if result1 == max_b:
                break
        result0, w0 = _choice(max_a, result0, w0, result1, w1)
        if result0 == max_a:
            break
    return (1 if result0 else 0), w0


@compiled
def last_two_tricks(hs: Any, mx: Any, turn: int, broken: bool,
                    target: int) -> tuple[int, int]:
    """Whether the maximising side can force its count of the last two tricks of four
    seats (two cards in every hand, ``turn`` to lead) into ``target``: 1 or 0, and the
    cards the answer depends on (as :func:`reach` reports them).

    Every line is tried (at most sixteen; :func:`_every_line`). Faster than searching
    and probing the table for positions this small, which are a fifth of the nodes of
    a search over mixed sets.
    """
    return _every_line(hs, mx, turn, broken, target, _line_of_two)


@inlined
def _line_of_three(hs: Any, mx: Any, turn: int, broken: bool, target: int, x0: int,
                   x1: int, x2: int, x3: int) -> tuple[bool, int]:
    """Whether the maximising side's count of the last three tricks of four seats
    lands in ``target`` when the seats from ``turn`` play ``x0`` to ``x3`` to the first
    and the last two are played as :func:`last_two_tricks` finds, and the cards the
    answer depends on."""
    wp, trick, w = _first_trick(turn, x0, x1, x2, x3)
    rest = (target >> 1 if of_seat(mx, wp) else target) & 7
    if rest == 0 or rest == 7:
        return rest == 7, w
    after = (hs[0] & ~trick, hs[1] & ~trick, hs[2] & ~trick, hs[3] & ~trick)
    known, w2 = last_two_tricks(after, mx, wp, broken or trick & _SUIT_MASK[_SPADES] != 0,
                                rest)
    return known == 1, w | w2


@compiled
def last_three_tricks(hs: Any, mx: Any, turn: int, broken: bool,
                      target: int) -> tuple[int, int]:
    """:func:`last_two_tricks` for the last three tricks: every line of the first of
    them tried (its seats' choices combined the same way), the last two settled by
    :func:`last_two_tricks`. The search asks it where the table and the bounds leave a
    position of three tricks unsettled, and stores its answer: at that size the lines
    cost less than the search's nodes, each of which orders its cards, and the table
    still answers for positions of a pattern seen before."""
    return _every_line(hs, mx, turn, broken, target, _line_of_three)


@inlined
def covered(w: int, hand: int, legal: int, others: int) -> int:
    """``w`` grown so that the moves tried at a node that failed stand for every kind of
    move a position of the same pattern offers: a run of equivalent cards (tried once)
    that straddles the lowest card that matters in its suit is made to matter whole."""
    for s in range(4):
        cards = legal & _SUIT_MASK[s]
        ws = w & _SUIT_MASK[s]
        if cards == 0 or ws == 0:
            continue
        low = lowest_index(ws)
        top_run = -1
        bottom = -1
        while cards:
            card = bit_index_high(cards)
            cards ^= 1 << card
            if bottom >= 0 and others & (((1 << bottom) - 1) & ~((1 << (card + 1)) - 1)) == 0:
                bottom = card  # the run goes on
            else:
                if top_run >= low > bottom >= 0:
                    break
                top_run = card
                bottom = card
        if top_run >= low > bottom >= 0:
            w |= 1 << bottom
    return w


@compiled
def reach(hands: Any, n: int, maximise: Any, table: Any, tags: Any, cursors: Any, turn: int,
          led: int, win_card: int, win_pos: int, count: int, on_table: int,
          broken: bool, target: int, limit: int) -> int:
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
    s_lead = np.full(plies, -1, dtype=np.int64)
    s_count = np.empty(plies, dtype=np.int64)
    s_table = np.empty(plies, dtype=np.int64)
    s_broken = np.empty(plies, dtype=np.bool_)
    s_target = np.empty(plies, dtype=np.int64)
    s_result = np.empty(plies, dtype=np.bool_)
    s_base = np.empty(plies, dtype=np.int64)
    s_meta = np.empty(plies, dtype=np.int64)
    s_tag = np.empty(plies, dtype=np.int64)
    s_lengths = np.empty(plies, dtype=np.int64)
    s_patterns = np.empty((plies, 4), dtype=np.int64)
    s_size = np.empty(plies, dtype=np.int64)
    s_next = np.empty(plies, dtype=np.int64)
    s_moves = np.empty((plies, 16), dtype=np.int64)
    s_bestmove = np.empty(plies, dtype=np.int64)
    s_cut = np.zeros(plies, dtype=np.int64)
    s_fail = np.zeros(plies, dtype=np.int64)
    s_trickw = np.zeros(plies, dtype=np.int64)
    s_tried = np.zeros(plies, dtype=np.int64)
    killer = np.full(plies, -1, dtype=np.int64)
    history = np.zeros(64, dtype=np.int64)
    deep = popcount(hands[turn]) >= HISTORY_FROM
    order = np.empty(16, dtype=np.int64)
    mx = (maximise[0], maximise[1], maximise[2 % n], maximise[3 % n])
    side_bit = 16 if mx[0] else 0
    seats_bit = 8 if n == 4 else 0

    d = 0
    s_turn[0] = turn
    s_led[0] = led
    s_wc[0] = win_card
    s_lead[0] = win_card
    s_wp[0] = win_pos
    s_count[0] = count
    s_table[0] = on_table
    s_broken[0] = broken
    s_target[0] = target
    entering = True
    returning = False
    result = False
    w = 0
    nodes = 0
    while True:
        if entering:
            entering = False
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
            hs = (hands[0], hands[1], hands[2 % n], hands[3 % n])
            s_base[d] = -1
            hint = -1
            left = popcount(of_seat(hs, turn))
            full = (1 << (left + 1)) - 1
            target &= full
            s_target[d] = target
            w = 0
            if target == 0 or target == full:
                result = target == full
                returning = True
            elif count == 0 and left == 2 and n == 4 and not is_trick_count(target, left):
                # The last two tricks, every line tried; but not for a trick count,
                # whose search DDS's weights keep short and whose answers then depend
                # on fewer cards than the first lines found (measured slower).
                known, w = last_two_tricks(hs, mx, turn, broken, target)
                result = known == 1
                returning = True
            elif count == 0:
                everything = hs[0] | hs[1] | hs[2] | hs[3]
                meta = 32 + turn + (4 if broken else 0) + seats_bit + side_bit
                lengths = suit_lengths(hs, n)
                base, tag = bucket_of(meta, lengths)
                known, w, hint = lookup(table, tags, base, tag, meta, lengths, hs, n,
                                        s_patterns, d, everything, target)
                if known < 0:
                    known, w = bounds(hs, n, mx, turn, broken, left, target)
                if known < 0 and left == 3 and n == 4 and not is_trick_count(target, left):
                    # Three tricks left, unsettled: every line tried, and the answer
                    # stored as the search would store it.
                    known, w = last_three_tricks(hs, mx, turn, broken, target)
                    store(table, tags, cursors, base, tag, meta, lengths, hs, n,
                          s_patterns, d, everything, w, target, known == 1, -1)
                if known >= 0:
                    result = known == 1
                    returning = True
                else:
                    s_base[d] = base
                    s_tag[d] = tag
                    s_meta[d] = meta
                    s_lengths[d] = lengths
            if not returning:
                s_result[d] = not of_seat(mx, turn)
                s_cut[d] = 0
                s_fail[d] = 0
                s_tried[d] = 0
                s_bestmove[d] = -1
                s_next[d] = 0
                # The cards worth trying, most promising first. Of cards of one suit
                # with no card of another hand (or of the trick) between them only one
                # is listed: they win and lose the same tricks. A run is listed by its
                # highest card when counting tricks (DDS's weights read it so), by its
                # lowest otherwise.
                win_card = s_wc[d]
                win_pos = s_wp[d]
                wants, counting, ours_winning = play_modes(hs, n, mx, turn, count, led,
                                                           win_card, win_pos, target)
                hand = of_seat(hs, turn)
                legal = legal_cards(hand, led, broken)
                others = s_table[d]
                for q in range(n):
                    if q != turn:
                        others |= of_seat(hs, q)
                size = 0
                previous = -1
                while legal:
                    card = bit_index_high(legal) if counting else lowest_index(legal)
                    legal ^= 1 << card
                    if previous >= 0 and _SUIT_OF[previous] == _SUIT_OF[card]:
                        below = min(previous, card)
                        above = max(previous, card)
                        if others & ((1 << above) - 1) & ~((1 << (below + 1)) - 1) == 0:
                            previous = card
                            continue
                    previous = card
                    priority = move_priority(hs, n, turn, card, led, count, win_card,
                                             win_pos, s_lead[d], wants, counting,
                                             ours_winning, others | hand, killer[d])
                    if deep and not counting:
                        priority += history[card] * 512
                    j = size
                    while j > 0 and order[j - 1] < priority:
                        s_moves[d, j] = s_moves[d, j - 1]
                        order[j] = order[j - 1]
                        j -= 1
                    s_moves[d, j] = card
                    order[j] = priority
                    size += 1
                s_size[d] = size
                # The card that settled this position last goes first; else, for any
                # set but a trick count (whose weights already favour it), the card
                # that settled a node at this depth last.
                first = hint if hint >= 0 or counting else killer[d]
                if first >= 0:
                    for j in range(1, size):
                        if s_moves[d, j] == first:
                            for i in range(j, 0, -1):
                                s_moves[d, i] = s_moves[d, i - 1]
                            s_moves[d, 0] = first
                            break
        if returning:
            # ``result`` settles ply d (``w`` the cards it depended on): the parent
            # takes back the card it tried and keeps the result if it settles the
            # parent for the seat that played it (and those cards), else the cards
            # join those of the parent's other failed moves.
            returning = False
            if d == 0:
                return 1 if result else 0
            d -= 1
            turn = s_turn[d]
            card = s_moves[d, s_next[d] - 1]
            hands[turn] ^= 1 << card
            w |= s_trickw[d]
            if result == of_seat(mx, turn):
                s_result[d] = result
                s_bestmove[d] = card
                if deep:
                    left = popcount(hands[turn])
                    history[card] += left * left
                s_cut[d] = w
            else:
                s_fail[d] |= w
        # -- ply d: try its next move, or finish it ---------------------------------
        turn = s_turn[d]
        card = -1
        if s_result[d] == of_seat(mx, turn):
            killer[d] = s_bestmove[d]
            w = s_cut[d]
        else:
            fail = s_fail[d]
            while s_next[d] < s_size[d]:
                candidate = s_moves[d, s_next[d]]
                s_next[d] += 1
                # A small card (below every card that mattered in its suit to the lines
                # that failed) when another small card of the suit has failed: the same
                # move to every one of those lines, so it fails too, here and at every
                # position of the same pattern.
                suit_cards = _SUIT_MASK[_SUIT_OF[candidate]]
                tried = s_tried[d] & suit_cards
                if tried:
                    ws = fail & suit_cards
                    if ws == 0 or lowest_index(ws) > max(candidate, lowest_index(tried)):
                        continue
                card = candidate
                break
            if card < 0:
                hand = hands[turn]
                others = s_table[d]
                for q in range(n):
                    if q != turn:
                        others |= hands[q]
                w = covered(fail, hand, legal_cards(hand, s_led[d], s_broken[d]), others)
        if card < 0:
            # The node is settled: remember it (at the start of a trick), then return.
            result = s_result[d]
            base = s_base[d]
            if base >= 0:
                everything = hands[0] | hands[1] | hands[2 % n] | hands[3 % n]
                hs = (hands[0], hands[1], hands[2 % n], hands[3 % n])
                store(table, tags, cursors, base, s_tag[d], s_meta[d], s_lengths[d], hs, n,
                      s_patterns, d, everything, w, s_target[d], result, s_bestmove[d])
            returning = True
            continue
        bit = 1 << card
        suit = _SUIT_OF[card]
        s_tried[d] |= bit
        hands[turn] ^= bit
        led = s_led[d]
        e = d + 1
        s_broken[e] = s_broken[d] or suit == _SPADES
        if led < 0:
            next_led = suit
            wc = card
            wp = turn
            s_lead[e] = card
        else:
            s_lead[e] = s_lead[d]
            next_led = led
            wc = s_wc[d]
            wp = s_wp[d]
            if (suit == led or suit == _SPADES) and card > wc:
                wc = card
                wp = turn
        s_trickw[d] = 0
        if s_count[d] + 1 == n:
            trick = s_table[d] | bit
            if popcount(trick & _SUIT_MASK[_SUIT_OF[wc]]) >= 2:
                s_trickw[d] = 1 << wc  # won by rank over its own suit
            s_turn[e] = wp
            s_led[e] = -1
            s_wc[e] = -1
            s_wp[e] = -1
            s_count[e] = 0
            s_table[e] = 0
            s_target[e] = s_target[d] >> 1 if of_seat(mx, wp) else s_target[d]
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


@compiled
def best_worth(hands: Any, n: int, maximise: Any, table: Any, tags: Any, cursors: Any,
               turn: int, led: int, win_card: int, win_pos: int, count: int,
               on_table: int, broken: bool, worth: Any, guess: float,
               limit: int) -> float:
    """The best of ``worth`` whose set of counts the maximising side can force.

    ``worth[u]`` is what the hand is worth if the side takes u more tricks (counted
    from the start of the trick in progress). A binary search over the distinct
    worths, its first probes next to ``guess`` (the value of the card before: cards of
    one hand are often worth the same; NaN for none). Returns NaN when a probe reached
    ``limit`` nodes.
    """
    m = worth.shape[0]
    ends = np.empty(m, dtype=np.float64)
    k = 0  # the distinct worths, ascending
    for u in range(m):
        v = worth[u]
        j = 0
        while j < k and ends[j] < v:
            j += 1
        if j < k and ends[j] == v:
            continue
        for t in range(k, j, -1):
            ends[t] = ends[t - 1]
        ends[j] = v
        k += 1
    near = -1
    if not np.isnan(guess):
        near = 0
        while near < k and ends[near] < guess:
            near += 1
    lo = 0
    hi = k - 1
    while lo < hi:
        if lo < near <= hi:
            mid = near
        elif lo == near and near + 1 <= hi:
            mid = near + 1
        else:
            mid = (lo + hi + 1) // 2
        target = 0
        for u in range(m):
            if worth[u] >= ends[mid]:
                target |= 1 << u
        found = reach(hands, n, maximise, table, tags, cursors, turn, led, win_card,
                      win_pos, count, on_table, broken, target, limit)
        if found == ABORTED:
            return np.nan
        if found:
            lo = mid
        else:
            hi = mid - 1
    return float(ends[lo])


@compiled
def value_cards(hands: Any, n: int, maximise: Any, table: Any, tags: Any, cursors: Any,
                turn: int, led: int, win_card: int, win_pos: int, count: int,
                on_table: int, broken: bool, cards: Any, worth: Any, limit: int,
                out: Any) -> int:
    """The value of each of ``cards`` (legal cards of the seat to move, ``turn``, in
    ascending order) for the maximising side, written to ``out``: the
    :func:`best_worth` of the position after it, each search starting next to the
    value of the card before. Equivalent cards (no card of another hand or of the
    trick between them) share a value. The loop runs here rather than in Python so
    that a position's questions cost the search alone.

    Returns 0, or :data:`ABORTED` when a probe reached ``limit`` nodes (``hands`` then
    restored, ``out`` incomplete).
    """
    others = on_table
    for q in range(n):
        if q != turn:
            others |= hands[q]
    left = worth.shape[0] - 1
    guess = np.nan
    previous = -1
    for i in range(cards.shape[0]):
        card = cards[i]
        suit = _SUIT_OF[card]
        if previous >= 0 and _SUIT_OF[previous] == suit and (
                others & ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)) == 0:
            out[i] = out[i - 1]
            previous = card
            continue
        previous = card
        bit = 1 << card
        next_led = led
        wc = win_card
        wp = win_pos
        if led < 0:
            next_led = suit
            wc = card
            wp = turn
        elif (suit == led or suit == _SPADES) and card > wc:
            wc = card
            wp = turn
        next_broken = broken or suit == _SPADES
        hands[turn] ^= bit
        if count + 1 == n:  # the trick is complete: its winner leads the next
            shift = 1 if maximise[wp] else 0
            value = best_worth(hands, n, maximise, table, tags, cursors, wp, -1, -1, -1,
                               0, 0, next_broken, worth[shift:shift + left], guess, limit)
        else:
            value = best_worth(hands, n, maximise, table, tags, cursors, (turn + 1) % n,
                               next_led, wc, wp, count + 1, on_table | bit, next_broken,
                               worth, guess, limit)
        hands[turn] ^= bit
        if np.isnan(value):
            return ABORTED
        guess = value
        out[i] = value
    return 0
