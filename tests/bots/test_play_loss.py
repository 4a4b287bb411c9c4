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


def test_overrides_are_sorted_by_how_the_card_differs_from_the_rules(benchmark_script) -> None:
    script = benchmark_script("play_loss")
    rows = script.measure("random", 3, 910001, 5)
    assert any(r.kind for r in rows) and not all(r.kind for r in rows)
    assert all(r.kind.endswith(("lead", "(rule wins)", "(rule loses)"))
               for r in rows if r.kind)
    kind = script.override_kind
    # Parse-free card numbers: 2 of clubs is 0, ace of clubs 12, spades from 39.
    assert kind(5, 5, []) == ""
    assert kind(12, 3, []) == "higher, lead"
    assert kind(40, 3, [10]) == "other suit, wins (rule loses)"
    assert kind(2, 11, [10]) == "lower, loses (rule wins)"
