"""Card play of the rule-based player: tips 4–9 as an ordered list of named rules.

A :class:`Table` reads the trick in progress (who is winning, who plays after, which
cards can still beat it); :func:`play_decision` asks each rule in turn and plays the
first answer. Every rule returns a card and a reason, or None when it does not apply.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from spades.actions import Play
from spades.bots.base import Decision
from spades.bots.knowledge import Knowledge
from spades.cards import RANK_OF, SPADES, SUIT_MASK, SUIT_OF, Card, Mask, Seat, cards_of
from spades.views import SeatView

Choice = tuple[Card, str, str] | None


@cache
def _after(seats: tuple[Seat, ...], seat: Seat, to_play: int) -> tuple[Seat, ...]:
    """The seats that play after ``seat`` in a trick where ``to_play`` seats (``seat``
    included) have yet to play: worked out once, since every card of every rules
    play-out asks it."""
    i = seats.index(seat)
    return tuple(seats[(i + j) % len(seats)] for j in range(1, to_play))


def highest(mask: Mask) -> Card:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: Mask) -> Card:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def beats(card: Card, best: Card, led: int) -> bool:
    """Whether ``card`` would take the lead from ``best`` in a trick led in ``led`` (R14)."""
    suit = SUIT_OF[card]
    return (suit == led or suit == SPADES) and card > best


class Table:
    """The trick in progress from the seat to play: who leads, wins and plays after.

    It is built from the seat's facts alone (its legal cards, the trick on the table and
    its :class:`Knowledge`), so that the same rules can be asked what another player
    would have played at an earlier point of the hand (:mod:`spades.bots.sampling`).
    """

    def __init__(self, seat: Seat, legal: Mask, trick: tuple[tuple[Seat, Card], ...],
                 k: Knowledge) -> None:
        self.k = k
        self.me = seat
        self.legal = legal
        seats = k.seats
        n = len(seats)
        self.trick = trick
        self.leading = not trick
        self.after: tuple[Seat, ...] = _after(seats, seat, n - len(trick))
        self.led = SUIT_OF[trick[0][1]] if trick else -1
        self.win_seat: Seat | None = None
        self.win_card = -1
        for s, card in trick:
            if self.win_card < 0 or beats(card, self.win_card, self.led):
                self.win_seat, self.win_card = s, card
        self.following = bool(trick) and bool(legal & SUIT_MASK[self.led])
        self.partner = k.partner
        self.opps = k.opponents(seat)

    @classmethod
    def of_view(cls, view: SeatView, k: Knowledge) -> Table:
        """The table as ``view`` (of the seat to play) shows it."""
        assert view.seat is not None
        legal = 0
        for a in view.legal:
            if isinstance(a, Play):
                legal |= 1 << a.card
        return cls(view.seat, legal, view.trick, k)

    @property
    def last(self) -> bool:
        """True when nobody plays after this seat in the trick."""
        return not self.after

    def winners(self) -> Mask:
        """The legal cards that would take the lead in the trick now."""
        # What :func:`beats` says card by card, as one mask: a card of the suit led
        # or a spade, above the winning card (spades and the jokers sit above every
        # other suit by index).
        suits = SUIT_MASK[SPADES] if self.led < 0 else SUIT_MASK[self.led] | SUIT_MASK[SPADES]
        return self.legal & suits & ~((1 << (self.win_card + 1)) - 1)

    def losers(self) -> Mask:
        """The legal cards that would not take the lead now."""
        return self.legal & ~self.winners()

    def can_overtake(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat``, playing after us, might beat ``card`` (tip 9: known voids)."""
        k = self.k
        led = self.led if self.led >= 0 else SUIT_OF[card]
        if SUIT_OF[card] == led and k.may_hold(seat, led) and \
                k.outstanding(led) >> (card + 1):
            return True
        spades_out = k.outstanding(SPADES)
        if SUIT_OF[card] == SPADES:
            higher_spades = spades_out >> (card + 1) << (card + 1)
        else:
            higher_spades = spades_out
        if not higher_spades or not k.may_hold(seat, SPADES):
            return False
        if led == SPADES:
            return k.may_hold(seat, SPADES)
        if not k.may_hold(seat, led):
            return True
        # Not known void: the suit is dangerous once few of its cards are left out.
        return k.outstanding(led).bit_count() < 2 * len(self.after)

    def sure(self, card: Card) -> bool:
        """True when nobody after us can beat ``card`` (as far as the view tells)."""
        return not any(self.can_overtake(s, card) for s in self.after
                       if s != self.partner)

    def safe_winners(self) -> Mask:
        """Winning legal cards no later opponent can beat."""
        return sum(1 << c for c in cards_of(self.winners()) if self.sure(c))


