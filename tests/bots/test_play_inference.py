"""The search samples deals that agree with what the play revealed.

A deal on which the others' cards are what a sensible player would have played there
is likelier than one on which they are not: the sampler weights each possible deal by
:func:`spades.bots.sampling.play_likelihood`, the greedy policy of the play-outs
standing in for "a sensible player".
"""

from __future__ import annotations

import statistics
from random import Random
from typing import Any

import pytest

import spades.bots.strong as strong
from spades.bots.evaluation import greedy_card
from spades.bots.expert import ExpertPlayer
from spades.bots.knowledge import Knowledge, knowledge_of, seat_roles
from spades.bots.sampling import PLAY_MISS, play_likelihood, sample_by_bids
from spades.bots.strong import StrongPlayer
from spades.cards import HEARTS, SUIT_OF, Card, Mask, mask_of, parse_cards
from spades.game import Game, Phase
from spades.playout import Playout
from spades.rules import rules_from
from spades.views import seat_view

RULES = rules_from("classic")
BIDS = [3, 3, 3, 3]
CONTRACT = [6, 6]


def _deal(seed: int) -> list[Mask]:
    deck = list(RULES.deck_cards)
    Random(seed).shuffle(deck)
    return [mask_of(deck[i * 13:(i + 1) * 13]) for i in range(4)]


def _greedy_trick(hands: list[Mask], leader: int,
                  forced: dict[int, Card] | None = None) -> tuple[list[tuple[str, Card]],
                                                              list[Mask]]:
    """One trick played by the greedy policy (``forced``: position -> card played
    instead); the plays and the hands left."""
    partner, side_of = seat_roles(RULES)
    p = Playout(hands, leader)
    plays = []
    for _ in range(4):
        pos = p.turn
        card = (forced or {}).get(pos)
        if card is None:
            card = greedy_card(p, p.legal_mask(), BIDS, partner, side_of, CONTRACT)
        plays.append((RULES.seats[pos], card))
        p.play(card)
    return plays, p.hands


def test_a_deal_on_which_every_card_is_the_sensible_one_keeps_its_whole_weight():
    for seed in range(20):
        plays, now = _greedy_trick(_deal(seed), seed % 4)
        assert play_likelihood(now, plays, RULES, 2, BIDS) == 1.0


def test_each_card_a_sensible_player_would_not_have_played_discounts_the_deal():
    checked = 0
    for seed in range(40):
        hands = _deal(seed)
        plays, _ = _greedy_trick(hands, 0)  # N leads; E plays second
        e_card = plays[1][1]
        legal = hands[1] & (_suit(plays[0][1]) or hands[1])
        # A card of another suit (a discard instead of following, or a different
        # suit altogether) is never equivalent to the policy's card.
        others = [c for c in range(54) if legal >> c & 1 and SUIT_OF[c] != SUIT_OF[e_card]]
        far = [c for c in range(54) if legal >> c & 1 and SUIT_OF[c] == SUIT_OF[e_card]
               and _live_between(hands, 1, c, e_card)]
        for card in (others + far)[:1]:
            changed, now = _greedy_trick(hands, 0, {1: card})
            # The changed card is E's (position 1) and the only card off the policy:
            # the others followed it from the changed trick on.
            assert play_likelihood(now, changed, RULES, 2, BIDS) == PLAY_MISS
            checked += 1
    assert checked >= 10


def test_the_seat_asking_and_equivalent_cards_are_not_discounted():
    hands = _deal(7)
    plays, now = _greedy_trick(hands, 2)  # S leads: its own lead says nothing
    lead = plays[0][1]
    ours = hands[2] & _suit(lead)
    # Any other lead of the seat asking keeps the weight: it knows its own reasons.
    for card in range(54):
        if ours >> card & 1 and card != lead:
            changed, now = _greedy_trick(hands, 2, {2: card})
            assert play_likelihood(now, changed, RULES, 2, BIDS) == 1.0
    # A card of the same suit with only the player's own cards between it and the
    # policy's (so at least one card between them, none of another hand) is the same
    # card for the trick.
    for seed in range(200):
        hands = _deal(seed)
        plays, _ = _greedy_trick(hands, 0)
        e_card = plays[1][1]
        suit = _suit(e_card)
        twin = next((c for c in range(52) if (hands[1] & suit) >> c & 1
                     and abs(c - e_card) > 1
                     and not _live_between(hands, 1, c, e_card)), None)
        if twin is None:
            continue
        changed, now = _greedy_trick(hands, 0, {1: twin})
        if [c for _, c in changed[2:]] == [c for _, c in plays[2:]]:
            assert play_likelihood(now, changed, RULES, 2, BIDS) == 1.0
            return
    raise AssertionError("no deal had a run of three cards to test")


def _suit(card: Card) -> Mask:
    """The mask of every card of ``card``'s suit."""
    return mask_of([c for c in RULES.deck_cards if SUIT_OF[c] == SUIT_OF[card]])


def _live_between(hands: list[Mask], pos: int, a: Card, b: Card) -> bool:
    """Whether another hand holds a card strictly between ``a`` and ``b``."""
    low, high = min(a, b), max(a, b)
    between = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)
    live = 0
    for q, h in enumerate(hands):
        if q != pos:
            live |= h
    return bool(between & live)


def test_a_player_who_did_not_take_the_trick_with_the_ace_is_sampled_holding_it_less():
    """West leads the two of hearts, North shows a void (a diamond), East follows with
    the four. South holds every heart from the five to the king: had East held the ace,
    the lowest card sure to win, it would have taken the trick its side needs; West
    could not cash it (North trumps), so the lead says nothing about the ace. The deals
    South samples give East the ace less often than when the plays are ignored."""
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
        deals = [sample_by_bids(k, sizes, rng, RULES, played_by,
                                plays=plays if with_plays else ())
                 for _ in range(1000)]
        return statistics.fmean(1.0 if hands[1] >> ace & 1 else 0.0 for hands in deals)

    assert east_holds_the_ace(True) < 0.85 * east_holds_the_ace(False)


@pytest.mark.parametrize("infer", [True, False])
def test_the_search_player_samples_with_the_plays_when_asked(infer):
    game = Game("classic", deal=3)
    while game.phase is not Phase.PLAY or len(game.current_trick()) < 2:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, seat_view(game, seat).legal[0])
    player = StrongPlayer(1, worlds=4, bid_worlds=4, infer_play=infer)
    assert ExpertPlayer(1, infer_play=infer).infer_play is infer
    view = seat_view(game, game.to_act or "N")
    seen: list[object] = []
    original = strong.sample_by_bids

    def spy(*args: Any, **kwargs: Any) -> list[Mask]:
        seen.append(kwargs.get("plays"))
        return original(*args, **kwargs)

    strong.sample_by_bids = spy
    try:
        list(player.deals(view, knowledge_of(view), Random(0), 3))
    finally:
        strong.sample_by_bids = original
    assert len(seen) == 3 and len(view.plays) >= 2
    assert all(p == (view.plays if infer else ()) for p in seen)
