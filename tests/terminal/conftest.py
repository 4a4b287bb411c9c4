"""Helpers that run the real ``spades play`` command, through a pipe or interactively."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SPADES = [sys.executable, "-m", "spades"]

CYCLE = ["look", "keep", "discard", *map(str, range(1, 14))]
"""Answers that, repeated, finish any game: every prompt is met by one of them.

Bids take the first number; a card number that is out of range or illegal is refused
and the next one is tried, and within thirteen lines some card is playable.
"""


def cycle_input(rounds: int = 400, first: tuple[str, ...] = ()) -> str:
    """The :data:`CYCLE` answers repeated ``rounds`` times, after ``first``."""
    return "\n".join([*first, *(CYCLE * rounds)]) + "\n"


def play_env(home: Path) -> dict[str, str]:
    """An environment whose save file lives under ``home`` (never the user's own)."""
    env = dict(os.environ)
    env["SPADES_HOME"] = str(home)
    env.pop("NO_COLOR", None)
    return env


def run_play(home: Path, args: list[str], stdin: str, timeout: float = 120
             ) -> subprocess.CompletedProcess[str]:
    """``spades play ARGS`` with ``stdin`` piped in."""
    return subprocess.run([*SPADES, "play", *args], input=stdin, capture_output=True,
                          text=True, env=play_env(home), timeout=timeout, check=False)


class Driver:
    """Plays ``spades play`` interactively: waits for each prompt, then answers it."""

    def __init__(self, home: Path, args: list[str]) -> None:
        # Ctrl-C reaches the game as at a terminal (tests/conftest.py).
        self.proc = subprocess.Popen(
            [*SPADES, "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, env=play_env(home))
        self.transcript = ""
        self._pending = b""

    def read_prompt(self, timeout: float = 60) -> str | None:
        """The output up to the next prompt (ending in ``> ``), or None once it exits."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        chunk = ""
        while True:
            text = self._pending.decode("utf-8", errors="ignore")
            if text.endswith("> "):
                self._pending = b""
                self.transcript += text
                return chunk + text
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no prompt; output so far:\n{self.transcript[-3000:]}")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            data = os.read(fd, 65536)
            if not data:
                self.transcript += self._pending.decode("utf-8", errors="replace")
                self._pending = b""
                self.proc.wait(timeout=10)
                return None
            self._pending += data

    def send(self, line: str) -> None:
        """Type one line."""
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def close(self) -> None:
        """End the input and wait for the command to leave."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            if self.proc.stdout is not None:
                self.transcript += self.proc.stdout.read().decode("utf-8", errors="replace")
                self.proc.stdout.close()


class Runner:
    """What a test needs to run ``spades play``, with save files kept in one folder."""

    spades = SPADES

    def __init__(self, home: Path) -> None:
        self.home = home
        self.save_file = home / "terminal-save.json"
        self.drivers: list[Driver] = []

    def run(self, args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
        """``spades play ARGS`` with ``stdin`` piped in."""
        return run_play(self.home, args, stdin)

    def driver(self, args: list[str]) -> Driver:
        """``spades play ARGS`` driven prompt by prompt."""
        driver = Driver(self.home, args)
        self.drivers.append(driver)
        return driver

    cycle = staticmethod(cycle_input)


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Runner]:
    """A :class:`Runner` whose save file lives in ``tmp_path``."""
    runner = Runner(tmp_path)
    yield runner
    for driver in runner.drivers:
        driver.close()


HAND_RE = re.compile(r"(\d+) (\S+)")


def numbered_cards(line: str) -> dict[int, str]:
    """``Your hand:  1 J♠  2 9♠`` → ``{1: "J♠", 2: "9♠"}``."""
    body = line.split(":", 1)[1]
    return {int(n): card for n, card in HAND_RE.findall(body)}


def last_line(text: str, prefix: str) -> str | None:
    """The last line of ``text`` starting with ``prefix``."""
    found = None
    for line in text.splitlines():
        if line.startswith(prefix):
            found = line
    return found
