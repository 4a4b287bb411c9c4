"""``spades hint FILE``: what a computer player would do where a record stops."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EPILOG = """\
examples:
  spades hint game.json                   the strong player's choice and its reason
  spades hint game.json --level basic     the rule-based player's choice
  spades hint game.json --json            {"seat": "W", "action": "4S", "reason": "..."}

The record (spades-record/1) must stop part-way: the hint is for the seat to act,
and it is built from that seat's view only.
"""


def register(sub: Any) -> None:
    from spades.bots import player_levels

    p = sub.add_parser(
        "hint", help="the action a computer player would take where a record stops",
        description="Replay a game record that stops part-way and print the bid or card "
        "the chosen computer player would take for the seat to act, with its reason.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="a game record (JSON), '-' for standard input")
    p.add_argument("--level", default="strong", choices=player_levels(),
                   help="which computer player answers (default strong)")
    p.add_argument("--seed", type=int, default=0, help="the player's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(handler=run)


def action_json(action: object) -> int | str:
    """An action as records write it: bids as ``3`` or ``"nil"``, the rest as text."""
    from spades.actions import Bid

    if isinstance(action, Bid):
        return action.to_json()
    return str(action)


def run(args: argparse.Namespace) -> int:
    from spades.bots.hint import suggest
    from spades.cards import SEAT_NAMES
    from spades.errors import SpadesError
    from spades.record import load_record, parse_record_text, read_record
    from spades.views import seat_view

    try:
        data = parse_record_text(sys.stdin.read()) if args.file == "-" \
            else read_record(args.file)
        game = load_record(data)
    except SpadesError as exc:
        print(f"spades hint: {exc}", file=sys.stderr)
        return 1
    seat = game.to_act
    if seat is None:
        print("spades hint: the game in this record is over: nothing to suggest",
              file=sys.stderr)
        return 1
    decision = suggest(seat_view(game, seat), args.level, args.seed)
    if args.json:
        print(json.dumps({"seat": seat, "action": action_json(decision.action),
                          "reason": decision.reason, "code": decision.code}))
    else:
        print(f"{SEAT_NAMES[seat]} ({seat}): {decision.action} ({decision.reason})")
    return 0
