"""The browser game's storage: one SQLite file holding players, games, stats and options.

The server keeps no state that matters in memory: every game is written back as a full
game record (``spades-record/1``, :mod:`spades.record`) after each request, so a game
survives a page reload, a browser restart and a server restart. The file runs in WAL
mode so that readers never wait for the writer.

The store knows nothing of the rules: it files rows and JSON text. Each thread gets its
own connection to the file, so requests for different games run side by side and
several server processes can share one file: SQLite's locks order the writers, and a
game is only written back if nobody moved it on meanwhile (:meth:`Store.update_game`).

>>> s = Store(":memory:")
>>> s.stats("p1")["played"]
0
>>> s.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id       TEXT PRIMARY KEY,
    created  TEXT NOT NULL,
    options  TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    player   TEXT NOT NULL,
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    level    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    deal     INTEGER,
    daily    INTEGER NOT NULL DEFAULT 0,
    secret   INTEGER NOT NULL DEFAULT 0,
    status   TEXT NOT NULL,
    version  INTEGER NOT NULL,
    record   TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_player ON games (player, status, updated);
CREATE TABLE IF NOT EXISTS stats (
    player       TEXT PRIMARY KEY,
    played       INTEGER NOT NULL DEFAULT 0,
    won          INTEGER NOT NULL DEFAULT 0,
    best_score   INTEGER,
    streak       INTEGER NOT NULL DEFAULT 0,
    best_streak  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS answers (
    game        TEXT NOT NULL,
    request_id  TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    body        TEXT NOT NULL,
    request     TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, request_id)
);
CREATE TABLE IF NOT EXISTS server_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    value  BLOB NOT NULL
);
"""

_MIGRATIONS = {
    # schema 1 -> 2: a random deal's number is a secret until the game is over, and an
    # answer remembers the request it answered (a reused request_id must match it)
    2: ("ALTER TABLE games ADD COLUMN secret INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE answers ADD COLUMN request TEXT NOT NULL DEFAULT ''"),
}

KEPT_ANSWERS = 16
"""Stored answers kept per game: enough for any retry a browser makes, without letting
a long game's answers (each a whole view) pile up."""

PLAYING, OVER = "playing", "over"


def default_db_path() -> Path:
    """The per-user database: ``$XDG_DATA_HOME/spades`` or ``~/.local/share/spades``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "spades" / "spades.sqlite3"


def resolve_db_path(option: str | None) -> Path:
    """The database path: the ``--db`` option, else ``$SPADES_DB``, else the default."""
    chosen = option or os.environ.get("SPADES_DB")
    return Path(chosen).expanduser() if chosen else default_db_path()


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game: its owner and settings, and the full record of play so far."""

    id: str
    player: str
    created: str
    updated: str
    level: str
    seed: int
    deal: int | None
    daily: bool
    status: str
    version: int
    record: str
    secret: bool = False
    """The deal number is hidden from the player until the game is over."""


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """An answer already sent, with the fingerprint of the request it answered."""

    body: str
    request: str


