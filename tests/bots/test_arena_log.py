"""The arena's log: a stopped match resumes where it stopped, and only with its own log."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import spades.arena as arena
from spades.arena import Match, run_match
from spades.arena_log import FORMAT, ArenaLog, ArenaLogError
from spades.cli import main


def quick(deals: int, first: int = 11) -> Match:
    return Match("basic", "random", "classic", deals=deals, first=first, games=False)


def played(monkeypatch) -> list[int]:
    """Record which deals the arena actually plays."""
    seen: list[int] = []
    real = arena.play_deal

    def counting(match, deal):
        seen.append(deal)
        return real(match, deal)

    monkeypatch.setattr(arena, "play_deal", counting)
    return seen


def figures(summary):
    keep = ("deals", "margin", "ci95", "margin_bags_charged", "ci95_bags_charged")
    players = {name: {k: v for k, v in p.items() if k != "seconds_per_decision"}
               for name, p in summary["players"].items()}
    return {k: summary[k] for k in keep}, players


def test_a_resumed_match_plays_only_the_missing_deals_and_sums_up_the_same(
        tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    seen = played(monkeypatch)
    run_match(quick(3), log=ArenaLog(path, quick(3)))
    assert seen == [11, 12, 13]
    resumed = run_match(quick(5), log=ArenaLog(path, quick(5)))
    assert seen == [11, 12, 13, 14, 15]
    assert figures(resumed) == figures(run_match(quick(5)))
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == FORMAT
    assert [json.loads(line)["deal"] for line in lines[1:]] == [11, 12, 13, 14, 15]


def test_a_finished_log_is_summed_up_without_playing(tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    first = run_match(quick(2), log=ArenaLog(path, quick(2)))
    seen = played(monkeypatch)
    again = run_match(quick(2), log=ArenaLog(path, quick(2)))
    assert seen == [] and figures(again) == figures(first)
    fewer = run_match(quick(1), log=ArenaLog(path, quick(1)))
    assert seen == [] and fewer["deals"] == 1


def test_a_torn_last_line_is_played_again_and_replaced(tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    run_match(quick(2), log=ArenaLog(path, quick(2)))
    text = path.read_text()
    path.write_text(text[:-20])  # killed while writing the second deal
    seen = played(monkeypatch)
    summary = run_match(quick(2), log=ArenaLog(path, quick(2)))
    assert seen == [12] and summary["deals"] == 2

    def deals(log: str) -> list[tuple[int, float]]:
        rows = [json.loads(line) for line in log.splitlines()[1:]]
        return [(row["deal"], row["margin"]) for row in rows]

    assert deals(path.read_text()) == deals(text)


@pytest.mark.parametrize("other", [
    Match("basic", "random", "classic", deals=3, first=12, games=False),
    Match("basic", "random", "jokers", deals=3, first=11, games=False),
    Match("random", "basic", "classic", deals=3, first=11, games=False),
    Match("basic", "random", "classic", deals=3, first=11, games=True),
    Match("basic", "random", "classic", deals=3, first=11, budget=5, games=False),
])
def test_the_log_of_another_match_is_refused_and_left_alone(tmp_path, other):
    path = tmp_path / "log.jsonl"
    run_match(quick(1), log=ArenaLog(path, quick(1)))
    before = path.read_bytes()
    with pytest.raises(ArenaLogError, match="log of another match"):
        ArenaLog(path, other)
    assert path.read_bytes() == before


@pytest.mark.parametrize("text, where", [
    ("not json\n", "line 1"),
    (f'{{"format": "{FORMAT}", "match": [1]}}\n', "does not name a match"),
    ('{"format": "spades-arena-log/9", "match": {}}\n', "format"),
    ("HEAD\n{\"deal\": 11}\n", "line 2"),
    ("HEAD\n[1, 2]\n", "line 2"),
    ('HEAD\n{"deal": 11, "margin": 1, "adjusted": 1, "tallies": {"A": {"hands": 1}}}\n',
     "line 2"),
    ('HEAD\n{"deal": 11, "margin": 1, "adjusted": 1, "tallies": '
     '{"A": {"wings": 1}, "B": {}}}\n', "line 2"),
])
def test_a_malformed_log_gets_a_clear_error_and_is_left_alone(tmp_path, text, where):
    heading = json.dumps({"format": FORMAT, "match": {
        "a": "basic", "b": "random", "rules": "classic", "first": 11, "budget": None,
        "games": False}})
    path = tmp_path / "log.jsonl"
    path.write_text(text.replace("HEAD", heading))
    before = path.read_bytes()
    with pytest.raises(ArenaLogError, match=where):
        ArenaLog(path, quick(2))
    assert path.read_bytes() == before


def test_cli_log_resumes_and_refuses_another_match(tmp_path, capsys):
    path = tmp_path / "out" / "log.jsonl"
    common = ["arena", "basic", "random", "--hand", "--seed", "21", "--log", str(path)]
    assert main([*common, "--deals", "1"]) == 0
    capsys.readouterr()
    assert main([*common, "--deals", "2"]) == 0
    out = capsys.readouterr()
    assert "1/2 deals" in out.err and "2/2 deals" in out.err
    assert "(classic, 2 deals, first hand only" in out.out
    before = path.read_bytes()
    assert main(["arena", "basic", "random", "--seed", "21", "--log", str(path)]) == 2
    assert "log of another match" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_cli_reports_where_a_stopped_match_stands(tmp_path, monkeypatch, capsys):
    path = tmp_path / "log.jsonl"
    real = arena.play_deal

    def stop_at_second(match, deal):
        if deal == 32:
            raise KeyboardInterrupt
        return real(match, deal)

    monkeypatch.setattr(arena, "play_deal", stop_at_second)
    status = main(["arena", "basic", "random", "--hand", "--seed", "31", "--deals", "3",
                   "--log", str(path)])
    assert status == 130
    assert "1 of 3 deals are in" in capsys.readouterr().err
    assert len(path.read_text().splitlines()) == 2


def test_ctrl_c_stops_a_match_on_several_processes_and_keeps_its_log(tmp_path):
    # A terminal's Ctrl-C reaches every process of the group, the workers included.
    # A stopped worker printed its traceback, and on long deals the parent hung.
    path = tmp_path / "log.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "spades", "arena", "strong", "basic", "--deals", "100000",
         "--budget", "3", "--hand", "--jobs", "2", "--quiet", "--log", str(path)],
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    try:
        deadline = time.monotonic() + 120
        while (not path.exists() or len(path.read_text().splitlines()) < 3) \
                and time.monotonic() < deadline:
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGABRT)
            _, err = proc.communicate()
            pytest.fail(f"the match did not stop within 60 s of Ctrl-C:\n{err}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    kept = len(path.read_text().splitlines()) - 1
    assert f"stopped: {kept} of 100000 deals are in" in err and kept >= 2
    # The workers leave Ctrl-C to the parent: none of them dies with a traceback (a
    # worker stopped inside the pool's queue can leave the parent hanging).
    assert "Traceback" not in err and "SpawnPoolWorker" not in err


CTRL_C_TO_A_HELPER_THREAD = """
import signal, sys, threading, time
from spades.arena import Match, run_deals

def ctrl_c() -> None:
    time.sleep(1.5)
    # Handed to this thread, not the main one, as the kernel may do with a Ctrl-C.
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=ctrl_c, daemon=True).start()
started = time.monotonic()
try:
    # Deals of minutes: searches at a budget only the safety cap stops.
    for _ in run_deals(Match("strong", "strong", deals=4, budget=10**6, games=False), 2):
        pass
except KeyboardInterrupt:
    print(f"{time.monotonic() - started:.1f}")
    sys.exit(130)
"""


def test_ctrl_c_handed_to_another_thread_stops_the_parent_at_once():
    # The parent waits for its workers' results; a Ctrl-C the kernel hands to one of the
    # pool's threads is raised in the main thread only when that thread wakes, and a
    # wait without a timeout wakes only with the next deal.
    proc = subprocess.run([sys.executable, "-c", CTRL_C_TO_A_HELPER_THREAD],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 130, proc.stderr
    assert float(proc.stdout) < 10, "the parent waited for a deal to see Ctrl-C"
