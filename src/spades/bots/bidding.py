"""Hand evaluation and bidding rules (tips 1–4 of the classic rules page, and the score).

Counting sure tricks is shared by every player: the rule-based player bids with it,
the search uses it to guess what players who bid after it will say. Each rule returns
its figure and a reason a player understands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from spades.cards import RANK_OF, SPADES, SUIT_MASK, SUIT_OF, Card, Mask, Seat, cards_of
from spades.rules import Rules

ACE, KING, NINE, FOUR = 12, 11, 7, 2


def side_suit_tricks(hand: Mask, suit: int) -> float:
    """Tip 1: an ace is a trick, ace-king two, a king with one or two small cards half.

    Queens count nothing, and a long suit (six or more) is likely to be trumped before
    its king wins.
    """
    cards = cards_of(hand & SUIT_MASK[suit])
    length = len(cards)
    ranks = {RANK_OF[c] for c in cards}
    tricks = 0.0
    if ACE in ranks:
        tricks += 1.0 if length <= 6 else 0.5
    if KING in ranks and length < 6:
        if ACE in ranks:
            tricks += 1.0
        elif length in (2, 3):
            tricks += 0.5
    return tricks


def spade_tricks(hand: Mask, rules: Rules) -> float:
    """Tip 2: the top spade is sure, the next one nearly so if guarded; one trick per
    spade beyond the third; half a trick per void or singleton side suit to trump."""
    spades = hand & _SPADE_SUIT
    cores = _spade_cores(rules.deck)
    tricks = cores.get(spades)
    if tricks is None:
        tricks = cores[spades] = _spade_core(spades, _top_spades(rules.deck_cards))
    if spades & (spades - 1):  # two spades or more: the short side suits ruff
        short = _SHORT
        tricks = (tricks + short[hand & _SUIT_BITS] + short[hand >> 13 & _SUIT_BITS]
                  + short[hand >> 26 & _SUIT_BITS])
    return tricks


def sure_tricks(hand: Mask, rules: Rules) -> float:
    """Tips 1 and 2 together: the tricks this hand should take.

    The side suits are read from a table of every holding: the search counts the hands
    of every deal it samples, a few hundred thousand a bid.
    """
    side = _side_table()
    return (side[hand & _SUIT_BITS] + side[hand >> 13 & _SUIT_BITS]
            + side[hand >> 26 & _SUIT_BITS] + spade_tricks(hand, rules))


_SUIT_BITS = 0x1FFF
"""The bits of one suit's thirteen ranks, the suit shifted down to the lowest bits."""


_SPADE_SUIT = SUIT_MASK[SPADES]
_SHORT: tuple[float, ...] = tuple(
    0.5 if held == 0 or (held & (held - 1) == 0 and not held >> ACE & 1) else 0.0
    for held in range(_SUIT_BITS + 1))
"""Tip 2's half trick to trump a side suit, by its holding (bits by rank): a void, or a
singleton that is not the ace (an ace is a trick of its own)."""


@cache
def _spade_cores(deck: str) -> dict[Mask, float]:
    """:func:`_spade_core` of each spade holding met so far, by deck: looked up by the
    holding alone, since the search counts a few hundred thousand hands a bid."""
    return {}


@cache
def _side_table() -> tuple[float, ...]:
    """:func:`side_suit_tricks` of every holding of one side suit (bits by rank)."""
    return tuple(side_suit_tricks(held, 0) for held in range(_SUIT_BITS + 1))


