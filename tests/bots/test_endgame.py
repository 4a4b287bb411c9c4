"""The exact endgame solver agrees with plain minimax over every line of play."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.endgame import solve
from spades.cards import card_name, mask_of, parse_cards
from spades.playout import Playout


def _cards(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


def minimax(p: Playout, maximise: list[bool], value) -> float:
    """Every legal card of every seat, no pruning, no grouping."""
    if p.over:
        return value(p.tricks)
    children = []
    for card in _cards(p.legal_mask()):
        q = p.copy()
        q.play(card)
        children.append(minimax(q, maximise, value))
    return max(children) if maximise[p.turn] else min(children)


def random_position(seed: int, players: int, tricks: int) -> Playout:
    """A random deal played at random until ``tricks`` tricks are left (sometimes with
    a trick under way)."""
    rng = Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 13:(i + 1) * 13]) for i in range(players)]
    p = Playout(hands, leader=rng.randrange(players))
    while p.done < 13 - tricks:
        p.play(rng.choice(_cards(p.legal_mask())))
    for _ in range(rng.randrange(players)):
        p.play(rng.choice(_cards(p.legal_mask())))
    return p


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]),
       tricks=st.integers(1, 3), nil=st.booleans())
def test_solver_matches_plain_minimax(seed, players, tricks, nil):
    p = random_position(seed, players, tricks)
    side_of = [q % 2 for q in range(players)]
    me = p.turn
    # Our side's tricks, or (a Nil bid on our side) a big loss for the Nil bidder's trick.
    def value(t: list[int]) -> float:
        ours = sum(t[q] for q in range(players) if side_of[q] == side_of[me])
        return ours - (100.0 * (t[me] > 0) if nil else 0.0) + 0.1 * t[(me + 1) % players]
    maximise = [side_of[q] == side_of[me] for q in range(players)]
    cards = _cards(p.legal_mask())
    expected = []
    for card in cards:
        q = p.copy()
        q.play(card)
        expected.append(minimax(q, maximise, value))
    assert solve(p, side_of, me, value, cards) == expected


def test_solver_keeps_the_winner_for_later_when_the_lead_matters():
    # Two players: cashing the two top hearts first keeps the lead; leading the club
    # first gives it away and the opponent's club length takes two tricks.
    p = Playout([mask_of(parse_cards("AH KH 2C")), mask_of(parse_cards("QH 3C 4C"))], 0)
    cards = _cards(p.legal_mask())
    values = solve(p, [0, 1], 0, lambda t: float(t[0] - t[1]), cards)
    best = max(zip(values, cards, strict=True))[1]
    assert card_name(best) in ("AH", "KH") and min(values) == -1.0
