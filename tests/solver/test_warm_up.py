"""The solver is compiled before a level's safety clock can count the compile.

numba compiles (or loads from its cache) each kernel at its first call. If that first
call came inside a decision, the decision's safety cap would count it: on a fresh
install the expert's first solved decision was cut short after one of its 480 deals.
Each check runs in a fresh process, since this one may have compiled the kernels
already: after the level is created, questions of every kind in every preset must
compile nothing more.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from spades.solver import COMPILED, warm_up

PROBE = """
import importlib, random, sys
import numba
from spades.rules import PRESETS, rules_from
from spades.solver import Position, position_value, search, sets, solve_cards, trick_count

def signatures():
    return {f"{m.__name__}.{name}": len(f.signatures)
            for m in (search, sets) for name, f in vars(m).items()
            if isinstance(f, numba.core.registry.CPUDispatcher)}

module, name = sys.argv[1].split(":")
getattr(importlib.import_module(module), name)(0)
ready = signatures()
assert ready["spades.solver.sets.value_cards"] and ready["spades.solver.search.search"], ready
rng = random.Random(7)
for preset in PRESETS:
    rules = rules_from(preset)
    seats = rules.seats
    for k in range(8):
        deck = list(rules.deck_cards)
        rng.shuffle(deck)
        per = rng.randint(1, 4)
        hands = {s: sum(1 << c for c in deck[i * per:(i + 1) * per])
                 for i, s in enumerate(seats)}
        bids = {s: rng.randint(0 if k % 2 else 1, 4) for s in seats}
        leader = rng.choice(seats)
        trick = ()
        if per > 1 and k % 4 == 3:  # a trick in progress: the leader's card on the table
            card = (hands[leader] & -hands[leader]).bit_length() - 1
            hands[leader] &= ~(1 << card)
            trick = ((leader, card),)
        p = Position(rules, hands, leader=leader, bids=bids, trick=trick, broken=True)
        solve_cards(p)
        position_value(p, p.to_move)
        if len(rules.sides) == 2:
            trick_count(p, p.to_move)
compiled = {k: (ready[k], v) for k, v in signatures().items() if v != ready[k]}
print(compiled)
"""


@pytest.mark.skipif(not COMPILED, reason="numba is not installed: nothing to compile")
@pytest.mark.parametrize("level", ["spades.bots.expert:ExpertPlayer",
                                   "spades.bots.oracle:OraclePlayer"])
def test_a_level_that_solves_is_compiled_when_created(level: str) -> None:
    run = subprocess.run([sys.executable, "-c", PROBE, level], capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "{}", f"compiled after the level was created: {run.stdout}"


def test_warm_up_is_done_once_a_process() -> None:
    warm_up()
    assert warm_up() == 0.0
