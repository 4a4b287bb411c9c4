"""A decision depends only on the level, the seed, the view and the budget.

The budget is a count of deals and play-outs; the clock is only a safety cap, and a
decision it cuts short says so. A slow or loaded machine is simulated by a clock that
jumps at every reading.
"""

from __future__ import annotations

import logging
from itertools import count
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades.actions import BlindChoice
from spades.bots import budget as budget_module
from spades.bots import make_player, player_levels
from spades.bots.budget import Budget, TimeCap
from spades.bots.expert import expert_player
from spades.bots.strong import StrongPlayer, _draw
from spades.game import Game, Phase
from spades.views import SeatView, seat_view


def views_of_a_hand(deal: int, preset: str = "classic") -> list[SeatView]:
    """A bid, an early card and a late card (each with a choice) of one hand played by
    the basic player."""
    game = Game(preset, deal=deal)
    basic = make_player("basic", 0)
    wanted = [lambda v: v.phase is Phase.BID,
              lambda v: v.phase is Phase.PLAY and len(v.plays) >= 4,
              lambda v: v.phase is Phase.PLAY and len(v.plays) >= 38]
    out: list[SeatView] = []
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        if len(out) < len(wanted) and len(view.legal) > 1 and wanted[len(out)](view):
            out.append(view)
        game.apply(seat, basic.decide(view).action)
    assert len(out) == len(wanted)
    return out


def slow_clock(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    """Every reading of the clock is ``step`` seconds after the previous one."""
    ticks = count()
    monkeypatch.setattr(budget_module.time, "perf_counter", lambda: next(ticks) * step)


@pytest.mark.parametrize("level", ["beginner", "basic", "strong", "expert"])
def test_same_level_seed_view_budget_same_decision(level):
    assert level in player_levels()
    views = views_of_a_hand(5)
    # No decision made beforehand: a level that solves compiles the solver when it is
    # created, so even the first decision of a cold process replays the same.
    for view in views:
        first = make_player(level, 11, view.rules, budget=12).decide(view)
        again = make_player(level, 11, view.rules, budget=12).decide(view)
        assert first == again


def test_a_loaded_machine_decides_the_same(monkeypatch):
    views = views_of_a_hand(6)
    fast = [StrongPlayer(3, worlds=40, bid_worlds=40).decide(v) for v in views]
    # A machine so loaded that each reading of the clock is 50 ms later: the budget
    # is a count, so nothing changes while the safety cap is not reached.
    slow_clock(monkeypatch, 0.05)
    slow = [StrongPlayer(3, worlds=40, bid_worlds=40).decide(v) for v in views]
    assert slow == fast


def test_the_safety_cap_says_when_it_fires(monkeypatch, caplog):
    view = views_of_a_hand(6)[1]
    slow_clock(monkeypatch, 1.0)
    player = StrongPlayer(3, worlds=400, bid_worlds=40, max_seconds=5.0)
    with caplog.at_level(logging.WARNING, logger="spades.bots"):
        decision = player.decide(view)
    assert "safety time cap of 5 s reached" in decision.reason
    assert "may not replay the same" in decision.reason
    assert any("safety cap" in r.getMessage() for r in caplog.records)


def test_the_safety_cap_is_silent_when_it_does_not_fire():
    for view in views_of_a_hand(7):
        assert "cap" not in StrongPlayer(0, worlds=20, bid_worlds=20).decide(view).reason


def test_blind_nil_question_is_reproducible_under_a_slow_clock(monkeypatch):
    game = Game("blind-nil", deal=4)
    game.scores.update({"NS": 380, "EW": 470})
    while game.rules.side_of(game.to_act) != "NS":
        game.apply(game.to_act, BlindChoice(False))
    view = seat_view(game, game.to_act)
    fast = StrongPlayer(2, bid_worlds=60).decide(view)
    slow_clock(monkeypatch, 0.05)
    assert StrongPlayer(2, bid_worlds=60).decide(view) == fast


def test_budget_counts_play_outs_not_only_deals():
    b = Budget(deals=600, bid_deals=300, playouts=2400)
    assert b.deals_for(2) == 600
    assert b.deals_for(12) == 200
    assert Budget(deals=600, bid_deals=300).deals_for(12) == 600
    assert Budget(deals=4, bid_deals=4, playouts=10).deals_for(13) == 4


def test_expert_samples_every_deal_for_up_to_eight_cards_and_fewer_beyond():
    # The first leads, with eleven or twelve different cards, were the expert's longest
    # decisions: its play-outs are capped so that they sample fewer deals.
    budget = make_player("expert", 0).budget
    assert budget.deals_for(8) == budget.deals == 2400
    assert budget.deals_for(12) == 1600
    small = expert_player(0, None, 40).budget  # 160 deals, 1,280 play-outs
    assert small.deals_for(8) == 160
    assert small.deals_for(12) == 106


def test_time_cap_remembers_it_fired(monkeypatch):
    slow_clock(monkeypatch, 1.0)
    cap = TimeCap(2.5)
    assert [cap.expired() for _ in range(4)] == [False, False, True, True]
    assert "2 of 9 deals" in cap.note(2, 9)
    assert TimeCap(100.0).note(1, 1) == ""


@given(st.integers(0, 2**32), st.integers(0, 200))
def test_the_compiled_play_outs_draw_what_the_card_by_card_ones_draw(seed: int,
                                                                     drawn: int) -> None:
    """The search draws, after a deal's compiled play-outs, as many numbers as the
    card-by-card play-outs draw (one a card the greedy policy chose), so the deals it
    samples next are the same either way."""
    batched, one_by_one = Random(seed), Random(seed)
    _draw(batched, drawn)
    for _ in range(drawn):
        one_by_one.random()
    assert batched.getstate() == one_by_one.getstate()
