"""Deals drawn by a Markov chain (:func:`spades.bots.sampling.chain_deals`).

The chain swaps cards between the other hands and keeps a swap in proportion to how
well the new deal explains the bids (and, when asked, the play): every deal it hands out
must still be a possible deal, the same seed must give the same deals, and its deals
must fit what the table said more closely than deals drawn without it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades.bots.sampling as sampling
from spades.bots.basic import BasicPlayer
from spades.bots.expert import ExpertPlayer
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import (
    PLAY_FROM,
    PLAY_MISS,
    PlayReading,
    bid_likelihood,
    chain_deals,
    play_likelihood,
    played_by,
    sample_by_bids,
    sample_hands,
    view_deals,
)
from spades.bots.strong import StrongPlayer
from spades.cards import SUIT_MASK, Mask, cards_of
from spades.game import Game
from spades.playout import nth_card
from spades.views import SeatView, seat_view

Hand = Callable[..., Game]
"""The ``basic_hand`` fixture: a hand played by the basic rules up to a position."""


def _south(basic_hand: Hand, preset: str, deal: int, cards_left: int) -> SeatView:
    """South's view when it holds ``cards_left`` cards and is to play."""
    return seat_view(basic_hand(preset, deal, cards_left, "S"), "S")


@pytest.mark.parametrize("preset", ["classic", "jokers", "cutthroat", "two-player"])
def test_every_chained_deal_is_a_possible_deal(preset, basic_hand):
    for deal, left in [(11, 9), (12, 6), (13, 3)]:
        view = _south(basic_hand, preset, deal, left)
        k = knowledge_of(view)
        sizes = dict(view.hand_sizes)
        for read_play in (False, True):
            deals = list(chain_deals(view, k, Random(deal), 40, read_play=read_play))
            assert len(deals) == 40
            for hands in deals:
                assert hands[k.seats.index("S")] == view.hand
                held = 0
                for q, s in enumerate(k.seats):
                    if s == "S":
                        continue
                    assert hands[q].bit_count() == sizes[s]
                    assert not hands[q] & held
                    assert not hands[q] & ~k.unseen
                    held |= hands[q]
                    for suit in k.voids.get(s, ()):
                        assert not hands[q] & SUIT_MASK[suit], (s, suit)
                if preset != "two-player":
                    assert held == k.unseen


def test_the_same_seed_gives_the_same_deals(basic_hand):
    view = _south(basic_hand, "classic", 21, 6)
    k = knowledge_of(view)
    first = list(chain_deals(view, k, Random(3), 30, read_play=True))
    assert first == list(chain_deals(view, k, Random(3), 30, read_play=True))
    assert first != list(chain_deals(view, k, Random(4), 30, read_play=True))


def _bid_fit(view: SeatView, hands: list[Mask]) -> float:
    """The log of how well a deal explains the other players' bids."""
    k = knowledge_of(view)
    played = played_by(view.plays)
    return sum(math.log(bid_likelihood(hands[q] | played.get(s, 0), k.bids[s], view.rules))
               for q, s in enumerate(k.seats) if s != "S")


def test_the_chain_fits_the_bids_closer_than_a_few_draws_per_deal_kept(basic_hand):
    gains_over_draws, gains_over_kept = [], []
    for deal in range(31, 41):
        view = _south(basic_hand, "classic", deal, 11)
        k = knowledge_of(view)
        sizes = dict(view.hand_sizes)
        played = played_by(view.plays)
        rng = Random(deal)
        chained = statistics.fmean(_bid_fit(view, h) for h in chain_deals(view, k, rng, 200))
        drawn = statistics.fmean(_bid_fit(view, sample_hands(k, sizes, rng))
                                 for _ in range(200))
        kept = statistics.fmean(
            _bid_fit(view, sample_by_bids(k, sizes, rng, view.rules, played))
            for _ in range(200))
        gains_over_draws.append(chained - drawn)
        gains_over_kept.append(chained - kept)
    assert statistics.fmean(gains_over_draws) > 0.5
    assert statistics.fmean(gains_over_kept) > 0.1


