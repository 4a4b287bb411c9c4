"""The decision-time benchmark (benchmarks/bot_decisions.py) times positions at a table
seated as the browser seats it: the search reads each bid by who made it, and that
reading is part of what a decision costs."""

from __future__ import annotations

from spades.actions import Bid, Play
from spades.table import HUMAN


def test_positions_are_seated_as_the_browser_seats_the_level(benchmark_script):
    script = benchmark_script("bot_decisions")
    views = script.positions(1, "expert")
    assert views
    for view in views:
        assert view.players == {"N": "expert", "E": "expert", "S": HUMAN, "W": "expert"}
        assert len(view.legal) > 1
    kinds = {type(action) for view in views for action in view.legal}
    assert kinds == {Bid, Play}


def test_without_a_level_the_positions_name_no_players(benchmark_script):
    # The other benchmarks that share these positions measured them unnamed.
    script = benchmark_script("bot_decisions")
    assert all(view.players == {} for view in script.positions(1))
