"""``spades deal N``: show the hands of a numbered deal (R26)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from spades.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEAT_NAMES,
    SPADES,
    SUIT_MASK,
    card_symbol,
    cards_of,
)
from spades.dealing import NumberedDeal
from spades.deals import daily_deal_number, today_deal_number
from spades.errors import SpadesError
from spades.rules import PRESETS, rules_from

SUIT_ORDER = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""Suits as ``spades play`` and the browser show a hand: trumps first, red and black alternate."""

EPILOG = """\
examples:
  spades deal 4127               the first hand of deal 4127 (classic rules)
  spades deal 4127 --hand 3      its third hand (the dealer has moved on twice)
  spades deal --daily            today's daily deal
  spades deal 99 --rules two-player   the stock of a two-player hand, top card first
"""


def register(sub: Any) -> None:
    p = sub.add_parser(
        "deal", help="show the hands of a numbered deal",
        description="Show the cards of a numbered deal: every shuffle of a game follows "
        "from its number, so a shared number replays the same game.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("number", type=int, nargs="?", help="the deal number (0 or more)")
    p.add_argument("--daily", action="store_true", help="today's daily deal (UTC date)")
    p.add_argument("--date", help="the daily deal of this date (YYYY-MM-DD)")
    p.add_argument("--hand", type=int, default=1, metavar="K",
                   help="which hand of the game, from 1 (default 1)")
    p.add_argument("--rules", default="classic", choices=sorted(PRESETS), metavar="PRESET",
                   help="rules preset (decides the deck and the deal); default classic")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import datetime as dt
    import sys

    if args.date:
        try:
            number = daily_deal_number(dt.date.fromisoformat(args.date))
        except ValueError:
            print(f"not a date: {args.date!r} (use YYYY-MM-DD)", file=sys.stderr)
            return 2
    elif args.daily:
        number = today_deal_number()
    elif args.number is None:
        print("give a deal number, --daily or --date", file=sys.stderr)
        return 2
    else:
        number = args.number
    if number < 0 or args.hand < 1:
        print("deal numbers are 0 or more and hands count from 1", file=sys.stderr)
        return 2
    try:
        rules = rules_from(args.rules)
    except SpadesError as exc:
        print(exc, file=sys.stderr)
        return 2
    seats = rules.seats
    first = seats.index(rules.first_dealer)
    dealer = seats[(first + args.hand - 1) % len(seats)]
    deal = NumberedDeal(number)(rules, args.hand - 1, dealer)
    from spades.cards import card_name

    if args.json:
        out: dict[str, Any] = {"deal": number, "hand": args.hand, "rules": args.rules,
                               "dealer": dealer}
        if deal.cards is not None:
            out["cards"] = {s: " ".join(card_name(c) for c in cards_of(deal.cards[s]))
                            for s in seats}
        if deal.stock is not None:
            out["stock"] = " ".join(card_name(c) for c in deal.stock)
        print(json.dumps(out, indent=2))
        return 0
    print(f"Deal {number}, hand {args.hand} ({args.rules}); dealer {SEAT_NAMES[dealer]}")
    if deal.cards is not None:
        for s in seats:
            mask = deal.cards[s]
            suits = []
            for suit in SUIT_ORDER:
                cards = sorted(cards_of(mask & SUIT_MASK[suit]), reverse=True)
                suits.append(" ".join(card_symbol(c) for c in cards) or "-")
            print(f"  {SEAT_NAMES[s]:<6} " + "  ".join(suits))
    if deal.stock is not None:
        print("  stock, top first: " + " ".join(card_symbol(c) for c in deal.stock))
    return 0