@cache
def _top_spades(deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """The deck's three highest spades, highest first (with the jokers, the big and
    the little joker, then the ace)."""
    return tuple(c for c in reversed(deck) if SUIT_OF[c] == SPADES)[:3]


@cache
def _spade_core(spades: Mask, tops: tuple[Card, ...]) -> float:
    """The part of tip 2 the spades alone decide: the top spades and the length
    (remembered: a deck has a few thousand spade holdings)."""
    length = spades.bit_count()
    tricks = 0.0
    for position, card in enumerate(tops):
        if not spades >> card & 1:
            continue
        if position == 0:
            tricks += 1.0
        elif position == 1:
            tricks += 0.9 if length >= 2 else 0.4
        elif length >= 3:
            tricks += 0.5
    tricks += max(0, length - 3)
    return tricks


def nil_fits(hand: Mask, rules: Rules, partnered: bool) -> bool:
    """Tip 4: no ace or king, no spade above the nine, at most three spades and plenty
    of twos, threes and fours (stricter without a partner to cover).

    Read off masks of the deck's cards by rank (:data:`_HIGH`, :data:`_LOW` and the
    rest): the search asks it of every hand of every deal it weighs."""
    if (hand & SUIT_MASK[SPADES]).bit_count() > (3 if partnered else 2):
        return False
    if hand & (_HIGH | _HIGH_SPADES) or (not partnered and hand & _TEN_UP):
        return False
    return (hand & _LOW).bit_count() >= (4 if partnered else 5) and \
        sure_tricks(hand, rules) < 1.5


def _cards_where(test: Callable[[Card], bool]) -> Mask:
    """The mask of every card of the 54 (jokers included) that passes ``test``."""
    return sum(1 << c for c in range(len(RANK_OF)) if test(c))


_HIGH = _cards_where(lambda c: RANK_OF[c] >= KING)
"""Kings, aces and the jokers: none in a Nil hand."""
_HIGH_SPADES = _cards_where(lambda c: SUIT_OF[c] == SPADES and RANK_OF[c] > NINE)
"""Spades above the nine: none in a Nil hand."""
_TEN_UP = _cards_where(lambda c: RANK_OF[c] >= 10)
"""Cards from the queen up (ranks from 10): none in a Nil hand without a partner."""
_LOW = _cards_where(lambda c: RANK_OF[c] <= FOUR)
"""Twos, threes and fours: a Nil hand needs plenty."""


def adjust_to_table(estimate: float, others: list[int], last: bool) -> tuple[int, str]:
    """Tip 3: there are only 13 tricks. Round the estimate, then, bidding last, take
    back a trick if the table already claims more than 13 with it."""
    bid = max(1, min(13, math.floor(estimate + 0.35)))
    total = sum(others)
    if last and total + bid > 13 and bid > 1:
        return bid - 1, "only 13 tricks: bid one less"
    return bid, f"counted {estimate:.1f} sure tricks"


def final_hand_bid(
    rules: Rules, seat: Seat, bid: int, estimate: float, scores: dict[str, int],
    bids: dict[Seat, int], partner_bid: int | None,
) -> tuple[int, str] | None:
    """End of the game: bid to win the game rather than to score points.

    Near the target, a side whose contract is enough to win bids no more than it needs
    (being set is what loses); a side that will lose if the others make their bids bids
    what it takes to finish ahead. Returns None when the score changes nothing.
    """
    side = rules.side_of(seat)
    mine = scores[side]
    target = rules.target
    ours_before = (partner_bid or 0) * 10
    opp = {s: v for s, v in scores.items() if s != side}
    opp_bid: dict[str, int] = dict.fromkeys(opp, 0)
    opp_known: dict[str, bool] = dict.fromkeys(opp, False)
    for s, b in bids.items():
        side_s = rules.side_of(s)
        if side_s in opp:
            opp_bid[side_s] += b
            opp_known[side_s] = True
    projected = {s: v + 10 * opp_bid[s] for s, v in opp.items()}
    best_opp = max(projected.values())
    opp_finishes = any(
        projected[s] >= target or (not opp_known[s] and opp[s] >= target - 40) for s in opp)
    if opp_finishes and mine + ours_before + 10 * bid <= best_opp:
        need = (best_opp - mine - ours_before) // 10 + 1
        if need <= 13 - sum(bids.values()) and need > bid and need <= bid + 4:
            return need, "last hand: bid what it takes to finish ahead"
        return None
    if mine + ours_before + 10 * bid >= target and not opp_finishes:
        need = max(1, math.ceil((target - mine - ours_before) / 10))
        if need < bid and estimate >= need:
            return need, "enough to reach the target: bid safe"
    return None


def search_base(hand: Mask, rules: Rules, rule: int) -> int:
    """Where the search players' bid search starts, given the basic bid ``rule`` of
    ``hand``: that bid, or the rounded count of sure tricks where it is Nil. Their
    bids are read back into their hands by how far they lie from it."""
    return rule or max(1, round(sure_tricks(hand, rules)))
