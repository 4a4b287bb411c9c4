"""The solver's machine code made ready before anyone waits on a decision.

numba compiles a kernel at its first call, not at import: on a fresh install that
first call compiles every kernel (about 12 s on a 2-core machine, more when several
processes compile at once), and on later runs it loads the cached machine code (about
a second). A search player that meets that first call in the middle of a decision
counts those seconds against its safety cap: on a fresh install the expert's first
solved decision was cut short after one of its 480 deals, and decided differently
from the same decision on a warm machine. :func:`warm_up` makes the first call on
small positions of each kind the solver distinguishes (two sides scored on their
totals, a Nil bid and cutthroat, which take the value kernel), through every entry
point, so that a level calls it when it is created and its clock never sees a compile.
"""

from __future__ import annotations

import time

from spades.cards import mask_of, parse_cards
from spades.rules import rules_from
from spades.solver.position import Position
from spades.solver.solve import position_value, solve_cards, trick_count

_warmed = False


def _positions() -> list[Position]:
    """Small positions that between them call every kernel with every argument type
    a real question passes: no Nil (the two-side kernel), a Nil bid and cutthroat (the
    value kernel), each with a trick in progress as well as on lead."""
    classic = rules_from("classic")
    cutthroat = rules_from("cutthroat")
    hands = {s: mask_of(parse_cards(h)) for s, h in
             {"N": "AS 2H", "E": "KH 3C", "S": "QH 4C", "W": "JH 5C"}.items()}
    two_h = next(iter(parse_cards("2H")))
    led = {**hands, "N": hands["N"] & ~(1 << two_h)}  # North has led the 2♥
    two = {"N": 3, "E": 4, "S": 2, "W": 3}
    nil = {"N": 3, "E": 0, "S": 2, "W": 5}
    out = []
    for rules, bids in ((classic, two), (classic, nil), (cutthroat, two)):
        out.append(Position(rules, hands, leader="N", bids=bids, broken=True))
        out.append(Position(rules, led, leader="N", bids=bids, broken=True,
                            trick=(("N", two_h),)))
    return out


def warm_up() -> float:
    """Compile, or load from numba's cache, every kernel of the solver, once per
    process; the seconds it took (0.0 once done)."""
    global _warmed
    if _warmed:
        return 0.0
    start = time.perf_counter()
    for position in _positions():
        seat = position.to_move
        solve_cards(position, seat)
        position_value(position, seat)
        if len(position.rules.sides) == 2:
            trick_count(position, seat)
    _warmed = True
    return time.perf_counter() - start


__all__ = ["warm_up"]
