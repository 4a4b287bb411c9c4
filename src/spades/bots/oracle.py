"""The oracle: the search player given every hand. For measuring only.

It answers how much perfect information would be worth to the search (the arena's
upper bound). It needs the game itself, not a view, so it is never registered as a
level and can never be offered to a player at a table or as a hint.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from spades.bots.knowledge import Knowledge
from spades.bots.strong import StrongPlayer
from spades.cards import Mask
from spades.game import Game
from spades.rules import Rules
from spades.views import SeatView


class OraclePlayer(StrongPlayer):
    """The search with the true deal in place of sampled ones."""

    name = "oracle"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *, worlds: int = 1,
                 bid_worlds: int = 30, max_seconds: float = 1.5) -> None:
        # One deal is the truth: no sampling noise to guard against.
        super().__init__(seed, rules, worlds=worlds, bid_worlds=bid_worlds,
                         max_seconds=max_seconds, confidence=0.0)
        # Bidding on the true deal alone would bid to the edge of a perfect play-out;
        # a little randomness in the play-outs prices the risk of real play.
        self.bid_noise = 0.1
        self.game: Game | None = None

    def attach(self, game: Game) -> None:
        """Give the oracle the game whose cards it may look at."""
        self.game = game

    def deals(self, view: SeatView, k: Knowledge, rng: Random,
              count: int) -> Iterable[list[Mask]]:
        if self.game is None:
            raise RuntimeError("the oracle must be attached to a game first")
        hands = [self.game.hand_of(s) for s in view.rules.seats]
        return [hands] * max(1, count)
