"""Whole terminal games per second: the game loop, the table text and the computer players.

Runs :class:`spades.terminal.Session` in-process on numbered deals of the ``short`` preset
(game to 100), with South answering from a fixed cycle of lines (``look``, ``keep``,
``discard``, ``1`` … ``13``: refused lines are answered with their reason and the next
one is tried, as through a pipe). The last line is ``seconds per game: N``.

usage: python benchmarks/terminal_game.py [--games N] [--level basic]
"""

from __future__ import annotations

import argparse
import io
import itertools
import tempfile
import time
from pathlib import Path

from spades.game import Game
from spades.terminal import Session

ANSWERS = ["look", "keep", "discard", *map(str, range(1, 14))]


def play_one(deal: int, level: str, save: Path) -> int:
    """Play one game to the end; returns the number of output lines."""
    answers = itertools.cycle(ANSWERS)
    out = io.StringIO()
    players = {"S": "human", "N": level, "E": level, "W": level}
    session = Session(Game("short", deal=deal, players=players), level, 0, save_path=save,
                      out=out, read_line=lambda prompt: next(answers))
    assert session.run() == 0
    return out.getvalue().count("\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="basic")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "save.json"
        start = time.perf_counter()
        lines = sum(play_one(deal, args.level, save) for deal in range(args.games))
        elapsed = time.perf_counter() - start
    print(f"games: {args.games} ({args.level} players), output lines: {lines}")
    print(f"seconds per game: {elapsed / args.games:.3f}")


if __name__ == "__main__":
    main()
