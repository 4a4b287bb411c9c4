"""Shared helpers for the research interfaces' tests: presets, house rules, a random
policy over action indices that bids small (so contracts are made and games end)."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from spades.research.encoding import BID_BASE, BLIND, LOOK
from spades.research.table import BID_PHASE, BLIND_PHASE, Table
from spades.rules import PRESETS, Rules, rules_from

PRESET_NAMES = sorted(PRESETS)
SMALL_BIDS = (0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8, 13)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

house_rules = st.fixed_dictionaries({}, optional={
    "deck": st.sampled_from(["standard", "jokers"]),
    "nil_tricks": st.sampled_from(["count", "bags"]),
    "blind_nil": st.booleans(),
    "blind_nil_deficit": st.sampled_from([0, 50]),
    "bag_limit": st.sampled_from([0, 5, 10]),
    "exchange": st.integers(0, 3),
    "target": st.sampled_from([100, 200]),
})
"""Settings a table may combine with any preset (the engine's own property tests too)."""


def rules_of(preset: str, house: dict[str, Any]) -> Rules:
    """A preset with house rules on top."""
    return rules_from({"preset": preset, **house})


def pick(table: Table, rng: Random) -> int:
    """A random legal action index: small bids, an occasional Blind Nil."""
    if table.phase == BLIND_PHASE:
        return BLIND if rng.random() < 0.2 else LOOK
    if table.phase == BID_PHASE:
        return BID_BASE + rng.choice(SMALL_BIDS)
    legal = table.legal_actions()
    return legal[int(rng.random() * len(legal))]
