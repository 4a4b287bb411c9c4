"""Golden tests: numbered deals (R26) must replay the same cards in every release.

If one of these fails, the deal derivation changed and every shared deal number now
means another game: that is a breaking change, not a test to update.
"""

from __future__ import annotations

import datetime as dt

import pytest

from spades.cards import card_name, format_cards
from spades.dealing import NumberedDeal
from spades.deals import daily_deal_number, shuffled
from spades.rules import rules_from

GOLDEN_HANDS = [
    ("classic", 4127, 0, "E", {
        "N": "5C 8C 3D 7D TD 2H JH KH 4S 5S 9S TS KS",
        "E": "TC KC 4D 9D QD 3H 7H 9H TH AH 3S 7S AS",
        "S": "6C JC 2D 5D 8D 4H 5H 6H QH 2S 8S JS QS",
        "W": "2C 3C 4C 7C 9C QC AC 6D JD KD AD 8H 6S",
    }),
    ("classic", 4127, 1, "S", {
        "N": "2C 5C 9C TC JC QD 3H 6H 8H 3S 5S 7S KS",
        "E": "4C 7C 8C 3D 4D 4H 9H JH AH 4S 6S QS AS",
        "S": "QC AC 2D 6D TD JD KD 2H 5H TH QH KH JS",
        "W": "3C 6C KC 5D 7D 8D 9D AD 7H 2S 8S 9S TS",
    }),
    ("jokers", 4127, 0, "E", {
        "N": "6C 9C 5D 9D QD 4H KH 2S 6S 7S JS QS LJ",
        "E": "JC AC 6D JD AD 5H 9H JH QH 3S 5S 9S BJ",
        "S": "7C QC 4D 7D TD 6H 7H 8H AH 4S TS KS AS",
        "W": "3C 4C 5C 8C TC KC 3D 8D KD 2H 3H TH 8S",
    }),
]

GOLDEN_STOCK = (
    "6H 2C 5S TH QH QC 7D AS 2S 6S 9S 7H 8D KD KS 9H 5D JD TD QD 2D 6D TS 3S JC 7C 2H 7S "
    "8S 4C JH 9D 5H AC 4S TC 6C 3C 8C 3H 4H 9C 3D 4D JS AD KH AH QS 8H 5C KC"
)


@pytest.mark.parametrize(("preset", "number", "hand", "dealer", "expected"), GOLDEN_HANDS)
def test_r26_numbered_deal_is_pinned(
    preset: str, number: int, hand: int, dealer: str, expected: dict[str, str]
) -> None:
    deal = NumberedDeal(number)(rules_from(preset), hand, dealer)
    assert deal.cards is not None
    assert {s: format_cards(m) for s, m in deal.cards.items()} == expected


def test_r26_two_player_stock_is_pinned() -> None:
    deal = NumberedDeal(4127)(rules_from("two-player"), 0, "N")
    assert deal.stock is not None
    assert " ".join(card_name(c) for c in deal.stock) == GOLDEN_STOCK


def test_r26_daily_deal_numbers_are_pinned() -> None:
    assert daily_deal_number(dt.date(2026, 11, 29)) == 964856930
    assert daily_deal_number(dt.date(2027, 1, 1)) == 241081273


def test_r26_same_number_same_game_different_number_different_game() -> None:
    deck = list(range(52))
    assert shuffled(deck, 99, 0) == shuffled(deck, 99, 0)
    assert shuffled(deck, 99, 0) != shuffled(deck, 100, 0)
    assert shuffled(deck, 99, 0) != shuffled(deck, 99, 1)
    assert sorted(shuffled(deck, 99, 0)) == deck


def test_r26_negative_numbers_are_refused() -> None:
    with pytest.raises(ValueError):
        shuffled(list(range(52)), -1, 0)
