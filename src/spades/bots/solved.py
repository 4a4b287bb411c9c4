"""A sampled deal put to the exact solver: what each candidate card is worth on it.

The expert values the cards of the second half of a hand by solving every sampled deal
exactly (:mod:`spades.solver`) instead of playing it out with a greedy policy: on each
deal the best line of play is found for both sides, on the game's own scoring. The
deal is built from the seat's view (the trick so far, tricks taken, bids, scores) and
the sampled hands, so nothing but the view and the sample goes in.
"""

from __future__ import annotations

from spades.cards import Card, Mask
from spades.solver import Position, solve_cards
from spades.views import SeatView


def position_of(view: SeatView, hands: list[Mask]) -> Position:
    """The position of ``view`` with the sampled ``hands`` (per seat, cards still held)."""
    return Position.from_view(view, dict(zip(view.rules.seats, hands, strict=True)))


def solved_values(view: SeatView, hands: list[Mask], cards: list[Card]) -> list[float]:
    """The exact value for the seat's side of each of ``cards`` on this deal."""
    assert view.seat is not None
    values = solve_cards(position_of(view, hands), view.seat)
    return [values[c] for c in cards]
