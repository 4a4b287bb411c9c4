"""``spades compare A.jsonl B.jsonl``: two arena logs paired deal by deal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EPILOG = """\
examples:
  spades arena strong basic --hand --deals 300 --seed 5001 --jobs 2 --log before.jsonl
  (change the player, then the same match into another log)
  spades arena strong basic --hand --deals 300 --seed 5001 --jobs 2 --log after.jsonl
  spades compare after.jsonl before.jsonl

Each log's margin carries the luck of its deals; the difference of the two margins on
the same deal cancels most of it. A-B is the mean of those differences with its 95%
confidence interval: a change gained only if that interval lies above 0. Logs of
matches against another opponent, under other rules, or of whole games against first
hands cannot be paired; only the deals both logs hold are counted.
"""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "compare", help="pair two arena logs deal by deal (did a change gain?)",
        description="Compare two logs written by 'spades arena ... --log FILE' on the "
        "deals both hold: each log's margin, and A's margin less B's deal by deal with "
        "a 95% confidence interval (raw, and with bags charged for first hands), the "
        "deals whose result differs, how much of the difference comes from contracts "
        "set in one log and not the other, contracts set, bags and time per decision.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", metavar="A", help="the log of the player measured (JSON lines)")
    p.add_argument("b", metavar="B", help="the log it is measured against")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from spades.arena_compare import compare, report
    from spades.arena_log import ArenaLogError

    try:
        comparison = compare(Path(args.a), Path(args.b))
    except ArenaLogError as error:
        print(error, file=sys.stderr)
        return 2
    print(report(comparison))
    return 0
