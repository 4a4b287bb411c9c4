"""The one small interface every computer player implements.

A player is given its seat's :class:`~spades.views.SeatView` (never the game) and
returns a :class:`Decision`: the action and a one-line reason a player understands,
which is also what a hint shows. Players are deterministic given their seed and the
view, so a replayed game replays the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Protocol

from spades.actions import Action, Bid, BlindChoice
from spades.errors import SpadesError
from spades.rules import Rules
from spades.views import SeatView


@dataclass(frozen=True, slots=True)
class Decision:
    """An action with the reason for it (shown by hints).

    ``code`` names the rule behind the reason in a stable, language-free way (for
    translations of the reason); empty when there is none.
    """

    action: Action
    reason: str
    code: str = ""


class Player(Protocol):
    """A computer player for one seat."""

    name: str

    def decide(self, view: SeatView) -> Decision:
        """Choose an action among ``view.legal`` (the view is of the player's turn)."""
        ...


class RandomPlayer:
    """A uniformly random legal action: for tests and as the arena's baseline."""

    name = "random"

    def __init__(self, seed: int = 0, rules: Rules | None = None) -> None:
        self.rng = Random(seed)

    def decide(self, view: SeatView) -> Decision:
        if not view.legal:
            raise SpadesError("it is not this player's turn")
        choices = view.legal
        if not view.rules.bots_bid_nil:
            # R11: at a table whose computer players never bid Nil, not even at random.
            choices = tuple(a for a in choices if a not in (Bid(0), BlindChoice(True)))
        return Decision(self.rng.choice(choices), "a random legal action", "random")


PlayerFactory = Callable[[int, Rules | None], Player]
"""Builds a player of a level at its own budget from a seed and the table's rules."""
BudgetedFactory = Callable[[int, Rules | None, int], Player]
"""Builds a search player with a budget: the sampled deals per card decision."""
_REGISTRY: dict[str, PlayerFactory] = {"random": RandomPlayer}
_BUDGETED: dict[str, BudgetedFactory] = {}


def register(name: str, factory: PlayerFactory,
             budgeted: BudgetedFactory | None = None) -> None:
    """Make a player level available by name (levels are listed weakest first);
    ``budgeted`` builds it with a given budget, for levels that search."""
    _REGISTRY[name] = factory
    if budgeted is not None:
        _BUDGETED[name] = budgeted


def player_levels() -> list[str]:
    """The names of the levels :func:`make_player` knows."""
    return list(_REGISTRY)


def make_player(level: str, seed: int = 0, rules: Rules | None = None, *,
                budget: int | None = None) -> Player:
    """A player of ``level`` seeded with ``seed``, for a table playing ``rules``.

    ``budget`` (search levels only) is the number of possible deals searched per card
    decision, twice that per bid; None keeps the level's own. Rule-based levels
    ignore it. The same level, seed, view and budget always give the same decision.
    """
    factory = _REGISTRY.get(level)
    if factory is None:
        raise SpadesError(f"unknown player level {level!r} (known: {', '.join(_REGISTRY)})")
    if budget is None or level not in _BUDGETED:
        return factory(seed, rules)
    if budget < 1:
        raise SpadesError("a budget is a number of deals: at least 1")
    return _BUDGETED[level](seed, rules, budget)
