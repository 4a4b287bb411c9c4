"""Computer players: every one sees only its seat's view and answers with an action.

Use :func:`make_player` to get one by level name (``random``, ``basic``, ``strong``).
"""

from spades.bots.base import Decision, Player, make_player, player_levels

__all__ = ["Decision", "Player", "make_player", "player_levels"]
