"""The duplicate arena: tiny matches only (a few deals, small budgets)."""

from __future__ import annotations

import json

from spades.arena import Match, play_deal, run_match, seats_of
from spades.cli import main
from spades.record import load_record, read_record
from spades.rules import rules_from


def test_identical_players_tie_exactly():
    # Same cards both ways and deterministic players: the two plays mirror each other.
    summary = run_match(Match("basic", "basic", "classic", deals=3, first=40))
    assert summary["margin"] == 0
    assert summary["ci95"] == [0, 0]


def test_first_hands_only_basic_beats_random():
    summary = run_match(Match("basic", "random", "classic", deals=6, first=1, games=False))
    assert summary["deals"] == 6 and summary["unit"] == "hand"
    assert summary["margin"] > 0
    low, high = summary["ci95"]
    assert low <= summary["margin"] <= high
    basic = summary["players"]["basic"]
    assert basic["hands"] == 12 and basic["decisions"] > 0
    assert 0 <= basic["made_rate"] <= 1 and basic["seconds_per_decision"] > 0


def test_seats_are_swapped_between_the_two_plays():
    four = rules_from("classic")
    assert seats_of(four, False) == (("N", "S"), ("E", "W"))
    assert seats_of(four, True) == (("E", "W"), ("N", "S"))
    two = rules_from("two-player")
    assert seats_of(two, False) == (("N",), ("S",))


def test_every_preset_can_be_measured():
    for preset in ("cutthroat", "two-player", "jokers", "blind-nil"):
        result = play_deal(Match("basic", "random", preset, deals=1), 2)
        assert result.tallies["A"].hands >= 2


def test_search_players_with_a_budget():
    result = play_deal(Match("strong", "oracle", "classic", deals=1, budget=2,
                             games=False), 5)
    assert result.tallies["A"].decisions > 0 and result.tallies["B"].decisions > 0


def test_cli_json_records_and_jobs(tmp_path, capsys):
    out = tmp_path / "arena.json"
    records = tmp_path / "games"
    status = main(["arena", "basic", "random", "--deals", "2", "--jobs", "2",
                   "--json", str(out), "--records", str(records), "--seed", "7"])
    assert status == 0
    text = capsys.readouterr()
    assert "margin of basic per deal" in text.out
    assert "basic won" in text.out and "2/2 deals" in text.err
    data = json.loads(out.read_text())
    assert data["deals"] == 2 and len(data["ci95"]) == 2
    assert set(data["players"]) == {"basic", "random"}
    assert "seconds_per_decision" in data["players"]["random"]
    files = sorted(records.iterdir())
    assert [f.name for f in files] == ["deal-7-AB.json", "deal-7-BA.json",
                                       "deal-8-AB.json", "deal-8-BA.json"]
    game = load_record(read_record(files[0]))
    assert game.over and len(game.results) > 1


def test_cli_hand_plays_first_hands_only(tmp_path, capsys):
    records = tmp_path / "hands"
    status = main(["arena", "basic", "random", "--deals", "1", "--hand", "--quiet",
                   "--records", str(records), "--seed", "3"])
    assert status == 0
    text = capsys.readouterr().out
    assert "margin of basic per hand" in text and "with bags charged 10 each" in text
    game = load_record(read_record(records / "deal-3-AB.json"))
    assert len(game.results) == 1 and not game.over


def test_cli_refuses_bad_counts(capsys):
    assert main(["arena", "basic", "random", "--deals", "0"]) == 2


def test_whole_games_count_wins():
    summary = run_match(Match("basic", "random", "short", deals=1, first=3))
    assert summary["unit"] == "deal"
    basic, rand = summary["players"]["basic"], summary["players"]["random"]
    assert basic["games"] == rand["games"] == 2
    assert basic["games_won"] + rand["games_won"] == 2
    assert basic["games_won"] == 2 and summary["margin"] > 0


def test_blind_nils_are_counted_apart_from_nils(capsys):
    # Short games (to 100, Blind Nil allowed, computer players may bid Nil): the random
    # player goes blind now and then, and the arena reports Blind Nils on their own.
    summary = run_match(Match("basic", "random", "short", deals=6, first=1))
    players = summary["players"].values()
    assert all({"blind_nil_bids", "blind_nil_made"} <= set(p) for p in players)
    blind = sum(p["blind_nil_bids"] for p in players)
    nils = sum(p["nil_bids"] for p in players)
    assert blind > 0 and nils > 0
    assert all(p["blind_nil_made"] <= p["blind_nil_bids"] for p in players)
    from spades.arena import report

    text = report(summary)
    assert "blind nil" in text.splitlines()[4]


def test_games_stopped_at_the_hand_limit_are_reported(monkeypatch):
    import spades.arena as arena

    monkeypatch.setattr(arena, "MAX_HANDS", 1)
    summary = run_match(Match("basic", "random", "classic", deals=1, first=3))
    players = summary["players"].values()
    assert all(p["games_unfinished"] == 2 and p["games_won"] == 0 for p in players)
    text = arena.report(summary)
    assert "2 games stopped at the 1-hand limit with no winner" in text


def test_seconds_per_decision_are_shown_in_a_readable_unit():
    from spades.arena import report

    summary = run_match(Match("random", "random", "classic", deals=1, first=2, games=False))
    text = report(summary)
    assert "0.0000" not in text
    last = text.splitlines()[-1].split()
    assert last[-1] in ("µs", "ms", "s") and float(last[-2]) > 0
