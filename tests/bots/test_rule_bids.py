"""A ``basic`` seat's bid read back into its hand by the rule it bids by, in the play
(:func:`spades.bots.sampling.bid_fits`, :func:`spades.bots.basic.rule_bid`): the game
names each seat's player, and the basic player's bid is a function of its hand and of
what the table showed it, so a deal on which that hand would have bid otherwise is all
but ruled out, where any other player's bid is read loosely by its count."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest

from spades.actions import Bid
from spades.bots.basic import BasicPlayer, rule_bid
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import RULE_MISS, bid_fits, bid_likelihood, chain_deals
from spades.game import Game, Phase
from spades.rules import rules_from
from spades.views import seat_view


def _bids_made(basic_hand: Callable[..., Game], preset: str, deal: int,
               players: str) -> Game:
    """A first hand bid by the basic rules, stopped at the first card; the game names
    every seat ``players``."""
    game = basic_hand(preset, deal, 13)
    game.players.update(dict.fromkeys(game.seats, players))
    return game


@pytest.mark.parametrize("preset", ["classic", "jokers", "no-help-nil", "blind-nil",
                                    "cutthroat", "two-player"])
def test_a_basic_seats_own_hand_always_fits_its_bid(preset, basic_hand):
    for deal in range(1, 41):
        game = _bids_made(basic_hand, preset, deal, "basic")
        view = seat_view(game, game.seats[0])
        fits = bid_fits(view)
        for seat, bid in game.hand.bids:
            if seat in game.hand.blind:
                continue
            assert fits[seat](game.hand.held[seat]) == 1.0, (deal, seat, bid)


def test_a_hand_that_would_bid_otherwise_is_all_but_ruled_out(basic_hand, rule_bids,
                                                             random_hands):
    game = _bids_made(basic_hand, "classic", 3, "basic")
    me = game.seats[0]
    fits = bid_fits(seat_view(game, me))
    misses = set()
    for hand in random_hands(game, 200, 3):
        for seat, bid, rule in rule_bids(game, hand):
            if seat == me:
                continue
            miss = abs(rule - bid)
            misses.add(miss)
            assert fits[seat](hand) == pytest.approx(RULE_MISS ** miss)
    assert {0, 1, 2} <= misses


def test_other_players_bids_are_read_by_their_count(basic_hand):
    game = _bids_made(basic_hand, "classic", 3, "human")
    view = seat_view(game, game.seats[0])
    fits = bid_fits(view)
    for seat, bid in game.hand.bids:
        hand = game.hand.held[seat]
        assert fits[seat](hand) == pytest.approx(bid_likelihood(hand, bid, game.rules))


def test_the_deals_drawn_hold_hands_that_bid_as_the_basic_seats_did(basic_hand):
    def exact_share(players: str) -> float:
        game = _bids_made(basic_hand, "classic", 7, players)
        me = game.seats[0]
        view = seat_view(game, me)
        bids = game.hand.bids
        hits = total = 0
        for hands in chain_deals(view, knowledge_of(view), Random(1), 200):
            for i, (seat, bid) in enumerate(bids):
                if seat == me:
                    continue
                hand = hands[game.seats.index(seat)]
                decision = rule_bid(game.rules, seat, hand, bids[:i], game.scores)
                hits += decision.action == Bid(bid)
                total += 1
        return hits / total

    # Read by the rule, nearly every drawn hand would have bid what the seat bid; read
    # by the count (a human's bid), about half.
    assert exact_share("basic") > 0.8
    assert exact_share("human") < 0.6


@pytest.mark.parametrize("preset", ["classic", "blind-nil", "short"])
def test_every_bid_of_whole_games_fits_the_true_hand(preset):
    # Near the target the basic bid follows the score (bid what wins the game): the
    # rule read back must follow it too.
    rules = rules_from(preset)
    endgame = 0
    for deal in range(1, 7):
        game = Game(rules, deal=deal, players=dict.fromkeys(rules.seats, "basic"))
        player = BasicPlayer(deal, rules)
        checked = -1
        while game.winner is None:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.PLAY and checked != game.hand.index:
                checked = game.hand.index
                fits = bid_fits(view)
                for bidder, _ in game.hand.bids:
                    if bidder not in game.hand.blind:
                        assert fits[bidder](game.hand.held[bidder]) == 1.0
                endgame += max(game.scores.values()) >= rules.target - 100
            game.apply(seat, player.decide(view).action)
    assert endgame


def test_while_bidding_the_search_reads_basic_seats_by_their_count():
    # Read by the rule, the bid search bid closer to the edge than its play makes.
    rules = rules_from("classic")
    game = Game(rules, deal=5, players=dict.fromkeys(rules.seats, "basic"))
    player = BasicPlayer(5, rules)
    for _ in range(3):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, player.decide(seat_view(game, seat)).action)
    assert game.phase is Phase.BID
    view = seat_view(game, game.to_act)
    fits = bid_fits(view)
    for seat, bid in game.hand.bids:
        hand = game.hand.held[seat]
        assert fits[seat](hand) == pytest.approx(bid_likelihood(hand, bid, rules))
