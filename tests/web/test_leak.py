"""The leak test: over whole games played through the API, no answer the browser gets
holds a card South may not know, nor the order of the deck.

After each answer the true game is read back from the server's database (the full
record) and the cards South may know in the hand in progress are worked out from it
independently of the views: South's own cards (unless still hidden before a Blind Nil
answer), every card played, and in two-player Spades the cards South was shown while
drawing and swapped in a Double Nil exchange. Every other card of the hand is secret,
and no text in the answer may name it, in record notation, as a symbol or in words.
Finished hands are public, so ``results`` and events of earlier hands are checked
against the finished hands instead.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from spades.actions import Exchange, Play
from spades.cards import Card, card_name, card_symbol, cards_of, describe_card
from spades.game import Game, Phase
from spades.web.service import game_from_row
from spades.web.store import Store

SOUTH = "S"


def known_to_south(game: Game) -> set[Card]:
    """The cards of the hand in progress that South may know (from the full state)."""
    if game.over:
        return set(game.rules.deck_cards)
    h = game.hand
    known = {c for _, c in h.plays}
    undecided = game.phase is Phase.BLIND and SOUTH in h.blind_queue[h.blind_asked:]
    blind_wait = SOUTH in h.blind and game.phase is Phase.BID and not game.rules.draw
    if not (undecided or blind_wait):
        known |= set(cards_of(game.hand_of(SOUTH)))
    known |= set(cards_of(h.seen_discards.get(SOUTH, 0)))
    if game.phase is Phase.DRAW and h.drawing_seat == SOUTH and h.top_card is not None:
        known.add(h.top_card)
    if SOUTH in h.exchanges:
        gave, got = h.exchanges[SOUTH]
        known |= set(gave) | set(got)
    return known


def strings_of(value: Any) -> list[str]:
    """Every text in a JSON value: keys and string values."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings_of(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings_of(v)]
    return []


def forbidden_words(secret: set[Card]) -> tuple[set[str], list[str]]:
    tokens = {card_name(c) for c in secret} | {card_symbol(c) for c in secret}
    phrases = [describe_card(c) for c in secret]
    return tokens, phrases


def check_answer(body: str, game: Game) -> None:
    """``body`` (an answer of the API) reveals nothing South may not know of ``game``."""
    data = json.loads(body)
    assert '"stock"' not in body and '"discards"' not in body
    secret = set(game.rules.deck_cards) - known_to_south(game)
    tokens, phrases = forbidden_words(secret)
    current = game.hand.index if not game.over else len(game.results)
    texts: list[str] = []
    views = [data["game"]] if isinstance(data, dict) and "game" in data else []
    if isinstance(data, dict) and "events" in data:
        for event in data["events"]:
            check_event(event, game)
            if event["hand"] >= current:
                texts += strings_of(event)
    for view in views:
        assert len(view["results"]) == len(game.results)
        for mine, true in zip(view["results"], game.results, strict=True):
            assert mine["index"] == true.index
        public = ["results"]
        last = view.get("last_trick")
        if last is not None and last["hand"] < current:
            # the last trick of a finished hand is public, and must be that hand's
            done = game.results[last["hand"]]
            plays = [[s, card_name(c)] for s, c in done.plays[-len(game.seats):]]
            assert last["plays"] == plays and last["winner"] == done.trick_winners[-1]
            public.append("last_trick")
        texts += strings_of({k: v for k, v in view.items() if k not in public})
        names = [c for c in strings_of(view["hand"]) + strings_of(view["plays"])]
        assert len(names) <= 2 * 52
    if not views and "events" not in data:
        texts += strings_of(data)
    every_name = {card_name(c) for c in game.rules.deck_cards}
    for text in texts:
        assert len([w for w in text.split() if w in every_name]) <= 13, "a deck order?"
        words = set(text.split())
        leaked = words & tokens
        assert not leaked, f"{sorted(leaked)} leaked in {text[:120]!r}"
        for phrase in phrases:
            assert phrase not in text.lower(), f"{phrase!r} leaked in {text[:120]!r}"


