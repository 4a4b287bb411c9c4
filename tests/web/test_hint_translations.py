"""Every reason code a computer player can give has a French sentence in the page.

English shows the server's sentence; French translates by code, so a code missing from
``HINT_REASONS_FR`` would show an English reason in the French game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import spades.bots

BOTS = Path(spades.bots.__file__).parent
I18N = BOTS.parent / "web" / "static" / "i18n.js"


def _strings(node: ast.AST) -> set[str]:
    """String constants of an expression, through ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def bot_codes() -> set[str]:
    """Codes in the bots' source: Decision(action, reason, code), (card, reason, code)
    choices of the play rules, and assignments to ``code``."""
    codes: set[str] = set()
    for path in BOTS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Decision" \
                    and len(node.args) == 3:
                codes |= _strings(node.args[2])
            elif isinstance(node, ast.Tuple) and len(node.elts) == 3 and \
                    isinstance(node.elts[1], ast.Constant | ast.JoinedStr):
                codes |= _strings(node.elts[2])
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    names = target.elts if isinstance(target, ast.Tuple) else [target]
                    values = node.value.elts if isinstance(node.value, ast.Tuple) \
                        else [node.value]
                    for name, value in zip(names, values, strict=False):
                        if getattr(name, "id", "") == "code":
                            codes |= _strings(value)
    return codes


def french_codes() -> set[str]:
    text = I18N.read_text(encoding="utf-8")
    block = text[text.index("const HINT_REASONS_FR"):]
    block = block[:block.index("};")]
    return set(re.findall(r"^\s+([a-z_]+):", block, re.M))


def test_every_bot_code_is_translated_to_french():
    codes = bot_codes()
    assert {"search", "search_endgame", "trump_lowest", "bid_count", "blind_look"} <= codes
    assert codes - french_codes() == set()
