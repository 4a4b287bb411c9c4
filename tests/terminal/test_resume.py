"""Leaving mid-hand saves the game; ``--resume`` continues it from the same state."""

from __future__ import annotations

import json
import signal
from typing import TYPE_CHECKING

import pytest

from spades.game import Phase
from spades.record import load_record

if TYPE_CHECKING:
    from tests.terminal.conftest import Runner

SHORT = ["--rules", "short", "--target", "60", "--deal", "5"]


def ending(out: str) -> str:
    """The final scoresheet and verdict."""
    return out[out.rindex("Hand | "):]


@pytest.mark.parametrize(("args", "cut"), [(SHORT, 60), (["--rules", "two-player",
                                                           "--target", "60", "--deal", "3"], 70)])
def test_resume_continues_as_if_never_interrupted(play: Runner, args: list[str],
                                                  cut: int) -> None:
    answers = play.cycle().splitlines()
    whole = play.run(args, "\n".join(answers) + "\n")
    assert whole.returncode == 0 and "Game over" in whole.stdout

    first = play.run(args, "\n".join(answers[:cut]) + "\n")
    assert first.returncode == 0 and "Game over" not in first.stdout
    assert "Continue it with: spades play --resume" in first.stdout
    saved = json.loads(play.save_file.read_text())
    assert saved["format"] == "spades-record/1"
    assert saved["terminal"] == {"level": "basic", "seed": 0, "secret_deal": False}
    del saved["terminal"]
    stopped = load_record(saved)
    assert stopped.phase in (Phase.PLAY, Phase.DRAW)  # stopped mid-hand

    rest = play.run(["--resume"], "\n".join(answers[cut:]) + "\n")
    assert rest.returncode == 0, rest.stderr
    assert rest.stdout.startswith(f"Resuming the game saved in {play.save_file}.")
    assert ending(rest.stdout) == ending(whole.stdout)
    assert not play.save_file.exists()  # finished: nothing left to resume
    # The table shown on resuming is the one the uninterrupted game showed then.
    resumed_hand = rest.stdout.split("\n── ", 1)[1].split("\n", 1)[0]
    assert f"── {resumed_hand}" in whole.stdout
    assert f"Hand {stopped.hand.index + 1} " in resumed_hand


def test_resume_refuses_what_would_change_the_game(play: Runner) -> None:
    none = play.run(["--resume"], "")
    assert none.returncode == 2
    assert f"there is no saved game at {play.save_file}" in none.stderr
    play.run(SHORT, "look\n")
    clash = play.run(["--resume", "--deal", "9"], "")
    assert clash.returncode == 2 and "--deal cannot change it" in clash.stderr
    broken = play.save_file
    broken.write_text("{not json")
    bad = play.run(["--resume"], "")
    assert bad.returncode == 2 and "is not a saved game" in bad.stderr


def test_a_new_game_mentions_the_saved_one(play: Runner) -> None:
    play.run(SHORT, "look\n")
    again = play.run(SHORT, "")
    assert "A saved game is waiting: spades play --resume continues it" in again.stdout


def test_ctrl_c_saves_and_leaves(play: Runner) -> None:
    driver = play.driver(SHORT)
    assert driver.read_prompt() is not None
    driver.send("look")
    assert "Your bid" in (driver.read_prompt() or "")
    driver.send("4")
    assert "Your card" in (driver.read_prompt() or "")
    driver.proc.send_signal(signal.SIGINT)
    assert driver.read_prompt() is None
    assert driver.proc.returncode == 130
    assert "Game saved to" in driver.transcript and "Traceback" not in driver.transcript
    saved = json.loads(play.save_file.read_text())
    assert saved["hands"][0]["bids"][0] == 4
