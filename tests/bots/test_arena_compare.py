"""``spades compare``: two arena logs paired deal by deal, and logs that cannot be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades.arena import mean_ci
from spades.arena_compare import CompareError, compare
from spades.cli import main


def arena_log(path: Path, a: str, b: str = "random", *, seed: int = 11, deals: int = 3,
              extra: tuple[str, ...] = ("--hand",)) -> Path:
    """A real log of ``spades arena A B``."""
    assert main(["arena", a, b, *extra, "--deals", str(deals), "--seed", str(seed),
                 "--quiet", "--log", str(path)]) == 0
    return path


def deal_lines(path: Path) -> dict[int, dict]:
    return {d["deal"]: d for d in map(json.loads, path.read_text().splitlines()[1:])}


def test_the_paired_margin_is_the_mean_of_the_differences_on_common_deals(tmp_path, capsys):
    a = arena_log(tmp_path / "a.jsonl", "basic", seed=11, deals=4)
    b = arena_log(tmp_path / "b.jsonl", "beginner", seed=13, deals=4)
    capsys.readouterr()
    c = compare(a, b)
    assert c.deals == [13, 14]
    la, lb = deal_lines(a), deal_lines(b)
    assert c.margin == mean_ci([la[d]["margin"] - lb[d]["margin"] for d in (13, 14)])
    assert c.charged == mean_ci([la[d]["adjusted"] - lb[d]["adjusted"] for d in (13, 14)])
    assert c.a.margin == mean_ci([la[d]["margin"] for d in (13, 14)])
    assert c.a.measured.hands == sum(la[d]["tallies"]["A"]["hands"] for d in (13, 14))
    assert main(["compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 deals in both logs (classic, first hands, against random)")
    assert "A: basic (default budget)" in out and "B: beginner (default budget)" in out
    mean, low, high = c.charged
    assert f"A-B  {c.margin[0]:+.1f}" in out
    assert f"{mean:+.1f} (95% CI {low:+.1f} to {high:+.1f})" in out


def test_a_log_against_itself_differs_by_nothing(tmp_path, capsys):
    a = arena_log(tmp_path / "a.jsonl", "basic")
    capsys.readouterr()
    c = compare(a, a)
    assert c.margin == (0.0, 0.0, 0.0) and c.charged == (0.0, 0.0, 0.0)
    assert c.different == 0
    assert main(["compare", str(a), str(a)]) == 0
    assert "deals with a different result: 0 of 3" in capsys.readouterr().out


def test_whole_games_are_compared_by_games_won_without_bags_charged(tmp_path, capsys):
    a = arena_log(tmp_path / "a.jsonl", "basic", deals=2, extra=())
    b = arena_log(tmp_path / "b.jsonl", "beginner", deals=2, extra=())
    capsys.readouterr()
    assert main(["compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "whole games" in out and "margin per game" in out and "games won" in out
    assert "bags charged" not in out


@pytest.mark.parametrize("other, field", [
    (("beginner", "basic", ("--hand",)), "'b'"),
    (("basic", "random", ()), "'games'"),
    (("basic", "random", ("--hand", "--rules", "jokers")), "'rules'"),
])
def test_logs_of_matches_that_cannot_be_paired_are_refused(tmp_path, capsys, other, field):
    a = arena_log(tmp_path / "a.jsonl", "basic", deals=1)
    level, opponent, extra = other
    b = arena_log(tmp_path / "b.jsonl", level, opponent, deals=1, extra=extra)
    capsys.readouterr()
    with pytest.raises(CompareError, match=f"differ in {field}"):
        compare(a, b)
    assert main(["compare", str(a), str(b)]) == 2
    captured = capsys.readouterr()
    assert "cannot be paired" not in captured.out and "differ in" in captured.err


def test_logs_without_a_common_deal_missing_empty_or_malformed_get_a_clear_error(
        tmp_path, capsys):
    a = arena_log(tmp_path / "a.jsonl", "basic", seed=11, deals=1)
    b = arena_log(tmp_path / "b.jsonl", "basic", seed=12, deals=1)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    torn = tmp_path / "torn.jsonl"
    torn.write_text(a.read_text().splitlines()[0] + "\n{\"deal\": 11}\n")
    capsys.readouterr()
    for other, message in ((b, "no deal in common"), (tmp_path / "none.jsonl", "no such log"),
                           (empty, "is empty"), (torn, "line 2 is not a deal's result")):
        assert main(["compare", str(a), str(other)]) == 2
        assert message in capsys.readouterr().err


def test_the_paired_margin_is_split_by_who_was_set_and_the_shares_add_up(tmp_path):
    a = arena_log(tmp_path / "a.jsonl", "basic", seed=31, deals=6)
    b = arena_log(tmp_path / "b.jsonl", "random", seed=31, deals=6)
    c = compare(a, b)
    assert sum(count for _, count, _ in c.by_sets) == 6
    assert sum(share for _, _, share in c.by_sets) == pytest.approx(c.charged[0])
    la, lb = deal_lines(a), deal_lines(b)
    fewer = [d for d in la if la[d]["tallies"]["A"]["set"] < lb[d]["tallies"]["A"]["set"]]
    groups = {group: (count, share) for group, count, share in c.by_sets}
    assert fewer, "the random player is set more often than the basic player"
    count, share = groups["the player set less often in A than in B"]
    assert count == len(fewer)
    assert share == pytest.approx(sum(la[d]["adjusted"] - lb[d]["adjusted"]
                                      for d in fewer) / 6)