def shortest_side_low(t: Table, mask: Mask) -> Card:
    """Tip 8's discard: a small card of the shortest side suit (keep spades)."""
    best: tuple[int, int] | None = None
    card = lowest(mask)
    for suit in range(3):
        held = mask & SUIT_MASK[suit]
        if held:
            key = (held.bit_count(), RANK_OF[lowest(held)])
            if best is None or key < best:
                best, card = key, lowest(held)
    return card


def highest_side(mask: Mask) -> Card:
    """The highest-ranked non-spade card (the one most likely to win later), or a spade."""
    side = mask & ~SUIT_MASK[SPADES]
    if not side:
        return lowest(mask)
    return max(cards_of(side), key=lambda c: (RANK_OF[c], -c))


# -- the rules ----------------------------------------------------------------------


def nil_self(t: Table) -> Choice:
    """Tip 4: a Nil bidder plays the highest card that still loses."""
    k = t.k
    if not k.nil_alive(t.me):
        return None
    if t.leading:
        side = t.legal & ~SUIT_MASK[SPADES] or t.legal
        return (min(cards_of(side), key=lambda c: (RANK_OF[c], c)),
                "Nil: lead the lowest card", "nil_lead_low")
    losers = t.losers()
    if losers:
        if t.following:
            return highest(losers), "Nil: highest card that still loses", "nil_under"
        side = losers & ~SUIT_MASK[SPADES]
        if side:
            return highest_side(side), "Nil: throw away a dangerous card", "nil_discard"
        return highest(losers), "Nil: highest spade that still loses", "nil_under"
    if t.last:
        return highest(t.legal), "Nil lost this trick: get rid of the highest", "nil_forced"
    return lowest(t.legal), "Nil: lowest card, hoping to be overtaken", "nil_hope"


def cover_partner_nil(t: Table) -> Choice:
    """Tip 5: play high before a Nil partner, overtake their winner, lead their voids."""
    k = t.k
    p = t.partner
    if p is None or not k.nil_alive(p):
        return None
    if t.leading:
        for suit in range(4):
            held = t.legal & SUIT_MASK[suit]
            if held and not k.may_hold(p, suit) and suit != SPADES:
                return (highest(held), "lead a suit partner lacks so they can discard",
                        "cover_lead_void")
        masters = [c for c in cards_of(t.legal) if k.is_master(c)]
        if masters:
            return (max(masters), "lead a sure winner so partner can play under",
                    "cover_lead_high")
        best = max(cards_of(t.legal), key=lambda c: (RANK_OF[c], c))
        return best, "lead high to cover partner's Nil", "cover_lead_high"
    partner_played = any(s == p for s, _ in t.trick)
    winners = t.winners()
    if partner_played:
        if t.win_seat == p:
            if winners:
                return (lowest(winners), "overtake partner to save their Nil",
                        "cover_overtake")
            return None
        return None
    if winners:
        return highest(winners), "cover partner's Nil: play high before them", "cover_high"
    return None


def set_opponent_nil(t: Table) -> Choice:
    """Set a Nil: let the Nil bidder win, unless our own contract needs the trick."""
    k = t.k
    targets = [s for s in t.opps if k.nil_alive(s)]
    if not targets:
        return None
    remaining = k.remaining
    if k.need(t.me) > (remaining - 1) // 2 and k.partner is not None:
        return None
    if t.leading:
        for s in targets:
            for suit in range(3):
                held = t.legal & SUIT_MASK[suit]
                if held and k.may_hold(s, suit):
                    low = lowest(held)
                    return low, "lead low to set the Nil", "set_nil_lead"
        return None
    if t.win_seat in targets:
        losers = t.losers()
        if losers:
            card = highest(losers) if t.following else shortest_side_low(t, losers)
            return card, "duck under the Nil bidder to set the Nil", "set_nil_duck"
    elif any(s in targets for s in t.after):
        losers = t.losers()
        if t.following and losers:
            return lowest(losers), "stay low so the Nil bidder must win", "set_nil_low"
    return None


def wants_tricks(t: Table) -> bool:
    """Tip 6: take tricks while the contract needs them or the opponents can be set."""
    k = t.k
    if k.need(t.me) > 0:
        return True
    remaining = k.remaining
    for o in t.opps:
        need = k.need(o)
        if need > 0 and k.contract(o) > 0 and remaining - need < 2:
            return True
    return False


