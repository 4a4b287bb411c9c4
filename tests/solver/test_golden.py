"""Golden values: whole two-player deals, whole four-player trick counts and fixed late
positions of every preset.

Pinned from the solver (which agrees with brute force on small endings), so that a
faster search that changes any value fails here. The whole four-player deals are
pinned as double-dummy trick counts: valuing every card of one still takes too long
(see docs/solver.md). With spades allowed from the first lead those deals are bridge
deals with spades trump, and their counts are the ones the bridge solver DDS 2.9 gives.
"""

from __future__ import annotations

from random import Random

import pytest

from spades.cards import card_name, mask_of
from spades.playout import Playout
from spades.rules import PRESETS, rules_from
from spades.solver import (
    Position,
    best_cards,
    bid_values,
    position_value,
    solve_cards,
    trick_count,
)


def _deal(preset: str, seed: int) -> dict[str, int]:
    rules = rules_from(preset)
    rng = Random(seed)
    deck = list(rules.deck_cards)
    rng.shuffle(deck)
    return {s: mask_of(deck[i * 13:(i + 1) * 13]) for i, s in enumerate(rules.seats)}


def test_whole_two_player_deal_with_a_nil() -> None:
    # N: 4C 7C JC KC 8D JD 5H JH KH AH 6S QS AS; S: AC 4D 9D TD QD AD 2H 8H 2S 3S 9S TS KS
    p = Position(rules_from("two-player"), _deal("two-player", 1), "S", {"N": 4, "S": 0})
    values = {card_name(c): v for c, v in solve_cards(p).items()}
    assert values == {"AC": -149.0, "4D": -203.0, "9D": -185.0, "TD": -185.0,
                      "QD": -149.0, "AD": -149.0, "2H": -167.0, "8H": -149.0}
    assert position_value(p, "N") == 149.0


def test_each_bid_of_a_whole_two_player_deal() -> None:
    # S can take 8 tricks against perfect defence: bidding 8 is worth most, 9 is set.
    p = Position(rules_from("two-player"), _deal("two-player", 1), "S", {"N": 4, "S": 1})
    assert bid_values(p, "S", range(10)) == {
        0: -149.0, 1: -30.0, 2: -11.0, 3: 8.0, 4: 27.0, 5: 46.0, 6: 47.0, 7: 48.0,
        8: 49.0, 9: -85.0}


def test_whole_two_player_deal_without_nil() -> None:
    p = Position(rules_from("two-player"), _deal("two-player", 0), "S", {"N": 5, "S": 5})
    assert set(solve_cards(p).values()) == {-27.0}


WHOLE_DEAL_COUNTS = {
    # deal: {leader: (tricks with spades leadable at once, with spades not yet broken)}
    1: {"N": (4, 5), "E": (9, 8)},
    2: {"N": (6, 6), "E": (8, 8)},
    3: {"N": (6, 6), "E": (7, 7)},
    4: {"N": (8, 5), "E": (7, 8)},
    5: {"N": (11, 11), "E": (2, 2)},
    6: {"N": (9, 9), "E": (4, 4)},
    7: {"N": (3, 5), "E": (10, 9)},
    8: {"N": (12, 12), "E": (1, 1)},
}


@pytest.mark.parametrize("seed", sorted(WHOLE_DEAL_COUNTS))
def test_whole_four_player_deal_trick_counts(seed: int) -> None:
    rules = rules_from("classic")
    hands = _deal("classic", seed)
    bids = dict.fromkeys(rules.seats, 3)
    for leader, (leadable, unbroken) in WHOLE_DEAL_COUNTS[seed].items():
        open_spades = Position(rules, hands, leader, bids, broken=True)
        assert trick_count(open_spades, leader) == leadable
        assert trick_count(Position(rules, hands, leader, bids), leader) == unbroken
        other = "E" if leader == "N" else "N"
        assert trick_count(open_spades, other) == 13 - leadable


def _late(preset: str, seed: int, left: int) -> Position:
    """Deal ``seed`` of ``preset`` played with its lowest legal cards to ``left`` tricks."""
    rules = rules_from(preset)
    seats = rules.seats
    hands = _deal(preset, seed)
    p = Playout([hands[s] for s in seats], leader=0)
    while p.done < 13 - left:
        legal = p.legal_mask()
        p.play((legal & -legal).bit_length() - 1)
    bids = {s: 1 + (i + seed) % 4 for i, s in enumerate(seats)}
    return Position(rules, {s: p.hands[i] for i, s in enumerate(seats)}, seats[p.turn],
                    bids, broken=p.broken, tricks={s: p.tricks[i] for i, s in enumerate(seats)},
                    scores=dict.fromkeys(rules.sides, 250))


GOLDEN_LATE = {
    "blind-nil": {"KC": 29.0, "4H": 47.0, "5H": 47.0, "8H": 47.0, "QH": 47.0},
    "classic": {"KC": 29.0, "4H": 47.0, "5H": 47.0, "8H": 47.0, "QH": 47.0},
    "cutthroat": {"KC": -48.0, "4H": -45.0, "5H": -45.0, "8H": -45.0, "QH": -45.0},
    "jokers": {"2S": -47.0, "3S": -47.0, "5S": -47.0, "TS": -47.0, "JS": -47.0, "LJ": -47.0},
    "no-help-nil": {"KC": 29.0, "4H": 47.0, "5H": 47.0, "8H": 47.0, "QH": 47.0},
    "short": {"KC": 429.0, "4H": 447.0, "5H": 447.0, "8H": 447.0, "QH": 447.0},
    "two-player": {"7H": -84.0, "9H": -84.0},
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_late_positions_of_every_preset(preset: str) -> None:
    p = _late(preset, 3, 6)
    values = {card_name(c): v for c, v in solve_cards(p).items()}
    assert values == GOLDEN_LATE[preset]
    assert best_cards(p) == [c for c in p.legal_cards()
                             if values[card_name(c)] == max(values.values())]
