"""The guessed play-out: every seat plays the greedy card of its own guess of the deal.

A seat's guess must stay a deal the seat cannot rule out (its own hand true, every
other hand its true size, no card in a suit its holder has shown it lacks) while the
real cards are played, and a seat's card must depend on its guess, not on the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.evaluation import greedy_card
from spades.bots.guessed_play import GuessedPlayout, guessed_rollout
from spades.cards import SUIT_MASK, Mask, mask_of, parse_cards
from spades.playout import Playout

BIDS = [3, 3, 4, 3]
PARTNER = [2, 3, 0, 1]
SIDE_OF = [0, 1, 0, 1]
CONTRACT = [7, 6]


def _deal(rng: Random) -> list[Mask]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * 13:(i + 1) * 13]) for i in range(4)]


def _check(g: GuessedPlayout) -> None:
    """Every guess is a deal its seat cannot rule out."""
    p = g.p
    held = 0
    for h in p.hands:
        held |= h
    for s, guess in enumerate(g.guesses):
        assert guess[s] == p.hands[s]
        seen = 0
        for q, cards in enumerate(guess):
            assert cards.bit_count() == p.hands[q].bit_count()
            assert not cards & seen
            seen |= cards
            if q != s:
                assert not cards & g.barred[q]
        assert seen == held
    for q, cards in enumerate(p.hands):
        assert not cards & g.barred[q]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_guesses_stay_possible_through_a_whole_hand(seed: int) -> None:
    rng = Random(seed)
    p = Playout(_deal(rng), rng.randrange(4))
    g = GuessedPlayout(p, [0] * 4, rng, 0.0)
    _check(g)
    while p.hands[p.turn]:
        legal = p.legal_mask()
        hands = p.hands
        p.hands = g.guesses[p.turn]
        card = greedy_card(p, legal, BIDS, PARTNER, SIDE_OF, CONTRACT)
        p.hands = hands
        g.play(card)
        _check(g)
    assert sum(p.tricks) == 13


def test_a_suit_shown_lacking_leaves_every_guess_of_that_hand() -> None:
    rng = Random(7)
    for _ in range(200):
        p = Playout(_deal(rng), 0)
        g = GuessedPlayout(p, [0] * 4, rng, 0.0)
        while p.hands[p.turn]:
            legal = p.legal_mask()
            card = (legal & -legal).bit_length() - 1
            g.play(card)
            _check(g)
        for q in range(4):
            for s in range(4):
                if s != q:
                    assert not g.guesses[s][q] & g.barred[q]


def test_voids_shown_before_the_play_out_are_respected() -> None:
    rng = Random(3)
    hearts = SUIT_MASK[2]
    guessed_apart = 0
    for _ in range(200):
        hands = _deal(rng)
        # Move West's hearts to North, so that West may be known to lack them.
        for c in range(52):
            if hands[1] >> c & 1 and hearts >> c & 1:
                swap = next(x for x in range(52) if hands[0] >> x & 1 and not hearts >> x & 1)
                hands[1] ^= (1 << c) | (1 << swap)
                hands[0] ^= (1 << c) | (1 << swap)
        if hands[1] & hearts:
            continue
        g = GuessedPlayout(Playout(hands, 0), [0, hearts, 0, 0], rng, 0.0)
        _check(g)
        guessed_apart += sum(guess != hands for guess in g.guesses)
    # A guess dealt into West's missing hearts is mended, not replaced by the deal.
    assert guessed_apart > 700


def test_a_seat_plays_from_its_guess_not_from_the_deal() -> None:
    # North leads for tricks; East holds the king over North's queen of hearts. Seeing
    # the deal, the greedy policy never leads the queen; guessing, North leads it when
    # its guess puts the king with its partner.
    hands = [mask_of(parse_cards(s)) for s in ("QH 2C 3C", "KH 4C 5C", "2H 6C 7C", "3H 8C 9C")]
    bids = [2, 1, 1, 1]
    open_lead = greedy_card(Playout(hands, 0), hands[0], bids, PARTNER, SIDE_OF, [3, 2])
    queen = parse_cards("QH")[0]
    assert open_lead != queen
    leads = set()
    for seed in range(40):
        p = Playout(hands, 0)
        g = GuessedPlayout(p, [0] * 4, Random(seed))
        p.hands = g.guesses[0]
        leads.add(greedy_card(p, hands[0], bids, PARTNER, SIDE_OF, [3, 2]))
    assert leads == {open_lead, queen}


def test_the_play_out_is_repeatable_and_finishes_the_hand() -> None:
    hands = _deal(Random(11))
    first = guessed_rollout(Playout(hands, 0), [0] * 4, BIDS, PARTNER, SIDE_OF, Random(5))
    again = guessed_rollout(Playout(hands, 0), [0] * 4, BIDS, PARTNER, SIDE_OF, Random(5))
    assert first == again
    assert sum(first) == 13


def _placed_right(keep: float, rng: Random) -> float:
    """The share of the cards a seat cannot see that its guesses place with their
    true holder."""
    right = total = 0
    for _ in range(300):
        p = Playout(_deal(rng), 0)
        g = GuessedPlayout(p, [0] * 4, rng, keep)
        for s, guess in enumerate(g.guesses):
            for q in range(4):
                if q != s:
                    right += (guess[q] & p.hands[q]).bit_count()
                    total += p.hands[q].bit_count()
    return right / total


def test_keep_places_that_share_of_the_cards_with_their_holder() -> None:
    rng = Random(2)
    assert _placed_right(1.0, rng) == 1.0
    # Dealt at random, a card lands with its holder one time in three; kept with
    # probability k, k + (1 - k) / 3 of the time.
    assert abs(_placed_right(0.0, rng) - 1 / 3) < 0.02
    assert abs(_placed_right(0.25, rng) - 0.5) < 0.02


def test_strong_with_guessed_play_outs_plays_a_hand_legally_and_reproducibly(
        strong_hand: Callable[..., list[object]]) -> None:
    # Both options of the search: cards valued with the guessed play-out in place of
    # the open-handed one, bids priced on it. Same seed, view and budget: same action.
    played = strong_hand(21, 4, guessed_playouts=True, guessed_bids=True)
    assert played == strong_hand(21, 4, guessed_playouts=True, guessed_bids=True)
