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
- *move ordering*: cheap winners first when the trick can be won, low cards when the
  partner already holds it, high cards when leading;
- *zero-window searches* at the root (see :func:`spades.solver.solve`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numpy as np

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF

F = TypeVar("F", bound=Callable[..., Any])

try:  # pragma: no cover - which branch runs depends on the machine
    import numba

    def compiled(func: F) -> F:
        """Compile ``func`` with numba, caching the machine code on disk."""
        return cast(F, numba.njit(cache=True)(func))

    def compiled_uncached(func: F) -> F:
        """Compile ``func`` with numba in each process: numba cannot yet reload a
        self-recursive function from its disk cache (the reloaded code crashes)."""
        return cast(F, numba.njit(cache=False)(func))

    COMPILED: Final = True
except ImportError:  # pragma: no cover
    def compiled(func: F) -> F:
        """Without numba the kernel runs as plain Python."""
        return func

    compiled_uncached = compiled

    COMPILED: Final = False  # type: ignore[misc]

INFINITY: Final = 1e18
"""Larger than any value a hand can have: the open window."""

TT_BITS: Final = 19
TT_SIZE: Final = 1 << TT_BITS
TT_WORDS: Final = 6
"""A table entry: four relative hands, the rest of the key (leader, spades broken,
tricks taken) and the stamp of the search that wrote it."""

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_NON_SPADE = NON_SPADE_MASK
_SPADES = SPADES
_PRIME = 1_000_000_007


@compiled
def bit_index(bit: int) -> int:
    """The index of the one bit set in ``bit``."""
    i = 0
    if bit >= 1 << 32:
        bit >>= 32
        i += 32
    if bit >= 1 << 16:
        bit >>= 16
        i += 16
    if bit >= 1 << 8:
        bit >>= 8
        i += 8
    if bit >= 1 << 4:
        bit >>= 4
        i += 4
    if bit >= 1 << 2:
        bit >>= 2
        i += 2
    if bit >= 1 << 1:
        i += 1
    return i


@compiled
def new_table() -> tuple[Any, Any, Any]:
    """An empty transposition table: keys, lower bounds, upper bounds."""
    keys = np.zeros((TT_SIZE, TT_WORDS), dtype=np.int64)
    lower = np.zeros(TT_SIZE, dtype=np.float64)
    upper = np.zeros(TT_SIZE, dtype=np.float64)
    return keys, lower, upper


@compiled
def _relative(hands: Any, n: int, rel: Any) -> None:
    """Fill ``rel`` with each hand's cards as ranks relative to the cards left.

    Suit ``s`` takes bits ``16 s`` upwards, its lowest remaining card at bit ``16 s``.
    """
    rest = 0
    for q in range(n):
        rel[q] = 0
        rest |= hands[q]
    k0 = 0
    k1 = 0
    k2 = 0
    k3 = 0
    while rest:
        bit = rest & -rest
        rest ^= bit
        suit = _SUIT_OF[bit_index(bit)]
        if suit == 0:
            k = k0
            k0 += 1
        elif suit == 1:
            k = 16 + k1
            k1 += 1
        elif suit == 2:
            k = 32 + k2
            k2 += 1
        else:
            k = 48 + k3
            k3 += 1
        for q in range(n):
            if hands[q] & bit:
                rel[q] |= 1 << k
                break


@compiled
def _holds(keys: Any, slot: int, stamp: int, meta: int, r0: int, r1: int, r2: int,
           r3: int) -> bool:
    """Whether table entry ``slot`` is this search's entry for the given key."""
    return bool(keys[slot, 5] == stamp and keys[slot, 4] == meta and keys[slot, 0] == r0
                and keys[slot, 1] == r1 and keys[slot, 2] == r2 and keys[slot, 3] == r3)


@compiled_uncached
def search(hands: Any, n: int, maximise: Any, values: Any, pow14: Any, keys: Any,
           lower: Any, upper: Any, scratch: Any, stamp: int, turn: int, led: int,
           win_card: int, win_pos: int, count: int, table: int, broken: bool,
           tindex: int, alpha: float, beta: float) -> float:
    """Value of the position for the maximising side, fail-soft within ``alpha … beta``.

    ``count`` cards of the current trick are on the table (``table`` their mask), the
    suit ``led`` (-1 before the lead) and ``win_card`` played by ``win_pos`` winning it;
    ``tindex`` is the value-table index of the tricks taken so far. ``hands`` is changed
    during the search and restored before it returns.
    """
    slot = -1
    alpha0 = alpha
    beta0 = beta
    meta = 1 + turn + 4 * (1 if broken else 0) + 8 * tindex
    r0 = 0
    r1 = 0
    r2 = 0
    r3 = 0
    if count == 0:
        if hands[turn] == 0:
            return float(values[tindex])
        _relative(hands, n, scratch)
        r0 = scratch[0]
        r1 = scratch[1]
        if n == 4:
            r2 = scratch[2]
            r3 = scratch[3]
        h = meta % _PRIME
        h = (h * 1_000_003 + r0 % _PRIME) % _PRIME
        h = (h * 1_000_003 + r1 % _PRIME) % _PRIME
        h = (h * 1_000_003 + r2 % _PRIME) % _PRIME
        h = (h * 1_000_003 + r3 % _PRIME) % _PRIME
        slot = h & (TT_SIZE - 1)
        if _holds(keys, slot, stamp, meta, r0, r1, r2, r3):
            lo = lower[slot]
            hi = upper[slot]
            if lo >= beta:
                return float(lo)
            if hi <= alpha or lo == hi:
                return float(hi)
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            alpha0 = alpha
            beta0 = beta

    hand = hands[turn]
    if led < 0:
        legal = hand if broken else (hand & _NON_SPADE)
        if legal == 0:
            legal = hand
    else:
        legal = hand & _SUIT_MASK[led]
        if legal == 0:
            legal = hand
    others = table
    for q in range(n):
        if q != turn:
            others |= hands[q]

    # One card per group of equivalent cards, each with an ordering priority.
    moves = np.empty(16, dtype=np.int64)
    order = np.empty(16, dtype=np.int64)
    size = 0
    previous = -1
    mine = maximise[turn]
    ours_winning = win_pos >= 0 and maximise[win_pos] == mine
    while legal:
        bit = legal & -legal
        legal ^= bit
        card = bit_index(bit)
        suit = _SUIT_OF[card]
        if previous >= 0 and _SUIT_OF[previous] == suit:
            between = (bit - 1) & ~((1 << (previous + 1)) - 1)
            if others & between == 0:
                previous = card
                continue
        previous = card
        rank = card - 13 * suit if card < 52 else card - 39
        if led < 0:
            priority = rank
        elif ours_winning:
            priority = -rank
        elif (suit == led or suit == _SPADES) and card > win_card:
            priority = 100 - rank - (20 if suit != led else 0)
        else:
            priority = -rank
        j = size
        while j > 0 and order[j - 1] < priority:
            moves[j] = moves[j - 1]
            order[j] = order[j - 1]
            j -= 1
        moves[j] = card
        order[j] = priority
        size += 1

    best = -INFINITY if mine else INFINITY
    for i in range(size):
        card = moves[i]
        bit = 1 << card
        suit = _SUIT_OF[card]
        hands[turn] ^= bit
        now_broken = broken or suit == _SPADES
        if led < 0:
            next_led = suit
            wc = card
            wp = turn
        else:
            next_led = led
            wc = win_card
            wp = win_pos
            if (suit == led or suit == _SPADES) and card > wc:
                wc = card
                wp = turn
        if count + 1 == n:
            v = search(hands, n, maximise, values, pow14, keys, lower, upper, scratch,
                       stamp, wp, -1, -1, -1, 0, 0, now_broken, tindex + pow14[wp],
                       alpha, beta)
        else:
            v = search(hands, n, maximise, values, pow14, keys, lower, upper, scratch,
                       stamp, (turn + 1) % n, next_led, wc, wp, count + 1, table | bit,
                       now_broken, tindex, alpha, beta)
        hands[turn] ^= bit
        if mine:
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                if v < beta:
                    beta = v
        if alpha >= beta:
            break

    if slot >= 0:
        # Deeper searches may have taken the slot; the entry is ours again from here.
        if not _holds(keys, slot, stamp, meta, r0, r1, r2, r3):
            keys[slot, 0] = r0
            keys[slot, 1] = r1
            keys[slot, 2] = r2
            keys[slot, 3] = r3
            keys[slot, 4] = meta
            keys[slot, 5] = stamp
            lower[slot] = -INFINITY
            upper[slot] = INFINITY
        if best <= alpha0:
            if best < upper[slot]:
                upper[slot] = best
        elif best >= beta0:
            if best > lower[slot]:
                lower[slot] = best
        else:
            lower[slot] = best
            upper[slot] = best
    return best
