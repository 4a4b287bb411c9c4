"""The ``spades`` command's engine subcommands, run as real processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"


def spades(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], input=stdin, capture_output=True, text=True,
        timeout=60, check=False,
    )


def test_score_prints_json_and_exits_0() -> None:
    done = spades("score", str(GOLDEN / "deal4127.record.json"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads((GOLDEN / "deal4127.score.json").read_text())
    assert done.stderr == ""


def test_score_reads_standard_input() -> None:
    done = spades("score", "-", stdin=(GOLDEN / "deal4127.record.json").read_text())
    assert done.returncode == 0
    assert json.loads(done.stdout)["score"] == {"NS": 20, "EW": 124}


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not JSON: "),
    ("[]", "a record is a JSON object"),
    ('{"format": "spades-record/1", "hands": [{"dealer": "E", "cards": {}, "play": "2S"}],'
     ' "deal": 4127}', "hand 1: cards are played before every bid is made"),
])
def test_score_bad_record_exits_1_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = spades("score", str(path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1


def test_score_illegal_play_names_hand_action_seat_and_reason(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "deal4127.record.json").read_text())
    data["hands"][1]["play"] = data["hands"][1]["play"].split()[:12]
    data["hands"][1]["play"] = " ".join(data["hands"][1]["play"]) + " AS"
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    done = spades("score", str(path))
    assert done.returncode == 1
    assert done.stdout == ""
    # the reason is told about North, and says whose card the ace of spades is
    assert done.stderr == ("hand 2, action 17 (N plays AS): North does not hold the ace of "
                           "spades: East holds it\n")


def test_score_missing_file_exits_1() -> None:
    done = spades("score", "/nonexistent/record.json")
    assert done.returncode == 1
    assert done.stderr.startswith("cannot read /nonexistent/record.json")


def test_deal_shows_a_numbered_deal() -> None:
    done = spades("deal", "4127")
    assert done.returncode == 0
    assert "Deal 4127, hand 1 (classic); dealer East" in done.stdout
    assert "South  Q♠ J♠ 8♠ 2♠  Q♥ 6♥ 5♥ 4♥  J♣ 6♣  8♦ 5♦ 2♦" in done.stdout


def test_deal_json_matches_the_golden_deal() -> None:
    done = spades("deal", "4127", "--hand", "2", "--json")
    data = json.loads(done.stdout)
    assert data["dealer"] == "S"
    assert data["cards"]["S"] == "QC AC 2D 6D TD JD KD 2H 5H TH QH KH JS"


def test_deal_two_player_shows_the_stock() -> None:
    done = spades("deal", "4127", "--rules", "two-player", "--json")
    assert json.loads(done.stdout)["stock"].startswith("6H 2C 5S TH")


def test_deal_daily_by_date() -> None:
    done = spades("deal", "--date", "2026-11-29", "--json")
    assert json.loads(done.stdout)["deal"] == 964856930


def test_rules_lists_presets_and_settings() -> None:
    done = spades("rules")
    assert done.returncode == 0
    for preset in ("classic", "no-help-nil", "jokers", "blind-nil", "short", "two-player",
                   "cutthroat"):
        assert preset in done.stdout
    assert "nil_tricks" in done.stdout and "bag_limit" in done.stdout
    data = json.loads(spades("rules", "--json").stdout)
    assert data["presets"]["jokers"]["target"] == 1000


@pytest.mark.parametrize("sub", ["score", "deal", "rules", "compare", "summary"])
def test_every_subcommand_has_help(sub: str) -> None:
    done = spades(sub, "--help")
    assert done.returncode == 0
    assert "usage: spades " + sub in done.stdout


def test_top_level_help_lists_subcommands() -> None:
    done = spades("--help")
    assert done.returncode == 0
    for sub in ("score", "deal", "rules"):
        assert sub in done.stdout
