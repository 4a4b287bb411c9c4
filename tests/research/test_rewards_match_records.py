"""Over whole games of every preset, the PettingZoo environment's rewards add up to the
scores that ``spades score`` reads off the record the environment exports.

Our ``basic`` players choose every action (through a :class:`Game` kept on the same
deals), so games reach their target the way real ones do.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.research.conftest import PRESET_NAMES

from spades.bots import make_player
from spades.dealing import HandDeal
from spades.game import Game
from spades.record import score_record
from spades.research.mirror import GameMirror, table_actions
from spades.research.pettingzoo import SpadesEnv, env
from spades.rules import Rules
from spades.views import seat_view


def play_whole_game(e: SpadesEnv, seed: int) -> dict[str, float]:
    """Play a whole game with basic players at every seat; returns each agent's return."""
    e.reset(seed=seed)

    def same_deals(rules: Rules, hand: int, dealer: str) -> HandDeal:
        return e.table.deal

    mirror = GameMirror(e.table, Game(e.rules, source=same_deals))
    players = {s: make_player("basic", i, e.rules) for i, s in enumerate(e.rules.seats)}
    returns = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        _, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        seat = e.rules.seats[e.table.to_act]
        decision = players[seat].decide(seat_view(mirror.game, seat))
        for action in table_actions(decision.action, e.table.exchange_limit):
            mirror.apply(action, step=e.step)
    return returns


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_whole_game_rewards_equal_spades_score_of_the_record(preset: str,
                                                              tmp_path: Path) -> None:
    e = env(rules=preset, whole_game=True)
    returns = play_whole_game(e, seed=PRESET_NAMES.index(preset))
    record = e.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "spades", "score", str(path)],
                          capture_output=True, text=True, check=True)
    scored = json.loads(done.stdout)
    assert scored == score_record(record)
    assert scored["finished"]
    for i, agent in enumerate(e.possible_agents):
        side = e.rules.side_of(e.rules.seats[i])
        assert returns[agent] == scored["score"][side]
