"""An exact solver for the play of a hand whose every card is known.

It answers what a perfect player would: the value of each legal card (or of a whole
position, or of each bid before the play) for one side when every seat then plays
perfectly for its own side. The value is the *score as the game counts it* through
:mod:`spades.scoring` — contract made or set, Nil and Blind Nil made or broken, Nil
tricks that count or become bags, bags at their long-run cost, and a hand that ends the
game worth more than its points — less the other sides' (a margin). Partnerships and
two players are two sides and the search is exact minimax; in cutthroat the three other
seats are taken to play together against the seat asked about (the *paranoid*
reduction: a lower bound on what the seat can secure).

>>> from spades.cards import mask_of, parse_cards, card_name
>>> from spades.rules import rules_from
>>> hands = {"N": mask_of(parse_cards("AH KH 2C")), "S": mask_of(parse_cards("QH 3C 4C"))}
>>> p = Position(rules_from("two-player"), hands, leader="N", bids={"N": 2, "S": 1})
>>> {card_name(c): v for c, v in solve_cards(p).items()}
{'2C': -21.0, 'KH': 10.0, 'AH': 10.0}

The search is compiled by numba when it is installed (it is a dependency); the first
call of a fresh install compiles it once (a few seconds) and caches the machine code;
:func:`warm_up` makes that call on small positions, so that a caller who times or caps
its own questions does it first.
See ``docs/solver.md`` for the algorithm and its figures.
"""

from spades.solver.position import Position, PositionError
from spades.solver.search import COMPILED
from spades.solver.solve import (
    SearchLimit,
    best_cards,
    bid_values,
    position_value,
    solve_cards,
    trick_count,
)
from spades.solver.valuation import WIN_VALUE, HandContext, outcome_value
from spades.solver.warm import warm_up

__all__ = [
    "COMPILED",
    "WIN_VALUE",
    "HandContext",
    "Position",
    "PositionError",
    "SearchLimit",
    "best_cards",
    "bid_values",
    "outcome_value",
    "position_value",
    "solve_cards",
    "trick_count",
    "warm_up",
]
