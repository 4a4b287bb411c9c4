"""What the browser receives: South's view of a game and the events it may see.

Everything here is built from :func:`spades.views.seat_view` for South (the one door for
hidden information) or from public facts; nothing reads another seat's cards. Events
are :func:`spades.views.seat_event` for South: another seat's draw choice shows only
that a card was drawn, an exchange only how many cards changed hands.

A random game's deal number is a secret while the game is played: from it every hidden
card could be recomputed (R26). It is sent once the game is over, when it becomes a deal
to share and replay. A game started from a number the player chose is public from the
start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from spades.actions import Play
from spades.cards import Seat, card_name
from spades.game import Event, Game
from spades.table import HUMAN_SEAT
from spades.views import seat_event, seat_view

HUMAN: Seat = HUMAN_SEAT
"""The browser's player always sits South (R6)."""


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What the server knows of a game besides its state: id, level, when, daily, and
    whether its deal number is a secret until the end."""

    id: str
    level: str
    created: str
    daily: bool
    secret: bool = False


def game_view(game: Game, meta: GameMeta) -> dict[str, Any]:
    """South's view as JSON, with the game's id and level and why cards may not be played."""
    view = seat_view(game, HUMAN)
    data = view.to_json()
    data.update(id=meta.id, level=meta.level, created=meta.created, daily=meta.daily)
    hidden = meta.secret and not game.over
    data["deal"] = None if hidden else game.deal
    data["deal_text"] = None if hidden or game.deal is None else str(game.deal)
    data["deal_secret"] = hidden
    data["blind_nil_name"] = game.rules.blind_nil_name
    illegal: dict[str, dict[str, Any]] = {}
    if view.my_turn and view.phase.value == "play":
        legal = {a.card for a in view.legal if isinstance(a, Play)}
        for card in view.cards:
            if card in legal:
                continue
            error = game.why_not(HUMAN, Play(card))
            if error is not None:
                illegal[card_name(card)] = {"code": error.code, "message": str(error),
                                            "params": _jsonable(error.params)}
    data["illegal"] = illegal
    return data


def events_json(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events of an answer as South may see them (docs/web-api.md, Event)."""
    return [seat_event(e, HUMAN).to_json() for e in events]


def _jsonable(params: dict[str, object]) -> dict[str, Any]:
    return {k: v if isinstance(v, str | int | float | bool) or v is None else str(v)
            for k, v in params.items()}


__all__ = ["HUMAN", "GameMeta", "events_json", "game_view"]
