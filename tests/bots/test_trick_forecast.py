"""The trick-forecast benchmark plays each measured decision out on sampled deals and
on the true deal, and reads the tricks taken from the record
(benchmarks/trick_forecast.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades.arena import Match, play_deal
from spades.record import load_record, read_record

DEAL = 12


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first hand of one deal, `strong` (at a small budget) against `random`, both
    seat orders."""
    path = tmp_path_factory.mktemp("records")
    play_deal(Match("strong", "random", deals=1, first=DEAL, budget=4, games=False,
                    records=str(path)), DEAL)
    return path


def test_each_decision_of_the_level_is_measured_at_the_cards_asked(
        benchmark_script, records: Path) -> None:
    script = benchmark_script("trick_forecast")
    rows = []
    for path in sorted(records.glob("*.json")):
        data = read_record(path)
        result = data["hands"][0]
        found = script.forecasts(path, "strong", 6, frozenset({10, 6}))
        # Two seats of the level, one decision each at 10 and at 6 cards in hand.
        assert sorted(r.cards for r in found) == [6, 6, 10, 10]
        dealer = "NESW".index(result["dealer"])
        order = ["NESW"[(dealer + 1 + k) % 4] for k in range(4)]
        strong = [s for s, name in data["players"].items() if name == "strong"]
        for row in found:
            assert sum(row.taken) == 13
            assert sum(row.true_greedy) == 13 and sum(row.true_rules) == 13
            assert sum(row.sampled_greedy) == pytest.approx(13)
            assert sum(row.sampled_rules) == pytest.approx(13)
            # The partner's place in the bidding: the first of the side or the second.
            assert row.partner_first in (True, False)
        firsts = sorted(order.index(s) < order.index("NESW"["NESW".index(s) ^ 2])
                        for s in strong)
        assert sorted(not r.partner_first for r in found if r.cards == 10) == firsts
        rows.extend(found)
    lines = script.report("strong", rows)
    assert lines[-1].startswith("strong side's tricks foreseen on sampled deals less on "
                                "the true deal: ")


def test_the_tricks_taken_are_the_records_from_the_deciding_seat_round(
        benchmark_script, records: Path) -> None:
    script = benchmark_script("trick_forecast")
    path = sorted(records.glob("*.json"))[0]
    data = read_record(path)
    result = load_record(data).results[0]
    rows = script.forecasts(path, "strong", 4, frozenset({9}))
    assert {row.seat for row in rows} == {s for s, n in data["players"].items()
                                          if n == "strong"}
    for row in rows:
        me = "NESW".index(row.seat)
        assert row.taken == tuple(result.tricks["NESW"[(me + j) % 4]] for j in range(4))


def test_the_sampled_and_true_deal_means_are_told_apart(benchmark_script) -> None:
    script = benchmark_script("trick_forecast")
    row = script.Forecast("S", 8, False, (3.0, 3.0, 5.0, 2.0), (3.0, 3.0, 4.5, 2.5),
                          (3, 3, 4, 3), (3, 4, 3, 3), (3, 3, 4, 3))
    other = script.Forecast("N", 8, True, (4.0, 3.0, 3.0, 3.0), (4.0, 3.0, 3.0, 3.0),
                            (4, 3, 3, 3), (4, 3, 3, 3), (4, 3, 3, 3))
    lines = script.report("strong", [row, other])
    # (3 + 5) - (3 + 4) = +1 and 0: half a trick on average.
    assert lines[-1].endswith(": +0.50")
    assert any("partner bid after the seat (1)" in line for line in lines)
    assert script.report("strong", [])[-1].endswith("no decisions")


def test_the_cards_come_from_the_record_not_its_deal_number(
        benchmark_script, records: Path, tmp_path: Path) -> None:
    script = benchmark_script("trick_forecast")
    original = next(records.glob("*.json"))
    data = json.loads(original.read_text())
    del data["deal"]
    path = tmp_path / original.name
    path.write_text(json.dumps(data))
    assert script.forecasts(path, "strong", 4, frozenset({9})) == \
        script.forecasts(original, "strong", 4, frozenset({9}))
