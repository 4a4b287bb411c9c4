"""``spades play``: a game of Spades in the terminal, South against the computer players."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

from spades.bots import player_levels
from spades.deals import MAX_DEAL, today_deal_number
from spades.errors import SpadesError
from spades.game import Game
from spades.rules import PRESETS, rules_from
from spades.table import DEFAULT_LEVEL
from spades.terminal.render import HUMAN, Style
from spades.terminal.save import default_save_path, load_game
from spades.terminal.session import Session

EXAMPLES = """\
examples:
  spades play                          a classic game against the basic players
  spades play --rules two-player       two-player Spades, with the draw
  spades play --daily --level strong   today's deal, the same for everyone
  spades play --deal 4127 --target 200 a shared deal, a shorter game
  spades play --resume                 continue the game you left

Type help during the game for the commands. Ctrl-C or end of input saves the game.
"""


def register(subparsers: Any) -> None:
    """Add ``play`` to the ``spades`` command."""
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against the computer players",
        description="Play Spades in the terminal. You sit South; the computer players "
        "take the other seats. Works over a plain pipe too (no colours), so games can be "
        "scripted through standard input.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rules", default=None, metavar="PRESET",
                        help=f"rules preset: {', '.join(PRESETS)} (default classic)")
    deal = parser.add_mutually_exclusive_group()
    deal.add_argument("--deal", type=int, metavar="N",
                      help="play numbered deal N (the same number replays the same cards)")
    deal.add_argument("--daily", action="store_true", help="play today's deal")
    parser.add_argument("--target", type=int, metavar="POINTS",
                        help="end the game at this score instead of the preset's")
    parser.add_argument("--level", default=None,
                        help=f"computer players' level: {', '.join(_levels())}"
                        f" (default {DEFAULT_LEVEL})")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the computer players' choices (default 0)")
    parser.add_argument("--four-colour", "--four-color", dest="four_colour",
                        action="store_true",
                        help="four suit colours (clubs green, diamonds blue) on a terminal")
    parser.add_argument("--no-color", "--no-colour", dest="no_color", action="store_true",
                        help="no colours (also when NO_COLOR is set or output is not a terminal)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the saved game")
    parser.add_argument("--save", type=Path, metavar="FILE",
                        help="save file (default $SPADES_HOME/terminal-save.json, else "
                        "~/.local/share/spades/terminal-save.json)")
    parser.set_defaults(handler=run)


def _levels() -> list[str]:
    """The known levels, with the default listed even before its module registers it."""
    levels = player_levels()
    return levels if DEFAULT_LEVEL in levels else [DEFAULT_LEVEL, *levels]


def _style(args: argparse.Namespace) -> Style:
    color = sys.stdout.isatty() and not args.no_color and not os.environ.get("NO_COLOR")
    return Style(color=color, four_colour=args.four_colour)


def run(args: argparse.Namespace) -> int:
    """Start or resume a game, then play it to the end or until the player leaves."""
    save_path: Path = args.save or default_save_path()
    try:
        session = _resume(args, save_path) if args.resume else _new(args, save_path)
    except (SpadesError, OSError) as exc:
        print(f"spades play: {exc}", file=sys.stderr)
        return 2
    return session.run()


def _resume(args: argparse.Namespace, save_path: Path) -> Session:
    clash = [flag for flag, value in (("--rules", args.rules), ("--deal", args.deal),
                                      ("--daily", args.daily), ("--target", args.target))
             if value not in (None, False)]
    if clash:
        raise SpadesError(f"--resume continues the saved game: {', '.join(clash)} "
                          "cannot change it")
    if not save_path.exists():
        raise SpadesError(f"there is no saved game at {save_path}")
    saved = load_game(save_path)
    level = args.level or saved.level
    seed = saved.seed if args.seed is None else args.seed
    _check_level(level)
    session = Session(saved.game, level, seed, save_path=save_path, style=_style(args),
                      resumed=True)
    session.say(f"Resuming the game saved in {save_path}.")
    return session


def _new(args: argparse.Namespace, save_path: Path) -> Session:
    rules = rules_from(args.rules or "classic")
    if args.target is not None:
        rules = rules.replace(target=args.target)
    level = args.level or DEFAULT_LEVEL
    _check_level(level)
    if args.daily:
        deal = today_deal_number()
    elif args.deal is not None:
        if args.deal < 0:
            raise SpadesError("a deal number is zero or more")
        deal = args.deal
    else:
        deal = random.randint(0, MAX_DEAL)
    seed = 0 if args.seed is None else args.seed
    players = {seat: "human" if seat == HUMAN else level for seat in rules.seats}
    game = Game(rules, deal=deal, players=players)
    session = Session(game, level, seed, save_path=save_path, style=_style(args))
    session.say(_welcome(game, level))
    if save_path.exists():
        session.say("(A saved game is waiting: spades play --resume continues it; leaving "
                    "this one unfinished replaces it.)")
    return session


def _welcome(game: Game, level: str) -> str:
    rules = game.rules
    if rules.players == 2:
        table = "You sit South against North"
    elif rules.partnerships:
        table = "You sit South; North is your partner against East and West"
    else:
        table = "You sit South; everyone plays for themselves"
    return (f"Spades — {rules.name} rules, game to {rules.target}, deal {game.deal}."
            f" {table} ({level} players). Type help for the commands.")


def _check_level(level: str) -> None:
    if level not in player_levels():
        raise SpadesError(f"unknown level {level!r} (known: {', '.join(player_levels())})")

