"""``spades hint FILE``: the advised action where a record stops.

The answer is for a human at the seat to act (every action a human may take, Nil in
``classic`` included), unless the record's ``players`` names that seat a computer
level: then it is that computer player's own decision (R11 included).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EPILOG = """\
examples:
  spades hint game.json                   the strong player's advice and its reason
  spades hint game.json --level basic     the rule-based player's advice
  spades hint game.json --json            {"seat": "W", "action": "4S", "reason": "..."}

The record (spades-record/1) must stop part-way: the hint is for the seat to act,
and it is built from that seat's view only. It answers as for a human there (a
human may bid Nil even where the computer players never do), unless the record's
"players" names that seat a computer level ("N": "basic"): then it is what that
computer player does, at that level unless --level says otherwise.
"""


def register(sub: Any) -> None:
    from spades.bots import player_levels

    p = sub.add_parser(
        "hint", help="the advised action where a record stops",
        description="Replay a game record that stops part-way and print the bid or card "
        "advised for the seat to act, with its reason: for a human, unless the record's "
        "players name that seat a computer level.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="a game record (JSON), '-' for standard input")
    p.add_argument("--level", default=None, choices=player_levels(),
                   help="which player's judgement answers (default strong, or the "
                   "level the record's players name for the seat)")
    p.add_argument("--seed", type=int, default=0, help="the player's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(handler=run)


def action_json(action: object) -> int | str:
    """An action as records write it: bids as ``3`` or ``"nil"``, the rest as text."""
    from spades.actions import Bid

    if isinstance(action, Bid):
        return action.to_json()
    return str(action)


def seat_level(name: str | None) -> str | None:
    """The computer level a record's ``players`` entry names, or None for a human
    (any other name: ``players`` is free text)."""
    from spades.bots import player_levels

    if name is None:
        return None
    level = name.strip().lower()
    return level if level in player_levels() else None


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
    computer = seat_level(game.players.get(seat))
    level = args.level or computer or "strong"
    decision = suggest(seat_view(game, seat), level, args.seed, human=computer is None)
    if args.json:
        print(json.dumps({"seat": seat, "action": action_json(decision.action),
                          "reason": decision.reason, "code": decision.code,
                          "level": level, "for": "human" if computer is None
                          else "computer"}))
    else:
        print(f"{SEAT_NAMES[seat]} ({seat}): {decision.action} ({decision.reason})")
    return 0
