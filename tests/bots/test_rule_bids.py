"""A ``basic`` seat's bid read back into its hand by the rule it bids by, in the play
(:func:`spades.bots.sampling.bid_fits`, :func:`spades.bots.basic.rule_bid`): the game
names each seat's player, and the basic player's bid is a function of its hand and of
what the table showed it, so a deal on which that hand would have bid otherwise is all
but ruled out, where any other player's bid is read loosely by its count."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.actions import Bid
from spades.bots.basic import BasicPlayer, basic_bid, basic_bid_at, rule_bid
from spades.bots.bidding import nil_fits, sure_tricks
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import RULE_MISS, bid_fits, bid_likelihood, chain_deals
from spades.cards import RANK_OF, SPADES, SUIT_OF, cards_of
from spades.game import Game, Phase
from spades.rules import PRESETS, rules_from
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


def _plain_nil_fits(hand: int, partnered: bool, rules) -> bool:
    """Tip 4 written card by card, as the rules page says it."""
    cards = cards_of(hand)
    if sum(SUIT_OF[c] == SPADES for c in cards) > (3 if partnered else 2):
        return False
    if any(RANK_OF[c] >= 11 or (SUIT_OF[c] == SPADES and RANK_OF[c] > 7) for c in cards):
        return False
    if not partnered and any(RANK_OF[c] >= 10 for c in cards):
        return False
    low = sum(RANK_OF[c] <= 2 for c in cards)
    return low >= (4 if partnered else 5) and sure_tricks(hand, rules) < 1.5


@settings(max_examples=300, deadline=None)
@given(preset=st.sampled_from(list(PRESETS)), data=st.data())
def test_the_basic_bid_at_a_table_is_the_basic_bid_of_every_hand(preset, data):
    # The search reads bids through basic_bid_at, which works the bid out once per
    # count of sure tricks: it must bid exactly as rule_bid does, Nil and the end of
    # the game included.
    rules = rules_from(preset)
    seats = rules.seats
    seat_at = data.draw(st.integers(0, len(seats) - 1))
    seat = seats[seat_at]
    before = [(s, data.draw(st.sampled_from([0, 1, 2, 3, 4, 5, 6])))
              for s in seats[:seat_at]]
    near = data.draw(st.booleans())
    scores = {side: data.draw(st.integers(rules.target - 120, rules.target - 1) if near
                              else st.integers(-200, 300)) for side in rules.sides}
    bid_of = basic_bid_at(rules, seat, before, scores)
    deck = list(rules.deck_cards)
    size = 13
    for _ in range(30):
        hand = sum(1 << c for c in data.draw(st.permutations(deck))[:size])
        # Nil hands are rare in random deals: draw the low cards often.
        if data.draw(st.booleans()):
            low = [c for c in deck if RANK_OF[c] <= 5]
            hand = sum(1 << c for c in data.draw(st.permutations(low))[:size])
        for partnered in (True, False):
            assert nil_fits(hand, rules, partnered) == _plain_nil_fits(hand, partnered, rules)
        assert bid_of(hand) == basic_bid(rules, seat, hand, before, scores), \
            (cards_of(hand), before, scores)
