"""``spades score FILE``: replay a record, checking every action, and print its score."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from spades.errors import SpadesError
from spades.record import read_record, score_record

EPILOG = """\
On success prints JSON (per hand: tricks and, once finished, each side's points, bags,
running score and bag count; then the totals, whether the game is finished and the
winner) and exits 0. A malformed or illegal record prints one line on standard error
naming the hand, the action, the seat and the reason, e.g.
  hand 2, action 17 (W plays 4S): spades have not been broken
and exits 1, printing nothing on standard output.

example: spades score game.json
"""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "score", help="replay and score a game record (spades-record/1)",
        description="Replay a game record under its rules, checking every action, "
        "and print its score as JSON.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="the record (JSON); - reads standard input")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            from spades.record import parse_record_text

            data = parse_record_text(sys.stdin.read())
        else:
            data = read_record(args.file)
        result = score_record(data)
    except SpadesError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2))
    return 0
