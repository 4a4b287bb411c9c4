"""A position of the play with every card known: what the solver is asked about.

A :class:`Position` is plain data (hands, the trick so far, spades broken, tricks taken,
bids, scores), checked when it is built so that the compiled search can trust it. It is
built from a game in progress with :meth:`Position.from_game` (the oracle's door: the
game itself, never a seat's view) or directly, e.g. from a sampled deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from spades.cards import SPADES, SUIT_MASK, SUIT_OF, Card, Mask, Seat, card_name
from spades.errors import SpadesError
from spades.game import Game, Phase
from spades.rules import Rules
from spades.solver.valuation import HandContext
from spades.views import SeatView


class PositionError(SpadesError):
    """A position the solver cannot be asked about, with the reason."""


@dataclass(frozen=True, slots=True)
class Position:
    """The play of a hand at one moment, every card visible.

    ``hands`` holds the cards each seat still holds (the trick's cards excluded),
    ``trick`` the cards of the trick in progress in play order, ``leader`` the seat
    that led it (or leads next when it is empty), ``tricks`` the tricks each seat has
    taken. ``bids`` has every seat's bid (0 for Nil, blind when in ``blind``).
    """

    rules: Rules
    hands: Mapping[Seat, Mask]
    leader: Seat
    bids: Mapping[Seat, int]
    trick: tuple[tuple[Seat, Card], ...] = ()
    broken: bool = False
    tricks: Mapping[Seat, int] = field(default_factory=dict)
    blind: frozenset[Seat] = frozenset()
    scores: Mapping[str, int] = field(default_factory=dict)
    bag_counts: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        rules = self.rules
        seats = rules.seats
        n = len(seats)
        object.__setattr__(self, "tricks", {s: self.tricks.get(s, 0) for s in seats})
        object.__setattr__(self, "scores", {s: self.scores.get(s, 0) for s in rules.sides})
        object.__setattr__(self, "bag_counts",
                           {s: self.bag_counts.get(s, 0) for s in rules.sides})
        if set(self.hands) != set(seats) or set(self.bids) != set(seats):
            raise PositionError(f"hands and bids must name exactly the seats {seats}")
        if self.leader not in seats:
            raise PositionError(f"leader {self.leader!r} is not a seat of these rules")
        if any(not 0 <= b <= 13 for b in self.bids.values()):
            raise PositionError("a bid is 0 (Nil) to 13")
        if any(self.bids[s] != 0 for s in self.blind):
            raise PositionError("a blind seat's bid is Nil")
        if len(self.trick) >= n:
            raise PositionError("a trick in progress has fewer cards than players")
        lead = seats.index(self.leader)
        seen: Mask = 0
        for i, (seat, card) in enumerate(self.trick):
            if seat != seats[(lead + i) % n]:
                raise PositionError("the trick's cards must be played in turn from the leader")
            seen |= 1 << card
        for seat in seats:
            if self.hands[seat] & seen:
                raise PositionError("a card is both in a hand and on the table")
        union: Mask = 0
        for seat in seats:
            if union & self.hands[seat]:
                raise PositionError("a card is in two hands")
            union |= self.hands[seat]
        if (union | seen) & ~rules.deck_mask:
            raise PositionError("a card is not in this rules' deck")
        sizes = [self.hands[seats[(lead + i) % n]].bit_count() + (i < len(self.trick))
                 for i in range(n)]
        if len(set(sizes)) != 1:
            raise PositionError("every seat must hold one card per trick left")
        left = sizes[0]
        if left == 0:
            raise PositionError("the hand is over: no card is left to play")
        if sum(self.tricks.values()) + left > 13 or min(self.tricks.values()) < 0:
            raise PositionError("tricks taken and tricks left add up to more than 13")
        for i, (seat, card) in enumerate(self.trick):
            led = SUIT_OF[self.trick[0][1]]
            if i and SUIT_OF[card] != led and self.hands[seat] & SUIT_MASK[led]:
                raise PositionError(f"{seat} played {card_name(card)} but holds the suit led")

    # -- derived -----------------------------------------------------------------------

    @property
    def to_move(self) -> Seat:
        """The seat whose card is next."""
        seats = self.rules.seats
        return seats[(seats.index(self.leader) + len(self.trick)) % len(seats)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    @property
    def context(self) -> HandContext:
        """The bids, scores and rules that decide what the hand is worth."""
        return HandContext(self.rules, self.bids, self.blind, self.scores, self.bag_counts)

    def legal_cards(self) -> list[Card]:
        """The cards the seat to move may play (R12, R13), lowest first."""
        hand = self.hands[self.to_move]
        if self.trick:
            legal = hand & SUIT_MASK[SUIT_OF[self.trick[0][1]]] or hand
        elif self.broken:
            legal = hand
        else:
            legal = hand & ~SUIT_MASK[SPADES] or hand
        return [c for c in range(54) if legal >> c & 1]

    @classmethod
    def from_view(cls, view: SeatView, hands: Mapping[Seat, Mask]) -> Position:
        """The position of a seat's view with a deal it cannot rule out.

        ``hands`` holds what each seat holds now, the trick's cards excluded (a deal
        sampled from the view, the viewer's own hand included); everything else (bids,
        trick, tricks taken, scores) is public and comes from the view. This is how a
        search player solves the deals it samples.
        """
        if view.phase is not Phase.PLAY:
            raise PositionError(f"the view is not in its play phase ({view.phase.value})")
        seats = view.rules.seats
        trick = tuple(view.trick)
        leader = trick[0][0] if trick else view.to_act
        if leader is None:
            raise PositionError("nobody is to play in this view")
        return cls(
            rules=view.rules,
            hands=dict(hands),
            leader=leader,
            bids=dict(view.bids),
            trick=trick,
            broken=view.spades_broken,
            tricks={s: view.tricks[s] for s in seats},
            blind=frozenset(view.blind),
            scores=dict(view.scores),
            bag_counts=dict(view.bag_counts),
        )

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The true position of a game in its play phase (it reads every hand)."""
        if game.phase is not Phase.PLAY:
            raise PositionError(f"the game is not in its play phase ({game.phase.value})")
        hand = game.hand
        assert hand.playout is not None
        trick = tuple(game.current_trick())
        seats = game.seats
        leader = trick[0][0] if trick else seats[hand.playout.turn]
        return cls(
            rules=game.rules,
            hands={s: game.hand_of(s) for s in seats},
            leader=leader,
            bids=dict(hand.bids),
            trick=trick,
            broken=game.spades_broken(),
            tricks=game.tricks_taken(),
            blind=frozenset(hand.blind),
            scores=dict(game.scores),
            bag_counts=dict(game.bag_counts),
        )
