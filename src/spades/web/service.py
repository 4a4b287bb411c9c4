"""Game sessions for the browser: the server is the only authority.

A request for South's action is checked in the order boardgame.io taught: whose game
(the cookie), a repeated ``request_id`` (answered from the store, never played twice),
the state ``version`` the browser saw, whose turn and whether the rules allow it. Only
then is the action applied, the computer players answer until South must act again, and
the whole game is written back as a record in the same transaction as the answer.

Computer players are rebuilt for every decision with a seed derived from the game's seed,
the seat and the version, so a game plays the same whether or not the server restarted
in the middle, and Replay with the same cards meets the same answers.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from spades.actions import Action, BlindChoice, parse_action
from spades.bots import Decision, make_player, player_levels
from spades.bots.hint import suggest as hint_for
from spades.cards import Seat
from spades.deals import MAX_DEAL, daily_deal_number
from spades.errors import NotationError, SpadesError
from spades.game import Game, Phase
from spades.record import game_to_record, load_record
from spades.rules import PRESET_SOURCES, PRESETS, SETTINGS, Rules, rules_from
from spades.views import SeatView, seat_view
from spades.web.errors import ApiError
from spades.web.store import OVER, PLAYING, GameRow, Store
from spades.web.views import HUMAN, GameMeta, event_json, game_view

log = logging.getLogger("spades.web")

DEFAULT_LEVEL = "basic"
HINT_LEVELS = ("strong", "basic")
"""Who gives hints: the first of these levels that exists."""
MAX_OPTIONS_BYTES = 4096
MAX_REQUEST_ID = 100
MAX_DEAL_NUMBER = 10**15
CACHED_GAMES = 64


def utc_now() -> dt.datetime:
    """The server's clock (UTC); tests pass their own."""
    return dt.datetime.now(dt.UTC)


