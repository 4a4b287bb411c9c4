"""Action indices and the engine's actions, and a :class:`Game` kept in step with a table.

The computer players read a :class:`~spades.views.SeatView`, which only a
:class:`~spades.game.Game` gives. The single-agent environment therefore plays every
action on its :class:`~spades.research.table.Table` (observations, masks) and on a
``Game`` fed the same deals (the other seats' players), translating between the two
action forms here. The same pairing pins the table to the engine in the tests.
"""

from __future__ import annotations

from collections.abc import Callable

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play
from spades.dealing import DealSource
from spades.errors import SpadesError
from spades.game import Game
from spades.research.encoding import (
    BID_BASE,
    BLIND,
    CARD_SLOTS,
    DISCARD,
    EXCHANGE_DONE,
    KEEP,
    LOOK,
)
from spades.research.sources import SharedDeals
from spades.research.table import BID_PHASE, BLIND_PHASE, DRAW_PHASE, PLAY_PHASE, Table
from spades.rules import Rules


def engine_action(table: Table, action: int) -> Action | None:
    """The engine's action for ``action`` taken now, or None for one pick of an exchange.

    A Double Nil exchange is one engine action but a sequence of table actions: the
    caller reads the finished exchange from ``table.exchanges`` once it closes.
    """
    phase = table.phase
    if phase == PLAY_PHASE:
        return Play(action)
    if phase == BID_PHASE:
        return Bid(action - BID_BASE)
    if phase == BLIND_PHASE:
        return BlindChoice(action == BLIND)
    if phase == DRAW_PHASE:
        return DrawChoice(action == KEEP)
    return None


def table_actions(action: Action, exchange_limit: int) -> list[int]:
    """The table actions that take the engine's ``action`` (an exchange is a sequence)."""
    if isinstance(action, Play):
        return [action.card]
    if isinstance(action, Bid):
        return [BID_BASE + action.tricks]
    if isinstance(action, BlindChoice):
        return [BLIND if action.blind else LOOK]
    if isinstance(action, DrawChoice):
        return [KEEP if action.keep else DISCARD]
    picks = [c for c in action.cards if 0 <= c < CARD_SLOTS]
    return picks if len(picks) >= exchange_limit else [*picks, EXCHANGE_DONE]


class GameMirror:
    """A :class:`Table` and a :class:`Game` on the same deals, stepped together."""

    def __init__(self, table: Table, game: Game) -> None:
        self.table = table
        self.game = game

    @classmethod
    def new(cls, rules: Rules, source: DealSource, *, single_hand: bool) -> GameMirror:
        """A fresh table and game sharing ``source``'s deals."""
        shared = SharedDeals(source)
        return cls(Table(rules, shared, single_hand=single_hand), Game(rules, source=shared))

    def apply(self, action: int, step: Callable[[int], object] | None = None) -> None:
        """Take ``action`` on both; a refusal by the table changes neither.

        ``step`` takes the action on the table's behalf (an environment's ``step``
        around the same table); by default the table's own ``apply``.
        """
        table = self.table
        if table.to_act < 0:
            raise SpadesError("the table has no seat to act")
        seat = table.seats[table.to_act]
        hand = table.hand_index
        engine = engine_action(table, action)
        before = dict(table.exchanges)
        (step or table.apply)(action)
        if engine is None:
            mover = table.seats.index(seat)
            if table.hand_index != hand or mover in before or mover not in table.exchanges:
                return
            engine = Exchange(table.exchanges[mover][0])
        if not self.game.over and self.game.hand.index == hand:
            self.game.apply(seat, engine)
