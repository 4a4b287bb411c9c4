"""Keeping an unfinished game so ``spades play --resume`` continues it.

The save file is a game record (spades-record/1, RECORD.md) with one extra top-level
key, ``terminal``, holding what the record does not: the computer players' level and
seed. Being a record, the file can also be scored or shared as it is. It is the
player's own file on their own machine, so it holds every card of the unfinished hand;
nothing from it is printed except through South's view of the replayed game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spades.errors import RecordError
from spades.game import Game

SAVE_NAME = "terminal-save.json"


def default_save_path() -> Path:
    """``$SPADES_HOME/terminal-save.json``, else ``~/.local/share/spades/terminal-save.json``."""
    home = os.environ.get("SPADES_HOME")
    base = Path(home) if home else Path.home() / ".local" / "share" / "spades"
    return base / SAVE_NAME


@dataclass(frozen=True)
class Saved:
    """A game read back from a save file, with the table settings kept beside it."""

    game: Game
    level: str
    seed: int
    secret_deal: bool = False


def save_game(path: Path, game: Game, level: str, seed: int, *,
              secret_deal: bool = False) -> None:
    """Write the game to ``path`` (replacing it whole, never leaving half a file)."""
    from spades.record import game_to_record

    record: dict[str, Any] = dict(game_to_record(game))
    record["terminal"] = {"level": level, "seed": seed, "secret_deal": secret_deal}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def load_game(path: Path) -> Saved:
    """Replay the saved game; raises :class:`RecordError` (or ``OSError``) with the reason."""
    from spades.record import load_record

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not a saved game: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a saved game")
    extra = data.pop("terminal", {})
    if not isinstance(extra, dict):
        extra = {}
    level = extra.get("level")
    seed = extra.get("seed")
    game = load_record(data)
    return Saved(
        game=game,
        level=level if isinstance(level, str) else "basic",
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else 0,
        secret_deal=extra.get("secret_deal") is True,
    )
