"""The search samples deals that agree with what the play revealed.

A deal on which the others' cards are what a player following the tips would have
played there is likelier than one on which they are not: the sampler weights each
possible deal by :func:`spades.bots.sampling.play_likelihood`, which asks the basic
rules what each player would have played from its own seat (its cards on that deal,
what the table showed it then).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from random import Random
from typing import Any

import pytest

import spades.bots.sampling as sampling
from spades.actions import Action, Play
from spades.bots.basic import BasicPlayer
from spades.bots.expert import ExpertPlayer
from spades.bots.knowledge import Knowledge, knowledge_of
from spades.bots.sampling import (
    PLAY_CANDIDATES,
    PLAY_FROM,
    PLAY_MISS,
    play_likelihood,
    sample_by_bids,
)
from spades.bots.strong import StrongPlayer
from spades.cards import HEARTS, SUIT_OF, Card, Mask, mask_of, parse_cards
from spades.game import Game, Phase
from spades.rules import rules_from
from spades.views import SeatView, seat_view

RULES = rules_from("classic")
SOUTH = RULES.seats.index("S")

Swap = Callable[[SeatView, Card], Card | None]
"""Given a view of the seat to play and the basic rules' card, the card to play instead
(None: the rules' card)."""


def _play(deal: int, cards_left: int, swap: Swap | None = None) -> tuple[Game, int]:
    """A classic hand played by the basic rules in every seat until South holds
    ``cards_left`` cards and is to play; ``swap`` may change East's cards. Returns the
    game and how many of East's cards were changed."""
    game = Game("classic", deal=deal)
    player = BasicPlayer(deal, game.rules)
    changed = 0
    while True:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        if game.phase is Phase.PLAY and seat == "S" and view.hand.bit_count() == cards_left:
            return game, changed
        action: Action = player.decide(view).action
        if swap is not None and seat == "E" and game.phase is Phase.PLAY:
            assert isinstance(action, Play)
            other = swap(view, action.card)
            if other is not None:
                action = Play(other)
                changed += 1
        game.apply(seat, action)


def _truth(game: Game) -> tuple[list[Mask], SeatView, list[int]]:
    view = seat_view(game, "S")
    hands = [game.hand_of(s) for s in RULES.seats]
    bids = [dict(view.bids)[s] for s in RULES.seats]
    return hands, view, bids


def _legal(view: SeatView) -> list[Card]:
    return [a.card for a in view.legal if isinstance(a, Play)]


def _live_between(view: SeatView, a: Card, b: Card) -> bool:
    """Whether a card strictly between ``a`` and ``b`` may be in another hand, as the
    seat to play sees it (so that the two are not the same card for the trick)."""
    low, high = min(a, b), max(a, b)
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    return bool(between & knowledge_of(view).unseen)


def test_the_true_deal_of_players_who_follow_the_rules_keeps_its_whole_weight():
    for deal in range(20):
        game, _ = _play(deal, 1 + deal % 9)
        hands, view, bids = _truth(game)
        assert play_likelihood(hands, view.plays, RULES, SOUTH, bids) == 1.0


@pytest.mark.parametrize("preset", ["no-help-nil", "jokers", "blind-nil", "cutthroat",
                                    "two-player"])
def test_in_every_preset_the_true_deal_of_rule_players_keeps_its_whole_weight(
        preset: str, basic_hand: Callable[..., Game]) -> None:
    """Every card of a hand played by the rules is the rules' card on the true deal, Nil
    bids (which the rules play first) included, whoever reads it."""
    nil_hands = 0
    for deal in range(12):
        game = basic_hand(preset, 9600 + deal, 1 + deal % 9)
        rules = game.rules
        view = seat_view(game, game.to_act or "N")
        hands = [game.hand_of(s) for s in rules.seats]
        bids = [dict(view.bids)[s] for s in rules.seats]
        nil_hands += 0 in bids
        for me in range(len(rules.seats)):
            assert play_likelihood(hands, view.plays, rules, me, bids) == 1.0, (deal, me)
    assert preset in ("cutthroat", "two-player", "jokers") or nil_hands


def _first_off_rule() -> Swap:
    """East's first card with a choice is replaced by a card of another suit or one
    with another hand's card between it and the rules' card; later cards are kept."""
    done: list[bool] = []

    def swap(view: SeatView, card: Card) -> Card | None:
        if done:
            return None
        for other in _legal(view):
            if SUIT_OF[other] != SUIT_OF[card] or _live_between(view, other, card):
                done.append(True)
                return other
        return None
    return swap


def test_each_card_the_rules_would_not_have_played_discounts_the_deal():
    checked = 0
    for deal in range(30):
        game, changed = _play(deal, 4, _first_off_rule())
        if not changed:
            continue
        hands, view, bids = _truth(game)
        # The changed card is East's only card off the rules: everyone else followed
        # them from that trick on, on the cards then held.
        assert play_likelihood(hands, view.plays, RULES, SOUTH, bids) == PLAY_MISS
        checked += 1
    assert checked >= 20


def test_the_seat_asking_is_not_discounted_and_equivalent_cards_are_not_either():
    # South's own cards say nothing to South: it knows its reasons.
    for deal in range(10):
        game, _ = _play(deal, 3)
        hands, view, bids = _truth(game)
        north = RULES.seats.index("N")
        assert play_likelihood(hands, view.plays, RULES, north, bids) == 1.0
    # East playing a card next to the rules' card (no other hand's card between them)
    # plays the same card for the trick.
    checked = 0
    for deal in range(40):
        plain, _ = _play(deal, 4)
        used: list[bool] = []

        def twin(view: SeatView, card: Card, used: list[bool] = used) -> Card | None:
            if used:
                return None
            for other in _legal(view):
                if other != card and SUIT_OF[other] == SUIT_OF[card] and \
                        not _live_between(view, other, card):
                    used.append(True)
                    return other
            return None

        game, changed = _play(deal, 4, twin)
        if not changed:
            continue
        hands, view, bids = _truth(game)
        changed_plays = [c for s, c in view.plays if s == "E"]
        plain_plays = [c for s, c in seat_view(plain, "S").plays if s == "E"]
        if changed_plays != plain_plays:
            assert play_likelihood(hands, view.plays, RULES, SOUTH, bids) == 1.0
            checked += 1
    assert checked >= 5


def test_a_player_who_did_not_take_the_trick_with_the_ace_is_sampled_holding_it_less():
    """West leads the two of hearts, North shows a void (a diamond), East follows with
    the four. South holds every heart from the five to the king: had East held the ace,
    the lowest card sure to win, the rules would have taken the trick its side needs
    with it; West could not cash it (North trumps), so the lead says nothing about the
    ace. The deals South samples give East the ace less often than when the plays are
    ignored."""
    south = parse_cards("5H 6H 7H 8H 9H TH JH QH KH 2C 3C 4C 5C")
    plays = [("W", parse_cards("2H")[0]), ("N", parse_cards("2D")[0]),
             ("E", parse_cards("4H")[0])]
    ace = parse_cards("AH")[0]
    played = mask_of([c for _, c in plays])
    k = Knowledge(seat="S", seats=RULES.seats, partner="N", hand=mask_of(south),
                  played=played,
                  unseen=mask_of([c for c in RULES.deck_cards if c not in south]) & ~played,
                  voids={"N": frozenset({HEARTS})}, bids=dict.fromkeys(RULES.seats, 3),
                  tricks=dict.fromkeys(RULES.seats, 0), remaining=13)
    sizes = {"N": 12, "E": 12, "S": 13, "W": 12}
    played_by = {s: 1 << c for s, c in plays}
    rng = Random(5)

    def east_holds_the_ace(with_plays: bool) -> float:
        deals = [sample_by_bids(k, sizes, rng, RULES, played_by, (), PLAY_CANDIDATES,
                                plays=plays if with_plays else ())
                 for _ in range(1000)]
        return statistics.fmean(1.0 if hands[1] >> ace & 1 else 0.0 for hands in deals)

    assert east_holds_the_ace(True) < 0.75 * east_holds_the_ace(False)


@pytest.mark.parametrize(("infer", "cards_left"),
                         [(True, PLAY_FROM), (True, PLAY_FROM + 1), (False, PLAY_FROM)])
def test_the_search_player_reads_the_play_when_asked_from_eight_cards_on(infer, cards_left):
    game, _ = _play(3, cards_left)
    player = StrongPlayer(1, worlds=4, bid_worlds=4, infer_play=infer,
                          chain=False)
    assert ExpertPlayer(1, infer_play=infer).infer_play is infer
    view = seat_view(game, "S")
    seen: list[object] = []
    original = sampling.sample_by_bids

    def spy(*args: Any, **kwargs: Any) -> list[Mask]:
        seen.append(kwargs.get("plays", ()))
        return original(*args, **kwargs)

    sampling.sample_by_bids = spy
    try:
        list(player.deals(view, knowledge_of(view), Random(0), 3))
    finally:
        sampling.sample_by_bids = original
    reads = infer and cards_left <= PLAY_FROM
    assert len(seen) == 3 and view.plays
    assert all(p == (view.plays if reads else ()) for p in seen)
