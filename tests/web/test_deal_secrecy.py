"""A random game's deal number is a secret until the game is over (R26 decisions).

Every card of every hand follows from the deal number, so a number in any answer would
give away every hidden card. These tests play random games through the API and try every
number an answer holds as a deal number: none may rebuild the hand in progress (nor the
two-player stock). The number itself has 64 bits, too many to find by trying them all,
and it is sent once the game is over, when it becomes a deal to share and replay.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import simple_choice

from spades.dealing import NumberedDeal
from spades.game import Game
from spades.web.service import game_from_row
from spades.web.store import Store


def numbers_in(value: Any) -> set[int]:
    """Every whole number an answer holds, as a number or as digits in a text."""
    found: set[int] = set()
    if isinstance(value, bool):
        return found
    if isinstance(value, int):
        found.add(abs(value))
    elif isinstance(value, str):
        digits = "".join(ch if ch.isdigit() and ch.isascii() else " " for ch in value)
        found |= {int(d) for d in digits.split() if len(d) <= 25}
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= numbers_in(k) | numbers_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= numbers_in(v)
    return found


def rebuilds_hand(number: int, game: Game) -> bool:
    """Whether ``number`` as a deal number gives the hand in progress's cards or stock."""
    h = game.hand
    derived = NumberedDeal(number)(game.rules, h.index, h.dealer)
    if h.deal.stock is not None:
        return list(derived.stock or ()) == list(h.deal.stock)
    return derived.cards == h.deal.cards


def truth(db_path: Path, game_id: str) -> Game:
    store = Store(db_path)
    row = store.game(game_id)
    store.close()
    assert row is not None
    return game_from_row(row)


@pytest.mark.parametrize("rules", [
    {"preset": "classic", "target": 100},
    {"preset": "two-player", "target": 100},
    {"preset": "blind-nil", "target": 100},
], ids=["classic", "two-player", "blind-nil"])
def test_no_answer_during_a_random_game_rebuilds_the_deal(api: Any, db_path: Path,
                                                          rules: dict[str, Any]) -> None:
    data = api.new(rules=rules, level="basic")
    view = data["game"]
    game_id = view["id"]
    tried: set[int] = set()
    steps = 0
    while view["phase"] != "over":
        answers = [api.bodies[-1]]
        if steps % 13 == 0:
            for path in ("", "/hint", "/record"):
                api.call("GET", f"/api/games/{game_id}{path}")
                answers.append(api.bodies[-1])
            api.call("GET", "/api/games/current")
            answers.append(api.bodies[-1])
        game = truth(db_path, game_id)
        assert game.deal is not None and rebuilds_hand(game.deal, game)  # the check works
        assert view["deal"] is None and view["deal_text"] is None and view["deal_secret"]
        for body in answers:
            assert str(game.deal) not in body
            for number in numbers_in(json.loads(body)) - tried:
                assert not rebuilds_hand(number, game), f"{number} rebuilds the deal"
        # numbers already tried against an earlier hand are tried again on a new hand
        tried = tried if game.hand.index == view["hand_index"] else set()
        view = api.act(view, simple_choice(view))["game"]
        steps += 1
        assert steps < 3000
    final = truth(db_path, game_id)
    assert view["deal"] == final.deal and view["deal_text"] == str(final.deal)
    assert not view["deal_secret"]
    record = api.call("GET", f"/api/games/{game_id}/record").json()
    assert record["deal"] == final.deal


def test_random_deal_numbers_have_64_bits(api: Any, db_path: Path) -> None:
    store = Store(db_path)
    deals = []
    for _ in range(6):
        game_id = api.new(level="random")["game"]["id"]
        row = store.game(game_id)
        assert row is not None and row.secret and row.deal is not None
        deals.append(row.deal)
    store.close()
    assert all(0 <= d < 2**64 for d in deals) and len(set(deals)) == 6
    # six numbers below 2**60 would happen once in 2**24 runs
    assert max(deals) >= 2**60


def test_chosen_and_daily_deals_are_public_from_the_start(api: Any) -> None:
    chosen = api.new(deal=4127)["game"]
    assert chosen["deal"] == 4127 and chosen["deal_text"] == "4127"
    assert not chosen["deal_secret"]
    big = api.new(deal=str(2**64 - 1))["game"]
    assert big["deal_text"] == str(2**64 - 1)
    daily = api.new(daily=True)["game"]
    assert daily["deal"] is not None and not daily["deal_secret"]


def test_replay_keeps_an_unfinished_random_deal_secret(api: Any, db_path: Path) -> None:
    first = api.new(level="random")["game"]
    again = api.call("POST", f"/api/games/{first['id']}/replay").json()["game"]
    assert again["deal"] is None and again["deal_secret"]
    assert again["hand"] == first["hand"]
    assert truth(db_path, again["id"]).deal == truth(db_path, first["id"]).deal
    done = api.play_to_end(api.new(level="basic",
                                   rules={"preset": "classic", "target": 50})["game"])
    replayed = api.call("POST", f"/api/games/{done['id']}/replay").json()["game"]
    assert done["deal"] is not None and replayed["deal"] == done["deal"]
    assert not replayed["deal_secret"]
