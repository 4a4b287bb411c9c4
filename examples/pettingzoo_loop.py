"""A full PettingZoo loop over the Spades environment: 1,000 hands, per-seat returns.

Nothing is trained: North and its partner play our rule-based ``basic`` computer player (through a
:class:`spades.game.Game` kept on the same deals, since computer players read the
engine's views) and the other seats pick uniformly among the legal actions of their mask, as
a learner's untrained policy would. The loop is what a training script would run: read
``last()``, pick an action from the observation and its mask, ``step()``.

usage: python examples/pettingzoo_loop.py [--hands 1000] [--rules classic] [--seed 0]
"""

from __future__ import annotations

import argparse

import numpy as np

from spades.bots import make_player
from spades.dealing import HandDeal
from spades.game import Game
from spades.research.mirror import GameMirror, table_actions
from spades.research.pettingzoo import env
from spades.rules import Rules
from spades.views import seat_view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    spades_env = env(rules=args.rules)  # one hand per episode
    rules = spades_env.rules
    rng = np.random.default_rng(args.seed)
    basic = {s: make_player("basic", i, rules) for i, s in enumerate(rules.seats)
             if rules.side_of(s) == rules.side_of("N")}
    returns = dict.fromkeys(spades_env.possible_agents, 0.0)

    for hand in range(args.hands):
        spades_env.reset(seed=args.seed + hand)

        def same_deal(_rules: Rules, _hand: int, _dealer: str) -> HandDeal:
            return spades_env.table.deal

        mirror = GameMirror(spades_env.table, Game(rules, source=same_deal))
        pending: list[int] = []  # a Double Nil exchange is several steps of one seat
        for agent in spades_env.agent_iter():
            observation, reward, terminated, truncated, _ = spades_env.last()
            returns[agent] += reward
            if terminated or truncated:
                spades_env.step(None)
                continue
            seat = rules.seats[spades_env.table.to_act]
            if not pending and seat in basic:
                decision = basic[seat].decide(seat_view(mirror.game, seat))
                pending = table_actions(decision.action, spades_env.table.exchange_limit)
            if pending:
                action = pending.pop(0)
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            mirror.apply(action, step=spades_env.step)

    who = " ".join(sorted(basic))
    print(f"{args.hands} hands of {args.rules}: basic at {who}, random at the other seats")
    for agent, total in returns.items():
        print(f"{agent:>8}: total {total:>9.0f}   per hand {total / args.hands:>7.1f}")


if __name__ == "__main__":
    main()
