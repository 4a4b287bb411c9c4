"""Game sessions for the browser: the server is the only authority.

A request for South's action is checked in the order boardgame.io taught: whose game
(the cookie), a repeated ``request_id`` (answered from the store, never played twice; a
different action under a used ``request_id`` is refused), the state ``version`` the
browser saw, whose turn and whether the rules allow it. Only then is the action applied
at the game's :class:`~spades.table.Table`, the computer players answer until South must
act again, and the whole game is written back as a record in the same transaction as the
answer.

Fair under load: there is no lock across games. One game's requests are serialised by
that game's lock (and, between server processes, by the version check of the write),
one player's requests that make the computer think run one at a time, and computer
players and hints think in a pool of processes (:mod:`spades.web.thinking`); a hint for
an unchanged position is computed once.

A random game deals from a 64-bit secret number, sent to the page only once the game is
over (R26, docs/web-api.md).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import orjson

from spades.actions import BlindChoice, parse_action
from spades.bots import player_levels
from spades.deals import daily_deal_number
from spades.errors import NotationError, SpadesError
from spades.game import Game, Phase
from spades.record import game_to_record, load_record
from spades.rules import PRESET_SOURCES, PRESETS, SETTINGS, Rules, rules_from
from spades.table import Brain, Table, default_level, seating_for
from spades.views import seat_view
from spades.web.errors import ApiError
from spades.web.store import OVER, PLAYING, GameRow, Store, StoredAnswer
from spades.web.thinking import OnceCache, shared_brain
from spades.web.views import HUMAN, GameMeta, events_json, game_view

MAX_OPTIONS_BYTES = 4096
MAX_REQUEST_ID = 100
MAX_DEAL_NUMBER = 2**64 - 1
"""A deal number the player chooses: any whole number up to the random deals' range."""
RANDOM_DEAL_BITS = 64
"""A random game's secret deal number is this many bits of the system's randomness."""
CACHED_GAMES = 64
PLAYER_QUEUE = 8
"""Requests that make the computer think one player may have running or waiting at once."""
_DIGITS = re.compile(r"[0-9]{1,20}")


def utc_now() -> dt.datetime:
    """The server's clock (UTC); tests pass their own."""
    return dt.datetime.now(dt.UTC)


class KeyedLocks:
    """One lock per key (a game, a player), created on demand and dropped when unused.

    With ``limit``, at most that many requests may hold or wait for one key; one more is
    refused at once (429) rather than left to occupy one of the server's threads.
    """

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self._held: dict[str, tuple[threading.Lock, list[int]]] = {}
        self._lock = threading.Lock()

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """Hold ``key``'s lock: other holders of the same key wait, other keys do not."""
        with self._lock:
            entry = self._held.get(key)
            if entry is None:
                entry = self._held[key] = (threading.Lock(), [0])
            if self.limit is not None and entry[1][0] >= self.limit:
                raise ApiError(429, "busy", "too many requests at once: wait for the "
                               "answers to those already sent", limit=self.limit)
            entry[1][0] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self._lock:
                entry[1][0] -= 1
                if entry[1][0] == 0:
                    del self._held[key]

    def __len__(self) -> int:
        with self._lock:
            return len(self._held)


