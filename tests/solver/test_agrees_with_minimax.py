"""The solver agrees with plain minimax on random endings of every preset."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.rules import PRESETS
from spades.solver import position_value, solve_cards

from .brute import brute_cards, random_ending, random_rules


def _check(seed: int, tricks_left: int) -> None:
    rng = Random(seed)
    position = random_ending(rng, random_rules(rng), tricks_left)
    seat = rng.choice(position.rules.seats) if rng.random() < 0.3 else position.to_move
    expected = brute_cards(position, seat)
    got = solve_cards(position, seat)
    assert got == expected, (position, seat)
    best = max(expected.values()) if position.rules.side_of(position.to_move) == \
        position.rules.side_of(seat) else min(expected.values())
    assert position_value(position, seat) == best


@settings(max_examples=2500, deadline=None)
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(1, 3))
def test_card_values_equal_plain_minimax_up_to_three_tricks(seed: int,
                                                            tricks_left: int) -> None:
    _check(seed, tricks_left)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_card_values_equal_plain_minimax_with_four_tricks(seed: int) -> None:
    _check(seed, 4)


def test_every_preset_is_covered_by_the_endings() -> None:
    seen = {random_rules(Random(seed)).name for seed in range(200)}
    assert seen == set(PRESETS)


def test_plain_python_kernel_agrees_too() -> None:
    """Without numba the same kernel runs uncompiled and must give the same values."""
    code = (
        "from random import Random\n"
        "from tests.solver.brute import brute_cards, random_ending, random_rules\n"
        "from spades.solver import solve_cards\n"
        "for seed in range(25):\n"
        "    rng = Random(seed)\n"
        "    p = random_ending(rng, random_rules(rng), 1 + seed % 3)\n"
        "    assert solve_cards(p) == brute_cards(p, p.to_move), seed\n"
        "print('ok')\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
