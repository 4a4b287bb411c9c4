"""An observation is a view: shuffling the cards its seat cannot see never changes it.

Each example plays a random game part-way on the table, then, for every seat, permutes
the cards that seat has not seen among their holders (the stock positions it never saw,
at two players), replays the same actions on the permuted deal and compares the seat's
observation and action mask. A permutation within suits keeps every replay legal; one
across suits may contradict a void the play has shown, and is then skipped.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.research.conftest import FAST, PRESET_NAMES, house_rules, pick, rules_of
from tests.test_properties import permutation

from spades.cards import Card, Mask, Seat, cards_of, mask_of
from spades.dealing import DealSource, HandDeal, NumberedDeal
from spades.errors import IllegalActionError
from spades.research.table import DRAW_PHASE, EXCHANGE_PHASE, OVER_PHASE, Table, unpack_mask
from spades.rules import Rules


def unseen_positions(table: Table, viewer: int) -> set[int]:
    """Two players: the stock positions whose card ``viewer`` has never seen."""
    seen: set[int] = set()
    for i, letter in enumerate(table.draw_letters):
        drawer = table.dealer if i % 2 == 0 else table.order[0]
        if drawer == viewer:
            seen.add(2 * i)
            if letter == "d":
                seen.add(2 * i + 1)
    if table.phase == DRAW_PHASE and table.to_act == viewer:
        seen.add(2 * len(table.draw_letters))
    return set(range(52)) - seen


def hidden_pool(table: Table, viewer: int) -> list[Card]:
    """The cards ``viewer`` cannot see: others' unplayed cards (its own while hidden)."""
    if table.phase == OVER_PHASE:
        return []
    played = mask_of(c for _, c in table.plays)
    if table.stock is not None:
        mine = table.hand_of(viewer)
        pool = [table.stock[p] for p in unseen_positions(table, viewer)]
        return sorted(c for c in pool if not (played | mine) >> c & 1)
    mask = 0
    for s in range(table.n):
        if s != viewer or not table.visible[viewer]:
            mask |= table.hand_of(s)
    return cards_of(mask & ~played)


def shuffled_source(table: Table, base: DealSource, sigma: dict[Card, Card]) -> DealSource:
    """``base`` for every hand but the current one, whose cards ``sigma`` maps."""
    index = table.hand_index

    def mask(x: Mask) -> Mask:
        return mask_of(sigma.get(c, c) for c in cards_of(x))

    deal = table.deal
    if deal.cards is not None:
        current = HandDeal(cards={s: mask(x) for s, x in deal.cards.items()})
    else:
        stock = [sigma.get(c, c) for c in deal.stock or []]
        done = len(table.draw_letters) == 26
        pile = deal.exchange_order(sorted(table.discards)) if done else []
        mapped = [sigma.get(c, c) for c in pile]
        current = HandDeal(stock=stock, exchange_order=lambda _pile: list(mapped))

    def source(rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        return current if hand == index else base(rules, hand, dealer)

    return source


def replay(rules: Rules, actions: list[tuple[int, int, int]], source: DealSource,
           sigma: dict[Card, Card], hand: int) -> Table | None:
    """The same actions on the permuted deal (this hand's exchange picks mapped)."""
    other = Table(rules, source)
    try:
        for index, phase, action in actions:
            mapped = sigma.get(action, action) if index == hand and phase == EXCHANGE_PHASE \
                else action
            other.apply(mapped)
    except IllegalActionError:
        return None
    return other


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(FAST, max_examples=60)
@given(deal=st.integers(0, 10**9), seed=st.integers(0, 2**32 - 1), house=house_rules,
       steps=st.integers(0, 150), keep_suits=st.booleans(), shuffle=st.integers(0, 2**32))
def test_an_observation_ignores_the_cards_its_seat_cannot_see(
    preset: str, deal: int, seed: int, house: dict[str, Any], steps: int, keep_suits: bool,
    shuffle: int,
) -> None:
    rules = rules_of(preset, house)
    base = NumberedDeal(deal)
    table = Table(rules, base)
    rng = Random(seed)
    actions: list[tuple[int, int, int]] = []
    for _ in range(steps):
        if table.phase == OVER_PHASE:
            break
        action = pick(table, rng)
        actions.append((table.hand_index, table.phase, action))
        table.apply(action)
    shuffler = Random(shuffle)
    for viewer in range(table.n):
        sigma = permutation(hidden_pool(table, viewer), shuffler, keep_suits)
        other = replay(rules, actions, shuffled_source(table, base, sigma), sigma,
                       table.hand_index)
        if other is None:
            assert not keep_suits  # only a suit-changing shuffle can contradict the play
            continue
        assert np.array_equal(other.observation(viewer), table.observation(viewer))
        if table.to_act == viewer:
            assert np.array_equal(unpack_mask(other.legal_bits()),
                                  unpack_mask(table.legal_bits()))


def test_the_shuffle_is_seen_by_a_seat_whose_cards_move() -> None:
    """Control for the property above: a permutation that moves a seat's own cards does
    change that seat's observation, so the comparison can fail."""
    rules = rules_of("classic", {})
    base = NumberedDeal(3)
    table = Table(rules, base)
    south = rules.seats.index("S")
    others = cards_of(table.hand_of(rules.seats.index("N")))
    mine = cards_of(table.hand_of(south))
    sigma = {mine[0]: others[0], others[0]: mine[0]}
    other = replay(rules, [], shuffled_source(table, base, sigma), sigma, 0)
    assert other is not None
    assert not np.array_equal(other.observation(south), table.observation(south))
    east = rules.seats.index("E")
    assert np.array_equal(other.observation(east), table.observation(east))
