"""Terminal play: a whole game of Spades against the computer players, in a terminal.

The package is an edge around the core: :mod:`~spades.terminal.render` turns a South
seat view into text, :mod:`~spades.terminal.commands` reads what the player types,
:mod:`~spades.terminal.session` runs the game loop and :mod:`~spades.terminal.save` keeps
an unfinished game so ``spades play --resume`` can continue it. Everything printed about
the game is built from South's :class:`~spades.views.SeatView`, never from the game.
"""

from spades.terminal.session import Session

__all__ = ["Session"]
