"""``spades arena A B``: duplicate deals between two computer players."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from spades.rules import PRESETS

EPILOG = """\
examples:
  spades arena basic random --deals 200
  spades arena strong basic --deals 1000 --jobs 2 --budget 20 --json out.json
  spades arena oracle basic --deals 100 --rules cutthroat
  spades arena strong basic --deals 10 --records games/   every game as a record
  spades arena strong basic --deals 1000 --hand --budget 100   first hands only
  spades arena oracle-cards basic --deals 300 --hand --budget 50
                      the oracle's card play with strong's bids (see docs/bots.md)
  spades arena strong basic --deals 300 --jobs 2 --log strong-basic.jsonl
                      stop it at any time (Ctrl-C); the same command again resumes
  spades summary strong-basic.jsonl
                      its figures so far, from another terminal while it plays

A deal number identifies a whole game (every shuffle of every hand, rule R26). Each
deal is played twice with the same cards, the seats swapped, so the luck of the cards
cancels. The margin is A's final score minus B's per deal (the mean of the two plays),
with a 95% confidence interval, and the games each player won. With --hand only the
first hand of each deal is played: faster, and the margin is then that hand's points.
"""

def register(sub: Any) -> None:
    from spades.bots import YARDSTICKS, player_levels

    known = (*player_levels(), *YARDSTICKS)
    p = sub.add_parser(
        "arena", help="measure two computer players against each other",
        description="Play duplicate deals (each deal number a whole game) between two "
        "computer players and print the mean margin per deal with a 95% confidence "
        "interval, games won, contracts made and set, bags, Nils and seconds per "
        "decision. Yardsticks: " + "; ".join(
            f"'{name}' {what}" for name, what in YARDSTICKS.items()) + ".",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    levels = ", ".join(known)
    p.add_argument("a", choices=known, metavar="A", help=f"the player measured ({levels})")
    p.add_argument("b", choices=known, metavar="B",
                   help="the player it is measured against")
    p.add_argument("--deals", type=int, default=100, metavar="N",
                   help="number of deals (whole games), each played twice (default 100)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help=f"processes to use (this machine has {os.cpu_count()})")
    p.add_argument("--rules", default="classic", choices=sorted(PRESETS), metavar="PRESET",
                   help="rules preset (default classic)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="number of the first deal (default 1)")
    p.add_argument("--budget", type=int, default=None, metavar="DEALS",
                   help="possible deals strong searches per card decision, twice that "
                   "per bid; expert searches four times as many per card (default: "
                   "each level's own, 600 for strong)")
    p.add_argument("--hand", action="store_true",
                   help="play only the first hand of each deal instead of the whole game: "
                   "the margin is then that hand's points (also shown with bags charged "
                   "at their long-run cost)")
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    p.add_argument("--log", metavar="FILE",
                   help="add each finished deal to FILE (JSON lines) as soon as it is "
                   "played; run the same command again to resume: the deals FILE holds "
                   "are not played again, and a larger --deals extends the match ('spades "
                   "summary FILE' shows the figures so far while it plays)")
    p.add_argument("--records", metavar="DIR", help="write every game as a record")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from spades.arena import Match, report, run_match

    if args.deals < 1 or args.jobs < 1:
        print("--deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.budget is not None and args.budget < 1:
        print("--budget must be at least 1", file=sys.stderr)
        return 2
    match = Match(args.a, args.b, args.rules, args.deals, args.seed, args.budget,
                  args.records, not args.hand)

    def show(done: int, total: int) -> None:
        if not args.quiet:
            from spades.arena import progress

            progress(done, total, sys.stderr)

    log = None
    if args.log:
        from spades.arena_log import ArenaLog, ArenaLogError

        try:
            log = ArenaLog(Path(args.log), match)
        except ArenaLogError as error:
            print(error, file=sys.stderr)
            return 2
    try:
        summary = run_match(match, args.jobs, show, log)
    except KeyboardInterrupt:
        if log is None:
            raise
        print(f"\nstopped: {len(log.held())} of {match.deals} deals are in {args.log}; "
              "the same command again plays the rest", file=sys.stderr)
        return 130
    if args.json:
        import json

        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(report(summary))
    return 0
