"""The play-loss benchmark measures what it says: the points a card gives away
against perfect play on the true deal (benchmarks/play_loss.py)."""

from __future__ import annotations


def test_basic_loses_exactly_what_its_rule_loses(benchmark_script) -> None:
    rows = benchmark_script("play_loss").measure("basic", 2, 910001, 4)
    assert rows
    assert all(r.left <= 4 for r in rows)
    assert all(r.loss == r.rule_loss and not r.overridden for r in rows)
    assert all(r.loss >= 0 for r in rows)


def test_a_level_that_leaves_the_rule_is_measured_on_its_own_card(benchmark_script) -> None:
    rows = benchmark_script("play_loss").measure("random", 3, 910001, 5)
    assert rows and all(r.loss >= 0 and r.rule_loss >= 0 for r in rows)
    assert all(r.loss == r.rule_loss for r in rows if not r.overridden)
    assert any(r.loss != r.rule_loss for r in rows if r.overridden)
