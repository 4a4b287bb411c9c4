"""Move ordering for the two-side kernel: which cards a node tries, in which order.

A boolean search is only as fast as its first move is good: a node that wins stops at
the first card that wins, so the cards most likely to settle it go first. When the
maximising side's set asks for "at least k tricks" (a double-dummy trick count) both
sides simply play for tricks, and the order is the one the bridge solver DDS uses for a
trump contract, spades being always trump (:func:`lead_weight`, :func:`follow_weight`):
its weights prefer leads in suits where the opponents hold few cards (a smaller tree),
winners that will not be ruffed, leads towards the partner's winner or for the
partner to ruff, the cheapest card that wins, ruffing low and discarding small cards
of long suits. For any other set the side may have to duck, and simpler priorities
read the set (:func:`move_priority`).

Written, like the kernels, in the subset of Python that numba compiles.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from spades.cards import SPADES, SUIT_MASK, SUIT_OF
from spades.solver.search import (
    bit_index_high,
    compiled,
    inlined,
    lowest_index,
    of_seat,
    popcount,
)

_SUIT_OF = np.array(SUIT_OF, dtype=np.int64)
_SUIT_MASK = np.array(SUIT_MASK, dtype=np.int64)
_SPADES = SPADES

_LEAD_WEIGHTS = np.array([[35, 48, 31, -3, 42, 28, 40, 22, 11],
                          [2, 33, 38, -14, 34, 34, 35, 15, 15]], dtype=np.int64)
"""DDS's weights of a lead (:func:`lead_weight`), a row for a lead that can win the trick
and one for a lead that cannot, by case: an opponent's top card is a singleton; we hold
the top card and the partner the next; we lead our top card; we hold the top card and
lead another; the partner holds the top card and we the next; the partner holds the top
card; we lead the second card of the suit from a run; another card of a run; any other
card."""
_LEAD_RANKS = np.array([[1, 1, 0, 1, 1, 1, 0, 1, 1],
                        [1, 1, 0, 1, 1, 1, 0, -1, -1]], dtype=np.int64)
"""Whether a case's weight grows as the card is lower among the cards left of its suit
(1), as its rank is lower (-1), or not at all (0)."""


@inlined
def is_trick_count(target: int, left: int) -> bool:
    """Whether ``target``, a set of counts of the ``left`` tricks to come, is a plain
    trick count: every count from some k up (bridge's "at least k tricks")."""
    full = (1 << (left + 1)) - 1
    return target == full & ~((target & -target) - 1)


@compiled
def play_modes(hands: Any, n: int, maximise: Any, turn: int, count: int, led: int,
               win_card: int, win_pos: int, target: int) -> tuple[bool, bool, bool]:
    """How the seat to move plays at a node: whether it wants the trick, whether the
    node counts tricks (DDS's weights apply), and whether its side holds the trick.

    ``hands`` and ``maximise`` are tuples of four: every helper the kernel calls at each
    node takes plain values, since an array passed costs a reference count taken and
    given back, which at this rate costs more than the work itself. ``target`` is the
    maximising side's set of counts of future tricks (see :mod:`spades.solver.sets`).
    """
    left = popcount(of_seat(hands, turn))
    # Does the seat to move want to win tricks? The maximising side does when its set
    # lacks the count of none or holds the count of all of them, and then its
    # opponents want to win them too (to keep its count out of the set); when it ducks
    # for fewer, the opponents duck too. A set of all counts from some k up is a
    # plain trick count: both sides play for tricks, ordered as DDS orders them.
    wants = (target & 1) == 0 or (target >> left) & 1 == 1
    counting = n == 4 and is_trick_count(target, left)
    ours_winning = win_pos >= 0 and of_seat(maximise, win_pos) == of_seat(maximise, turn)
    if ours_winning and count == 2 and n == 4:
        # Third hand: the partner's card is safe only if the last hand cannot beat it.
        last = of_seat(hands, (turn + 1) % n)
        follow = last & _SUIT_MASK[led]
        if follow:
            if _SUIT_OF[win_card] == led and follow >> (win_card + 1):
                ours_winning = False
        elif last & _SUIT_MASK[_SPADES] and (
                _SUIT_OF[win_card] != _SPADES
                or (last & _SUIT_MASK[_SPADES]) >> (win_card + 1)):
            ours_winning = False
    return wants, counting, ours_winning


@compiled
def move_priority(hands: Any, n: int, turn: int, card: int, led: int, count: int,
                  win_card: int, win_pos: int, lead_card: int, wants: bool,
                  counting: bool, ours_winning: bool, everything: int, best: int) -> int:
    """How promising ``card`` is at a node (higher first), in the modes of
    :func:`play_modes`; ``best`` is the card that last settled a node at this depth
    (-1 if none), ``everything`` every card still in a hand or on the table."""
    suit = _SUIT_OF[card]
    rank = card - 13 * suit if card < 52 else card - 39
    hand = of_seat(hands, turn)
    if counting:
        if led < 0:
            return lead_weight(hands, turn, card, suit, popcount(hand), everything, best)
        lower = everything & _SUIT_MASK[suit] & ((1 << card) - 1)
        run = lower != 0 and hand >> bit_index_high(lower) & 1 == 1
        return follow_weight(hands, turn, count, card, led, lead_card, win_card, win_pos,
                             everything, run)
    beats = led >= 0 and (suit == led or suit == _SPADES) and card > win_card
    if led < 0:
        if wants:
            return lead_priority(hands, n, turn, card, suit, rank, everything)
        return -rank - (20 if suit == _SPADES else 0)
    if not wants:
        # Lose the trick with the highest card that still loses.
        return rank if not beats else -100 - rank
    if ours_winning:
        return -rank
    if count == 1 and n == 4 and suit == led:
        return -rank  # second hand low
    if beats:
        return 100 - rank - (20 if suit != led else 0)
    return -rank


@compiled
def owner(hands: Any, card: int) -> int:
    """The hand (of four) holding ``card``."""
    bit = 1 << card
    for q in range(4):
        if of_seat(hands, q) & bit:
            return q
    return -1


@compiled
def high(mask: int) -> int:
    """The highest card of ``mask``, -1 for none."""
    return bit_index_high(mask) if mask else -1


@compiled
def low(mask: int) -> int:
    """The lowest card of ``mask``, -1 for none."""
    return lowest_index(mask) if mask else -1


@compiled
def second_owner(hands: Any, cards: int) -> int:
    """Who holds the second-highest of ``cards`` (-1 when there is none)."""
    if cards == 0:
        return -1
    cards ^= 1 << bit_index_high(cards)
    return owner(hands, bit_index_high(cards)) if cards else -1


@compiled
def lead_priority(hands: Any, n: int, turn: int, card: int, suit: int, rank: int,
                   everything: int) -> int:
    """How promising a lead is for a side that wants tricks (higher first): cash a
    card that is the top of its suit unless an opponent will trump it, lead low to a
    partner's top card, lead for the partner to trump, else low cards."""
    cards = everything & _SUIT_MASK[suit]
    top = bit_index_high(cards)
    partner = (turn + 2) % n if n == 4 else -1
    trumped = False
    if suit != _SPADES:
        for j in range(1, n, 2 if n == 4 else 1):
            q = (turn + j) % n
            hand = of_seat(hands, q)
            if hand & _SUIT_MASK[suit] == 0 and hand & _SUIT_MASK[_SPADES]:
                trumped = True
    if card == top:
        return 5 + rank if trumped else 60 + rank
    if partner >= 0:
        partner_hand = of_seat(hands, partner)
        if partner_hand & (1 << top):
            return 5 if trumped else 40 - rank
        if (suit != _SPADES and partner_hand & _SUIT_MASK[suit] == 0
                and partner_hand & _SUIT_MASK[_SPADES]):
            return 30 - rank
    return -rank


@compiled
def lead_weight(hands: Any, turn: int, card: int, suit: int, tricks: int,
                 everything: int, best: int) -> int:
    """How promising a lead is for a side that wants tricks (higher first), four seats:
    the move-ordering weights of the double-dummy solver DDS for a trump contract
    (spades are always trump). Among them: lead suits in which the opponents hold few
    cards (a smaller tree to search), cash winners that will not be ruffed, lead towards
    the partner's winner, for the partner to ruff, and away from the right-hand
    opponent's honours."""
    lho = (turn + 1) % 4
    pd = (turn + 2) % 4
    rho = (turn + 3) % 4
    sm = _SUIT_MASK[suit]
    tm = _SUIT_MASK[_SPADES]
    lead_hand = of_seat(hands, turn)
    lho_hand = of_seat(hands, lho)
    pd_hand = of_seat(hands, pd)
    rho_hand = of_seat(hands, rho)
    h_lead = lead_hand & sm
    h_lho = lho_hand & sm
    h_pd = pd_hand & sm
    h_rho = rho_hand & sm
    t_lead = lead_hand & tm
    t_lho = lho_hand & tm
    t_pd = pd_hand & tm
    t_rho = rho_hand & tm
    suit_count = popcount(h_lead)
    c_lh = popcount(h_lho)
    c_rh = popcount(h_rho)
    c_pd = popcount(h_pd)
    count_lh = (c_lh if c_lh else tricks + 1) << 2
    count_rh = (c_rh if c_rh else tricks + 1) << 2
    weight_d = -(((count_lh + count_rh) << 5) // 13)
    cards = everything & sm
    top = bit_index_high(cards)
    owner1 = owner(hands, top)
    rest = cards ^ (1 << top)
    owner2 = -1
    owner3 = -1
    second = -1
    if rest:
        second = bit_index_high(rest)
        owner2 = owner(hands, second)
        rest ^= 1 << second
        if rest:
            owner3 = owner(hands, bit_index_high(rest))
    r_rank = popcount(cards >> (card + 1)) + 1
    trump = suit == _SPADES
    bonus = 0
    if not trump and ((h_lho == 0 and t_lho) or (h_rho == 0 and t_rho)):
        bonus = -12
    if not trump and h_pd == 0 and t_pd and c_rh > 0:
        bonus += 17
    if owner1 == rho or owner2 == rho:
        if c_rh != 1:
            bonus -= 12
    elif owner1 == lho and owner2 == pd and c_pd != 1:
        bonus += 27
    if not trump and suit_count == 1 and t_lead and c_pd > 1 and owner1 == pd:
        bonus += 19
    delta = bonus + weight_d
    below = cards & ((1 << card) - 1)
    seq = below != 0 and lead_hand >> bit_index_high(below) & 1 == 1
    # (the next lower card of the suit is in the same hand: a sequence)
    win = False
    if card == top:
        if not trump:
            if c_pd > 0 or t_pd == 0:
                win = (c_lh > 0 or t_lho == 0) and (c_rh > 0 or t_rho == 0)
            else:
                win = (c_lh > 0 or t_pd > t_lho) and (c_rh > 0 or t_pd > t_rho)
        else:
            win = True
    elif h_pd > (h_lho | h_rho):
        win = trump or ((c_lh > 0 or t_lho == 0) and (c_rh > 0 or t_rho == 0))
    elif not trump and c_pd == 0 and t_pd:
        if c_lh == 0 and t_lho and c_rh == 0 and t_rho:
            win = t_pd > (t_lho | t_rho)
        elif c_lh == 0 and t_lho:
            win = t_pd > t_lho
        elif c_rh == 0 and t_rho:
            win = t_pd > t_rho
        else:
            win = True
    if not win:
        if owner2 == pd and owner3 == pd:
            delta += 20
        elif (owner2 == turn and owner3 == pd and c_pd > 1) or \
                (owner2 == pd and owner3 == turn and c_pd > 1):
            delta += 13
    if (c_lh == 1 and owner1 == lho) or (c_rh == 1 and owner1 == rho):
        case = 0
    elif owner1 == turn:
        case = 1 if owner2 == pd else 2 if card == top else 3
    elif owner1 == pd:
        case = 4 if owner2 == turn else 5
    elif seq and card == second:
        case = 6
    else:
        case = 7 if seq else 8
    row = 0 if win else 1
    w = delta + int(_LEAD_WEIGHTS[row, case])
    how = int(_LEAD_RANKS[row, case])
    if how > 0:
        w += r_rank
    elif how < 0:
        w -= card - 13 * suit if card < 52 else card - 39
    if card == best:
        w += 55 if win else 18
    return w


@compiled
def follow_weight(hands: Any, turn: int, count: int, card: int, led: int, lead_card: int,
                   win_card: int, win_pos: int, start: int, seq: bool) -> int:
    """How promising a card is for a side that wants tricks, four seats, second to
    fourth in the trick (higher first): the move-ordering weights of DDS for a trump
    contract. Among them: win as cheaply as possible, leave a trick the partner holds,
    force out a higher card, ruff low, overruff, discard small cards of long suits."""
    suit = _SUIT_OF[card]
    rank = (card - 13 * suit if card < 52 else card - 39) + 2
    sm_led = _SUIT_MASK[led]
    tm = _SUIT_MASK[_SPADES]
    trump_led = led == _SPADES
    r_rank = popcount(start & _SUIT_MASK[suit] & ~((1 << (card + 1)) - 1)) + 1
    length = popcount(of_seat(hands, turn) & _SUIT_MASK[suit])
    leader = (turn - count) % 4
    following = suit == led
    if count == 1:
        third = (turn + 1) % 4
        fourth = (turn + 2) % 4
        t3 = of_seat(hands, third) & tm
        t4 = of_seat(hands, fourth) & tm
        if following:
            max3 = high(of_seat(hands, third) & sm_led)
            max4 = high(of_seat(hands, fourth) & sm_led)
            min3 = low(of_seat(hands, third) & sm_led)
            min4 = low(of_seat(hands, fourth) & sm_led)
            win = False
            if trump_led:
                win = (max4 > lead_card and max4 > max3) or (card > lead_card and card > max3)
            elif card > lead_card and card > max3:
                win = max3 >= 0 or t3 == 0 or (max4 < 0 and t4 != 0 and t4 > t3)
            elif max4 > lead_card and max4 > max3:
                win = max3 >= 0 or t3 == 0
            elif lead_card > max4 and lead_card > max3 and lead_card > card:
                if max4 < 0 and t4:
                    win = max3 >= 0 or t3 == 0 or t4 > t3
            elif max4 < 0 and t4:
                win = True
            if win:
                if min3 > card:
                    return 40 + r_rank
                if max4 > lead_card and (of_seat(hands, turn) & sm_led
                                         > of_seat(hands, fourth) & sm_led):
                    return 41 + r_rank
                if card > lead_card:
                    if card < max4:
                        return 78 - rank
                    if card > max3:
                        return 73 - rank
                    return 62 - rank if seq else 49 - rank
                return 47 - rank if max4 >= 0 else 40 - rank
            if card < min3 or card < min4:
                return -9 + r_rank
            if card < lead_card:
                return -16 + r_rank
            return 22 - rank if seq else 10 - rank
        kx = length == 2 and second_owner(hands, start & _SUIT_MASK[suit]) == turn
        lead_bit = 1 << lead_card
        h3 = of_seat(hands, third) & sm_led
        h4 = of_seat(hands, fourth) & sm_led
        if trump_led or suit != _SPADES:
            if trump_led:
                if h4 > (h3 | lead_bit):
                    add = (length << 6) // 44
                else:
                    add = (length << 6) // 36 - (4 if kx else 0)
            elif h3:
                if h4 > (h3 | lead_bit) or (h4 == 0 and t4):
                    add = 60 + (length << 6) // 44
                else:
                    add = -2 + (length << 6) // 36 - (4 if kx else 0)
            elif (h4 == 0 and t4 > t3) or (t3 == 0 and h4 > lead_bit):
                add = 60 + (length << 6) // 44
            else:
                add = -2 + (length << 6) // 36 - (4 if kx else 0)
            return -rank + add
        if h3 or (h4 == 0 and t4 and t4 > t3) or (1 << card) > t3:
            return 24 - rank + (length << 6) // 44
        return 15 - rank + (length << 6) // 36 - (4 if kx else 0)
    if count == 2:
        fourth = (turn + 1) % 4
        cards4 = of_seat(hands, fourth) & sm_led
        max4 = high(cards4)
        min4 = low(cards4)
        partner_wins = win_pos == leader
        if following:
            mine = of_seat(hands, turn) & sm_led
            max3 = high(mine)
            force = False
            if trump_led:
                if partner_wins and lead_card > max4:
                    return -rank
                if max3 < min4 or max3 < win_card:
                    return -rank
                if max3 > max4:
                    return 58 - rank if card > max4 and card > win_card else -rank
                force = True
            elif _SUIT_OF[win_card] == _SPADES:
                return -rank
            elif partner_wins:
                if max4 < 0 or lead_card > max4 or max3 < min4 or max3 < win_card:
                    return -rank
                if max3 > max4:
                    return 58 - rank if card > max4 else -rank
                force = True
            else:
                if max4 < 0:
                    return 20 - rank if card > win_card else -rank
                if max3 < min4 or max3 < win_card:
                    return -rank
                if max3 > max4:
                    return 58 - rank if card > win_card and card > max4 else -rank
                force = True
            if force:
                w = 60 - rank if card > win_card and card > max4 else -rank
                # Force out the top: the lowest card above the fourth hand's second
                # highest, or (second hand winning) above the second hand's card.
                rest = cards4 ^ (1 << max4) if max4 >= 0 else 0
                floor = -1
                if rest and bit_index_high(rest) > win_card:
                    floor = bit_index_high(rest)
                elif not partner_wins:
                    floor = win_card
                if floor >= 0:
                    above = mine & ~((1 << (floor + 1)) - 1)
                    if above and card == lowest_index(above):
                        w += 20
                return w
            return -rank
        t4 = of_seat(hands, fourth) & tm
        if trump_led or suit != _SPADES:
            return -rank + (length << 6) // 40
        if partner_wins and lead_card > max4 and (max4 >= 0 or t4 == 0):
            return -rank - 50
        if _SUIT_OF[win_card] == _SPADES and card < win_card:
            return -32 + r_rank + (length << 6) // 40
        add = (length << 6) // 50
        if partner_wins:
            if max4 >= 0:
                if second_owner(hands, start & sm_led) == leader:
                    return 36 - rank + add
                return 48 - rank + add
            if (1 << card) > t4:
                return 48 - rank + add
            return -12 - rank + add
        if max4 >= 0:
            return 72 - rank + add
        if (1 << card) > t4:
            return 48 - rank + add
        return 36 - rank + add
    # Fourth hand.
    partner_wins = win_pos == (turn + 2) % 4
    ruffed = led != _SPADES and _SUIT_OF[win_card] == _SPADES
    if following:
        if partner_wins or ruffed:
            return -rank
        return 30 - rank if card > win_card else -rank
    val = (length << 6) // 24
    if length == 2 and second_owner(hands, start & _SUIT_MASK[suit]) == turn:
        val -= 2
    if trump_led:
        return -rank + val
    if partner_wins:
        return 2 - rank + val if suit == _SPADES else 25 - rank + val
    if ruffed:
        if suit == _SPADES:
            return 33 + r_rank if card > win_card else -13 + r_rank
        return 14 - rank + val
    if suit == _SPADES:
        return 33 + r_rank
    return 14 - rank + val
