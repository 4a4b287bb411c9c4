"""Computer players: every one sees only its seat's view and answers with an action.

Use :func:`make_player` to get one by level name (``random``, ``basic``, ``strong``) and
:func:`spades.bots.hint.suggest` for a hint. The ``oracle`` of the arena sees every card
and is deliberately not registered: it is never offered to players.
"""

from spades.bots.base import Decision, Player, make_player, player_levels, register
from spades.bots.basic import BasicPlayer
from spades.bots.strong import StrongPlayer

register("basic", BasicPlayer)
register("strong", StrongPlayer)

__all__ = ["Decision", "Player", "make_player", "player_levels"]
