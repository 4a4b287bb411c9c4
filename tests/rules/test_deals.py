"""Numbered deals (R26): the number alone fixes every shuffle of the game, by the
derivation written in :mod:`spades.deals`, which this file re-implements from its text."""

from __future__ import annotations

import datetime as dt
import hashlib
from random import Random

import pytest

from spades.actions import Bid
from spades.cards import JOKERS_DECK, STANDARD_DECK, card_name
from spades.deals import daily_deal_number, shuffled
from spades.game import Game


def documented_shuffle(cards: list[int], deal: int, hand: int, label: str = "shuffle") -> list[int]:
    """Steps 1–2 of the documented derivation, written independently of the engine."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(f"spades/deal/v1/{deal}/{hand}/{label}/{block}".encode())
            raw = digest.digest()
            words.extend(int.from_bytes(raw[k:k + 4], "big") for k in range(28, -4, -4))
            block += 1
        return words.pop()

    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            u = word()
            if u < 2**32 - 2**32 % n:
                break
        j = u % n
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize(("deal", "hand"), [(0, 0), (1, 0), (1, 1), (987654321, 4), (2**40, 0)])
def test_r26_shuffle_follows_the_documented_derivation(deal: int, hand: int) -> None:
    assert shuffled(STANDARD_DECK, deal, hand) == documented_shuffle(list(STANDARD_DECK),
                                                                      deal, hand)
    assert shuffled(JOKERS_DECK, deal, hand) == documented_shuffle(list(JOKERS_DECK), deal, hand)


def test_r26_deal_goes_round_from_the_dealers_left() -> None:
    order = shuffled(STANDARD_DECK, 42, 0)
    game = Game("classic", deal=42)  # dealer East: South gets the first card
    for p, card in enumerate(order):
        assert game.hand_of("SWNE"[p % 4]) >> card & 1


def test_r26_pinned_first_cards() -> None:
    assert [card_name(c) for c in shuffled(STANDARD_DECK, 0, 0)[:4]] == ["KC", "AD", "QS", "3D"]
    assert [card_name(c) for c in shuffled(JOKERS_DECK, 7, 0)[:5]] == ["2S", "9H", "AH", "3D",
                                                                       "LJ"]


def test_r26_daily_deal_is_the_documented_hash_of_the_date() -> None:
    for day in (dt.date(2026, 11, 29), dt.date(2027, 1, 1), dt.date(2000, 2, 29)):
        digest = hashlib.sha256(f"spades/daily/v1/{day.isoformat()}".encode()).digest()
        assert daily_deal_number(day) == int.from_bytes(digest[:4], "big") % 1_000_000_000
    assert daily_deal_number(dt.date(2026, 11, 29)) == 964856930


def play_game(deal: int, hands: int) -> Game:
    game = Game({"target": 5000}, deal=deal)
    rng = Random(0)
    while len(game.results) < hands:
        if game.phase.value == "bid":
            game.apply(game.to_act, Bid(3))  # type: ignore[arg-type]
        else:
            game.apply(game.to_act, rng.choice(game.legal_actions()))  # type: ignore[arg-type]
    return game


def test_r26_same_number_replays_every_hand_of_the_game() -> None:
    a, b = play_game(31, 3), play_game(31, 3)
    assert [r.cards for r in a.results] == [r.cards for r in b.results]
    assert a.scores == b.scores
    # each hand of the game has its own shuffle
    assert len({tuple(sorted(r.cards.items())) for r in a.results}) == 3
    other = play_game(32, 1)
    assert other.results[0].cards != a.results[0].cards
