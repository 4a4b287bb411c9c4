"""Hints: the action a player would take for the seat to act, with its reason.

A hint is built from the seat's view only (it never peeks at other hands), so showing
it to a human player leaks nothing the seat does not already know.

A hint is for a human by default, and a human may take every action the rules allow:
R11 bars only the *computer* players of a table like ``classic`` from bidding Nil, so
the hint for a human still weighs Nil (and Blind Nil where the rules offer it) and
says "bid Nil" for a hand made for it. Asked for a computer seat (``human=False``),
the hint is exactly that computer player's decision, R11 included.
"""

from __future__ import annotations

import dataclasses

from spades.bots.base import Decision, make_player
from spades.errors import SpadesError
from spades.views import SeatView


def suggest(view: SeatView, level: str = "strong", seed: int = 0, *,
            human: bool = True, budget: int | None = None) -> Decision:
    """What the ``level`` player would do in ``view`` (which must be the seat's turn),
    playing as a human would be allowed to (``human``) or as the table's computer
    players may; ``budget`` as for :func:`~spades.bots.base.make_player`.

    The same view, level, seed and budget always give the same hint.
    """
    if view.seat is None or not view.legal:
        raise SpadesError("a hint needs the view of the seat whose turn it is")
    if human:
        view = as_human(view)
    return make_player(level, seed, view.rules, budget=budget).decide(view)


def as_human(view: SeatView) -> SeatView:
    """The view with the table's limits on computer players lifted: the actions a
    human may take there (R11: Nil is the player's choice, not the rules')."""
    if view.rules.bots_bid_nil:
        return view
    return dataclasses.replace(view, rules=view.rules.replace(bots_bid_nil=True))
