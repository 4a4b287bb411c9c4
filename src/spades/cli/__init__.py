"""The ``spades`` command: one subcommand per module of this package.

Each subcommand module defines ``register(subparsers)``, which adds its parser and sets
``handler`` (a function of the parsed arguments returning the exit status).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS = (
    "score",
    "deal",
    "rules",
    "play",
    "serve",
    "hint",
    "arena",
    "compare",
    "summary",
)
"""Subcommand modules of :mod:`spades.cli`, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="spades",
        description="Spades, the trick-taking card game: play it, score records, "
        "analyse positions and measure computer players.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        importlib.import_module(f"spades.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
