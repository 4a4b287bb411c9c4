"""Counting sure tricks (tips 1 and 2): :func:`spades.bots.bidding.sure_tricks` reads
its count suit by suit from tables, and must give the sum of the two tips' own counts
to the last bit, in both decks, since the bid search and the sampler compare counts.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.bidding import side_suit_tricks, spade_tricks, sure_tricks
from spades.cards import mask_of, parse_cards
from spades.rules import rules_from


def _by_the_tips(hand: int, preset: str) -> float:
    rules = rules_from(preset)
    return sum(side_suit_tricks(hand, s) for s in range(3)) + spade_tricks(hand, rules)


@settings(max_examples=400)
@given(st.sampled_from(["classic", "jokers"]), st.data())
def test_sure_tricks_is_the_tips_count_to_the_bit(preset: str, data: st.DataObject) -> None:
    deck = list(rules_from(preset).deck_cards)
    size = data.draw(st.integers(min_value=0, max_value=13))
    hand = mask_of(data.draw(st.permutations(deck))[:size])
    assert sure_tricks(hand, rules_from(preset)) == _by_the_tips(hand, preset)


def test_sure_tricks_of_hands_a_player_would_count() -> None:
    classic, jokers = rules_from("classic"), rules_from("jokers")
    # AK of clubs two, a king of hearts with two small cards half, the AS one and the
    # guarded KS 0.9, a fourth spade one more, and the diamond void half.
    hand = mask_of(parse_cards("AC KC 3C KH 4H 2H AS KS 5S 4S"))
    assert sure_tricks(hand, classic) == pytest.approx(2.0 + 0.5 + 1.0 + 0.9 + 1 + 0.5)
    # With the jokers the ace of spades is only the third spade: alone it counts nothing.
    assert sure_tricks(mask_of(parse_cards("AS 2H 3H 4D")), jokers) == 0.0
    assert sure_tricks(mask_of(parse_cards("BJ LJ AS 7D 8D")), jokers) == \
        pytest.approx(1.0 + 0.9 + 0.5 + 0.5 + 0.5)
    # A singleton ace is a trick, not a shortness to trump with.
    assert sure_tricks(mask_of(parse_cards("AH 2S 3S")), classic) == \
        pytest.approx(1.0 + 0.5 + 0.5)
