"""A whole game played by clicking leaves nothing wrong behind: no console error, no
failed or refused request, no exception in the page, in each kind of preset."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("preset", "deal"), [("classic", 5151), ("two-player", 5252),
                                              ("cutthroat", 5353)])
def test_a_whole_game_without_a_console_error(new_table: Any, preset: str, deal: int) -> None:
    rules = {"preset": preset, "target": 150}
    table = new_table({"rules": rules})
    page = table.page
    # The player's game exists before the page opens, so the page resumes it: a first
    # visit with no game yet is another matter (the server's answer to it is its own).
    made = page.request.post(f"{table.base}/api/games", data={"rules": rules, "deal": deal})
    assert made.ok, made.text()
    table.open(f"/?deal={deal}&rules={preset}")
    assert table.view()["deal"] == deal
    for _ in range(2000):
        if not table.step():
            break
    assert table.dialog() == "game-over" and table.view()["phase"] == "over"
    assert table.console_errors == []
    assert table.failed_requests == []
    assert table.errors == []
