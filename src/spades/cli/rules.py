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
    if args.json:
        print(json.dumps({
            "presets": {n: {**r.settings(), "source": PRESET_SOURCES[n]}
                        for n, r in presets.items()},
            "settings": [{"name": s.name, "meaning": s.meaning, "rule": s.rule,
                          "default": getattr(PRESETS["classic"], s.name)} for s in SETTINGS],
        }, indent=2))
        return 0
    print("Presets:")
    for name, rules in presets.items():
        print(f"  {name:<12} {PRESET_SOURCES[name]}")
        base = PRESETS["classic"]
        changed = {k: v for k, v in rules.settings().items() if getattr(base, k) != v}
        if changed:
            print("               " + ", ".join(f"{k}={_fmt(v)}" for k, v in changed.items()))
    print()
    print("Settings (default = classic):")
    for s in SETTINGS:
        default = _fmt(getattr(PRESETS["classic"], s.name))
        print(f"  {s.name:<18} {default:<9} {s.meaning} [{s.rule}]")
    return 0
