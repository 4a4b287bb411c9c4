"""Cards: the deck (R1), the jokers deck (R2) and card notation (R3)."""

from __future__ import annotations

from typing import Any

import pytest

from spades.actions import Bid, Play, parse_action, parse_bid
from spades.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    SPADE_MASK,
    SUIT_OF,
    card_name,
    card_symbol,
    parse_card,
    parse_cards,
    parse_seat,
)
from spades.errors import NotationError
from spades.game import Game
from spades.playout import trick_winner
from spades.rules import rules_from


def cards(text: str) -> list[int]:
    return parse_cards(text)


def test_r01_standard_deck_has_52_distinct_cards_dealt_13_each() -> None:
    game = Game("classic", deal=11)
    hands = [game.hand_of(s) for s in game.seats]
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    everything = 0
    for h in hands:
        assert everything & h == 0
        everything |= h
    assert everything == (1 << 52) - 1
    assert len(rules_from("classic").deck_cards) == 52


def test_r01_ace_high_two_low() -> None:
    assert trick_winner(cards("KH AH 2H QH")) == 1
    assert trick_winner(cards("2D 3D")) == 1
    assert trick_winner(cards("AC 2C KC 3C")) == 0


def test_r01_spades_are_always_trump() -> None:
    assert trick_winner(cards("AH 2S KH QH")) == 1
    assert trick_winner(cards("AD KD 3S 2S")) == 2
    # a spade beats the suit led even when the suit led is strong
    assert trick_winner(cards("AC 2S")) == 1


def test_r02_jokers_deck_drops_two_of_clubs_and_diamonds() -> None:
    deck = rules_from("jokers").deck_cards
    assert len(deck) == len(set(deck)) == 52
    assert parse_card("2C") not in deck and parse_card("2D") not in deck
    assert LITTLE_JOKER in deck and BIG_JOKER in deck
    game = Game("jokers", deal=3)
    dealt = 0
    for s in game.seats:
        assert game.hand_of(s).bit_count() == 13
        dealt |= game.hand_of(s)
    assert sorted(c for c in range(54) if dealt >> c & 1) == sorted(deck)


def test_r02_jokers_order_big_over_little_over_ace_of_spades() -> None:
    assert trick_winner(cards("AS LJ KS QS")) == 1
    assert trick_winner(cards("LJ BJ AS KS")) == 1
    assert trick_winner(cards("2H BJ AH LJ")) == 1
    assert trick_winner(cards("AH LJ KH 2S")) == 1


def test_r02_jokers_are_spades_for_every_purpose(table: Any) -> None:
    assert SUIT_OF[BIG_JOKER] == SUIT_OF[LITTLE_JOKER] == SUIT_OF[parse_card("AS")]
    assert SPADE_MASK >> BIG_JOKER & 1 and SPADE_MASK >> LITTLE_JOKER & 1
    game = table.game(
        "jokers",
        {
            "S": "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC BJ",
            "W": "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD LJ",
            "N": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "E": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        },
    )
    table.bid(game, 1, 1, 1, 1)
    # leading: a joker is a spade, so it cannot be led before spades are broken
    err = game.why_not("S", Play(BIG_JOKER))
    assert err is not None and err.code == "spades_not_broken"
    # following: West has no club but holds the little joker; playing it breaks spades
    table.play(game, "3C LJ")
    assert game.spades_broken()
    table.play(game, "2H")
    # East must follow the suit led (clubs): none, so any card, spades included
    assert game.why_not("E", Play(parse_card("2S"))) is None
    table.play(game, "2S")
    assert game.hand.trick_winners == ["W"]
    assert game.spades_broken()
    # West leads a diamond; nobody else holds one: a spade ruffs, the big joker wins
    table.play(game, "3D 3H 3S BJ")
    assert game.hand.trick_winners[-1] == "S"
    # a club led by South, ruffed by East's 4S, wins against the suit led
    table.play(game, "4C 4D 4H 4S")
    assert game.hand.trick_winners[-1] == "E"


def test_r02_joker_follows_a_spade_lead(table: Any) -> None:
    game = table.game(
        "jokers",
        {
            "S": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "W": "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD LJ",
            "N": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "E": "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC BJ",
        },
    )
    table.bid(game, 1, 1, 1, 1)
    table.play(game, "2S")  # only spades: South may lead one (R13)
    # West holds one spade, the little joker: it must follow with it
    assert [str(a) for a in game.legal_actions()] == ["LJ"]
    err = game.why_not("W", Play(parse_card("3D")))
    assert err is not None and err.code == "must_follow" and "spades" in str(err)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("AS", "AS"), ("as", "AS"), ("TH", "TH"), ("10H", "TH"), ("10h", "TH"),
        ("2C", "2C"), ("9d", "9D"), ("Q♥", "QH"), ("k♠", "KS"), ("J♦", "JD"), ("A♣", "AC"),
        ("BJ", "BJ"), ("lj", "LJ"), (" qs ", "QS"),
    ],
)
def test_r03_notation_rank_then_suit_case_insensitive(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


@pytest.mark.parametrize("text", ["", "S", "1S", "11H", "AX", "SA", "JJ", "AS2", "10"])
def test_r03_notation_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_r03_every_card_name_reads_back() -> None:
    for c in range(54):
        assert parse_card(card_name(c)) == c
        assert parse_card(card_symbol(c)) == c
    assert card_symbol(parse_card("TH")) == "10♥"


def test_r03_actions_read_cards_in_the_same_notation() -> None:
    assert parse_action("10h") == parse_action("TH") == Play(parse_card("TH"))
    assert parse_action("bj") == Play(BIG_JOKER)
    assert str(parse_action("q♠")) == "QS"


def test_r03_seats_are_n_e_s_w() -> None:
    assert [parse_seat(t) for t in ("n", "E", "south", "West")] == ["N", "E", "S", "W"]
    with pytest.raises(NotationError):
        parse_seat("X")


@pytest.mark.parametrize("text", [
    "²", "①", "٣", "𝟑", "3\u00a0", "1\u2003", "Ａ♠", "A\u0301S", "\ud800", "nil\u200b",
    "1" * 5000, "exchange " + "2H " * 100,
])
def test_r03_notation_is_ascii_and_short(text: str) -> None:
    """Unicode digits are not bids ("٣" is not 3) and no text is read at any length."""
    with pytest.raises(NotationError) as refused:
        parse_action(text)
    assert refused.value.code == "notation"
    with pytest.raises(NotationError):
        parse_bid(text)
    with pytest.raises(NotationError):
        parse_card(text)


def test_r03_ascii_bids_and_suit_symbols_still_read() -> None:
    assert parse_action(" 13\n") == Bid(13) and parse_bid("03") == Bid(3)
    assert parse_action("q♥") == Play(parse_card("QH"))
    assert parse_action("999") == Bid(999)  # read; the game refuses its range (R7)
