"""The example loop runs end to end and prints every seat's return."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "pettingzoo_loop.py"


def test_the_pettingzoo_example_prints_per_seat_returns() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE), "--hands", "20", "--rules",
                           "two-player"], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0] == "20 hands of two-player: basic at N, random at the other seats"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["north_0", "south_1"]
