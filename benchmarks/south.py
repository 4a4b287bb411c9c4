"""South's fixed policy in the server benchmarks: look, keep, no exchange, bid 3, the
first legal card; so that a figure measures the server, not a choice."""

from __future__ import annotations

from typing import Any


def simple_choice(game: dict[str, Any]) -> str:
    """The action South sends in ``game`` (the page's view of it)."""
    phase = game["phase"]
    if phase == "blind":
        return "look"
    if phase == "draw":
        return "keep"
    if phase == "exchange":
        return "exchange"
    if phase == "bid":
        return "3"
    legal: list[str] = game["legal"]
    return legal[0]