class GameService:
    """Everything the API does, on top of a :class:`Store`; safe to call from threads."""

    def __init__(self, store: Store, *, now: Callable[[], dt.datetime] = utc_now,
                 brain: Brain | None = None) -> None:
        self.store = store
        self.now = now
        self.brain: Brain = brain if brain is not None else shared_brain()
        self.hints = OnceCache()
        self.games = KeyedLocks()
        """One lock per game: its requests one at a time, other games meanwhile."""
        self.players = KeyedLocks(PLAYER_QUEUE)
        """One lock per player around what makes the computer think: one client cannot
        keep more than one worker busy, however many requests it sends at once."""
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._cache_lock = threading.Lock()

    # -- catalogue -------------------------------------------------------------------

    def rules_catalog(self) -> dict[str, Any]:
        """The presets with their settings, what each setting means, and the levels."""
        return {
            "presets": {name: {**r.settings(), "source": PRESET_SOURCES.get(name, "")}
                        for name, r in PRESETS.items()},
            "settings": [{"name": s.name, "meaning": s.meaning, "rule": s.rule}
                         for s in SETTINGS],
            "levels": player_levels(),
            "default_level": self.default_level(),
        }

    def default_level(self) -> str:
        """``basic`` (the level a new player meets), or the first level available."""
        return default_level()

    def daily(self) -> dict[str, Any]:
        """Today's (UTC) daily deal: the same number for everyone that day."""
        today = self.now().date()
        return {"date": today.isoformat(), "deal": daily_deal_number(today)}

    # -- games -----------------------------------------------------------------------

    def create(self, player: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Start a game (a new random deal, a chosen one, or today's) and play to South."""
        rules = _rules_of(body)
        level = self._level_of(body)
        deal, daily, secret = self._deal_of(body)
        with self.players.hold(player):
            return self._start(player, rules, deal, daily, secret, level, secrets.randbits(31))

    def replay(self, player: str, game_id: str) -> dict[str, Any]:
        """A new game from the same deal number, rules, level and computer seed.

        Replaying a random game before its end keeps its number a secret.
        """
        with self.players.hold(player):
            with self.games.hold(game_id):
                row = self._owned(player, game_id)
                game = self._load(row)
                over = game.over
            if row.deal is None:
                deal, secret = secrets.randbits(RANDOM_DEAL_BITS), True
            else:
                deal, secret = row.deal, row.secret and not over
            return self._start(player, game.rules, deal, row.daily, secret, row.level,
                               row.seed)

    def get(self, player: str, game_id: str) -> dict[str, Any]:
        """South's view of one of the player's games."""
        with self.games.hold(game_id):
            row = self._owned(player, game_id)
            return {"game": game_view(self._load(row), _meta(row))}

    def current(self, player: str) -> dict[str, Any]:
        """The player's latest unfinished game (what the page resumes after a reload)."""
        row = self.store.current_game(player)
        if row is None:
            raise ApiError(404, "no_game", "there is no game in progress")
        with self.games.hold(row.id):
            row = self._owned(player, row.id)
            return {"game": game_view(self._load(row), _meta(row))}

    def act(self, player: str, game_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """South's action, then the computer players' until South must act again."""
        text = body.get("action")
        version = body.get("version")
        request_id = body.get("request_id")
        if not isinstance(text, str) or not text.strip():
            raise ApiError(400, "bad_action", "the body needs an 'action' text")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(400, "bad_version", "the body needs the 'version' the page saw")
        if request_id is not None and (not isinstance(request_id, str) or not request_id
                                       or len(request_id) > MAX_REQUEST_ID):
            raise ApiError(400, "bad_request_id",
                           f"'request_id' must be a text of 1 to {MAX_REQUEST_ID} characters")
        try:
            action = parse_action(text)
        except NotationError as exc:
            raise ApiError(400, "notation", str(exc)) from None
        fingerprint = request_fingerprint(body)
        with self.players.hold(player), self.games.hold(game_id):
            row = self._owned(player, game_id)
            if request_id is not None:
                stored = self.store.answer(game_id, request_id)
                if stored is not None:
                    return _repeat(stored, fingerprint)
            game = self._load(row)
            if version != game.version:
                raise ApiError(409, "stale", "the game has moved on: reload it",
                               version=game.version)
            error = game.why_not(HUMAN, action)
            if error is not None:
                raise ApiError.from_engine(error)
            table = self._table(game, row)
            events = [table.act(HUMAN, action), *table.play_computers()]
            answer = {"game": game_view(game, _meta(row)), "events": events_json(events)}
            try:
                self._save(row, game, request_id, answer, fingerprint)
            except ApiError as exc:
                # Another server process over the same file answered first: if it was
                # this very request (a retry sent elsewhere), its answer stands.
                stored = (self.store.answer(game_id, request_id)
                          if request_id is not None and exc.code == "stale" else None)
                if stored is None:
                    raise
                return _repeat(stored, fingerprint)
            return answer

    def hint(self, player: str, game_id: str) -> dict[str, Any]:
        """What the computer would do in South's place, and why (South's view only).

        The hint of a position is computed once: asking again, or many times at once,
        waits for that one computation.
        """
        with self.players.hold(player):
            with self.games.hold(game_id):
                row = self._owned(player, game_id)
                game = self._load(row)
                view = seat_view(game, HUMAN)
                if view.over:
                    raise ApiError(409, "game_over", "the game is over")
                if not view.my_turn or not view.legal:
                    raise ApiError(409, "not_your_turn", "a hint is for your turn")
                task = self._table(game, row).hint_task(HUMAN)
            decision = self.hints.get((game_id, view.version), task)
        return {"action": str(decision.action), "reason": decision.reason,
                "code": decision.code}

    def record(self, player: str, game_id: str) -> dict[str, Any]:
        """The finished game as a ``spades-record/1`` record (RECORD.md)."""
        with self.games.hold(game_id):
            row = self._owned(player, game_id)
            game = self._load(row)
            if not game.over:
                raise ApiError(409, "not_finished",
                               "a game can be exported once it is finished")
            return game_to_record(game)

    # -- stats and options -------------------------------------------------------------

    def stats(self, player: str) -> dict[str, Any]:
        """The player's stats over finished games."""
        return self.store.stats(player)

    def options(self, player: str) -> dict[str, Any]:
        """The player's saved options."""
        return self.store.options(player)

    def save_options(self, player: str, body: object) -> dict[str, Any]:
        """Replace the player's options with ``body`` (a JSON object of at most 4 KB)."""
        if not isinstance(body, dict):
            raise ApiError(400, "bad_options", "options must be a JSON object")
        size = len(json.dumps(body, ensure_ascii=False).encode())
        if size > MAX_OPTIONS_BYTES:
            raise ApiError(413, "too_large",
                           f"options are limited to {MAX_OPTIONS_BYTES} bytes", size=size)
        with self.store.transaction():
            self.store.save_options(player, body, self._stamp())
        return body

    # -- inside ----------------------------------------------------------------------

    def _stamp(self) -> str:
        return self.now().isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _level_of(self, body: Mapping[str, Any]) -> str:
        level = body.get("level")
        if level is None:
            return self.default_level()
        if not isinstance(level, str) or level not in player_levels():
            raise ApiError(400, "bad_level", f"unknown level {level!r}",
                           known=" ".join(player_levels()))
        return level

    def _deal_of(self, body: Mapping[str, Any]) -> tuple[int, bool, bool]:
        """The deal number, whether it is the daily deal, and whether it is a secret."""
        deal = body.get("deal")
        daily = body.get("daily", False)
        if not isinstance(daily, bool):
            raise ApiError(400, "bad_daily", "'daily' must be true or false")
        if daily:
            if deal is not None:
                raise ApiError(400, "bad_deal", "ask for a deal number or the daily deal")
            return daily_deal_number(self.now().date()), True, False
        if deal is None:
            return secrets.randbits(RANDOM_DEAL_BITS), False, True
        if isinstance(deal, str) and _DIGITS.fullmatch(deal):
            deal = int(deal)
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_DEAL_NUMBER:
            raise ApiError(400, "bad_deal",
                           f"a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}")
        return deal, False, False

    def _table(self, game: Game, row: GameRow) -> Table:
        return Table(game, seating_for(game.rules, row.level, HUMAN), row.seed,
                     brain=self.brain)

    def _start(self, player: str, rules: Rules, deal: int, daily: bool, secret: bool,
               level: str, seed: int) -> dict[str, Any]:
        seating = seating_for(rules, level, HUMAN)
        game = Game(rules, deal, players=seating)
        now = self._stamp()
        row = GameRow(id=secrets.token_urlsafe(12), player=player, created=now, updated=now,
                      level=level, seed=seed, deal=deal, daily=daily, status=PLAYING,
                      version=game.version, record="", secret=secret)
        events = Table(game, seating, seed, brain=self.brain).play_computers()
        row = _with_state(row, game)
        with self.store.transaction():
            self.store.ensure_player(player, now)
            self.store.insert_game(row)
            if game.over:
                self._count(player, game)
        self._cache(row.id, game)
        return {"game": game_view(game, _meta(row)), "events": events_json(events)}

    def _owned(self, player: str, game_id: str) -> GameRow:
        row = self.store.game(game_id)
        if row is None or row.player != player:
            raise ApiError(404, "no_game", "there is no such game")
        return row

    def _load(self, row: GameRow) -> Game:
        """The game at the stored version (the caller holds the game's lock)."""
        with self._cache_lock:
            game = self._games.get(row.id)
            if game is not None and game.version == row.version:
                self._games.move_to_end(row.id)
                return game
        game = game_from_row(row)
        self._cache(row.id, game)
        return game

    def _cache(self, game_id: str, game: Game) -> None:
        with self._cache_lock:
            self._games[game_id] = game
            self._games.move_to_end(game_id)
            while len(self._games) > CACHED_GAMES:
                self._games.popitem(last=False)

    def _save(self, row: GameRow, game: Game, request_id: str | None,
              answer: dict[str, Any], fingerprint: str) -> None:
        new = _with_state(row, game)
        try:
            with self.store.transaction():
                if not self.store.update_game(row.id, was=row.version, status=new.status,
                                              version=new.version, record=new.record,
                                              now=self._stamp()):
                    raise ApiError(409, "stale", "the game has moved on: reload it")
                if request_id is not None:
                    self.store.save_answer(row.id, request_id,
                                           orjson.dumps(answer).decode(),
                                           fingerprint)
                if new.status == OVER and row.status != OVER:
                    self._count(row.player, game)
        except BaseException:
            with self._cache_lock:
                self._games.pop(row.id, None)
            raise

    def _count(self, player: str, game: Game) -> None:
        side = game.rules.side_of(HUMAN)
        self.store.count_finished(player, game.winner == side, game.scores[side])


def request_fingerprint(body: Mapping[str, Any]) -> str:
    """What identifies a request's body, to tell a retry from a new action."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _repeat(stored: StoredAnswer, fingerprint: str) -> dict[str, Any]:
    """A repeated request: the same body gets the first answer, another body a 409."""
    if stored.request and stored.request != fingerprint:
        raise ApiError(409, "request_id_reused",
                       "this request_id was already used for another request: nothing was "
                       "done (send a new request_id for a new action)")
    answer: dict[str, Any] = json.loads(stored.body)
    return answer


def game_from_row(row: GameRow) -> Game:
    """Replay a stored game from its record, up to the version it was saved at."""
    game = load_record(json.loads(row.record))
    # A record does not write down "look" answers to the Blind Nil question, so a hand
    # stopped just after them replays to before them: answer them again.
    while game.version < row.version and game.phase is Phase.BLIND:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, BlindChoice(False))
    if game.version != row.version:
        raise RuntimeError(f"game {row.id} replays to version {game.version}, "
                           f"not {row.version}")
    return game


def _rules_of(body: Mapping[str, Any]) -> Rules:
    spec = body.get("rules", "classic")
    try:
        if not isinstance(spec, str | dict):
            raise SpadesError("rules must be a preset name or an object")
        rules = rules_from(spec)
        nil = body.get("bots_bid_nil")
        if nil is not None:
            if not isinstance(nil, bool):
                raise SpadesError("'bots_bid_nil' must be true or false")
            rules = rules.replace(bots_bid_nil=nil)
    except SpadesError as exc:
        raise ApiError(400, "rules", str(exc)) from None
    return rules


def _with_state(row: GameRow, game: Game) -> GameRow:
    """The row with the game's state written into it (the full record, every card)."""
    return dataclasses.replace(
        row, status=OVER if game.over else PLAYING, version=game.version,
        record=orjson.dumps(game_to_record(game)).decode())


def _meta(row: GameRow) -> GameMeta:
    return GameMeta(id=row.id, level=row.level, created=row.created, daily=row.daily,
                    secret=row.secret)


__all__ = ["MAX_DEAL_NUMBER", "RANDOM_DEAL_BITS", "GameService", "KeyedLocks", "game_from_row",
           "request_fingerprint", "utc_now"]
