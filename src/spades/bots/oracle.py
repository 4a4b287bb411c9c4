"""The oracle: a player that sees every card, for measuring only.

It is the ceiling the other players are measured against in the arena. From
:data:`EXACT_TRICKS` tricks left it plays the exact solver's best card on the true deal
(:mod:`spades.solver`): no sampling, no play-out, a perfect open-handed card. With two
players, where a whole deal solves in well under a second, it plays every card so and
bids by solving the deal for each bid. With four, where a whole-deal solve still takes
too long, it plays the search player's play-outs on the true deal early in the hand, and
bids by the tricks its side takes on the true deal when the first tricks are played
out and the rest solved (:mod:`spades.bots.trick_bids`); the ``solver`` docs give the
figures behind the thresholds.

It needs the game itself, not a view, so it is never registered as a level and can
never be offered to a player at a table or as a hint.

Two crossings of the oracle and ``strong`` (:class:`CrossedPlayer`) split the gap
between them: ``oracle-bids`` bids as the oracle and plays its cards as ``strong``,
``oracle-cards`` bids as ``strong`` and plays its cards as the oracle. Against the same
opponent, their margins say how much of the oracle's edge is in its bids and how much
in its card play. They are arena yardsticks too.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from spades.actions import Bid, Play
from spades.bots.base import Decision, Player
from spades.bots.bidding import sure_tricks
from spades.bots.evaluation import rollout
from spades.bots.knowledge import Knowledge, seat_roles
from spades.bots.strong import StrongPlayer, _equivalents, _position, trick_mask
from spades.bots.trick_bids import counted_bid
from spades.cards import Mask, card_name
from spades.game import Game, Phase
from spades.rules import Rules
from spades.solver import Position, bid_values, position_value, solve_cards
from spades.solver.warm import warm_up
from spades.views import SeatView

EXACT_TRICKS = 9
"""Tricks left from which every card is solved exactly: a 9-trick position takes tens
of milliseconds (median, ``benchmarks/solver.py``), a 10-trick one a quarter of a
second."""
COUNTED_DEALS = 8
"""Play-outs of the true deal, each finished by the solver, that price a four-player
bid."""


class OraclePlayer(StrongPlayer):
    """The exact solver on the true deal; the search with the true deal before that."""

    name = "oracle"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *, worlds: int = 1,
                 bid_worlds: int = 30, max_seconds: float = 1.5,
                 exact_tricks: int = EXACT_TRICKS) -> None:
        # One deal is the truth: no sampling noise to guard against. Where it bids by
        # play-outs (two players, Nil), it plays them open-handed with a little noise
        # (below), as the ceiling the levels are measured against was measured.
        super().__init__(seed, rules, worlds=worlds, bid_worlds=bid_worlds,
                         max_seconds=max_seconds, confidence=0.0,
                         mixed_playouts=False, side_bids=False)
        # Bidding on the true deal alone would bid to the edge of a perfect play-out;
        # a little randomness in the play-outs prices the risk of real play.
        self.bid_noise = 0.1
        self.exact_tricks = exact_tricks
        self.counted = COUNTED_DEALS
        self.game: Game | None = None
        # Its first bid solves under a 1.5 s safety clock: compile the solver first.
        warm_up()

    def attach(self, game: Game) -> None:
        """Give the oracle the game whose cards it may look at."""
        self.game = game

    def deals(self, view: SeatView, k: Knowledge, rng: Random,
              count: int) -> Iterable[list[Mask]]:
        game = self._game()
        hands = [game.hand_of(s) for s in view.rules.seats]
        return [hands] * max(1, count)

    def bid(self, view: SeatView) -> Decision:
        """Two players: the bid worth most when the deal is then played perfectly.

        A bid still to come is guessed by counting sure tricks. Four players: see
        :meth:`_bid_by_counts`.
        """
        rules = view.rules
        if view.seat is None:
            return super().bid(view)
        if rules.players != 2:
            return self._bid_by_counts(view)
        game = self._game()
        hands = {s: game.hand_of(s) for s in rules.seats}
        made = dict(view.bids)
        bids = {s: made.get(s, max(1, round(sure_tricks(hands[s], rules))))
                for s in rules.seats}
        hint = self.basic.decide(view)
        base = hint.action.tricks if isinstance(hint.action, Bid) else 1
        candidates = {b for b in range(base - 3, base + 4) if 1 <= b <= 13}
        if rules.bots_bid_nil and Bid(0) in view.legal:
            candidates.add(0)
        position = Position(rules, hands, view.order[0], bids, blind=frozenset(view.blind),
                            scores=view.scores, bag_counts=view.bag_counts)
        values = bid_values(position, view.seat, sorted(candidates))
        best = max(sorted(candidates), key=lambda b: (values[b], -abs(b - base)))
        name = "Nil" if best == 0 else str(best)
        return Decision(Bid(best), f"solved the deal for each bid: {name} is worth "
                        f"{values[best]:+.0f}", "search_nil" if best == 0 else "search_bid")

    def _bid_by_counts(self, view: SeatView) -> Decision:
        """Four players: the bid worth most over the tricks the side takes on the true
        deal, the first tricks played out (with a little randomness) and the rest
        solved (:mod:`spades.bots.trick_bids`): a whole four-player deal is still too
        slow to solve at once. A Nil bid, its own or another seat's, changes the play,
        so then the search player's play-outs on the true deal decide."""
        return counted_bid(self, view, super().bid, self.counted, 3,
                           "play-outs of the true deal")

    def play(self, view: SeatView) -> Decision:
        """The solver's best card once the hand is small enough to solve at once (at
        once with two players)."""
        game = self._game()
        small = view.hand.bit_count() <= self.exact_tricks or view.rules.players == 2
        if len(view.legal) == 1:
            return super().play(view)
        if not small:
            return self._play_then_solve(view)
        values = solve_cards(Position.from_game(game), view.seat)
        top = max(values.values())
        best = [c for c, v in values.items() if v == top]
        # Among equally good cards keep the rule's card, else the lowest. The code is
        # the exact endgame's: the oracle is never shown to a player, but every code
        # has its translation.
        hint = self.basic.decide(view)
        card = hint.action.card if isinstance(hint.action, Play) and \
            hint.action.card in best else min(best)
        return Decision(Play(card), f"solved every card with all hands open: "
                        f"{card_name(card)} is worth {top:+.0f}", "search_endgame")

    def _play_then_solve(self, view: SeatView) -> Decision:
        """Early in a four-player hand: each card, then the greedy play-out on the true
        deal until :data:`EXACT_TRICKS` tricks are left, then the exact value of that
        position; the best card (the rule's card among equals, else the lowest)."""
        game = self._game()
        rules = view.rules
        seats = rules.seats
        seat = view.seat
        assert seat is not None
        hands = [game.hand_of(s) for s in seats]
        partner, side_of = seat_roles(rules)
        made = dict(view.bids)
        bids = [made.get(s, 1) for s in seats]
        unseen = 0
        for q, s in enumerate(seats):
            if s != seat:
                unseen |= hands[q]
        legal = [a.card for a in view.legal if isinstance(a, Play)]
        group = _equivalents(legal, unseen | trick_mask(view))
        values: dict[int, float] = {}
        for card in sorted(set(group.values())):
            p = _position(view, hands)
            p.play(card)
            rollout(p, bids, partner, side_of, Random(card), until=13 - self.exact_tricks)
            if p.trick or p.over:
                values[card] = 0.0 if p.over else -1e9
                continue
            position = Position(rules, {s: p.hands[q] for q, s in enumerate(seats)},
                                seats[p.turn], made, broken=p.broken,
                                tricks={s: p.tricks[q] for q, s in enumerate(seats)},
                                blind=frozenset(view.blind), scores=view.scores,
                                bag_counts=view.bag_counts)
            values[card] = position_value(position, seat)
        top = max(values.values())
        best = [c for c, v in values.items() if v == top]
        hint = self.basic.decide(view)
        card = group[hint.action.card] if isinstance(hint.action, Play) and \
            group[hint.action.card] in best else min(best)
        return Decision(Play(card), f"played out then solved with all hands open: "
                        f"{card_name(card)} is worth {top:+.0f}", "search")

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("the oracle must be attached to a game first")
        return self.game



class CrossedPlayer:
    """One player's bids (and every other decision before the play) with another
    player's cards: the arena's ``oracle-bids`` and ``oracle-cards`` cross the oracle
    with ``strong`` this way, to tell what seeing the deal is worth to each half."""

    def __init__(self, name: str, bids_by: Player, cards_by: Player) -> None:
        self.name = name
        self.bids_by = bids_by
        self.cards_by = cards_by

    def decide(self, view: SeatView) -> Decision:
        by = self.cards_by if view.phase is Phase.PLAY else self.bids_by
        return by.decide(view)
