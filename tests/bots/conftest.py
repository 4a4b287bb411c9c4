"""Positions for the players' tests, built with the engine from hands we choose, and
the benchmarks that measure the players, loaded as modules."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

import pytest

from spades.actions import Bid, Play
from spades.bots.base import Player
from spades.bots.basic import BasicPlayer, basic_bid
from spades.bots.knowledge import knowledge_of
from spades.bots.rules_play import RulesTable
from spades.bots.strong import StrongPlayer
from spades.cards import Mask, mask_of, parse_card, parse_cards
from spades.dealing import HandDeal
from spades.game import Game, Phase
from spades.playout import Playout
from spades.rules import Rules, rules_from
from spades.views import SeatView, seat_view

Builder = Callable[..., Game]


def fill_hands(rules: Rules, partial: Mapping[str, str]) -> dict[str, int]:
    """The given cards per seat, the rest of the deck dealt in order to fill 13 each."""
    given = {s: parse_cards(partial.get(s, "")) for s in rules.seats}
    used = {c for cards in given.values() for c in cards}
    rest = [c for c in rules.deck_cards if c not in used]
    hands = {}
    for s in rules.seats:
        need = 13 - len(given[s])
        assert need >= 0, f"{s} holds more than 13 cards"
        given[s] += rest[:need]
        rest = rest[need:]
        hands[s] = mask_of(given[s])
    return hands


def build_game(hands: Mapping[str, str], *, rules: str | Rules = "classic",
               bids: Sequence[tuple[str, int]] = (), plays: Sequence[str] = (),
               scores: Mapping[str, int] | None = None,
               bag_counts: Mapping[str, int] | None = None, **changes: Any) -> Game:
    """A game whose first hand holds ``hands`` (filled to 13 cards), with the given bids
    and plays applied. Scores and bag counts are set as if earlier hands had been played."""
    base = rules_from(rules)
    if changes:
        base = base.replace(**changes)
    dealt = fill_hands(base, hands)

    def source(r: Rules, hand: int, dealer: str) -> HandDeal:
        return HandDeal(cards=dealt)

    game = Game(base, source=source)
    # Earlier hands' totals: set directly, the only state a finished hand leaves behind.
    if scores:
        game.scores.update(scores)
    if bag_counts:
        game.bag_counts.update(bag_counts)
    for seat, bid in bids:
        game.apply(seat, Bid(bid))
    for text in plays:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, Play(parse_card(text)))
    return game


def play_basic_until(preset: str, deal: int, cards_left: int,
                     seat: str | None = None) -> Game:
    """A first hand played by the basic rules in every seat until the seat to play
    (``seat``, when given) holds ``cards_left`` cards."""
    game = Game(preset, deal=deal)
    player = BasicPlayer(deal, game.rules)
    while True:
        to_act = game.to_act
        assert to_act is not None
        view = seat_view(game, to_act)
        if (game.phase is Phase.PLAY and view.hand.bit_count() == cards_left
                and seat in (None, to_act)):
            return game
        game.apply(to_act, player.decide(view).action)


def rule_bids_of(game: Game, hand: Mask) -> list[tuple[str, int, int]]:
    """Each bid of the game's hand as (seat, bid, the basic bid ``hand`` would have
    made in that seat's place, after the same bids and at the same score)."""
    bids = game.hand.bids
    return [(seat, bid, basic_bid(game.rules, seat, hand, bids[:i], game.scores))
            for i, (seat, bid) in enumerate(bids)]


def draw_random_hands(game: Game, count: int, seed: int) -> list[Mask]:
    """``count`` hands of 13 cards drawn at random from the game's deck."""
    rng = Random(seed)
    deck = list(game.rules.deck_cards)
    return [mask_of(rng.sample(deck, 13)) for _ in range(count)]


def rules_table_of(view: SeatView, hands: list[Mask]) -> RulesTable:
    """The rules table of ``view``'s position on the deal ``hands`` (cards now held)."""
    rules = view.rules
    seats = rules.seats
    held = hands[:]
    for seat, card in view.trick:
        held[seats.index(seat)] |= 1 << card
    p = Playout(held, seats.index(view.trick[0][0] if view.trick else view.to_act or "N"),
                broken=view.spades_broken)
    p.tricks = [view.tricks[s] for s in seats]
    for _, card in view.trick:
        p.play(card)
    return RulesTable(rules, p, dict(view.bids), knowledge_of(view).voids,
                      before=view.played_mask, trick=view.trick)


def play_hand(game: Game, players: Mapping[str, Player]) -> list[object]:
    """Play the hand of ``game`` to its end, each seat by its player; every action
    (checked legal) in turn."""
    actions: list[object] = []
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        action = players[seat].decide(view).action
        assert action in view.legal
        game.apply(seat, action)
        actions.append(action)
    return actions


@pytest.fixture
def rules_table() -> Callable[[SeatView, list[Mask]], RulesTable]:
    """The rules table of a view's position on a deal: ``rules_table(view, hands)``."""
    return rules_table_of


def strong_everywhere(deal: int, seed: int, **options: Any) -> list[object]:
    """The first hand of classic deal ``deal`` played to its end by ``StrongPlayer``
    with a small budget and ``options`` in every seat (seeds ``seed`` onwards)."""
    game = Game("classic", deal=deal)
    return play_hand(game, {s: StrongPlayer(seed + i, game.rules, worlds=8, bid_worlds=8,
                                            **options)
                            for i, s in enumerate(game.rules.seats)})


@pytest.fixture
def strong_hand() -> Callable[..., list[object]]:
    """A hand played by ``strong`` with options in every seat, each action checked
    legal: ``strong_hand(deal, seed, side_bids=True)``, the actions in turn."""
    return strong_everywhere


@pytest.fixture
def bid_position() -> tuple[Game, SeatView, int]:
    """The first bid of classic deal 4127: the game, the bidder's view and its index."""
    game = Game("classic", deal=4127)
    view = seat_view(game, game.to_act or "N")
    return game, view, game.rules.seats.index(view.seat or "N")


@pytest.fixture
def basic_hand() -> Callable[..., Game]:
    """A hand played by the basic rules up to a position:
    ``basic_hand(preset, deal, cards_left, seat=None)``."""
    return play_basic_until


@pytest.fixture
def rule_bids() -> Callable[[Game, Mask], list[tuple[str, int, int]]]:
    """Each bid of a game's hand with the basic bid a hand would have made in its
    place: ``rule_bids(game, hand)``."""
    return rule_bids_of


@pytest.fixture
def random_hands() -> Callable[[Game, int, int], list[Mask]]:
    """Hands of 13 cards drawn at random from a game's deck:
    ``random_hands(game, count, seed)``."""
    return draw_random_hands


@pytest.fixture
def table() -> Builder:
    """Build a position: ``table(hands, bids=[...], plays=[...], first_dealer=...)``."""
    return build_game



BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/NAME.py`` as a module (benchmarks are not a package; a
    script imports the others by name, as when it is run from its folder)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def benchmark_script() -> Callable[[str], ModuleType]:
    """Load a benchmark script by name: ``benchmark_script("play_loss").measure(...)``."""
    return load_benchmark
