"""The two-side kernel settles the last two and three tricks of four seats by trying
every line: its answer equals plain minimax, and holds for every position of the
pattern it reports (the cards it depended on, as the table stores them)."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.cards import SUIT_MASK, Mask, cards_of
from spades.playout import Playout
from spades.rules import rules_from
from spades.solver.sets import last_three_tricks, last_two_tricks

Settle = Callable[[tuple[int, ...], tuple[bool, ...], int, bool, int], Any]


def _deal(rng: Random, preset: str, cards: int) -> list[Mask]:
    """``cards`` random cards a seat, from the preset's deck."""
    deck = list(rules_from(preset).deck_cards)
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[cards * q:cards * (q + 1)]) for q in range(4)]


def _count_reachable(p: Playout, maximise: tuple[bool, ...], start: list[int],
                     target: int) -> bool:
    """Plain minimax: can the maximising side force its count of these tricks into
    ``target``?"""
    if p.over:
        count = sum(p.tricks[q] - start[q] for q in range(4) if maximise[q])
        return (target >> count) & 1 == 1
    outcomes = []
    for card in cards_of(p.legal_mask()):
        q = p.copy()
        q.play(card)
        outcomes.append(_count_reachable(q, maximise, start, target))
    return any(outcomes) if maximise[p.turn] else all(outcomes)


def _reached(hands: list[Mask], maximise: tuple[bool, ...], turn: int, broken: bool,
             target: int) -> bool:
    p = Playout(hands, leader=turn, broken=broken)
    return _count_reachable(p, maximise, list(p.tricks), target)


def _same_pattern(rng: Random, hands: list[Mask], w: Mask) -> list[Mask]:
    """Another position of the pattern of ``w``, as the table matches positions: in
    each suit, every hand keeps its length and the holders of the cards from the top
    down to the lowest card of ``w`` keep them in that order, but the ranks are drawn
    afresh and the cards below are shared out again among the hands holding them."""
    out = [0, 0, 0, 0]
    for suit_mask in SUIT_MASK:
        cards = sorted((c for c in cards_of(suit_mask) if any(h >> c & 1 for h in hands)),
                       reverse=True)
        ws = w & suit_mask
        top = sum(1 for c in cards if ws and c >= (ws & -ws).bit_length() - 1)
        holders = [next(q for q in range(4) if hands[q] >> c & 1) for c in cards]
        small = holders[top:]
        rng.shuffle(small)
        ranks = sorted(rng.sample(cards_of(suit_mask), len(cards)), reverse=True)
        for rank, q in zip(ranks, holders[:top] + small, strict=True):
            out[q] |= 1 << rank
    return out


SEEDS = st.integers(0, 2**32)


def _agrees_with_minimax(settle: Settle, cards: int, seed: int, preset: str) -> None:
    rng = Random(seed)
    hands = _deal(rng, preset, cards)
    turn = rng.randrange(4)
    broken = rng.random() < 0.5
    first = rng.randrange(2)
    maximise = tuple(q % 2 == first for q in range(4))
    for target in range(1, (1 << (cards + 1)) - 1):  # every set of counts but none and all
        known, _ = settle(tuple(hands), maximise, turn, broken, target)
        assert (known == 1) == _reached(hands, maximise, turn, broken, target), \
            (hands, maximise, turn, broken, target)


def _holds_for_its_pattern(settle: Settle, cards: int, seed: int) -> None:
    rng = Random(seed)
    hands = _deal(rng, "classic", cards)
    turn = rng.randrange(4)
    broken = rng.random() < 0.5
    maximise = tuple(q % 2 == seed % 2 for q in range(4))
    target = rng.randrange(1, (1 << (cards + 1)) - 1)
    known, w = settle(tuple(hands), maximise, turn, broken, target)
    for _ in range(4):
        other = _same_pattern(rng, hands, w)
        assert [h.bit_count() for h in other] == [cards] * 4
        assert (known == 1) == _reached(other, maximise, turn, broken, target), \
            (hands, other, w, maximise, turn, broken, target)


@settings(max_examples=1500, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(["classic", "jokers"]))
def test_last_two_every_set_of_counts_agrees_with_plain_minimax(seed: int,
                                                                 preset: str) -> None:
    _agrees_with_minimax(last_two_tricks, 2, seed, preset)


@settings(max_examples=1500, deadline=None)
@given(seed=SEEDS)
def test_last_two_answer_holds_for_every_position_of_its_pattern(seed: int) -> None:
    _holds_for_its_pattern(last_two_tricks, 2, seed)


@settings(max_examples=400, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(["classic", "jokers"]))
def test_last_three_every_set_of_counts_agrees_with_plain_minimax(seed: int,
                                                                   preset: str) -> None:
    _agrees_with_minimax(last_three_tricks, 3, seed, preset)


@settings(max_examples=600, deadline=None)
@given(seed=SEEDS)
def test_last_three_answer_holds_for_every_position_of_its_pattern(seed: int) -> None:
    _holds_for_its_pattern(last_three_tricks, 3, seed)
