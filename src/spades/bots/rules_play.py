"""The basic rules asked from every seat of a deal the search can see.

Two parts of the search need to know what a rule-following player would play from its
own seat on a deal whose every card is known: reading the play
(:func:`spades.bots.sampling.play_likelihood` replays the hand and asks, at each card
another player chose, what the rules would have chosen) and the *rules play-out*
(:func:`rules_rollout` finishes a hand with every seat playing the rules).

Each seat is asked with what the table showed it, never with the deal: its own cards,
the cards played, the suits each player has shown it lacks, the bids and the tricks.
That is what makes the rules play-out a model of real play, where the greedy play-out
of :mod:`spades.bots.evaluation` lets every seat see every hand: an open-handed
play-out ducks and finesses perfectly, and so prices a card by lines no player at the
table would find. A seat's :class:`~spades.bots.knowledge.Knowledge` is built the way
:func:`~spades.bots.knowledge.knowledge_of` builds it from a view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from random import Random

from spades.actions import Play
from spades.bots.knowledge import Knowledge, partner_of, voids_shown
from spades.bots.tactics import Table, play_decision
from spades.cards import Card, Mask, Seat
from spades.playout import Playout, nth_card
from spades.rules import Rules

__all__ = ["RulesTable", "rules_rollout", "side_rollout", "suit_bits"]


class RulesTable:
    """A hand in play on a known deal, as each seat reads it.

    ``p`` is the play state (its hands are the deal); ``before`` the cards played
    before ``p`` started (its own ``played`` holds only those played since);
    ``voids`` the suits each seat had shown it lacks by then; ``trick`` the cards of
    the trick in progress, by seat, in play order (the same cards ``p`` holds as its
    trick). ``bids`` is read, never copied or changed: a search builds a table for
    every card of every sampled deal.
    """

    __slots__ = ("bids", "deck", "p", "partner_at", "partners", "played_before", "seats",
                 "shown", "trick")

    def __init__(self, rules: Rules, p: Playout, bids: dict[Seat, int],
                 voids: Mapping[Seat, frozenset[int]], *, before: Mask = 0,
                 trick: tuple[tuple[Seat, Card], ...] = ()) -> None:
        self.p = p
        self.seats: tuple[Seat, ...] = rules.seats
        self.deck = rules.deck_mask
        self.bids = bids
        self.partners = _partners(self.seats, rules.partnerships)
        self.partner_at = _partner_positions(self.seats, rules.partnerships)
        self.shown = {s: voids.get(s, frozenset()) for s in self.seats}
        self.played_before = before
        self.trick = list(trick)

    def knowledge(self) -> Knowledge:
        """What the seat to play knows: its hand and the table's public facts."""
        p = self.p
        seat = self.seats[p.turn]
        hand = p.hands[p.turn]
        played = self.played_before | p.played
        return Knowledge(seat=seat, seats=self.seats, partner=self.partners[seat],
                         hand=hand, played=played, unseen=self.deck & ~played & ~hand,
                         voids=self.shown, bids=self.bids,
                         tricks={s: p.tricks[i] for i, s in enumerate(self.seats)},
                         remaining=hand.bit_count())

    def rule_card(self, legal: Mask) -> Card:
        """The card the basic rules play for the seat to play, of its ``legal`` cards."""
        seat = self.seats[self.p.turn]
        action = play_decision(Table(seat, legal, tuple(self.trick), self.knowledge())).action
        assert isinstance(action, Play)
        return action.card

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play, and note the suits it shows it lacks."""
        p = self.p
        seat = self.seats[p.turn]
        void = voids_shown(card, self.trick, p.broken)
        if void - self.shown[seat]:
            self.shown = {**self.shown, seat: self.shown[seat] | void}
        self.trick.append((seat, card))
        p.play(card)
        if len(self.trick) == len(self.seats):
            self.trick = []


@cache
def _partners(seats: tuple[Seat, ...], partnerships: bool) -> dict[Seat, Seat | None]:
    """Each seat's partner (None without partnerships), worked out once per table
    shape (callers only read it)."""
    return {s: partner_of(seats, s, partnerships) for s in seats}


def rules_rollout(table: RulesTable, rng: Random, noise: float = 0.0) -> list[int]:
    """Finish the hand with every seat playing the basic rules from its own seat (one
    card in ``1 / noise`` at random); returns tricks per position.

    Without noise (and every seat's bid known) the play-out runs compiled
    (:mod:`spades.bots.playout_kernel`, the same rules on ints); with noise, here,
    card by card."""
    seats = table.seats
    if not noise and len(table.bids) == len(seats):
        return _finish(table, [table.bids[s] for s in seats], [0] * len(seats), 0)
    p = table.p
    hands = p.hands
    while hands[p.turn]:
        legal = p.legal_mask()
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif noise and rng.random() < noise:
            card = nth_card(legal, rng.randrange(legal.bit_count()))
        else:
            card = table.rule_card(legal)
        table.play(card)
    return p.tricks


def side_rollout(table: RulesTable, bids: list[int], side_of: list[int],
                 side: int) -> list[int]:
    """Finish the hand with the positions of ``side`` playing the greedy policy of
    :mod:`spades.bots.evaluation` (every hand open to them) and every other seat the
    basic rules from its own seat; returns tricks per position.

    The greedy play-out lets the others see the deal too, so they duck and set as
    nobody at a table can; here they play as the rules do from what the table showed
    them, which is how the rule-based players play and close to how people do, while
    the side keeps the greedy policy's skill (``bids`` the table's by position,
    ``side_of`` as :func:`~spades.bots.evaluation.rollout` takes it; the partners are
    the table's).
    It runs compiled, as :func:`rules_rollout` does.
    """
    return _finish(table, bids, side_of, 1 << side if side >= 0 else 0)


def _finish(table: RulesTable, bids: Sequence[int], side_of: Sequence[int],
            greedy: int) -> list[int]:
    """Finish ``table``'s hand compiled (:func:`spades.bots.playout_kernel.play_out`):
    the positions of the sides in the bits of ``greedy`` play the greedy policy, the
    others the basic rules from their own seats; ``bids`` are the table's, by
    position. Returns tricks per position."""
    from spades.bots.playout_kernel import play_out  # numba: only searches load it
    seats = table.seats
    voids = [suit_bits(table.shown[s]) for s in seats]
    play_out(table.p, bids, table.partner_at, side_of, greedy, voids=voids,
             deck=table.deck, before=table.played_before)
    table.shown = {s: _SUITS[v] for s, v in zip(seats, voids, strict=True)}
    if not table.p.trick:
        table.trick = []
    return table.p.tricks


_SUITS: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in range(4) if bits >> s & 1) for bits in range(16))
"""Each set of suits by its bits (``1 << suit``), the kernel's form of a seat's voids."""
_SUIT_BITS: dict[frozenset[int], int] = {suits: bits for bits, suits in enumerate(_SUITS)}


def suit_bits(suits: frozenset[int]) -> int:
    """A set of suits as bits (``1 << suit``): how the compiled play-outs hold the
    suits a seat has shown it lacks."""
    return _SUIT_BITS[suits]


@cache
def _partner_positions(seats: tuple[Seat, ...], partnerships: bool) -> tuple[int, ...]:
    """Each position's partner position (-1 for none), once per table shape."""
    partners = _partners(seats, partnerships)
    return tuple(-1 if (p := partners[s]) is None else seats.index(p) for s in seats)
