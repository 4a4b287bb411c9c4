"""The lean play-phase state: the rules of tricks (R12–R14) on ints and bitmasks.

One class serves the game engine and the bots' search: the game keeps its play phase in
a :class:`Playout`, and a search copies it (or builds one from a sampled deal) and plays
it out millions of times. Players are positions ``0 … n-1`` in turn order; the hot
methods do no checking, so callers pass legal cards (the game checks before it plays).

>>> from spades.cards import mask_of, parse_cards, card_name
>>> p = Playout([mask_of(parse_cards("2C AS")), mask_of(parse_cards("3C KS"))], leader=0)
>>> card_name(p.legal_mask().bit_length() - 1)
'2C'
>>> p.play(parse_card("2C")); p.play(parse_card("3C")); p.tricks, p.turn
([0, 1], 1)
"""

from __future__ import annotations

from random import Random

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF, Card, Mask, parse_card

__all__ = ["Playout", "nth_card", "parse_card", "trick_winner"]

_SUIT_MASK = SUIT_MASK
_SUIT_OF = SUIT_OF
_NON_SPADE = NON_SPADE_MASK


def nth_card(mask: Mask, n: int) -> Card:
    """The ``n``-th lowest card of ``mask`` (from 0): picks a uniform card with randrange."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def trick_winner(cards: list[Card]) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick (R14)."""
    led = _SUIT_OF[cards[0]]
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        s = _SUIT_OF[c]
        if (s == led or s == SPADES) and c > cards[best]:
            best = i
    return best


class Playout:
    """Hands, the trick in progress, spades broken and tricks taken, as plain ints.

    ``turn`` is the position to play, ``led`` the suit led in the current trick (-1
    before the lead), ``win_card``/``win_pos`` the card winning it so far, ``trick`` its
    cards in play order, ``played`` the mask of every card played this hand.
    """

    __slots__ = (
        "broken",
        "done",
        "hands",
        "leader",
        "led",
        "n",
        "played",
        "trick",
        "tricks",
        "turn",
        "win_card",
        "win_pos",
    )

    def __init__(self, hands: list[Mask], leader: int, broken: bool = False) -> None:
        self.hands = list(hands)
        self.n = len(hands)
        self.turn = leader
        self.leader = leader
        self.led = -1
        self.win_card = -1
        self.win_pos = -1
        self.trick: list[Card] = []
        self.broken = broken
        self.tricks = [0] * self.n
        self.played = 0
        self.done = 0

    def copy(self) -> Playout:
        """An independent copy, cheap enough to make once per search iteration."""
        other = Playout.__new__(Playout)
        other.hands = self.hands[:]
        other.n = self.n
        other.turn = self.turn
        other.leader = self.leader
        other.led = self.led
        other.win_card = self.win_card
        other.win_pos = self.win_pos
        other.trick = self.trick[:]
        other.broken = self.broken
        other.tricks = self.tricks[:]
        other.played = self.played
        other.done = self.done
        return other

    @property
    def over(self) -> bool:
        """True once every card has been played."""
        return not any(self.hands) and not self.trick

    def legal_mask(self) -> Mask:
        """The cards the player to move may play (R12 follow suit, R13 spades broken)."""
        hand = self.hands[self.turn]
        led = self.led
        if led < 0:
            if self.broken:
                return hand
            return (hand & _NON_SPADE) or hand
        return (hand & _SUIT_MASK[led]) or hand

    def play(self, card: Card) -> None:
        """Play ``card`` for the player to move; completes the trick when it is full."""
        turn = self.turn
        self.hands[turn] ^= 1 << card
        self.played |= 1 << card
        suit = _SUIT_OF[card]
        if suit == SPADES:
            self.broken = True
        trick = self.trick
        if self.led < 0:
            self.led = suit
            self.leader = turn
            self.win_card = card
            self.win_pos = turn
        elif (suit == self.led or suit == SPADES) and card > self.win_card:
            self.win_card = card
            self.win_pos = turn
        trick.append(card)
        if len(trick) == self.n:
            winner = self.win_pos
            self.tricks[winner] += 1
            self.done += 1
            self.turn = winner
            self.led = -1
            self.trick = []
        else:
            self.turn = (turn + 1) % self.n

    def play_out_random(self, rng: Random) -> list[int]:
        """Finish the hand with uniformly random legal cards; returns tricks per position."""
        # The hot loop of every search: play() and legal_mask() inlined on locals.
        random = rng.random
        hands = self.hands
        tricks = self.tricks
        n = self.n
        turn = self.turn
        led = self.led
        win_card = self.win_card
        win_pos = self.win_pos
        broken = self.broken
        played = self.played
        size = len(self.trick)
        trick = self.trick
        suit_of = _SUIT_OF
        suit_mask = _SUIT_MASK
        done = self.done
        while hands[turn]:
            hand = hands[turn]
            if led < 0:
                legal = hand if broken else ((hand & _NON_SPADE) or hand)
            else:
                legal = (hand & suit_mask[led]) or hand
            k = int(random() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            hands[turn] = hand ^ bit
            played |= bit
            suit = suit_of[card]
            if suit == SPADES:
                broken = True
            if led < 0:
                led = suit
                self.leader = turn
                win_card = card
                win_pos = turn
                size = 1
                trick = [card]
            else:
                if (suit == led or suit == SPADES) and card > win_card:
                    win_card = card
                    win_pos = turn
                size += 1
                trick.append(card)
            if size == n:
                tricks[win_pos] += 1
                done += 1
                turn = win_pos
                led = -1
                size = 0
            else:
                turn = (turn + 1) % n
        self.turn = turn
        self.led = led
        self.win_card = win_card
        self.win_pos = win_pos
        self.broken = broken
        self.played = played
        self.done = done
        self.trick = trick if size else []
        return tricks