class Store:
    """The SQLite file. Open it once per process; it creates its tables if needed."""

    def __init__(self, path: str | Path) -> None:
        self.memory = str(path) == ":memory:"
        if not self.memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()
        self._write_lock = threading.RLock()
        self._closed = False
        db = self.db
        with self.transaction():
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise RuntimeError(
                    f"{self.path} was written by a newer release (schema {version})")
            fresh = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'games'"
                               ).fetchone()[0] == 0
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            if not fresh:
                for step in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS.get(step, ()):
                        db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection to the file (one shared connection for ``:memory:``)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            if self._closed:
                raise sqlite3.ProgrammingError("the store is closed")
            if self.memory and self._all:
                db = self._all[0]
            else:
                db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                     timeout=10)
                db.row_factory = sqlite3.Row
                db.execute("PRAGMA busy_timeout=10000")
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                with self._all_lock:
                    self._all.append(db)
            self._local.db = db
        return db

    def close(self) -> None:
        """Close every connection (the WAL is checkpointed by SQLite)."""
        with self._all_lock:
            self._closed = True
            connections, self._all = self._all, []
        for db in connections:
            db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All writes inside happen together or not at all.

        SQLite lets one writer in at a time. Threads of this process queue for it on a lock
        rather than in SQLite's busy handler, whose growing sleeps made every writer wait
        milliseconds longer than the write took; other processes still wait in SQLite.
        """
        with self._write_lock:
            db = self.db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # -- players and options ---------------------------------------------------------

    def ensure_player(self, player: str, now: str) -> None:
        """Create the player's row on first use (the cookie alone names them)."""
        self.db.execute("INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)",
                        (player, now))

    def options(self, player: str) -> dict[str, Any]:
        """The player's saved options (an empty object before any are saved)."""
        row = self.db.execute("SELECT options FROM players WHERE id = ?", (player,)).fetchone()
        if row is None:
            return {}
        value = json.loads(row["options"])
        return value if isinstance(value, dict) else {}

    def save_options(self, player: str, options: dict[str, Any], now: str) -> None:
        """Replace the player's options."""
        self.ensure_player(player, now)
        self.db.execute("UPDATE players SET options = ? WHERE id = ?",
                        (json.dumps(options, ensure_ascii=False), player))

    # -- games -----------------------------------------------------------------------

    def insert_game(self, row: GameRow) -> None:
        """File a new game."""
        self.db.execute(
            "INSERT INTO games (id, player, created, updated, level, seed, deal, daily, secret,"
            " status, version, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.id, row.player, row.created, row.updated, row.level, row.seed,
             _deal_to_sql(row.deal), int(row.daily), int(row.secret),
             row.status, row.version, row.record))

    def update_game(self, game_id: str, *, was: int, status: str, version: int, record: str,
                    now: str) -> bool:
        """Write a game's new state if it is still at version ``was`` (False otherwise:
        another server process over the same file moved it on first)."""
        cursor = self.db.execute(
            "UPDATE games SET status = ?, version = ?, record = ?, updated = ?"
            " WHERE id = ? AND version = ?",
            (status, version, record, now, game_id, was))
        return cursor.rowcount == 1

    def game(self, game_id: str) -> GameRow | None:
        """The game with this id, whoever owns it (the caller checks ownership)."""
        row = self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _game_row(row) if row is not None else None

    def current_game(self, player: str) -> GameRow | None:
        """The player's most recently played unfinished game."""
        row = self.db.execute(
            "SELECT * FROM games WHERE player = ? AND status = ? "
            "ORDER BY updated DESC, rowid DESC LIMIT 1", (player, PLAYING)).fetchone()
        return _game_row(row) if row is not None else None

    # -- idempotent answers ------------------------------------------------------------

    def answer(self, game_id: str, request_id: str) -> StoredAnswer | None:
        """The answer already sent for this request, if it was answered before."""
        row = self.db.execute(
            "SELECT body, request FROM answers WHERE game = ? AND request_id = ?",
            (game_id, request_id)).fetchone()
        return None if row is None else StoredAnswer(str(row["body"]), str(row["request"]))

    def save_answer(self, game_id: str, request_id: str, body: str, request: str = "") -> None:
        """Remember an answer (and a fingerprint of its request) so that a repeated request
        gets it again, not a second move."""
        db = self.db
        seq = db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM answers WHERE game = ?",
                         (game_id,)).fetchone()[0]
        db.execute("INSERT INTO answers (game, request_id, seq, body, request)"
                   " VALUES (?, ?, ?, ?, ?)", (game_id, request_id, seq, body, request))
        db.execute("DELETE FROM answers WHERE game = ? AND seq <= ?",
                   (game_id, seq - KEPT_ANSWERS))

    # -- stats -------------------------------------------------------------------------

    def stats(self, player: str) -> dict[str, Any]:
        """Finished games: played, won, win rate, best final score and winning streaks."""
        row = self.db.execute("SELECT * FROM stats WHERE player = ?", (player,)).fetchone()
        played = row["played"] if row else 0
        won = row["won"] if row else 0
        return {
            "played": played,
            "won": won,
            "win_rate": round(won / played, 4) if played else 0.0,
            "best_score": row["best_score"] if row else None,
            "streak": row["streak"] if row else 0,
            "best_streak": row["best_streak"] if row else 0,
        }

    def count_finished(self, player: str, won: bool, score: int) -> None:
        """Add one finished game to the player's stats (called once, when it ends)."""
        self.db.execute("INSERT OR IGNORE INTO stats (player) VALUES (?)", (player,))
        self.db.execute(
            "UPDATE stats SET played = played + 1, won = won + ?,"
            " best_score = MAX(COALESCE(best_score, ?), ?),"
            " streak = CASE WHEN ? THEN streak + 1 ELSE 0 END,"
            " best_streak = MAX(best_streak, CASE WHEN ? THEN streak + 1 ELSE 0 END)"
            " WHERE player = ?",
            (int(won), score, score, int(won), int(won), player))

    # -- the server's secret -----------------------------------------------------------

    def server_secret(self) -> bytes:
        """The key that signs player tokens: made once, then shared by every server
        process over this file (the first to ask creates it; the others read it)."""
        self.db.execute("INSERT OR IGNORE INTO server_secret (id, value) VALUES (1, ?)",
                        (os.urandom(32),))
        value: bytes = self.db.execute("SELECT value FROM server_secret WHERE id = 1"
                                       ).fetchone()[0]
        return value


def _deal_to_sql(deal: int | None) -> int | None:
    """Deal numbers go up to 2**64 - 1; SQLite's integers are signed 64-bit."""
    if deal is None or deal < 2**63:
        return deal
    return deal - 2**64


def _deal_from_sql(value: int | None) -> int | None:
    return value if value is None or value >= 0 else value + 2**64


def _game_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"], player=row["player"], created=row["created"], updated=row["updated"],
        level=row["level"], seed=row["seed"],
        deal=_deal_from_sql(row["deal"]), daily=bool(row["daily"]),
        status=row["status"], version=row["version"], record=row["record"],
        secret=bool(row["secret"]))


__all__ = ["OVER", "PLAYING", "GameRow", "Store", "StoredAnswer", "default_db_path",
           "resolve_db_path"]
