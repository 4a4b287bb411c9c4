"""The PettingZoo environment passes PettingZoo's own checks, in every preset."""

from __future__ import annotations

import importlib
import time
from types import SimpleNamespace

import numpy as np
import pytest
from pettingzoo.test import api_test, performance_benchmark, seed_test
from tests.research.conftest import PRESET_NAMES

from spades.cards import card_name, cards_of
from spades.errors import IllegalActionError
from spades.research.encoding import BID_BASE
from spades.research.pettingzoo import env


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_pettingzoo_api_test_passes(preset: str) -> None:
    api_test(env(rules=preset), num_cycles=300)


@pytest.mark.parametrize("whole_game", [False, True])
def test_pettingzoo_api_test_passes_for_whole_games(whole_game: bool) -> None:
    api_test(env(rules="short", whole_game=whole_game, max_hands=5), num_cycles=400)


@pytest.mark.parametrize("preset", ["classic", "two-player", "blind-nil"])
def test_pettingzoo_seed_test_passes(preset: str) -> None:
    seed_test(lambda: env(rules=preset), num_cycles=200)


@pytest.mark.slow
def test_pettingzoo_performance_benchmark_runs(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The benchmark plays for five seconds of its clock. Here its clock runs twenty times
    # fast: a quarter of a second, still many whole hands, each ended by a reset.
    bench = importlib.import_module("pettingzoo.test.performance_benchmark")
    monkeypatch.setattr(bench, "time", SimpleNamespace(time=lambda: 20 * time.time()))
    performance_benchmark(env(rules="classic"))
    out = capsys.readouterr().out
    turns = float(out.split(" turns per second")[0].split()[-1])
    assert turns > 0


def test_rewards_come_when_the_hand_is_scored_and_sum_to_its_points() -> None:
    e = env(rules="classic")
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    returns = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    points = e.record()["hands"]
    assert len(points) == 1
    north, east, south, west = (returns[a] for a in e.possible_agents)
    assert north == south and east == west
    table_points = e.table.hand_points[0]
    assert (north, east) == tuple(table_points)


def test_an_illegal_step_raises_with_the_reason_and_changes_nothing() -> None:
    e = env(rules="classic")
    e.reset(seed=1)
    agent = e.agent_selection
    before = {k: v.copy() for k, v in e.observe(agent).items()}
    with pytest.raises(IllegalActionError, match="time to bid"):
        e.step(3)
    assert e.agent_selection == agent
    after = e.observe(agent)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    e.step(BID_BASE + 3)
    assert e.agent_selection != agent


def test_the_mask_is_only_for_the_seat_to_act_and_marks_its_legal_actions() -> None:
    e = env(rules="classic")
    e.reset(seed=2)
    for _ in range(4):
        e.step(BID_BASE + 3)
    acting = e.agent_selection
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        if agent == acting:
            assert set(np.flatnonzero(mask)) == set(e.table.legal_actions())
        else:
            assert not mask.any()


def test_the_observation_string_reads_the_seats_view() -> None:
    e = env(rules="classic")
    e.reset(seed=4)
    text = e.observation_string(e.agent_selection)
    assert text.startswith("phase bid, to act: me; hand: ")
    assert len(text.splitlines()[0].split("hand: ")[1].split()) == 13


def test_render_shows_a_spectators_line_without_hidden_cards() -> None:
    e = env(rules="classic", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert text is not None and text.startswith("hand 1, bid, to act S; bids -")
    held = e.table.hand_of(e.table.seats.index("S"))
    assert not any(card_name(c) in text for c in cards_of(held))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_observations_kept_in_place_read_the_same_however_often_they_are_read(
        preset: str) -> None:
    """One env read by every agent at every step, one read now and then: same views."""
    every, seldom = env(rules=preset), env(rules=preset)
    every.reset(seed=7)
    seldom.reset(seed=7)
    rng = np.random.default_rng(1)
    kept = {a: every.observe(a) for a in every.agents}
    for agent in every.agent_iter():
        views = {a: every.observe(a) for a in every.agents}
        for a, view in views.items():
            assert view is kept[a]  # the same dict and arrays, updated in place
            acting = a == agent and not (every.terminations[a] or every.truncations[a])
            legal = every.table.legal_actions() if acting else []
            assert list(np.flatnonzero(view["action_mask"])) == legal
            to_act = view["observation"][every.layout.to_act:every.layout.dealer]
            if acting:
                seat, me = every.table.to_act, every.possible_agents.index(a)
                assert list(np.flatnonzero(to_act)) == [(seat - me) % every.table.n]
        for a in every.agents:
            if rng.random() < 0.3:
                other = seldom.observe(a)
                assert np.array_equal(other["observation"], views[a]["observation"])
                assert np.array_equal(other["action_mask"], views[a]["action_mask"])
        with pytest.raises(ValueError, match="read-only"):
            views[agent]["observation"][0] = 1.0
        with pytest.raises(ValueError, match="read-only"):
            views[agent]["action_mask"][0] = 1
        if every.terminations[agent] or every.truncations[agent]:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(views[agent]["action_mask"])))
        every.step(action)
        seldom.step(action)
