"""Spades as a PettingZoo AEC environment, for every preset.

>>> from spades.research.pettingzoo import env
>>> e = env(rules="classic")
>>> e.reset(seed=1)
>>> e.agent_selection
'south_2'
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum())  # Nil and 1 to 13
14

Agents are the seats in rules order (``north_0 east_1 south_2 west_3``; ``north_0
south_1`` at two players). Each observation is a dict with ``observation`` (the
agent's own view, :mod:`spades.research.encoding`) and ``action_mask`` (``int8``, ones
on the legal actions, zeros for a seat that is not to act), as PettingZoo's masked
environments do. An agent's dict and its two arrays are the same objects at every
step, read-only and kept up to date in place (a step writes only what it changes, so
nothing is rebuilt): copy them to keep them.

An episode is one hand (rewards: each seat's side's points for it) or, with
``whole_game=True``, a whole game to the target (rewards: each hand's points as it is
scored, so an episode's return is the side's final score; truncated after
``max_hands`` hands). An illegal action raises
:class:`~spades.errors.IllegalActionError` with the rules' reason and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from spades.cards import SEAT_NAMES
from spades.errors import SpadesError
from spades.research.encoding import NUM_ACTIONS, Layout
from spades.research.render import describe_observation, describe_table
from spades.research.sources import SeededDeals
from spades.research.table import Table
from spades.rules import Rules, rules_from

SCORE_BOUND = 1e4
"""Bound of the score and bag blocks in the observation space (the rest is 0–1)."""


def observation_space(layout: Layout) -> spaces.Dict:
    """The observation space: the view vector and the action mask."""
    low = np.zeros(layout.size, dtype=np.float32)
    high = np.ones(layout.size, dtype=np.float32)
    low[layout.scores:layout.hidden] = -SCORE_BOUND
    high[layout.scores:layout.hidden] = SCORE_BOUND
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
    })


def agent_names(rules: Rules) -> list[str]:
    """The agents' names: the seat's name and its position in ``rules.seats``."""
    return [f"{SEAT_NAMES[s].lower()}_{i}" for i, s in enumerate(rules.seats)]


class SpadesEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (build it with :func:`env`)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "spades_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "classic", whole_game: bool = False,
                 max_hands: int = 200, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise SpadesError(f"render_mode must be 'ansi' or 'human', not {render_mode!r}")
        if max_hands < 1:
            raise SpadesError("max_hands must be at least 1")
        self.rules = rules_from(rules)
        self.whole_game = whole_game
        self.max_hands = max_hands
        self.render_mode = render_mode
        self.possible_agents = agent_names(self.rules)
        self.agents: list[str] = []
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = len(self.possible_agents)
        self.layout = Layout(n, len(self.rules.sides))
        self.observation_spaces = {a: observation_space(self.layout)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._deals = SeededDeals()
        self._table: Table | None = None
        self._hands_scored = 0
        self._rewards_set = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def table(self) -> Table:
        """The game in progress (call :meth:`reset` first)."""
        if self._table is None:
            raise SpadesError("call reset() before using the environment")
        return self._table

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals.reseed(seed)
        if self._table is None:
            self._table = Table(self.rules, self._deals, single_hand=not self.whole_game)
        else:
            self._table.restart()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._hands_scored = 0
        self._rewards_set = False
        self.agent_selection = self.possible_agents[self._table.to_act]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation dict: the same objects each time, updated in place."""
        table = self._table
        if table is None:
            raise SpadesError("call reset() before using the environment")
        return table.observed(self._seat[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, until the episode is over: PettingZoo's loop as a generator
        (one resumed frame per step, not a call into an iterator object)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, reading the table's view straight, not through
        :meth:`observe` (a call less at every step)."""
        agent = self.agent_selection
        table = self._table
        if table is None:
            raise SpadesError("call reset() before using the environment")
        return (table.observed(self._seat[agent]) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        if table is None:
            raise SpadesError("call reset() before using the environment")
        table.apply(action)
        self._cumulative_rewards[agent] = 0
        if self._rewards_set:
            for a in self.rewards:
                self.rewards[a] = 0
            self._rewards_set = False
        if len(table.hand_points) != self._hands_scored:
            self._score_hand()
        to_act = table.to_act
        if to_act >= 0:
            self.agent_selection = self.possible_agents[to_act]
        if self.render_mode == "human":
            self.render()

    def _score_hand(self) -> None:
        table = self.table
        points = table.hand_points[-1]
        self._hands_scored = len(table.hand_points)
        for a in self.agents:
            self.rewards[a] = points[table.side_of[self._seat[a]]]
        self._rewards_set = True
        self._accumulate_rewards()
        if table.over:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"winner": table.winner}
        elif self._hands_scored >= self.max_hands:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"winner": None}

    def observation_string(self, agent: str) -> str:
        """The agent's observation in words (decoded from the vector itself)."""
        seat = self._seat[agent]
        return describe_observation(self.table.observation(seat), self.layout, self.rules)

    def record(self) -> dict[str, Any]:
        """The finished hands as a ``spades-record/1`` record (``spades score`` reads it)."""
        return self.table.record()

    def render(self) -> str | None:
        """What a spectator sees: bids, the trick, tricks and scores (never a hidden card)."""
        if self.render_mode is None:
            return None
        text = describe_table(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._table = None


def env(rules: str | Rules = "classic", whole_game: bool = False, max_hands: int = 200,
        render_mode: str | None = None) -> SpadesEnv:
    """A Spades AEC environment: ``rules`` a preset name or :class:`~spades.rules.Rules`.

    The environment checks every action itself (turn order, legality), so it is not
    wrapped in PettingZoo's order-enforcing wrapper.
    """
    return SpadesEnv(rules, whole_game=whole_game, max_hands=max_hands,
                     render_mode=render_mode)


raw_env = env
