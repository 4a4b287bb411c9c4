"""The Gymnasium environment passes Gymnasium's checker and plays against our players."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from tests.research.conftest import PRESET_NAMES

import spades.research  # noqa: F401  (registers spades/Spades-v0)
from spades.bots import make_player
from spades.errors import SpadesError
from spades.record import score_record
from spades.research.gymnasium import SpadesGymEnv
from spades.research.mirror import table_actions
from spades.views import seat_view


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_gymnasium_check_env_passes(preset: str) -> None:
    env = gymnasium.make("spades/Spades-v0", rules=preset, partner="basic",
                         opponents="random")
    check_env(env.unwrapped)


def test_the_learner_plays_against_the_named_players_until_the_hand_is_scored() -> None:
    strong = gymnasium.make("spades/Spades-v0", rules="classic", partner="basic",
                            opponents="strong").unwrapped
    assert isinstance(strong, SpadesGymEnv)
    assert strong.levels == {0: "basic", 1: "strong", 3: "strong"}
    env = gymnasium.make("spades/Spades-v0", rules="classic", partner="random",
                         opponents="basic")
    inner = env.unwrapped
    assert isinstance(inner, SpadesGymEnv)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(1)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        steps += 1
        done = terminated or truncated
    assert steps == 14  # one bid and thirteen cards: the others played in between
    assert total == inner.table.hand_points[0][inner.table.side_of[inner.seat]]


def test_an_illegal_action_is_refused_with_its_reason() -> None:
    env = SpadesGymEnv(rules="classic", partner="random", opponents="random")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert "time to bid" in info["illegal"]
    assert reward == env.illegal_reward and not terminated and not truncated
    assert np.array_equal(again["observation"], obs["observation"])


def test_unknown_players_and_seats_are_refused_at_once() -> None:
    with pytest.raises(SpadesError):
        SpadesGymEnv(partner="nobody")
    with pytest.raises(SpadesError):
        SpadesGymEnv(rules="two-player", seat="E")


@pytest.mark.slow
def test_a_whole_game_scores_as_its_record_says() -> None:
    env = SpadesGymEnv(rules="short", partner="basic", opponents="basic", whole_game=True)
    env.reset(seed=8)
    total, done = 0.0, False
    me = make_player("basic", 0, env.rules)
    while not done:
        assert env._mirror is not None
        view = seat_view(env._mirror.game, env.rules.seats[env.seat])
        for action in table_actions(me.decide(view).action, env.table.exchange_limit):
            _obs, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
    assert terminated
    scored = score_record(env.record())
    assert scored["finished"]
    side = env.rules.side_of(env.rules.seats[env.seat])
    assert total == scored["score"][side]