def test_reading_the_play_weighs_a_seat_by_its_own_misses_only():
    """The chain reads again only the two hands a swap changed: each seat's misses
    must not depend on the seats not asked about, and add up to the whole deal's."""
    for deal in range(51, 59):
        game = Game("classic", deal=deal)
        player = BasicPlayer(deal, game.rules)
        for _ in range(4 + 4 * 6):
            seat = game.to_act
            assert seat is not None
            game.apply(seat, player.decide(seat_view(game, seat)).action)
        view = seat_view(game, "S")
        k = knowledge_of(view)
        bids = [k.bids[s] for s in k.seats]
        me = k.seats.index("S")
        hands = sample_hands(k, dict(view.hand_sizes), Random(deal))
        reading = PlayReading(view.rules, view.plays, me, bids)
        every = reading.misses(hands, range(4))
        assert every[me] == 0
        for pair in [(0, 1), (1, 3), (3, 0)]:
            assert reading.misses(hands, pair) == {q: every[q] for q in pair}
        assert play_likelihood(hands, view.plays, view.rules, me, bids) == pytest.approx(
            PLAY_MISS ** sum(every.values()))


def test_with_no_two_hands_to_swap_between_the_chain_draws_as_the_sampler_does(
        basic_hand):
    # Two players: the cards out of play are not a hand the chain swaps with.
    view = _south(basic_hand, "two-player", 5, 6)
    k = knowledge_of(view)
    assert (list(chain_deals(view, k, Random(9), 10, read_play=True))
            == list(view_deals(view, k, Random(9), 10, read_play=True)))


def test_the_search_players_chain_their_deals_and_read_the_play_by_default(basic_hand):
    view = _south(basic_hand, "classic", 3, PLAY_FROM)
    seen: list[Any] = []
    original = sampling.chain_deals

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("read_play"))
        return original(*args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("spades.bots.strong.chain_deals", spy)
        for player in (StrongPlayer(1, worlds=4, bid_worlds=4), ExpertPlayer(1),
                       StrongPlayer(1, worlds=4, infer_play=False)):
            deals = list(player.deals(view, knowledge_of(view), Random(0), 3))
            assert len(deals) == 3
        assert seen == [True, True, False]
        # Without the chain, a few draws per deal kept, as before.
        list(StrongPlayer(1, worlds=4, chain=False).deals(view, knowledge_of(view),
                                                            Random(0), 3))
        assert seen == [True, True, False]


@given(mask=st.integers(min_value=1, max_value=(1 << 52) - 1), seed=st.integers(0, 10**6))
def test_a_random_card_is_drawn_as_a_choice_from_the_list_draws_it(mask, seed):
    """The chain draws its swaps without listing the hand, with the very same draws of
    the generator: a seed gives the deals it gave before."""
    listed, masked = Random(seed), Random(seed)
    for _ in range(3):
        drawn = nth_card(mask, sampling._below(masked.getrandbits, mask.bit_count()))
        assert drawn == listed.choice(cards_of(mask))
    assert masked.random() == listed.random()


@given(seats=st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True),
       seed=st.integers(0, 10**6))
def test_two_seats_are_drawn_as_a_sample_draws_them(seats, seed):
    """The chain's two seats for a swap are the pair ``rng.sample(seats, 2)`` draws,
    with the same draws of the generator."""
    sampled, tabled = Random(seed), Random(seed)
    pairs = sampling._pairs(seats)
    for _ in range(5):
        first = sampling._below(tabled.getrandbits, len(seats))
        pair = pairs[first][sampling._below(tabled.getrandbits, len(seats) - 1)]
        assert list(pair) == sampled.sample(seats, 2)
    assert tabled.random() == sampled.random()


@given(threshold=st.floats(0.0, 1.0), bids=st.tuples(st.floats(1e-9, 1.0), st.floats(1e-9, 1.0)),
       misses=st.tuples(st.integers(0, 3), st.integers(0, 3)))
def test_a_swap_is_kept_exactly_when_its_whole_weight_passes(threshold, bids, misses):
    """Reading the play only while it can still decide changes no answer: the swap is
    kept when the threshold lies below the product of both seats' bid and play
    weights, and only then are the new weights noted."""
    read: list[int] = []

    def bid_fit(hands: list[Mask], q: int) -> float:
        return bids[q]

    def play_fit(hands: list[Mask], q: int) -> float:
        read.append(q)
        return float(PLAY_MISS ** misses[q])

    whole = (bids[0] * PLAY_MISS ** misses[0]) * (bids[1] * PLAY_MISS ** misses[1])
    fit = {0: 0.5, 1: 0.5}
    kept = sampling._accept(threshold, [0, 0], (0, 1), bid_fit, play_fit, fit)
    assert kept == (threshold < whole)
    assert fit == ({0: bids[0] * PLAY_MISS ** misses[0], 1: bids[1] * PLAY_MISS ** misses[1]}
                   if kept else {0: 0.5, 1: 0.5})
    if not threshold < bids[0] * bids[1]:
        assert read == []
