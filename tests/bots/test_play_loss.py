"""The play-loss benchmark measures what it says: the points a card gives away
against perfect play on the true deal (benchmarks/play_loss.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "play_loss.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("play_loss", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_basic_loses_exactly_what_its_rule_loses() -> None:
    rows = _benchmark().measure("basic", 2, 910001, 4)
    assert rows
    assert all(r.left <= 4 for r in rows)
    assert all(r.loss == r.rule_loss and not r.overridden for r in rows)
    assert all(r.loss >= 0 for r in rows)


def test_a_level_that_leaves_the_rule_is_measured_on_its_own_card() -> None:
    rows = _benchmark().measure("random", 3, 910001, 5)
    assert rows and all(r.loss >= 0 and r.rule_loss >= 0 for r in rows)
    assert all(r.loss == r.rule_loss for r in rows if not r.overridden)
    assert any(r.loss != r.rule_loss for r in rows if r.overridden)
