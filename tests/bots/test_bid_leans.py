"""A search player bidding after its partner bids about a trick above its count, and
the deals drawn for the others read its bid that way
(:func:`spades.bots.sampling.bid_leans`)."""

from __future__ import annotations

import statistics
from random import Random

from spades.actions import Bid
from spades.bots.bidding import sure_tricks
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import BID_LEAN, SECOND_BID_LEAN, bid_leans, chain_deals
from spades.views import seat_view


def _bid_round(table, players: dict[str, str]):
    """Every seat has bid 3, in the order of the first hand; the game names ``players``."""
    game = table({})
    order = list(game.hand.order)
    for seat in order:
        game.apply(seat, Bid(3))
    game.players.update(players)
    return game, order


def test_only_a_search_player_bidding_after_its_partner_is_read_below_its_bid(table):
    game, order = _bid_round(table, {"N": "strong", "E": "expert", "S": "strong",
                                     "W": "basic"})
    leans = bid_leans(seat_view(game, order[0]))
    first, second = order[:2], order[2:]
    for seat in first:
        assert leans[seat] == BID_LEAN
    for seat in second:
        expected = SECOND_BID_LEAN if game.players[seat] in ("strong", "expert") else BID_LEAN
        assert leans[seat] == expected
    game, order = _bid_round(table, {})
    assert set(bid_leans(seat_view(game, order[0])).values()) == {BID_LEAN}


def test_the_drawn_hands_of_a_search_partner_count_a_trick_less(table):
    def partner_count(level: str) -> float:
        game, order = _bid_round(table, {s: level for s in "NESW"})
        me = order[0]
        view = seat_view(game, me)
        partner = "NESW"["NESW".index(me) ^ 2]
        q = game.rules.seats.index(partner)
        deals = chain_deals(view, knowledge_of(view), Random(5), 200)
        return statistics.fmean(sure_tricks(hands[q], game.rules) for hands in deals)

    # The partner bid after the seat: read by count as a basic player, lower
    # as a search player (its count sits about a trick below its bid; the other
    # bids and the deck hold the drawn hands back from the whole trick).
    assert partner_count("basic") - partner_count("strong") > 0.3