def follow_for_tricks(t: Table) -> Choice:
    """Tip 8: never over the partner's sure winner; the lowest winning spade when last."""
    if t.leading or not wants_tricks(t):
        return None
    partner_wins = t.win_seat is not None and t.win_seat == t.partner
    if partner_wins and (t.last or t.sure(t.win_card)):
        if t.following:
            return lowest(t.legal), "partner's card wins: play low", "partner_winning"
        return (shortest_side_low(t, t.legal),
                "never trump partner's winner: discard low", "no_overtrump")
    winners = t.winners()
    if not winners:
        if t.following:
            return lowest(t.legal), "cannot win: play the lowest", "cannot_win"
        return shortest_side_low(t, t.legal), "cannot win: discard low", "cannot_win"
    if t.last:
        card = lowest(winners)
        if SUIT_OF[card] == SPADES and t.led != SPADES:
            return card, "lowest winning spade", "trump_lowest"
        return card, "lowest card that wins the trick", "win_lowest"
    safe = t.safe_winners()
    if safe:
        card = lowest(safe)
        if SUIT_OF[card] == SPADES and t.led != SPADES:
            return card, "trump high enough not to be overtrumped", "trump_safe"
        return card, "lowest sure winner", "win_sure"
    if t.following:
        if t.partner is not None and t.partner in t.after:
            return lowest(t.legal), "second hand low: partner still to play", "second_low"
        return highest(winners), "play high to force the opponents", "third_high"
    return lowest(winners), "trump: lowest winning spade", "trump_lowest"


def duck(t: Table) -> Choice:
    """Tip 6: contract made and no set in sight: play under and avoid bags."""
    if t.leading:
        return None
    losers = t.losers()
    if losers:
        if t.following:
            return highest(losers), "duck: contract made, avoid bags", "duck"
        return highest_side(losers), "duck: contract made, shed a high card", "duck"
    if t.last:
        return highest(t.legal), "this trick is ours anyway: play the highest", "forced_win"
    return lowest(t.legal), "duck: lowest card, hoping to be overtaken", "duck"


def lead_for_tricks(t: Table) -> Choice:
    """Tip 7: side aces early, partner's voids, top spades to draw trumps."""
    if not t.leading or not wants_tricks(t):
        return None
    k = t.k
    n = len(k.seats)
    for suit in range(3):
        held = t.legal & SUIT_MASK[suit]
        if not held:
            continue
        top = highest(held)
        rounds = (k.played & SUIT_MASK[suit]).bit_count() // n
        opp_void = any(not k.may_hold(o, suit) for o in t.opps)
        if k.is_master(top) and rounds <= 1 and not opp_void and k.outstanding(suit):
            return top, "lead a side ace early, before it can be trumped", "lead_ace"
    spades = t.legal & SUIT_MASK[SPADES]
    if spades and k.is_master(highest(spades)) and k.outstanding(SPADES):
        return highest(spades), "lead the top spade to draw trumps", "lead_trump"
    p = t.partner
    if p is not None and k.may_hold(p, SPADES):
        for suit in range(3):
            held = t.legal & SUIT_MASK[suit]
            if held and not k.may_hold(p, suit) and all(k.may_hold(o, suit) for o in t.opps):
                return lowest(held), "lead a suit partner can trump", "lead_partner_void"
    return None


def lead_low(t: Table) -> Choice:
    """Lead a small card of a suit the opponents still follow (also when ducking)."""
    if not t.leading:
        return None
    k = t.k
    best: tuple[int, int, int] | None = None
    card = lowest(t.legal)
    for suit in range(4):
        held = t.legal & SUIT_MASK[suit]
        if not held:
            continue
        low = lowest(held)
        opp_void = any(not k.may_hold(o, suit) for o in t.opps)
        key = (int(opp_void), int(suit == SPADES), RANK_OF[low])
        if best is None or key < best:
            best, card = key, low
    if wants_tricks(t):
        return card, "lead low in a suit the opponents follow", "lead_low"
    return card, "duck: contract made, lead low", "duck_lead"


Rule = Callable[[Table], Choice]

NIL_PLAY: tuple[Rule, ...] = (nil_self, cover_partner_nil, set_opponent_nil)
"""The rules about a Nil bid, asked first; with no Nil bid at the table none of them
answers, so they are not asked (every card of every rules play-out asks the rules)."""
TRICK_PLAY: tuple[Rule, ...] = (follow_for_tricks, duck, lead_for_tricks, lead_low)
"""The rules about taking and ducking tricks."""
RULES: tuple[Rule, ...] = NIL_PLAY + TRICK_PLAY
"""The play rules in priority order; the first that answers decides."""


def play_decision(t: Table) -> Decision:
    """The card of the first rule that applies (the lowest legal card as a fallback)."""
    rules = RULES if 0 in t.k.bids.values() else TRICK_PLAY
    for rule in rules:
        choice = rule(t)
        if choice is not None and t.legal >> choice[0] & 1:
            card, reason, code = choice
            return Decision(Play(card), reason, code)
    return Decision(Play(lowest(t.legal)), "play the lowest card", "lowest")
