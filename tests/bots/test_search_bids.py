"""A search player's bid read back into its hand (:func:`spades.bots.sampling.bid_fits`):
its bid search starts from the basic bid of its hand and tries two tricks either way,
so a bid says how far the basic bid lies from it, with the odds its search gives each
distance (:data:`~spades.bots.sampling.SEARCH_BID_ODDS`), before its partner's bid
and after it."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from random import Random

import pytest

from spades.actions import Bid
from spades.bots.bidding import sure_tricks
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import (
    SEARCH_BID_FAR,
    SEARCH_BID_ODDS,
    after_partner,
    bid_fits,
    bid_likelihood,
    chain_deals,
)
from spades.bots.strong import StrongPlayer
from spades.game import Game, Phase
from spades.rules import rules_from
from spades.views import seat_view


def _bids_made(basic_hand: Callable[..., Game], deal: int, players: str) -> Game:
    game = basic_hand("classic", deal, 13)
    game.players.update(dict.fromkeys(game.seats, players))
    return game


def test_a_search_players_bid_is_read_by_its_distance_from_the_basic_bid(basic_hand, rule_bids,
                                                                        random_hands):
    game = _bids_made(basic_hand, 3, "strong")
    me = game.seats[0]
    fits = bid_fits(seat_view(game, me))
    second = after_partner(game.rules, game.hand.bids)
    distances = set()
    for hand in random_hands(game, 300, 3):
        for seat, bid, rule in rule_bids(game, hand):
            # Where the basic bid is Nil, the search starts from the rounded count.
            base = rule or max(1, round(sure_tricks(hand, game.rules)))
            distance = bid - base
            distances.add(distance)
            odds = SEARCH_BID_ODDS[seat in second]
            assert fits[seat](hand) == odds.get(distance, SEARCH_BID_FAR), (seat, distance)
    # Hands whose basic bid lies within the search's range and outside it were met.
    assert {-1, 0, 1} <= distances and any(abs(d) > 2 for d in distances)


def test_the_seats_that_bid_after_their_partner():
    bids = [("E", 3), ("S", 2), ("W", 4), ("N", 1)]
    assert after_partner(rules_from("classic"), bids) == {"W", "N"}
    assert after_partner(rules_from("classic"), bids[:3]) == {"W"}
    assert after_partner(rules_from("cutthroat"), [("E", 3), ("S", 2), ("W", 4)]) == set()


def test_the_odds_favour_the_basic_bid_first_and_a_trick_more_after_the_partner():
    first, second = SEARCH_BID_ODDS
    assert max(first, key=lambda d: first[d]) == 0
    assert max(second, key=lambda d: second[d]) == 1
    assert set(first) == set(second) == {-2, -1, 0, 1, 2}
    assert max(min(first.values()), min(second.values())) > SEARCH_BID_FAR


def test_the_true_hands_fit_as_the_odds_say(basic_hand):
    # Bid by the basic rules, so each bid is its hand's basic bid: the likeliest
    # distance before the partner, the second likeliest after it.
    game = _bids_made(basic_hand, 5, "expert")
    fits = bid_fits(seat_view(game, game.seats[0]))
    second = after_partner(game.rules, game.hand.bids)
    for seat, _ in game.hand.bids:
        assert fits[seat](game.hand.held[seat]) == SEARCH_BID_ODDS[seat in second][0]


def test_a_search_players_nil_and_a_humans_bid_are_read_by_their_count(table, random_hands):
    game = table({}, bids=[("S", 3), ("W", 0), ("N", 4), ("E", 2)])
    game.players.update({"S": "human", "W": "strong", "N": "strong", "E": "basic"})
    view = seat_view(game, "S")
    assert view.phase is Phase.PLAY
    fits = bid_fits(view)
    for hand in random_hands(game, 50, 8):
        assert fits["W"](hand) == pytest.approx(bid_likelihood(hand, 0, game.rules))
        assert fits["S"](hand) == pytest.approx(bid_likelihood(hand, 3, game.rules))


def test_every_bid_the_search_makes_lies_within_the_odds():
    # The odds cover the bid search's whole range: a bid beyond it would rule out the
    # search player's own hand.
    rules = rules_from("classic")
    fitted = []
    for deal in range(1, 5):
        game = Game(rules, deal=deal, players=dict.fromkeys(rules.seats, "strong"))
        player = StrongPlayer(deal, rules, bid_worlds=12)
        while game.phase is Phase.BID:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, player.decide(seat_view(game, seat)).action)
        fits = bid_fits(seat_view(game, game.to_act or rules.seats[0]))
        fitted += [fits[s](game.hand.held[s]) for s, b in game.hand.bids if b]
    assert min(fitted) > SEARCH_BID_FAR


def test_the_drawn_hands_of_a_search_partner_count_less_than_its_bid(table):
    def partner_count(level: str) -> float:
        game = table({})
        order = list(game.hand.order)
        for seat in order:
            game.apply(seat, Bid(3))
        game.players.update(dict.fromkeys("NESW", level))
        me = order[0]
        view = seat_view(game, me)
        partner = "NESW"["NESW".index(me) ^ 2]
        q = game.rules.seats.index(partner)
        deals = chain_deals(view, knowledge_of(view), Random(5), 200)
        return statistics.fmean(sure_tricks(hands[q], game.rules) for hands in deals)

    # The partner bid 3 after the seat: read by its count as a basic player, lower as
    # a search player, which bids a trick or two above the basic bid after its partner.
    assert partner_count("basic") - partner_count("strong") > 0.3
