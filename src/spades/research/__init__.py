"""Spades for researchers: PettingZoo, Gymnasium and OpenSpiel interfaces over the engine.

Needs the ``research`` extra (``pip install spades[research]``); the game itself never
imports this package. Every interface shares one dense action space and one observation
layout (:mod:`spades.research.encoding`) and steps a lean checked state
(:mod:`spades.research.table`) pinned to :class:`spades.game.Game` by property tests.

- :mod:`spades.research.pettingzoo`: ``env(rules="classic", whole_game=False)``;
- :mod:`spades.research.gymnasium`: ``gymnasium.make("spades/Spades-v0", ...)`` once this
  package is imported;
- :mod:`spades.research.openspiel`: ``pyspiel.load_game("spades_engine")`` once that
  module is imported.
"""

from __future__ import annotations


def _register_gymnasium() -> None:
    """Make ``spades/Spades-v0`` known to ``gymnasium.make`` when Gymnasium is installed."""
    try:
        import gymnasium
    except ImportError:  # the extra is not installed: nothing to register
        return
    if "spades/Spades-v0" not in gymnasium.registry:
        gymnasium.register("spades/Spades-v0",
                           entry_point="spades.research.gymnasium:SpadesGymEnv")


_register_gymnasium()
