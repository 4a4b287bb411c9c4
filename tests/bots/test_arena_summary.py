"""``spades summary LOG``: the arena's figures over the deals a log holds, without
playing, while a match still writes to it or after it stopped."""

from __future__ import annotations

import json

import spades.arena as arena
from spades.arena import Match, report, run_match
from spades.arena_log import ArenaLog
from spades.cli import main


def quick(deals: int) -> Match:
    return Match("basic", "random", "classic", deals=deals, first=11, games=False)


def forbid_play(monkeypatch) -> None:
    """From now on, fail the test if anything plays a deal."""
    def refuse(match, deal):
        raise AssertionError(f"deal {deal} played")

    monkeypatch.setattr(arena, "play_deal", refuse)


def test_the_summary_of_a_log_is_what_the_arena_printed(tmp_path, monkeypatch, capsys):
    path = tmp_path / "log.jsonl"
    finished = run_match(quick(3), log=ArenaLog(path, quick(3)))
    forbid_play(monkeypatch)
    out_json = tmp_path / "figures.json"
    assert main(["summary", str(path), "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(report(finished) + "\n")
    assert f"deals 11 to 13 in {path}" in out and "not in it yet" not in out
    written = json.loads(out_json.read_text())
    assert written["missing"] == []
    assert {k: written[k] for k in ("deals", "margin", "ci95", "margin_bags_charged")} == \
        {k: finished[k] for k in ("deals", "margin", "ci95", "margin_bags_charged")}


def test_a_log_still_being_written_counts_its_finished_lines_and_names_the_gaps(
        tmp_path, monkeypatch, capsys):
    path = tmp_path / "log.jsonl"
    run_match(quick(4), log=ArenaLog(path, quick(4)))
    forbid_play(monkeypatch)
    lines = path.read_text().splitlines(keepends=True)
    # Deal 12 still playing on another process, deal 14 being written.
    path.write_text(lines[0] + lines[1] + lines[3] + lines[4][:-15])
    assert main(["summary", str(path), "--json", str(tmp_path / "f.json")]) == 0
    out = capsys.readouterr().out
    assert "(classic, 2 deals, first hand only" in out
    assert "deals 11 to 13" in out and "1 below 13 not in it yet: 12" in out
    assert json.loads((tmp_path / "f.json").read_text())["missing"] == [12]


def test_a_log_that_cannot_be_read_gets_a_clear_error(tmp_path, monkeypatch, capsys):
    path = tmp_path / "log.jsonl"
    run_match(quick(1), log=ArenaLog(path, quick(1)))
    forbid_play(monkeypatch)
    heading_only = tmp_path / "heading.jsonl"
    heading_only.write_text(path.read_text().splitlines()[0] + "\n")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    record = tmp_path / "record.json"
    record.write_text('{"format": "spades-record/1"}\n')
    capsys.readouterr()
    for bad, status, message in ((tmp_path / "none.jsonl", 2, "no such log"),
                                 (empty, 2, "the log is empty"),
                                 (record, 2, "not an arena log's heading"),
                                 (heading_only, 1, "no deal finished yet")):
        assert main(["summary", str(bad)]) == status
        assert message in capsys.readouterr().err
