"""A whole game played by clicking leaves nothing wrong behind: no console error, no
failed or refused request, no exception in the page, in each kind of preset."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("preset", "deal"), [("classic", 5151), ("two-player", 5252),
                                              ("cutthroat", 5353)])
def test_a_whole_game_without_a_console_error(new_table: Any, preset: str, deal: int) -> None:
    # A short game: to 100 points, or down to -100 (the options' rules of a new game).
    rules = {"preset": preset, "target": 100, "floor": -100}
    table = new_table({"rules": rules})
    # The first visit makes the game; the page is then opened afresh, so that what is
    # checked is a whole game, from loading the page to its end. (What the server
    # answers a first visit with no game yet is its own matter.)
    table.open(f"/?deal={deal}")
    # Only what the reloaded page asks counts: a request of the first page still in
    # flight is cut off by the reload, and its failure may be reported after it.
    fresh: list[Any] = []
    failed: list[Any] = []
    table.page.on("request", lambda r: fresh.append(r))
    table.page.on("requestfailed", lambda r: failed.append(r))
    table.console_errors.clear()
    table.failed_requests.clear()
    table.page.reload()
    table.wait_idle()
    assert table.view()["deal"] == deal and table.view()["rules"] == rules
    for _ in range(1500):
        if not table.step():
            break
    assert table.dialog() == "game-over" and table.view()["phase"] == "over"
    assert table.console_errors == []
    assert [f"{r.method} {r.url} ({r.failure})" for r in failed if r in fresh] == []
    assert [f for f in table.failed_requests if " -> " in f] == []  # refused: 4xx, 5xx
    assert table.errors == []
