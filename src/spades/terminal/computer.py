"""The computer players and the hint, each fed only the view of its own seat.

A fresh player is made for every decision, seeded from the table's seed, the seat and
the game's version: the same deal, seed and human answers then give the same game, and
a game resumed from a save continues exactly as it would have without the break.
"""

from __future__ import annotations

from spades.bots import Decision, make_player, player_levels
from spades.cards import Seat
from spades.views import SeatView

DEFAULT_LEVEL = "basic"
"""The level of the computer players when the player does not choose one."""

HINT_LEVELS = ("strong", "basic")
"""The hint asks the strongest level available (falling back to the table's level)."""


def decision_seed(seed: int, seat: Seat, version: int) -> int:
    """A seed for one decision, so that a decision depends only on the table and the view."""
    return (seed * 1_000_003 + version * 7 + "NESW".index(seat)) % 2**32


def computer_decision(level: str, seed: int, view: SeatView) -> Decision:
    """What the computer player of ``level`` at ``view.seat`` does now."""
    assert view.seat is not None
    player = make_player(level, decision_seed(seed, view.seat, view.version), view.rules)
    return player.decide(view)


def hint_level(level: str) -> str:
    """The level whose advice the hint gives."""
    known = player_levels()
    return next((name for name in HINT_LEVELS if name in known), level)


def hint(view: SeatView, level: str, seed: int) -> Decision:
    """The suggested action for South and its one-line reason.

    ``spades.bots.hint.suggest`` is the project's hint; a computer player's own decision
    stands in for it where that module is not installed.
    """
    chosen = hint_level(level)
    assert view.seat is not None
    try:
        from spades.bots.hint import suggest
    except ImportError:
        return computer_decision(chosen, seed, view)
    return suggest(view, chosen, decision_seed(seed, view.seat, view.version))
