"""Same deal, same seed, same levels: the browser and the terminal play the same cards.

Two hands are played through the HTTP API (South's actions noted as they are sent),
then again in a terminal session with the browser game's deal, computer seed and level,
South typing the same actions. The computer players are ``random`` ones, whose every
choice depends on its seed. Both fronts play at a :class:`~spades.table.Table`, so every
computer decision, and therefore the whole record, must be identical.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import simple_choice

from spades.game import Game
from spades.rules import rules_from
from spades.terminal.session import Session
from spades.web.service import game_from_row
from spades.web.store import Store

HANDS = 2


@pytest.mark.parametrize("rules", ["classic", "two-player"])
def test_browser_and_terminal_play_the_same_cards(api: Any, db_path: Path, tmp_path: Path,
                                                  rules: str) -> None:
    view = api.new(deal=2024, level="random", rules=rules)["game"]
    typed: list[str] = []
    while len(view["results"]) < HANDS:
        action = simple_choice(view)
        typed.append(action)
        view = api.act(view, action)["game"]
    store = Store(db_path)
    row = store.game(view["id"])
    store.close()
    assert row is not None
    browser = game_from_row(row)

    answers: Iterator[str] = iter(typed)

    def type_next(prompt: str) -> str:
        line = next(answers, None)
        if line is None:
            raise EOFError  # the terminal saves the game and stops
        return line

    game = Game(rules_from(rules), deal=2024, players=dict(browser.players))
    session = Session(game, "random", row.seed, save_path=tmp_path / "save.json",
                      out=io.StringIO(), read_line=type_next)
    assert session.run() == 0
    assert next(answers, None) is None, "the terminal asked South fewer questions"
    assert game.version == browser.version
    assert [e.action for e in game.log] == [e.action for e in browser.log]
    assert game.results == browser.results and len(game.results) == HANDS
