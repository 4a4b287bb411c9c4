"""``spades rules``: list the rules presets and every setting."""

from __future__ import annotations

import argparse
import json
from typing import Any

from spades.rules import PRESET_SOURCES, PRESETS, SETTINGS, Rules


def register(sub: Any) -> None:
    p = sub.add_parser(
        "rules", help="list the rules presets and settings",
        description="List the named rules presets (RULES.md's variants) and every "
        "setting a table can change. A record or a game can combine them freely, e.g. "
        '{"preset": "jokers", "blind_nil": true, "target": 300}.')
    p.add_argument("preset", nargs="?", help="show only this preset's settings")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=run)


PRESET_DESCRIPTIONS: dict[str, str] = {
    "classic": "partnerships to 500; a Nil bidder's tricks count for the partner; "
               "no Blind Nil; computer players never bid Nil",
    "no-help-nil": "a Nil bidder's tricks are bags and never help the partner",
    "jokers": "Big and Little Joker are the two highest spades (2♣ and 2♦ out); game to 1000",
    "blind-nil": "Blind Nil (±200) declared before looking at the cards",
    "short": "game to 100, Blind Nil allowed",
    "two-player": "two players, draw-and-discard deal, Double Nil with a 3-card exchange",
    "cutthroat": "four players, each for themselves: own bid, own score, own bags",
}
"""What each preset plays, for people (the README's table says the same)."""


def _fmt(value: object) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def run(args: argparse.Namespace) -> int:
    import sys

    presets: dict[str, Rules] = dict(PRESETS)
    if args.preset:
        if args.preset not in PRESETS:
            print(f"unknown preset {args.preset!r} (known: {', '.join(PRESETS)})",
                  file=sys.stderr)
            return 2
        presets = {args.preset: PRESETS[args.preset]}
    # The settings table shows the one preset asked for, else the classic defaults.
    shown_name = args.preset or "classic"
    shown = PRESETS[shown_name]
    base = PRESETS["classic"]
    if args.json:
        settings: list[dict[str, object]] = []
        for s in SETTINGS:
            entry: dict[str, object] = {"name": s.name, "meaning": s.meaning, "rule": s.rule,
                                        "default": getattr(base, s.name)}
            if args.preset:
                entry["value"] = getattr(shown, s.name)
            settings.append(entry)
        print(json.dumps({
            "presets": {n: {**r.settings(), "source": PRESET_SOURCES[n],
                            "description": PRESET_DESCRIPTIONS.get(n, "")}
                        for n, r in presets.items()},
            "settings": settings,
        }, indent=2))
        return 0
    print("Presets:")
    for name, rules in presets.items():
        print(f"  {name:<12} {PRESET_DESCRIPTIONS.get(name, PRESET_SOURCES[name])}")
        changed = {k: v for k, v in rules.settings().items() if getattr(base, k) != v}
        if changed:
            print("               " + ", ".join(f"{k}={_fmt(v)}" for k, v in changed.items()))
    print()
    if args.preset:
        print(f"Settings of {shown_name} (* differs from classic):")
    else:
        print("Settings (default = classic):")
    for s in SETTINGS:
        value = getattr(shown, s.name)
        mark = "*" if args.preset and value != getattr(base, s.name) else " "
        print(f" {mark}{s.name:<18} {_fmt(value):<9} {s.meaning} [{s.rule}]")
    return 0