def decision_seed(seed: int, seat: Seat, version: int) -> int:
    """The seed of one computer decision: a function of the game's seed and position."""
    digest = hashlib.sha256(f"spades/web/{seed}/{seat}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class GameService:
    """Everything the API does, on top of a :class:`Store`; safe to call from threads."""

    def __init__(self, store: Store, *, now: Callable[[], dt.datetime] = utc_now) -> None:
        self.store = store
        self.now = now
        self.lock = threading.RLock()
        self._games: OrderedDict[str, Game] = OrderedDict()

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
        levels = player_levels()
        return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]

    def daily(self) -> dict[str, Any]:
        """Today's (UTC) daily deal: the same number for everyone that day."""
        today = self.now().date()
        return {"date": today.isoformat(), "deal": daily_deal_number(today)}

    # -- games -----------------------------------------------------------------------

    def create(self, player: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Start a game (a new random deal, a chosen one, or today's) and play to South."""
        rules = _rules_of(body)
        level = self._level_of(body)
        deal, daily = self._deal_of(body)
        with self.lock:
            return self._start(player, rules, deal, daily, level, secrets.randbits(31))

    def replay(self, player: str, game_id: str) -> dict[str, Any]:
        """A new game from the same deal number, rules, level and computer seed."""
        with self.lock:
            row = self._owned(player, game_id)
            game = self._load(row)
            deal = row.deal if row.deal is not None else secrets.randbelow(MAX_DEAL + 1)
            return self._start(player, game.rules, deal, row.daily, row.level, row.seed)

    def get(self, player: str, game_id: str) -> dict[str, Any]:
        """South's view of one of the player's games."""
        with self.lock:
            row = self._owned(player, game_id)
            return {"game": game_view(self._load(row), _meta(row))}

    def current(self, player: str) -> dict[str, Any]:
        """The player's latest unfinished game (what the page resumes after a reload)."""
        with self.lock:
            row = self.store.current_game(player)
            if row is None:
                raise ApiError(404, "no_game", "there is no game in progress")
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
        with self.lock:
            row = self._owned(player, game_id)
            if request_id is not None:
                stored = self.store.answer(game_id, request_id)
                if stored is not None:
                    answer: dict[str, Any] = json.loads(stored)
                    return answer
            game = self._load(row)
            if version != game.version:
                raise ApiError(409, "stale", "the game has moved on: reload it",
                               version=game.version)
            error = game.why_not(HUMAN, action)
            if error is not None:
                raise ApiError.from_engine(error)
            events = [self._apply(game, HUMAN, action)]
            events += self._run_computers(game, row.level, row.seed)
            answer = {"game": game_view(game, _meta(row)), "events": events}
            self._save(row, game, request_id, answer)
            return answer

    def hint(self, player: str, game_id: str) -> dict[str, Any]:
        """What the computer would do in South's place, and why (South's view only)."""
        with self.lock:
            row = self._owned(player, game_id)
            game = self._load(row)
            view = seat_view(game, HUMAN)
        if view.over:
            raise ApiError(409, "game_over", "the game is over")
        if not view.my_turn or not view.legal:
            raise ApiError(409, "not_your_turn", "a hint is for your turn")
        decision = suggest(view, row.level, decision_seed(row.seed, "hint", view.version))
        return {"action": str(decision.action), "reason": decision.reason,
                "code": decision.code}

    def record(self, player: str, game_id: str) -> dict[str, Any]:
        """The finished game as a ``spades-record/1`` record (RECORD.md)."""
        with self.lock:
            row = self._owned(player, game_id)
            game = self._load(row)
            if not game.over:
                raise ApiError(409, "not_finished",
                               "a game can be exported once it is finished")
            return game_to_record(game)

    # -- stats and options -------------------------------------------------------------

    def stats(self, player: str) -> dict[str, Any]:
        """The player's stats over finished games."""
        with self.lock:
            return self.store.stats(player)

    def options(self, player: str) -> dict[str, Any]:
        """The player's saved options."""
        with self.lock:
            return self.store.options(player)

    def save_options(self, player: str, body: object) -> dict[str, Any]:
        """Replace the player's options with ``body`` (a JSON object of at most 4 KB)."""
        if not isinstance(body, dict):
            raise ApiError(400, "bad_options", "options must be a JSON object")
        size = len(json.dumps(body, ensure_ascii=False).encode())
        if size > MAX_OPTIONS_BYTES:
            raise ApiError(413, "too_large",
                           f"options are limited to {MAX_OPTIONS_BYTES} bytes", size=size)
        with self.lock, self.store.transaction():
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

    def _deal_of(self, body: Mapping[str, Any]) -> tuple[int, bool]:
        deal = body.get("deal")
        daily = body.get("daily", False)
        if not isinstance(daily, bool):
            raise ApiError(400, "bad_daily", "'daily' must be true or false")
        if daily:
            if deal is not None:
                raise ApiError(400, "bad_deal", "ask for a deal number or the daily deal")
            return daily_deal_number(self.now().date()), True
        if deal is None:
            return secrets.randbelow(MAX_DEAL + 1), False
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_DEAL_NUMBER:
            raise ApiError(400, "bad_deal",
                           f"a deal number is a whole number from 0 to {MAX_DEAL_NUMBER}")
        return deal, False

    def _start(self, player: str, rules: Rules, deal: int, daily: bool, level: str,
               seed: int) -> dict[str, Any]:
        names = {s: ("human" if s == HUMAN else level) for s in rules.seats}
        game = Game(rules, deal, players=names)
        now = self._stamp()
        row = GameRow(id=secrets.token_urlsafe(12), player=player, created=now, updated=now,
                      level=level, seed=seed, deal=deal, daily=daily, status=PLAYING,
                      version=game.version, record="")
        events = self._run_computers(game, level, seed)
        row = _with_state(row, game)
        with self.store.transaction():
            self.store.ensure_player(player, now)
            self.store.insert_game(row)
            if game.over:
                self._count(player, game)
        self._cache(row.id, game)
        return {"game": game_view(game, _meta(row)), "events": events}

    def _owned(self, player: str, game_id: str) -> GameRow:
        row = self.store.game(game_id)
        if row is None or row.player != player:
            raise ApiError(404, "no_game", "there is no such game")
        return row

    def _load(self, row: GameRow) -> Game:
        game = self._games.get(row.id)
        if game is not None and game.version == row.version:
            self._games.move_to_end(row.id)
            return game
        game = game_from_row(row)
        self._cache(row.id, game)
        return game

    def _cache(self, game_id: str, game: Game) -> None:
        self._games[game_id] = game
        self._games.move_to_end(game_id)
        while len(self._games) > CACHED_GAMES:
            self._games.popitem(last=False)

    def _save(self, row: GameRow, game: Game, request_id: str | None,
              answer: dict[str, Any]) -> None:
        new = _with_state(row, game)
        try:
            with self.store.transaction():
                if not self.store.update_game(row.id, was=row.version, status=new.status,
                                              version=new.version, record=new.record,
                                              now=self._stamp()):
                    raise ApiError(409, "stale", "the game has moved on: reload it")
                if request_id is not None:
                    self.store.save_answer(row.id, request_id,
                                           json.dumps(answer, separators=(",", ":")))
                if new.status == OVER and row.status != OVER:
                    self._count(row.player, game)
        except BaseException:
            self._games.pop(row.id, None)
            raise

    def _count(self, player: str, game: Game) -> None:
        side = game.rules.side_of(HUMAN)
        self.store.count_finished(player, game.winner == side, game.scores[side])

    def _apply(self, game: Game, seat: Seat, action: Action) -> dict[str, Any]:
        return event_json(game.apply(seat, action))

    def _run_computers(self, game: Game, level: str, seed: int) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        while not game.over and game.to_act != HUMAN:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            player = make_player(level, decision_seed(seed, seat, game.version), game.rules)
            try:
                action = player.decide(view).action
            except Exception:  # a faulty player must not leave the game stuck for good
                log.exception("%s player at %s failed; it plays its first legal action",
                              level, seat)
                action = view.legal[0]
            error = game.why_not(seat, action)
            if error is not None:
                log.error("%s player at %s chose %s: %s", level, seat, action, error)
                action = view.legal[0]
            events.append(self._apply(game, seat, action))
        return events


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


def suggest(view: SeatView, level: str, seed: int) -> Decision:
    """The hint: the strongest available level's choice for South, with its reason."""
    levels = player_levels()
    adviser = next((a for a in HINT_LEVELS if a in levels), level)
    return hint_for(view, level=adviser, seed=seed)


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
        record=json.dumps(game_to_record(game), separators=(",", ":")))


def _meta(row: GameRow) -> GameMeta:
    return GameMeta(id=row.id, level=row.level, created=row.created, daily=row.daily)


__all__ = ["DEFAULT_LEVEL", "GameService", "decision_seed", "game_from_row", "suggest",
           "utc_now"]
