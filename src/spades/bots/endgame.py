"""An exact solver for the last tricks of a hand whose every card is known.

The search player samples deals and, on each, values every candidate card. Early in a
hand it finishes the deal with the greedy play-out of :mod:`spades.bots.evaluation`;
with a few tricks left the tree is small enough to search exactly, so the last tricks
(where contracts are made or set by one card) are valued by minimax: our side picks
the card that is best for it, every other side the card that is worst for us (the
usual double-dummy assumption of perfect-information Monte Carlo search).

Alpha-beta keeps the tree small, and cards of a suit with nothing between them in the
other hands or on the table are played as one.

>>> from spades.cards import mask_of, parse_cards, parse_card
>>> hands = [mask_of(parse_cards("AH KH 2C")), mask_of(parse_cards("QH 3C 4C"))]
>>> p = Playout(hands, leader=0)
>>> value = lambda tricks: float(tricks[0] - tricks[1])
>>> solve(p, [0, 1], 0, value, [parse_card("AH"), parse_card("2C")])
[1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Callable

from spades.cards import NON_SPADE_MASK, SPADES, SUIT_MASK, SUIT_OF
from spades.playout import Playout

__all__ = ["Playout", "solve"]

_SUIT_MASK = SUIT_MASK
_SUIT_OF = SUIT_OF
_BELOW = [(1 << c) - 1 for c in range(55)]
_INF = float("inf")


class _Search:
    """The state of one exact search, mutated in place and restored on the way back."""

    __slots__ = ("broken", "hands", "maximise", "n", "tricks", "value")

    def __init__(self, p: Playout, side_of: list[int], me: int,
                 value: Callable[[list[int]], float]) -> None:
        self.hands = p.hands[:]
        self.n = p.n
        self.tricks = p.tricks[:]
        self.broken = p.broken
        self.maximise = [side_of[q] == side_of[me] for q in range(p.n)]
        self.value = value

    def moves(self, turn: int, led: int, table: int) -> list[int]:
        """The legal cards of ``turn``, one per group of interchangeable cards."""
        hands = self.hands
        hand = hands[turn]
        if led < 0:
            legal = hand if self.broken else ((hand & NON_SPADE_MASK) or hand)
        else:
            legal = (hand & _SUIT_MASK[led]) or hand
        others = table
        for q in range(self.n):
            if q != turn:
                others |= hands[q]
        out: list[int] = []
        previous = -1
        while legal:
            bit = legal & -legal
            card = bit.bit_length() - 1
            legal ^= bit
            if previous >= 0 and _SUIT_OF[previous] == _SUIT_OF[card] and \
                    not (others & _BELOW[card] & ~_BELOW[previous + 1]):
                previous = card
                continue
            out.append(card)
            previous = card
        return out

    def search(self, turn: int, led: int, win_card: int, win_pos: int, count: int,
               table: int, alpha: float, beta: float) -> float:
        """Minimax value of the position, within the window ``alpha … beta``."""
        if count == 0 and not self.hands[turn]:
            return self.value(self.tricks)
        maximise = self.maximise[turn]
        best = -_INF if maximise else _INF
        for card in self.moves(turn, led, table):
            v = self.child(turn, led, win_card, win_pos, count, table, card, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def child(self, turn: int, led: int, win_card: int, win_pos: int, count: int,
              table: int, card: int, alpha: float, beta: float) -> float:
        """Value after ``turn`` plays ``card``; the state is restored before returning."""
        bit = 1 << card
        self.hands[turn] ^= bit
        broken = self.broken
        suit = _SUIT_OF[card]
        if suit == SPADES:
            self.broken = True
        if led < 0:
            led, win_card, win_pos = suit, card, turn
        elif (suit == led or suit == SPADES) and card > win_card:
            win_card, win_pos = card, turn
        if count + 1 == self.n:
            self.tricks[win_pos] += 1
            v = self.search(win_pos, -1, -1, -1, 0, 0, alpha, beta)
            self.tricks[win_pos] -= 1
        else:
            v = self.search((turn + 1) % self.n, led, win_card, win_pos, count + 1,
                            table | bit, alpha, beta)
        self.broken = broken
        self.hands[turn] ^= bit
        return v


def solve(p: Playout, side_of: list[int], me: int, value: Callable[[list[int]], float],
          cards: list[int]) -> list[float]:
    """The exact value to ``me``'s side of playing each of ``cards`` (legal for the
    player to move in ``p``) when every seat then plays perfectly for its side.

    ``value`` maps tricks per position at the end of the hand to our side's value.
    """
    s = _Search(p, side_of, me, value)
    table = 0
    for card in p.trick:
        table |= 1 << card
    return [s.child(p.turn, p.led, p.win_card, p.win_pos, len(p.trick), table, card,
                    -_INF, _INF) for card in cards]
