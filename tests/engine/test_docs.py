"""The documentation names every preset and setting the code has (docs next to presets)."""

from __future__ import annotations

from pathlib import Path

from spades.rules import PRESETS, SETTINGS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_rules_doc_lists_every_preset_and_setting() -> None:
    text = (DOCS / "rules.md").read_text()
    for name in PRESETS:
        assert f"`{name}`" in text
    for setting in SETTINGS:
        assert f"| `{setting.name}` |" in text


def test_deals_doc_quotes_the_pinned_examples() -> None:
    text = (DOCS / "deals.md").read_text()
    assert "6C JC 2D 5D 8D 4H 5H 6H QH 2S 8S JS QS" in text
    assert "964856930" in text
