"""The research extra stays optional: the game imports and plays without any of it.

(numpy is not blocked: the exact solver needs it, so it is one of the game's own
dependencies.)
"""

from __future__ import annotations

import subprocess
import sys

BLOCK_EXTRA = """
import sys
for name in ("gymnasium", "pettingzoo", "pyspiel", "open_spiel"):
    sys.modules[name] = None  # any import of them now fails
import spades, spades.cli, spades.bots, spades.terminal, spades.web.app
from spades import Game
from spades.bots import make_player
from spades.views import seat_view
game = Game("classic", deal=5)
players = {s: make_player("basic", i) for i, s in enumerate(game.seats)}
while not game.results:
    seat = game.to_act
    game.apply(seat, players[seat].decide(seat_view(game, seat)).action)
try:
    import spades.research.pettingzoo
except ImportError:
    print("research needs its extra")
print("played", len(game.results))
"""


def test_the_game_plays_without_the_research_extra() -> None:
    done = subprocess.run([sys.executable, "-c", BLOCK_EXTRA], capture_output=True,
                          text=True, check=True)
    assert done.stdout.splitlines() == ["research needs its extra", "played 1"]