def check_event(event: dict[str, Any], game: Game) -> None:
    """Another seat's draw shows only "draw", an exchange only its count, a play its card."""
    seat, action = event["seat"], event["action"]
    if seat == SOUTH:
        return
    if action in ("draw", "look", "blind", "nil") or action.isdigit():
        return
    if action.startswith("exchange"):
        assert re.fullmatch(r"exchange \d", action), action
        return
    played = game.log[event["version"] - 1]
    assert played.seat == seat and isinstance(played.action, Play), event
    assert card_name(played.action.card) == action
    assert not isinstance(played.action, Exchange)


def choose(game: dict[str, Any], rng: random.Random) -> str:
    """South declares Double Nil in the first two-player hand (to exercise the exchange),
    keeps or discards at random, bids from its high cards and plays a random legal card."""
    legal: list[str] = game["legal"]
    phase = game["phase"]
    if phase == "blind":
        return "blind" if game["hand_index"] == 0 else "look"
    if phase == "draw":
        return rng.choice(["keep", "discard"])
    if phase == "exchange":
        return rng.choice(legal[:40])
    if phase == "bid":
        high = sum(1 for c in game["hand"] if c[0] in "AK" or c in ("QS", "BJ", "LJ"))
        return str(max(1, high))
    return rng.choice(legal)


@pytest.mark.slow
@pytest.mark.parametrize("body", [
    {"rules": "classic", "deal": 4127, "level": "basic", "bots_bid_nil": True},
    {"rules": {"preset": "two-player", "target": 200, "floor": -200}, "deal": 12,
     "level": "random"},
    {"rules": {"preset": "blind-nil", "target": 200, "floor": -200}, "deal": 5,
     "level": "random"},
], ids=["classic-basic", "two-player", "blind-nil"])
def test_no_answer_reveals_a_hidden_card(api: Any, db_path: Any, body: dict[str, Any]) -> None:
    store = Store(db_path)
    rng = random.Random(body["deal"])
    data = api.new(**body)
    game_id = data["game"]["id"]

    def truth() -> Game:
        row = store.game(game_id)
        assert row is not None
        return game_from_row(row)

    check_answer(api.bodies[-1], truth())
    view = data["game"]
    seen_phases = set()
    steps = 0
    while view["phase"] != "over":
        seen_phases.add(view["phase"])
        if steps % 7 == 0:
            api.call("GET", f"/api/games/{game_id}/hint")
            check_answer(api.bodies[-1], truth())
            api.call("GET", "/api/games/current")
            check_answer(api.bodies[-1], truth())
        view = api.act(view, choose(view, rng))["game"]
        check_answer(api.bodies[-1], truth())
        steps += 1
        assert steps < 2000
    final = truth()
    assert final.over and final.version == view["version"]
    api.call("GET", f"/api/games/{game_id}")
    check_answer(api.bodies[-1], final)
    if body["rules"] != "classic":
        assert "blind" in seen_phases
    if "two-player" in json.dumps(body):
        assert {"draw", "exchange"} <= seen_phases
    store.close()


def test_the_checker_catches_a_leak(api: Any, db_path: Any) -> None:
    """The check above fails on an answer that shows West's hand."""
    view = api.new(deal=4127, level="random")["game"]
    store = Store(db_path)
    row = store.game(view["id"])
    assert row is not None
    game = game_from_row(row)
    check_answer(json.dumps({"game": view, "events": []}), game)
    west = " ".join(card_name(c) for c in cards_of(game.hand_of("W")))
    with pytest.raises(AssertionError, match="leaked"):
        check_answer(json.dumps({"game": {**view, "note": west}, "events": []}), game)
    with pytest.raises(AssertionError, match="leaked"):
        check_answer(json.dumps({"hint": describe_card(cards_of(game.hand_of("E"))[0])}), game)
    store.close()
