"""Shared helpers for the per-rule tests: rigged deals, bidding and playing by text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import ClassVar

import pytest

from spades.actions import Bid, Play
from spades.cards import Mask, Seat, mask_of, parse_card, parse_cards
from spades.dealing import HandDeal
from spades.game import Game
from spades.rules import Rules, rules_from


class Table:
    """Builds games from written hands and drives them with short texts."""

    SUIT_DEAL: ClassVar[dict[Seat, str]] = {"N": "S", "E": "H", "S": "D", "W": "C"}
    """Each seat holds one whole suit; North's spades then win every trick of the hand."""

    @staticmethod
    def hands(spec: Mapping[Seat, str]) -> dict[Seat, Mask]:
        """Hands from card lists, or a single suit letter meaning all 13 of that suit."""
        out: dict[Seat, Mask] = {}
        for seat, text in spec.items():
            if text in ("C", "D", "H", "S"):
                suit = "CDHS".index(text)
                out[seat] = mask_of(range(suit * 13, suit * 13 + 13))
            else:
                out[seat] = mask_of(parse_cards(text))
        return out

    @classmethod
    def game(
        cls,
        rules: str | Mapping[str, object] | Rules,
        *deals: Mapping[Seat, str],
    ) -> Game:
        """A game whose hand ``k`` is ``deals[k]`` (the last one repeats)."""
        masks = [cls.hands(d) for d in deals]

        def source(rules: Rules, hand: int, dealer: Seat) -> HandDeal:
            return HandDeal(cards=masks[min(hand, len(masks) - 1)])

        return Game(rules_from(rules), source=source)  # type: ignore[arg-type]

    @staticmethod
    def bid(game: Game, *bids: int) -> None:
        """Bid ``bids`` in turn order, from whoever is to bid."""
        for n in bids:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, Bid(n))

    @staticmethod
    def bid_seats(game: Game, bids: Mapping[Seat, int]) -> None:
        """Each seat bids its number from ``bids`` when its turn comes."""
        while len(game.hand.bids) < len(game.seats) and game.to_act in bids:
            seat = game.to_act
            game.apply(seat, Bid(bids[seat]))

    @staticmethod
    def play(game: Game, text: str) -> None:
        """Play the cards of ``text`` in turn, each for whoever is to play."""
        for card in parse_cards(text):
            seat = game.to_act
            assert seat is not None
            game.apply(seat, Play(card))

    @staticmethod
    def play_hand_out(game: Game, rng: Random | None = None) -> None:
        """Finish the hand in progress with legal plays (lowest card, or random)."""
        start = len(game.results)
        while len(game.results) == start and not game.over:
            legal = game.legal_actions()
            action = rng.choice(legal) if rng else legal[0]
            seat = game.to_act
            assert seat is not None
            game.apply(seat, action)

    @classmethod
    def find_hand(
        cls,
        rules: str | Rules,
        bids: Mapping[Seat, int],
        wanted: Callable[[Mapping[Seat, int]], bool],
        tries: int = 2000,
    ) -> Game:
        """A numbered deal whose first hand, bid as ``bids`` and played at random, ends
        with tricks satisfying ``wanted`` (deterministic: the deal number is the seed)."""
        for n in range(tries):
            game = Game(rules, deal=n)
            cls.bid_seats(game, bids)
            cls.play_hand_out(game, Random(n))
            if wanted(game.results[0].tricks):
                return game
        raise AssertionError("no deal found")


@pytest.fixture
def table() -> type[Table]:
    return Table


@pytest.fixture
def card() -> Callable[[str], int]:
    return parse_card
