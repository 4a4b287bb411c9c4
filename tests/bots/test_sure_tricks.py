"""Counting sure tricks (tips 1 and 2): :func:`spades.bots.bidding.sure_tricks` reads
the side suits from a table and remembers the spades' part, and must give what the
tips say card by card, to the last bit, in both decks: the bid search and the sampler
compare counts.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.bidding import side_suit_tricks, spade_tricks, sure_tricks
from spades.cards import RANK_OF, SPADES, SUIT_MASK, SUIT_OF, cards_of, mask_of, parse_cards
from spades.rules import Rules, rules_from


def tip_2_card_by_card(hand: int, rules: Rules) -> float:
    """Tip 2 read card by card, in the order the tips add it up."""
    spades = hand & SUIT_MASK[SPADES]
    length = spades.bit_count()
    tops = [c for c in reversed(rules.deck_cards) if SUIT_OF[c] == SPADES][:3]
    tricks = 0.0
    for position, card in enumerate(tops):
        if spades >> card & 1:
            tricks += (1.0 if position == 0 else (0.9 if length >= 2 else 0.4)
                       if position == 1 else 0.5 if length >= 3 else 0.0)
    tricks += max(0, length - 3)
    if length >= 2:
        for suit in range(3):
            held = cards_of(hand & SUIT_MASK[suit])
            if not held or (len(held) == 1 and RANK_OF[held[0]] != 12):
                tricks += 0.5
    return tricks


@settings(max_examples=400)
@given(st.sampled_from(["classic", "jokers"]), st.data())
def test_sure_tricks_is_the_tips_count_to_the_bit(preset: str, data: st.DataObject) -> None:
    rules = rules_from(preset)
    size = data.draw(st.integers(min_value=0, max_value=13))
    hand = mask_of(data.draw(st.permutations(list(rules.deck_cards)))[:size])
    assert spade_tricks(hand, rules) == tip_2_card_by_card(hand, rules)
    assert sure_tricks(hand, rules) == \
        sum(side_suit_tricks(hand, s) for s in range(3)) + tip_2_card_by_card(hand, rules)


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
