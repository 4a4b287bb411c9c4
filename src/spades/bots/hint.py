"""Hints: the action a computer player would take for the seat to act, with its reason.

A hint is built from the seat's view only (it never peeks at other hands), so showing
it to a human player leaks nothing the seat does not already know.
"""

from __future__ import annotations

from spades.bots.base import Decision, make_player
from spades.errors import SpadesError
from spades.views import SeatView


def suggest(view: SeatView, level: str = "strong", seed: int = 0) -> Decision:
    """What the ``level`` player would do in ``view`` (which must be the seat's turn).

    The same view and seed always give the same hint.
    """
    if view.seat is None or not view.legal:
        raise SpadesError("a hint needs the view of the seat whose turn it is")
    return make_player(level, seed, view.rules).decide(view)
