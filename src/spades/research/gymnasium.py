"""Spades as a single-agent Gymnasium environment: one seat learns, computer players sit
at the others.

>>> import gymnasium, spades.research
>>> env = gymnasium.make("spades/Spades-v0", rules="classic", partner="basic",
...                      opponents="basic")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), int(obs["action_mask"].sum())
(['action_mask', 'observation'], 14)

The learner sits South (``seat="S"``); ``partner`` and ``opponents`` name computer
players (``random``, ``basic``, ``strong``, see :func:`spades.bots.make_player`); at
cutthroat and two-player tables everyone else plays ``opponents``. Observations are
those of :mod:`spades.research.pettingzoo` (the learner's view and the action mask).
A step takes the learner's action, then lets the computer players act until the
learner is to act again or the episode ends; the reward is the learner's side's points
for every hand scored meanwhile. Gymnasium's checker and most learners step unmasked
random actions, so an illegal action does not raise here: it changes nothing, scores
``illegal_reward`` and puts the rules' reason in ``info["illegal"]``.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from spades.bots import make_player
from spades.bots.base import Player
from spades.errors import SpadesError
from spades.research.encoding import NUM_ACTIONS, Layout
from spades.research.mirror import GameMirror, table_actions
from spades.research.pettingzoo import observation_space
from spades.research.render import describe_table
from spades.research.sources import SeededDeals
from spades.research.table import Table, unpack_mask
from spades.rules import Rules, rules_from
from spades.views import seat_view


class SpadesGymEnv(gym.Env[dict[str, Any], int]):
    """The learner's seat against computer players (build it with ``gymnasium.make``)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium's)

    def __init__(self, rules: str | Rules = "classic", partner: str = "basic",
                 opponents: str = "basic", seat: str = "S", whole_game: bool = False,
                 max_hands: int = 200, illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.rules = rules_from(rules)
        if seat not in self.rules.seats:
            raise SpadesError(f"seat must be one of {' '.join(self.rules.seats)}")
        if render_mode not in (None, "ansi"):
            raise SpadesError(f"render_mode must be 'ansi', not {render_mode!r}")
        if max_hands < 1:
            raise SpadesError("max_hands must be at least 1")
        self.seat = self.rules.seats.index(seat)
        self.levels = {}
        for i, s in enumerate(self.rules.seats):
            if i != self.seat:
                mate = self.rules.partnerships and self.rules.side_of(s) == \
                    self.rules.side_of(seat)
                self.levels[i] = partner if mate else opponents
        for level in set(self.levels.values()):
            make_player(level, 0, self.rules)  # an unknown level is refused here, not later
        self.whole_game = whole_game
        self.max_hands = max_hands
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.layout = Layout(len(self.rules.seats), len(self.rules.sides))
        self.observation_space = observation_space(self.layout)
        self.action_space: spaces.Space[Any] = spaces.Discrete(NUM_ACTIONS)
        self._mirror: GameMirror | None = None
        self._players: dict[int, Player] = {}
        self._scored = 0

    @property
    def table(self) -> Table:
        """The game in progress (call :meth:`reset` first)."""
        if self._mirror is None:
            raise SpadesError("call reset() before using the environment")
        return self._mirror.table

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed, player_seed = (int(x) for x in self.np_random.integers(2**62, size=2))
        self._mirror = GameMirror.new(self.rules, SeededDeals(deal_seed),
                                      single_hand=not self.whole_game)
        self._players = {i: make_player(level, player_seed + i, self.rules)
                         for i, level in self.levels.items()}
        self._scored = 0
        self._others_play()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        table = self.table
        if table.to_act != self.seat:
            raise SpadesError("the episode is over: call reset()")
        error = table.why_not(action)
        if error is not None:
            return self._observe(), self.illegal_reward, False, False, {"illegal": str(error)}
        assert self._mirror is not None
        self._mirror.apply(int(action))
        self._others_play()
        reward = 0.0
        for points in table.hand_points[self._scored:]:
            reward += points[table.side_of[self.seat]]
        self._scored = len(table.hand_points)
        terminated = table.over
        truncated = not terminated and self._scored >= self.max_hands and self.whole_game
        info: dict[str, Any] = {}
        if terminated or truncated:
            info["winner"] = table.winner
        return self._observe(), reward, terminated, truncated, info

    def _others_play(self) -> None:
        """Let the computer players act until the learner is to act or the episode ends."""
        mirror = self._mirror
        assert mirror is not None
        table = mirror.table
        while table.to_act >= 0 and table.to_act != self.seat:
            if self.whole_game and len(table.hand_points) >= self.max_hands:
                return
            seat = table.to_act
            view = seat_view(mirror.game, table.seats[seat])
            decision = self._players[seat].decide(view)
            for action in table_actions(decision.action, table.exchange_limit):
                mirror.apply(action)

    def _observe(self) -> dict[str, Any]:
        table = self.table
        bits = table.legal_bits() if table.to_act == self.seat else 0
        return {"observation": table.observation(self.seat), "action_mask": unpack_mask(bits)}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's legal actions (the name maskable learners look for)."""
        return self._observe()["action_mask"]  # type: ignore[no-any-return]

    def record(self) -> dict[str, Any]:
        """The finished hands as a ``spades-record/1`` record (``spades score`` reads it)."""
        record = self.table.record()
        record["players"] = {s: ("learner" if i == self.seat else self.levels[i])
                             for i, s in enumerate(self.rules.seats)}
        return record

    def render(self) -> str | None:
        """A spectator's line (no hidden card) in ``ansi`` mode."""
        if self.render_mode != "ansi":
            return None
        return describe_table(self.table)

    def close(self) -> None:
        self._mirror = None

