"""Random hands per second through each research interface, reading what a learner reads.

At every decision the acting seat's observation and its legal actions (or mask) are
read, then a uniformly random legal action is taken, until the hand is scored:

* ``table`` — the lean checked state itself (``Table.obs`` row copy, ``legal_actions``);
* ``pettingzoo`` — ``spades.research.pettingzoo.env()``: ``last()`` (observation and
  mask), ``step``, and the terminated agents' ``step(None)``; the legal actions are
  read off the mask with ``mask.nonzero()[0]`` (the same indices as ``np.flatnonzero``
  on a 1-D mask, without the 2 µs its Python wrappers cost at every decision);
* ``gymnasium`` — the single-agent env, with ``random`` computer players at the other
  seats (they read their views through the engine's ``Game``);
* ``openspiel (ours)`` — the registered ``spades_engine`` game driven through pyspiel:
  chance outcomes for the deal, ``observation_tensor(player)`` and ``legal_actions()``;
* ``openspiel C++ spades`` — OpenSpiel's own ``spades`` driven the same way in the same
  run (if ``open_spiel`` is installed).

The interfaces take turns in short slices, timed in this process's CPU time (so a
change in the machine's load slows all of them alike, and other jobs' turns on the
cores count against none); the last line is the ratio PettingZoo / OpenSpiel's C++
spades.

usage: python benchmarks/env_steps.py [--seconds S] [--rules PRESET]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from spades.research.gymnasium import SpadesGymEnv
from spades.research.pettingzoo import env as pettingzoo_env
from spades.research.sources import SeededDeals
from spades.research.table import Table


def timed(run: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Calls of ``run`` made in about ``seconds`` of this process's CPU time, and the time.

    CPU time, not the wall clock: on a shared machine the moments this process waits
    for a core would otherwise count against whichever interface happened to be running
    (wall-clock ratios of the same code swung by a fifth from run to run).
    """
    n = 0
    start = time.process_time()
    end = start + seconds
    while True:
        for _ in range(5):
            run()
        n += 5
        now = time.process_time()
        if now >= end:
            return n, now - start


def table_hand(table: Table, rng: random.Random) -> float:
    table.restart()
    total = 0.0
    while table.to_act >= 0:
        observation = table.observation(table.to_act)
        legal = table.legal_actions()
        total += observation[0]
        table.apply(legal[int(rng.random() * len(legal))])
    return total


def pettingzoo_hand(env: Any, rng: random.Random) -> None:
    env.reset()
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[int(rng.random() * len(legal))]))


def gymnasium_hand(env: SpadesGymEnv, rng: random.Random) -> None:
    observation, _ = env.reset(seed=int(rng.random() * 2**31))
    done = False
    while not done:
        legal = observation["action_mask"].nonzero()[0]
        observation, _, terminated, truncated, _ = env.step(
            int(legal[int(rng.random() * len(legal))]))
        done = terminated or truncated


def openspiel_hand(game: Any, rng: random.Random) -> None:
    """One hand driven the same way for OpenSpiel's spades and for ours."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            continue
        player = state.current_player()
        state.observation_tensor(player)
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    parser.add_argument("--rules", default="classic", help="preset for our interfaces")
    args = parser.parse_args()
    rng = random.Random(2026)
    figures: dict[str, float] = {}
    try:
        import pyspiel  # type: ignore[import-not-found]

        import spades.research.openspiel  # noqa: F401  (registers spades_engine)

        cpp = pyspiel.load_game("spades")
        ours = pyspiel.load_game("spades_engine", {"rules": args.rules})
    except ImportError:
        cpp = ours = None
    table = Table(args.rules, SeededDeals(1), single_hand=True)
    pz = pettingzoo_env(rules=args.rules)
    pz.reset(seed=1)
    gym = SpadesGymEnv(rules=args.rules, partner="random", opponents="random")
    runs: list[tuple[str, Callable[[], object]]] = [
        ("table", lambda: table_hand(table, rng)),
        ("pettingzoo", lambda: pettingzoo_hand(pz, rng)),
        ("gymnasium", lambda: gymnasium_hand(gym, rng)),
    ]
    if cpp is not None:
        runs.insert(0, ("openspiel C++ spades", lambda: openspiel_hand(cpp, rng)))
        runs.append(("openspiel (ours)", lambda: openspiel_hand(ours, rng)))
    # Round robin in short slices of CPU time, so that a machine whose load changes
    # during the run slows every interface alike and the ratio stays fair.
    calls = dict.fromkeys([name for name, _ in runs], 0)
    spent = dict.fromkeys([name for name, _ in runs], 0.0)
    slices = 10
    for _ in range(slices):
        for name, run in runs:
            n, t = timed(run, args.seconds / slices)
            calls[name] += n
            spent[name] += t
    for name, _ in runs:
        figures[name] = calls[name] / spent[name]
        print(f"{name} hands/s: {figures[name]:.0f}")
    if cpp is None:
        print("openspiel: not installed (pip install open_spiel to compare in the same run)")
        print(f"pettingzoo hands/s: {figures['pettingzoo']:.0f}")
        return
    reference = figures["openspiel C++ spades"]
    print(f"table / openspiel: {figures['table'] / reference:.2f}x")
    print(f"pettingzoo / openspiel: {figures['pettingzoo'] / reference:.2f}x")

if __name__ == "__main__":
    main()
