"""The search kernel: alpha-beta over the cards, compiled by numba when it is installed.

Written in the subset of Python that numba compiles (ints, floats, numpy arrays), so
the very same functions run uncompiled when numba is missing: slower, equally exact,
and tested both ways. Everything here trusts its caller (:mod:`spades.solver.solve`):
hands are int64 bitmasks in turn order, values a table over the tricks per seat.

What keeps the tree small, as in the strongest double-dummy solvers:

- *equivalent cards merged*: cards of one suit with no card of another hand (or of the
  trick on the table) between them win and lose the same tricks, so only one is tried;
- a *transposition table* at the start of every trick, keyed on the hands' *relative*
  ranks (the 7 and 5 of a suit whose 6 has gone are the same as a 6 and a 5), the
  leader, spades broken and the tricks taken so far; it keeps a lower and an upper
  bound of the value, so that zero-window probes reuse each other's work;
- *move ordering*: the best card stored in the table, then the last card that cut the
  search off at the same depth, then on the lead trumps and high cards first, second
  hand low, cheap winners first when the trick can be won, low cards when the partner
  already holds it;
- *bounds* on what the endings still reachable are worth (:func:`bounds`) and *quick
  tricks* (:func:`quick_tricks`) cut positions whose value is already outside the
  window;
- *zero-window searches* at the root (see :mod:`spades.solver.solve`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import numpy as np

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF

F = TypeVar("F", bound=Callable[..., Any])


def drop_stale_machine_code(folder: Path, *calls: Path) -> bool:
    """Delete numba's cached machine code in ``folder``'s ``__pycache__`` when any of
    its Python sources, or of the folders ``calls`` whose kernels its kernels call,
    changed since the code was cached; True if it did.

    numba keys a function's cached code to that function's own file only, so after a
    change to a kernel function that a function of another file calls (an upgrade, an
    edit), the caller's cached code would still run the old callee. A digest of every
    source of the folders, kept beside the cache, tells when to start afresh. A folder
    that cannot be written (a read-only install) is left as it is.
    """
    digest = hashlib.sha256()
    for source in sorted(folder.glob("*.py")) + [s for f in calls for s in sorted(f.glob("*.py"))]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    cache = folder / "__pycache__"
    stamp = cache / "kernel-sources.sha256"
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        for stale in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            stale.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:
        return False
    return True


try:  # pragma: no cover - which branch runs depends on the machine
    import numba

    def compiled(func: F) -> F:
        """Compile ``func`` with numba, caching the machine code on disk."""
        return cast(F, numba.njit(cache=True)(func))

    def inlined(func: F) -> F:
        """Compile ``func`` with numba, inlined where the kernel calls it: a call that
        passes arrays costs a reference count taken and given back per array, which in
        the per-node helpers of a search would cost more than their work."""
        return cast(F, numba.njit(cache=True, inline="always")(func))

    COMPILED: Final = True
    drop_stale_machine_code(Path(__file__).parent)
except ImportError:  # pragma: no cover
    def compiled(func: F) -> F:
        """Without numba the kernel runs as plain Python."""
        return func

    inlined = compiled

    COMPILED: Final = False  # type: ignore[misc]

INFINITY: Final = 1e18
"""Larger than any value a hand can have: the open window."""

TT_BITS: Final = 19
TT_SIZE: Final = 1 << TT_BITS
TT_WORDS: Final = 7
"""A table entry: four relative hands, the rest of the key (leader, spades broken,
tricks taken), the stamp of the search that wrote it and the best card found there
(tried first when the position comes back)."""

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_NON_SPADE = NON_SPADE_MASK
_SPADES = SPADES
_PRIME = 1_000_000_007


@compiled
def bit_index_high(mask: int) -> int:
    """The index of the highest bit set in ``mask`` (not 0): of a single bit, its own."""
    i = 0
    if mask >= 1 << 32:
        mask >>= 32
        i += 32
    if mask >= 1 << 16:
        mask >>= 16
        i += 16
    if mask >= 1 << 8:
        mask >>= 8
        i += 8
    if mask >= 1 << 4:
        mask >>= 4
        i += 4
    if mask >= 1 << 2:
        mask >>= 2
        i += 2
    if mask >= 1 << 1:
        i += 1
    return i


@compiled
def lowest_index(mask: int) -> int:
    """The index of the lowest bit set in ``mask`` (not 0)."""
    return bit_index_high(mask & -mask)


@compiled
def of_seat(values: Any, seat: int) -> Any:
    """``values[seat]`` for a tuple of four (one per seat) and a seat known only at
    run time. Indexed so, a tuple compiles to a jump table with a check of the index;
    this compiles to conditional moves, which the per-node helpers can afford (LLVM
    inlines it where it is called)."""
    if seat == 0:
        return values[0]
    if seat == 1:
        return values[1]
    if seat == 2:
        return values[2]
    return values[3]


@compiled
def popcount(mask: int) -> int:
    """The number of bits set in ``mask`` (a card mask: fewer than 63 bits)."""
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


if COMPILED and not getattr(numba.config, "DISABLE_JIT", False):  # pragma: no cover
    # The processor's own instructions for the bit scans and the count: the kernels
    # call these at every node, and the portable versions above take a dozen steps
    # each. Python itself (and numba with compilation turned off) keeps those.
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba import types
    from numba.extending import intrinsic

    def _llvm_bits(name: str, x: Any) -> Any:
        """The signature and code of one LLVM bit intrinsic applied to an integer."""
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            value = context.cast(builder, args[0], signature.args[0], types.int64)
            if name == "ctpop":
                return builder.ctpop(value)
            return getattr(builder, name)(value, ir.Constant(ir.IntType(1), 0))
        return types.int64(x), codegen

    @intrinsic
    def _ctlz(typingctx: Any, x: Any) -> Any:
        return _llvm_bits("ctlz", x)

    @intrinsic
    def _cttz(typingctx: Any, x: Any) -> Any:
        return _llvm_bits("cttz", x)

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        return _llvm_bits("ctpop", x)

    # As the compiled functions below call them: one integer in, one out.
    _high_zeros = cast(Callable[[int], int], _ctlz)
    _low_zeros = cast(Callable[[int], int], _cttz)
    _ones = cast(Callable[[int], int], _ctpop)

    @compiled
    def bit_index_high(mask: int) -> int:
        """The index of the highest bit set in ``mask`` (not 0): of a single bit, its own."""
        return 63 - _high_zeros(mask)

    @compiled
    def lowest_index(mask: int) -> int:
        """The index of the lowest bit set in ``mask`` (not 0)."""
        return _low_zeros(mask)

    @compiled
    def popcount(mask: int) -> int:
        """The number of bits set in ``mask``."""
        return _ones(mask)


@compiled
def relative_ranks(hands: Any, n: int) -> tuple[int, int, int, int]:
    """Each hand's cards as relative ranks: suit s from bit 16 s, the lowest card left of
    the suit first (after the 6♥ has gone, a 7♥ and 5♥ are as good as a 6♥ and 5♥)."""
    r0 = 0
    r1 = 0
    r2 = 0
    r3 = 0
    rest = hands[0] | hands[1]
    if n == 4:
        rest |= hands[2] | hands[3]
    k0 = 0
    k1 = 16
    k2 = 32
    k3 = 48
    while rest:
        bit = rest & -rest
        rest ^= bit
        suit = _SUIT_OF[bit_index_high(bit)]
        if suit == 0:
            k = k0
            k0 += 1
        elif suit == 1:
            k = k1
            k1 += 1
        elif suit == 2:
            k = k2
            k2 += 1
        else:
            k = k3
            k3 += 1
        if hands[0] & bit:
            r0 |= 1 << k
        elif hands[1] & bit:
            r1 |= 1 << k
        elif hands[2 % n] & bit:
            r2 |= 1 << k
        else:
            r3 |= 1 << k
    return r0, r1, r2, r3


@compiled
def slot_of(meta: int, r0: int, r1: int, r2: int, r3: int, size: int) -> int:
    """The table slot of a key (``size`` a power of two)."""
    h = meta % _PRIME
    h = (h * 1_000_003 + r0 % _PRIME) % _PRIME
    h = (h * 1_000_003 + r1 % _PRIME) % _PRIME
    h = (h * 1_000_003 + r2 % _PRIME) % _PRIME
    h = (h * 1_000_003 + r3 % _PRIME) % _PRIME
    return h & (size - 1)


@compiled
def legal_cards(hand: int, led: int, broken: bool) -> int:
    """The cards of ``hand`` that may be played: follow the suit led; on the lead, no
    spade before spades are broken unless the hand holds nothing else."""
    if led >= 0:
        legal = hand & _SUIT_MASK[led]
    elif broken:
        return hand
    else:
        legal = hand & _NON_SPADE
    return legal if legal else hand


@compiled
def move_to_front(moves: Any, d: int, size: int, card: int) -> None:
    """Try ``card`` first at ply ``d`` if it is among the moves listed there."""
    for j in range(1, size):
        if moves[d, j] == card:
            for i in range(j, 0, -1):
                moves[d, i] = moves[d, i - 1]
            moves[d, 0] = card
            return


@compiled
def new_table() -> tuple[Any, Any, Any]:
    """An empty transposition table: keys, lower bounds, upper bounds."""
    keys = np.zeros((TT_SIZE, TT_WORDS), dtype=np.int64)
    lower = np.zeros(TT_SIZE, dtype=np.float64)
    upper = np.zeros(TT_SIZE, dtype=np.float64)
    return keys, lower, upper


@compiled
def bounds(values: Any, gain: Any, n: int, final: int, start: int,
           stop: int) -> tuple[Any, Any]:
    """The best and worst value still reachable from each table index.

    Indices grow with every trick taken, so one pass from the top fills them: an
    ending's bounds are its value, any other index's the extremes of its successors.
    Their use: a position whose every possible ending lies outside the search window
    is cut at once. Only indices from ``start`` (the tricks taken now) to ``stop``
    (the highest ending) can be reached.
    """
    size = values.shape[0]
    best = np.empty(size, dtype=np.float64)
    worst = np.empty(size, dtype=np.float64)
    radix = 14
    for t in range(stop, start - 1, -1):
        total = 0
        rest = t
        for _ in range(n):
            total += rest % radix
            rest //= radix
        if total >= final:
            best[t] = values[t]
            worst[t] = values[t]
            continue
        hi = -INFINITY
        lo = INFINITY
        for q in range(n):
            nxt = t + gain[q]
            if nxt > stop:
                continue
            if best[nxt] > hi:
                hi = best[nxt]
            if worst[nxt] < lo:
                lo = worst[nxt]
        best[t] = hi
        worst[t] = lo
    return best, worst


@compiled
def quick_tricks(hands: Any, n: int, turn: int, broken: bool) -> int:
    """Tricks the side of ``turn``, on lead, can take at once whatever the others do.

    The leader cashes its top spades (when it may lead them); once the opponents have
    no spade left, its top cards of the other suits win too. A lower bound, as in
    every double-dummy solver: counting more would need the partner's entries.
    """
    hand = hands[turn]
    rest = 0
    for q in range(n):
        rest |= hands[q]
    spades = _SUIT_MASK[_SPADES]
    count = 0
    if broken or hand & _NON_SPADE == 0:
        left = rest & spades
        while left:
            top = 1 << bit_index_high(left)
            if hand & top == 0:
                break
            count += 1
            left ^= top
    most = 0
    for j in range(1, n, 2 if n == 4 else 1):
        q = (turn + j) % n
        m = hands[q] & spades
        c = 0
        while m:
            m &= m - 1
            c += 1
        if c > most:
            most = c
    if most > count:
        return count
    for suit in range(3):
        left = rest & _SUIT_MASK[suit]
        while left:
            top = 1 << bit_index_high(left)
            if hand & top == 0:
                break
            count += 1
            left ^= top
    return count


@compiled
def search(hands: Any, n: int, maximise: Any, values: Any, best_end: Any, worst_end: Any,
           gain: Any, keys: Any, lower: Any, upper: Any, stamp: int, turn: int, led: int,
           win_card: int, win_pos: int, count: int, table: int, broken: bool,
           tindex: int, alpha: float, beta: float, pooled: bool, limit: int) -> float:
    """Value of the position for the maximising side, fail-soft within ``alpha … beta``.

    ``count`` cards of the current trick are on the table (``table`` their mask), the
    suit ``led`` (-1 before the lead) and ``win_card`` played by ``win_pos`` winning it;
    ``tindex`` is the value-table index of the tricks taken so far, ``gain`` what a
    trick won by each seat adds to it, ``best_end``/``worst_end`` the bounds of
    :func:`bounds`. ``pooled`` says there are two sides, each scored on its total of
    tricks, so that :func:`quick_tricks` bounds the value. ``hands`` is changed during
    the search and restored before it returns.

    ``limit`` (if not 0) is the most nodes to search: past it the search returns NaN.

    The recursion is unrolled onto explicit per-ply arrays: a compiled function that
    calls itself pays for its arguments at every node, and numba cannot cache it.
    """
    plies = 60
    s_turn = np.empty(plies, dtype=np.int64)
    s_led = np.empty(plies, dtype=np.int64)
    s_wc = np.empty(plies, dtype=np.int64)
    s_wp = np.empty(plies, dtype=np.int64)
    s_count = np.empty(plies, dtype=np.int64)
    s_table = np.empty(plies, dtype=np.int64)
    s_broken = np.empty(plies, dtype=np.bool_)
    s_tindex = np.empty(plies, dtype=np.int64)
    s_alpha = np.empty(plies, dtype=np.float64)
    s_beta = np.empty(plies, dtype=np.float64)
    s_alpha0 = np.empty(plies, dtype=np.float64)
    s_beta0 = np.empty(plies, dtype=np.float64)
    s_best = np.empty(plies, dtype=np.float64)
    s_slot = np.empty(plies, dtype=np.int64)
    s_key = np.empty((plies, 5), dtype=np.int64)
    s_size = np.empty(plies, dtype=np.int64)
    s_next = np.empty(plies, dtype=np.int64)
    s_moves = np.empty((plies, 16), dtype=np.int64)
    s_bestmove = np.empty(plies, dtype=np.int64)
    killer = np.full(plies, -1, dtype=np.int64)
    order = np.empty(16, dtype=np.int64)

    d = 0
    s_turn[0] = turn
    s_led[0] = led
    s_wc[0] = win_card
    s_wp[0] = win_pos
    s_count[0] = count
    s_table[0] = table
    s_broken[0] = broken
    s_tindex[0] = tindex
    s_alpha[0] = alpha
    s_beta[0] = beta
    entering = True
    value = 0.0
    nodes = 0
    while True:
        settled = False
        if entering:
            nodes += 1
            if limit and nodes > limit:
                for i in range(d):
                    hands[s_turn[i]] ^= 1 << s_moves[i, s_next[i] - 1]
                return np.nan
            # -- a new node at ply d: settle it at once, or list its moves --------------
            turn = s_turn[d]
            led = s_led[d]
            count = s_count[d]
            tindex = s_tindex[d]
            alpha = s_alpha[d]
            beta = s_beta[d]
            broken = s_broken[d]
            s_slot[d] = -1
            hint = -1
            if count == 0:
                if hands[turn] == 0:
                    value = values[tindex]
                    settled = True
                elif best_end[tindex] <= alpha:
                    value = best_end[tindex]
                    settled = True
                elif worst_end[tindex] >= beta:
                    value = worst_end[tindex]
                    settled = True
                else:
                    r0, r1, r2, r3 = relative_ranks(hands, n)
                    meta = 1 + turn + 4 * (1 if broken else 0) + 8 * tindex
                    slot = slot_of(meta, r0, r1, r2, r3, TT_SIZE)
                    s_slot[d] = slot
                    s_key[d, 0] = r0
                    s_key[d, 1] = r1
                    s_key[d, 2] = r2
                    s_key[d, 3] = r3
                    s_key[d, 4] = meta
                    if (keys[slot, 5] == stamp and keys[slot, 4] == meta
                            and keys[slot, 0] == r0 and keys[slot, 1] == r1
                            and keys[slot, 2] == r2 and keys[slot, 3] == r3):
                        lo = lower[slot]
                        hi = upper[slot]
                        if lo >= beta:
                            value = lo
                            settled = True
                        elif hi <= alpha or lo == hi:
                            value = hi
                            settled = True
                        else:
                            hint = keys[slot, 6]
                            if lo > alpha:
                                alpha = lo
                            if hi < beta:
                                beta = hi
                    if not settled and pooled:
                        sure = quick_tricks(hands, n, turn, broken)
                        if sure > 0:
                            left = 0
                            m = hands[turn]
                            while m:
                                m &= m - 1
                                left += 1
                            ours = gain[turn]
                            theirs = gain[(turn + 1) % n]
                            mine = maximise[turn]
                            bound = INFINITY if mine else -INFINITY
                            for j in range(sure, left + 1):
                                v = values[tindex + j * ours + (left - j) * theirs]
                                if (mine and v < bound) or (not mine and v > bound):
                                    bound = v
                            if (mine and bound >= beta) or (not mine and bound <= alpha):
                                value = bound
                                settled = True
            entering = False
            if not settled:
                s_alpha[d] = alpha
                s_beta[d] = beta
                s_alpha0[d] = alpha
                s_beta0[d] = beta
                mine = maximise[turn]
                s_best[d] = -INFINITY if mine else INFINITY
                legal = legal_cards(hands[turn], led, broken)
                others = s_table[d]
                for q in range(n):
                    if q != turn:
                        others |= hands[q]
                win_card = s_wc[d]
                win_pos = s_wp[d]
                ours_winning = win_pos >= 0 and maximise[win_pos] == mine
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
                    if led < 0:
                        # Trumps first, high cards first: measured to cut most.
                        priority = rank if suit == _SPADES else rank - 13
                    elif ours_winning:
                        priority = -rank
                    elif s_count[d] == 1 and n == 4 and suit == led:
                        priority = -rank  # second hand low
                    elif (suit == led or suit == _SPADES) and card > win_card:
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
            # ``value`` settles ply d: hand it to the parent.
            if d == 0:
                return float(value)
            d -= 1
            turn = s_turn[d]
            hands[turn] ^= 1 << s_moves[d, s_next[d] - 1]
            if maximise[turn]:
                if value > s_best[d]:
                    s_best[d] = value
                    s_bestmove[d] = s_moves[d, s_next[d] - 1]
                    if value > s_alpha[d]:
                        s_alpha[d] = value
            elif value < s_best[d]:
                s_best[d] = value
                s_bestmove[d] = s_moves[d, s_next[d] - 1]
                if value < s_beta[d]:
                    s_beta[d] = value
        while True:
            # -- ply d: try its next move, or finish it and return to the parent -------
            if s_alpha[d] >= s_beta[d] and s_next[d] > 0:
                killer[d] = s_moves[d, s_next[d] - 1]
            elif s_next[d] < s_size[d]:
                turn = s_turn[d]
                card = s_moves[d, s_next[d]]
                s_next[d] += 1
                bit = 1 << card
                suit = _SUIT_OF[card]
                hands[turn] ^= bit
                led = s_led[d]
                e = d + 1
                s_broken[e] = s_broken[d] or suit == _SPADES
                s_alpha[e] = s_alpha[d]
                s_beta[e] = s_beta[d]
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
                    s_tindex[e] = s_tindex[d] + gain[wp]
                else:
                    s_turn[e] = (turn + 1) % n
                    s_led[e] = next_led
                    s_wc[e] = wc
                    s_wp[e] = wp
                    s_count[e] = s_count[d] + 1
                    s_table[e] = s_table[d] | bit
                    s_tindex[e] = s_tindex[d]
                d = e
                entering = True
                break
            best = s_best[d]
            slot = s_slot[d]
            if slot >= 0:
                meta = s_key[d, 4]
                if not (keys[slot, 5] == stamp and keys[slot, 4] == meta
                        and keys[slot, 0] == s_key[d, 0] and keys[slot, 1] == s_key[d, 1]
                        and keys[slot, 2] == s_key[d, 2] and keys[slot, 3] == s_key[d, 3]):
                    for w in range(5):
                        keys[slot, w] = s_key[d, w]
                    keys[slot, 5] = stamp
                    lower[slot] = -INFINITY
                    upper[slot] = INFINITY
                if best <= s_alpha0[d]:
                    if best < upper[slot]:
                        upper[slot] = best
                elif best >= s_beta0[d]:
                    if best > lower[slot]:
                        lower[slot] = best
                else:
                    lower[slot] = best
                    upper[slot] = best
                keys[slot, 6] = s_bestmove[d]
            if d == 0:
                return float(best)
            d -= 1
            turn = s_turn[d]
            hands[turn] ^= 1 << s_moves[d, s_next[d] - 1]
            if maximise[turn]:
                if best > s_best[d]:
                    s_best[d] = best
                    s_bestmove[d] = s_moves[d, s_next[d] - 1]
                    if best > s_alpha[d]:
                        s_alpha[d] = best
            elif best < s_best[d]:
                s_best[d] = best
                s_bestmove[d] = s_moves[d, s_next[d] - 1]
                if best < s_beta[d]:
                    s_beta[d] = best
