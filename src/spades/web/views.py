"""What the browser receives: South's view of a game and the events it may see.

Everything here is built from :func:`spades.views.seat_view` for South (the one door for
hidden information) or from public facts; nothing reads another seat's cards. Events of
other seats are censored where the engine's view is: a draw choice shows only that a
card was drawn, an exchange only how many cards changed hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spades.actions import Action, DrawChoice, Exchange, Play
from spades.cards import Seat, card_name
from spades.game import Event, Game
from spades.views import seat_view

HUMAN: Seat = "S"
"""The browser's player always sits South (R6)."""


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What the server knows of a game besides its state: id, level, when, daily."""

    id: str
    level: str
    created: str
    daily: bool


def game_view(game: Game, meta: GameMeta) -> dict[str, Any]:
    """South's view as JSON, with the game's id and level and why cards may not be played."""
    view = seat_view(game, HUMAN)
    data = view.to_json()
    data.update(id=meta.id, level=meta.level, created=meta.created, daily=meta.daily)
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


def public_action(seat: Seat, action: Action) -> str:
    """The text of ``seat``'s action as South may see it."""
    if seat != HUMAN:
        if isinstance(action, DrawChoice):
            return "draw"
        if isinstance(action, Exchange):
            return f"exchange {len(action.cards)}"
    return str(action)


def event_json(event: Event) -> dict[str, Any]:
    """One event of an answer (docs/web-api.md, Event)."""
    return {
        "seat": event.seat,
        "action": public_action(event.seat, event.action),
        "version": event.version,
        "hand": event.hand,
        "trick_winner": event.trick_winner,
        "hand_over": event.hand_over,
    }


def _jsonable(params: dict[str, object]) -> dict[str, Any]:
    return {k: v if isinstance(v, str | int | float | bool) or v is None else str(v)
            for k, v in params.items()}


__all__ = ["HUMAN", "GameMeta", "event_json", "game_view", "public_action"]
