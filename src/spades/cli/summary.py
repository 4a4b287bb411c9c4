"""``spades summary LOG``: the figures of an arena log, finished or not."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EPILOG = """\
examples:
  spades arena expert strong --hand --deals 400 --seed 48000001 --jobs 2 --log h2h.jsonl
  (in another terminal, while it plays)
  spades summary h2h.jsonl
  spades summary h2h.jsonl --json h2h.json

It reads the log and plays nothing, so it is safe while the match is still writing to
it: a line not yet finished is left out. The figures are those the arena prints at
the end (the margin with its 95% interval, contracts made and set, bags and time per
decision), over the deals the log holds so far; deals below the highest one held that
are not in it yet (several processes finish their deals out of order) are listed.
"""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "summary", help="the figures of an arena log so far, without playing",
        description="Print the arena's figures over the deals a log written by "
        "'spades arena ... --log FILE' holds, while the match plays or after it stopped.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log", metavar="LOG", help="the arena log (JSON lines)")
    p.add_argument("--json", metavar="FILE",
                   help="also write the figures as the arena's --json does, with "
                        "'missing' (the deal numbers not yet in the log)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from spades.arena import report
    from spades.arena_log import ArenaLogError, load_log, log_summary

    try:
        contents = load_log(Path(args.log))
    except ArenaLogError as error:
        print(error, file=sys.stderr)
        return 2
    if not contents.results:
        print(f"{args.log}: no deal finished yet", file=sys.stderr)
        return 1
    summary = log_summary(contents)
    if args.json:
        import json

        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(report(summary))
    held = sorted(contents.results)
    line = f"deals {held[0]} to {held[-1]} in {args.log}"
    missing = summary["missing"]
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (", …" if len(missing) > 10 else "")
        line += f"; {len(missing)} below {held[-1]} not in it yet: {shown}"
    print(line)
    return 0
