"""The lean table plays exactly the engine's game: same turns, same legal actions, same
refusals, same scores and the same end, over every preset and random house rules."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.research.conftest import FAST, PRESET_NAMES, house_rules, pick, rules_of

from spades.actions import Exchange, Play
from spades.cards import cards_of
from spades.dealing import NumberedDeal
from spades.game import Phase
from spades.research.encoding import CARD_SLOTS, EXCHANGE_DONE, NUM_ACTIONS
from spades.research.mirror import GameMirror, table_actions
from spades.research.table import EXCHANGE_PHASE, OVER_PHASE, PLAY_PHASE


def legal_as_indices(mirror: GameMirror) -> set[int]:
    """The engine's legal actions in index form (an exchange: its first picks)."""
    game = mirror.game
    out: set[int] = set()
    for action in game.legal_actions():
        if isinstance(action, Exchange):
            out.add(action.cards[0] if action.cards else EXCHANGE_DONE)
        else:
            out.update(table_actions(action, mirror.table.exchange_limit))
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
@FAST
@given(deal=st.integers(0, 10**9), seed=st.integers(0, 2**32 - 1), house=house_rules,
       steps=st.integers(50, 400))
def test_the_table_plays_the_engines_game(preset: str, deal: int, seed: int,
                                          house: dict[str, Any], steps: int) -> None:
    rules = rules_of(preset, house)
    mirror = GameMirror.new(rules, NumberedDeal(deal), single_hand=False)
    table, game = mirror.table, mirror.game
    rng = Random(seed)
    for _ in range(steps):
        if table.phase == OVER_PHASE:
            break
        assert table.seats[table.to_act] == game.to_act
        if table.phase == EXCHANGE_PHASE:
            held = game.hand_of(game.to_act) if not table.picks else 0
            if held:
                assert set(table.legal_actions()) == {*cards_of(held), EXCHANGE_DONE}
        elif not table.picks:
            assert set(table.legal_actions()) == legal_as_indices(mirror)
        # a refused action: both refuse it, and the table changes not a bit
        wrong = rng.randrange(NUM_ACTIONS)
        if wrong not in table.legal_actions():
            before = table.obs.copy()
            refusal = table.why_not(wrong)
            assert refusal is not None and str(refusal)
            if table.phase == PLAY_PHASE and wrong < CARD_SLOTS:
                assert str(game.why_not(game.to_act, Play(wrong))) == str(refusal)
            with pytest.raises(ValueError):
                table.apply(wrong)
            assert np.array_equal(before, table.obs)
        mirror.apply(pick(table, rng))
        assert [*table.scores] == [game.scores[s] for s in rules.sides]
        assert [*table.bag_counts] == [game.bag_counts[s] for s in rules.sides]
    assert (table.phase == OVER_PHASE) == (game.phase is Phase.OVER)
    assert table.winner == game.winner
    assert len(table.hand_points) == len(game.results)


def test_r15_a_refused_action_says_why_and_changes_nothing() -> None:
    mirror = GameMirror.new(rules_of("classic", {}), NumberedDeal(7), single_hand=True)
    table = mirror.table
    for bid in range(4):
        mirror.apply(54 + [3, 4, 2, 3][bid])
    before = table.obs.copy()
    not_held = next(c for c in range(52) if not table.hand_of(table.to_act) >> c & 1)
    for bad, reason in [(not_held, "you do not hold"), (54, "time to play"),
                        (NUM_ACTIONS, "not an action"), ("3", "an action is an integer")]:
        with pytest.raises(ValueError, match=reason):
            table.apply(bad)
    assert np.array_equal(before, table.obs)
