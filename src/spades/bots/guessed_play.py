"""The greedy play-out with every seat playing from its own guess of the deal.

The greedy play-out of :mod:`spades.bots.evaluation` lets every seat see the deal: it
ducks, finesses and covers perfectly, which no player at a table can. The rules
play-out of :mod:`spades.bots.rules_play` plays from each seat's view but plays only
as well as the basic rules. This play-out keeps the greedy policy and takes the deal
away from it: at the start, each seat guesses where the cards it cannot see are (a
share of them left with their true holder, the rest dealt at random to seats that
have not shown they lack the suit), and at each of its turns it plays the greedy card
*of its guess*. As cards are
played the guesses follow the table: a card played from another hand than the guess
said is swapped into it, and a suit a player shows it lacks leaves that player's
guessed hand. So each seat plays as well as the greedy policy on what it believes,
and pays at the table for what it guessed wrong.
"""

from __future__ import annotations

from random import Random

from spades.bots.evaluation import greedy_card, side_contracts
from spades.bots.knowledge import void_mask_shown
from spades.cards import SUIT_MASK, SUIT_OF, Mask
from spades.playout import Playout, nth_card

__all__ = ["GUESS_KEEP", "GuessedPlayout", "guessed_rollout"]

GUESS_KEEP = 0.25
"""The share of the unseen cards a seat's guess leaves with their true holder, the rest
dealt at random: with three other hands, 0.25 + 0.75 / 3 = half of the cards placed
right, about what the search's own sampler places late in a hand by reading the bids
and the play (0.44 to 0.54 in ``benchmarks/sampling_fit.py``), where a guess at random
places a third."""

_SUIT_OF = SUIT_OF
_SUIT_MASK = SUIT_MASK


class GuessedPlayout:
    """A play state with each seat's guess of every hand.

    ``guesses[s][q]`` is what seat ``s`` believes position ``q`` holds; ``guesses[s][s]``
    is its true hand. ``barred[q]`` holds the cards ``q`` has shown it cannot hold (the
    suits it failed to follow). Every guess holds as many cards in each hand as the
    true deal, and never a card in a suit its holder has shown it lacks.
    """

    __slots__ = ("barred", "guesses", "keep", "p", "rng")

    def __init__(self, p: Playout, barred: list[Mask], rng: Random,
                 keep: float = GUESS_KEEP) -> None:
        self.p = p
        self.barred = list(barred)
        self.rng = rng
        self.keep = keep
        self.guesses = [self.guess(s) for s in range(p.n)]

    def guess(self, seat: int) -> list[Mask]:
        """A random deal of the cards ``seat`` cannot see among the other hands, each
        hand its true size, no card in a suit its holder has shown it lacks; each card
        left with its true holder with probability ``keep`` (a seat that has read some
        of the table), the rest dealt at random. A card dealt into a suit its hand has
        shown it lacks is swapped out as in :meth:`play` (the true hands if that runs
        into a dead end, which only a crowd of voids causes)."""
        p = self.p
        hands = p.hands
        random = self.rng.random
        keep = self.keep
        guess = [0] * p.n
        guess[seat] = hands[seat]
        cards = []
        for q in range(p.n):
            if q == seat:
                continue
            rest = hands[q]
            while rest:
                low = rest & -rest
                rest ^= low
                if keep and random() < keep:
                    guess[q] |= low
                else:
                    cards.append(low.bit_length() - 1)
        cards.sort(key=lambda _: random())
        start = 0
        misplaced = False
        for q in range(p.n):
            if q == seat:
                continue
            room = hands[q].bit_count() - guess[q].bit_count()
            for c in cards[start:start + room]:
                guess[q] |= 1 << c
            start += room
            misplaced = misplaced or bool(guess[q] & self.barred[q])
        if misplaced:
            for q in range(p.n):
                if q != seat and not self._clear(guess, seat, q):
                    return hands[:]
        return guess

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to play, and bring every guess in line with it:
        a guess that had put the card in another hand gives that hand one of the
        cards it had put in the player's instead (of the same suit where it can)."""
        p = self.p
        q = p.turn
        bit = 1 << card
        suit = _SUIT_OF[card]
        shown = void_mask_shown(suit, p.led, p.broken)
        p.play(card)
        barred = self.barred
        if shown & ~barred[q]:
            barred[q] |= shown
        else:
            shown = 0
        random = self.rng.random
        same = _SUIT_MASK[suit]
        guesses = self.guesses
        for s in range(p.n):
            g = guesses[s]
            if s == q or g[q] & bit:
                g[q] ^= bit
            else:
                h = 0
                while not g[h] & bit or h == s:
                    h += 1
                candidates = g[q] & ~barred[h]
                if not candidates:
                    guesses[s] = self.guess(s)
                    continue
                if candidates & same:
                    candidates &= same
                x = nth_card(candidates, int(random() * candidates.bit_count()))
                g[h] ^= bit | (1 << x)
                g[q] ^= 1 << x
            if shown and g[q] & shown and not self._clear(g, s, q):
                guesses[s] = self.guess(s)

    def _clear(self, g: list[Mask], s: int, q: int) -> bool:
        """Move the cards ``s`` guessed in ``q``'s hand of a suit ``q`` has shown it
        lacks into other hands that may hold them, each swapped for a card ``q`` may
        hold; False if some card has nowhere to go."""
        rng = self.rng
        bad = g[q] & self.barred[q]
        while bad:
            y = (bad & -bad).bit_length() - 1
            bad ^= 1 << y
            homes = [h for h in range(len(g)) if h not in (s, q)
                     and not self.barred[h] >> y & 1 and g[h] & ~self.barred[q]]
            if not homes:
                return False
            h = homes[int(rng.random() * len(homes))]
            fits = g[h] & ~self.barred[q]
            z = nth_card(fits, int(rng.random() * fits.bit_count()))
            g[h] ^= (1 << z) | (1 << y)
            g[q] ^= (1 << z) | (1 << y)
        return True


def guessed_rollout(p: Playout, barred: list[Mask], bids: list[int], partner: list[int],
                    side_of: list[int], rng: Random, first: int = -1,
                    keep: float = GUESS_KEEP) -> list[int]:
    """Play ``first`` (unless -1), then finish the hand with every seat playing the
    greedy card of its own guess of the deal (each card placed right with probability
    ``keep`` at least); returns tricks per position."""
    g = GuessedPlayout(p, barred, rng, keep)
    if first >= 0:
        g.play(first)
    contract = side_contracts(bids, side_of)
    hands = p.hands
    while hands[p.turn]:
        legal = p.legal_mask()
        if legal & (legal - 1) == 0:
            g.play(legal.bit_length() - 1)
            continue
        p.hands = g.guesses[p.turn]
        try:
            card = greedy_card(p, legal, bids, partner, side_of, contract)
        finally:
            p.hands = hands
        g.play(card)
    return p.tricks
