"""A whole game of Spades: Blind Nil questions, the two-player draw, bids, tricks,
scoring with bags carried over, dealer rotation and the end of the game (R4–R25).

The game is a small API in the manner of OpenSpiel and pokerkit: :attr:`Game.to_act`
says whose turn it is, :meth:`Game.legal_actions` what they may do, :meth:`Game.why_not`
why anything else is refused (R15), and :meth:`Game.apply` does it and returns a frozen
:class:`Event`. Chance comes from a deal source (a numbered deal by default), so the
state holds no random generator and a deal number replays the same game.

>>> g = Game("classic", deal=7)
>>> g.to_act, g.phase
('S', <Phase.BID: 'bid'>)
>>> print(g.why_not("N", Bid(3)))
it is not your turn: South is to bid
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play
from spades.cards import (
    SEAT_NAMES,
    SPADE_MASK,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    Mask,
    Seat,
    card_name,
    cards_of,
    describe_card,
    mask_of,
)
from spades.dealing import DealSource, HandDeal, NumberedDeal
from spades.errors import IllegalActionError, SpadesError
from spades.playout import Playout
from spades.rules import Rules, rules_from
from spades.scoring import SideScore, game_result, score_hand

HAND_SIZE = 13


class Phase(StrEnum):
    """What the game is waiting for."""

    BLIND = "blind"
    DRAW = "draw"
    EXCHANGE = "exchange"
    BID = "bid"
    PLAY = "play"
    OVER = "over"


_VERBS = {
    Phase.BLIND: "decide on Blind Nil",
    Phase.DRAW: "draw",
    Phase.EXCHANGE: "exchange",
    Phase.BID: "bid",
    Phase.PLAY: "play",
}
_ACTION_PHASE: dict[type, Phase] = {
    BlindChoice: Phase.BLIND,
    DrawChoice: Phase.DRAW,
    Exchange: Phase.EXCHANGE,
    Bid: Phase.BID,
    Play: Phase.PLAY,
}


@dataclass(frozen=True, slots=True)
class Event:
    """What happened: ``seat`` took ``action`` in hand ``hand`` (from 0).

    ``version`` is the game's version after the action; the server uses it to refuse
    actions based on a stale state. ``trick_winner`` is set when the action completed a
    trick and ``hand_over`` when it completed the hand, and ``next_to_act`` names the seat
    the game waits for after it (None once the game is over), so that no front has to look
    into the game, or work out the order of play, to tell the player.
    """

    hand: int
    seat: Seat
    action: Action
    version: int
    trick_winner: Seat | None = None
    hand_over: bool = False
    next_to_act: Seat | None = None


@dataclass(frozen=True)
class HandResult:
    """A finished hand: everything about it may be shown to everyone."""

    index: int
    dealer: Seat
    cards: Mapping[Seat, Mask]
    blind: tuple[Seat, ...]
    bids: tuple[tuple[Seat, int], ...]
    plays: tuple[tuple[Seat, Card], ...]
    tricks: Mapping[Seat, int]
    sides: Mapping[str, SideScore]
    stock: tuple[Card, ...] | None = None
    draw: str | None = None
    exchanges: Mapping[Seat, tuple[tuple[Card, ...], tuple[Card, ...]]] = field(
        default_factory=dict)
    trick_winners: tuple[Seat, ...] = ()


class Hand:
    """The mutable state of the hand in progress (read it through views, not directly)."""

    def __init__(self, rules: Rules, index: int, dealer: Seat, deal: HandDeal,
                 blind_queue: list[Seat]) -> None:
        seats = rules.seats
        n = len(seats)
        d = seats.index(dealer)
        self.index = index
        self.dealer = dealer
        self.order: tuple[Seat, ...] = tuple(seats[(d + 1 + i) % n] for i in range(n))
        self.deal = deal
        self.blind_queue = blind_queue
        self.blind_asked = 0
        self.blind: list[Seat] = []
        self.stock: list[Card] | None = None
        self.draw_letters: list[str] = []
        self.held: dict[Seat, Mask] = dict.fromkeys(seats, 0)
        self.seen_discards: dict[Seat, Mask] = dict.fromkeys(seats, 0)
        self.discards: list[Card] = []
        self.exchange_queue: list[Seat] = []
        self.exchange_pile: list[Card] = []
        self.exchanges: dict[Seat, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
        self.bids: list[tuple[Seat, int]] = []
        self.playout: Playout | None = None
        self.plays: list[tuple[Seat, Card]] = []
        self.trick_winners: list[Seat] = []
        if deal.cards is not None:
            self.held = {s: deal.cards.get(s, 0) for s in seats}
        elif deal.stock is not None:
            self.stock = list(deal.stock)
        else:
            raise SpadesError("a deal needs cards or a stock")

    @property
    def drawing_seat(self) -> Seat:
        """Two players: the first player (the dealer) draws first, then they alternate."""
        return self.dealer if len(self.draw_letters) % 2 == 0 else self.order[0]

    @property
    def draw_done(self) -> bool:
        """True when there is no draw, or every card of the stock has been seen to."""
        return self.stock is None or len(self.draw_letters) == 2 * HAND_SIZE

    @property
    def top_card(self) -> Card | None:
        """The stock's top card, shown only to the drawing player."""
        if self.draw_done or self.stock is None:
            return None
        return self.stock[2 * len(self.draw_letters)]

    def bid_of(self, seat: Seat) -> int | None:
        """The seat's bid so far (0 for Nil), or None."""
        for s, b in self.bids:
            if s == seat:
                return b
        return None


class Game:
    """A whole game under one set of rules, from the first deal to the winner."""

    def __init__(
        self,
        rules: str | Mapping[str, object] | Rules = "classic",
        deal: int | None = None,
        *,
        source: DealSource | None = None,
        players: Mapping[Seat, str] | None = None,
    ) -> None:
        self.rules = rules_from(rules)
        self.seats: tuple[Seat, ...] = self.rules.seats
        """The seats in turn order."""
        if source is None:
            if deal is None:
                raise SpadesError("a game needs a deal number or a deal source")
            source = NumberedDeal(deal)
        self.deal = deal
        self.source = source
        self.players: dict[Seat, str] = dict(players or {})
        self.scores: dict[str, int] = dict.fromkeys(self.rules.sides, 0)
        self.bag_counts: dict[str, int] = dict.fromkeys(self.rules.sides, 0)
        self.results: list[HandResult] = []
        self.log: list[Event] = []
        self.version = 0
        self.winner: str | None = None
        self.phase = Phase.BID
        self.hand = self._new_hand(0, self.rules.first_dealer)

    # -- reading --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once a side has won (R21)."""
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision the game waits for, or None when it is over."""
        h = self.hand
        match self.phase:
            case Phase.BLIND:
                return h.blind_queue[h.blind_asked]
            case Phase.DRAW:
                return h.drawing_seat
            case Phase.EXCHANGE:
                return h.exchange_queue[0]
            case Phase.BID:
                return h.order[len(h.bids)]
            case Phase.PLAY:
                assert h.playout is not None
                return self.seats[h.playout.turn]
        return None

    def hand_of(self, seat: Seat) -> Mask:
        """The cards ``seat`` holds now (core-side: use views for anything shown)."""
        h = self.hand
        if h.playout is not None:
            return h.playout.hands[self.seats.index(seat)]
        return h.held[seat]

    def tricks_taken(self) -> dict[Seat, int]:
        """Tricks taken so far this hand, per seat."""
        h = self.hand
        if h.playout is None:
            return dict.fromkeys(self.seats, 0)
        return {s: h.playout.tricks[i] for i, s in enumerate(self.seats)}

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (empty when the game is over)."""
        h = self.hand
        match self.phase:
            case Phase.BLIND:
                return [BlindChoice(True), BlindChoice(False)]
            case Phase.DRAW:
                return [DrawChoice(True), DrawChoice(False)]
            case Phase.EXCHANGE:
                held = cards_of(self.hand_of(h.exchange_queue[0]))
                limit = min(self.rules.exchange, len(h.exchange_pile))
                return [Exchange(combo) for k in range(limit + 1)
                        for combo in combinations(held, k)]
            case Phase.BID:
                return [Bid(n) for n in range(HAND_SIZE + 1)]
            case Phase.PLAY:
                assert h.playout is not None
                return [Play(c) for c in cards_of(h.playout.legal_mask())]
        return []

    def legal_cards(self) -> Mask:
        """The cards the seat to act may play (0 outside the play phase)."""
        if self.phase is not Phase.PLAY or self.hand.playout is None:
            return 0
        return self.hand.playout.legal_mask()

    def why_not(self, seat: Seat, action: Action) -> IllegalActionError | None:
        """Why ``seat`` may not take ``action`` now (R15), or None if it may."""
        if self.phase is Phase.OVER:
            return IllegalActionError("the game is over", "game_over")
        if seat not in self.seats:
            return IllegalActionError(f"there is no seat {seat} at this table", "no_seat")
        to_act = self.to_act
        assert to_act is not None
        verb = _VERBS[self.phase]
        if seat != to_act:
            return IllegalActionError(
                f"it is not your turn: {SEAT_NAMES[to_act]} is to {verb}", "not_your_turn",
                seat=to_act, phase=self.phase.value)
        wanted = _ACTION_PHASE.get(type(action))
        if wanted is not self.phase:
            if isinstance(action, BlindChoice) and action.blind and not self.rules.blind_nil:
                return IllegalActionError("Blind Nil is not played with these rules",
                                          "blind_nil_not_played")
            if isinstance(action, BlindChoice) and action.blind:
                return IllegalActionError(
                    "blind nil is not allowed now: it is declared before looking at the cards",
                    "blind_not_allowed")
            return IllegalActionError(f"that is not possible now: it is time to {verb}",
                                      "wrong_phase", phase=self.phase.value)
        if isinstance(action, Bid):
            if not 0 <= action.tricks <= HAND_SIZE:
                return IllegalActionError(
                    f"a bid is Nil or a number of tricks from 1 to {HAND_SIZE}", "bid_range")
            return None
        if isinstance(action, Exchange):
            return self._why_not_exchange(seat, action)
        if isinstance(action, Play):
            return self._why_not_play(seat, action.card)
        return None

    def can(self, seat: Seat, action: Action) -> bool:
        """True if ``seat`` may take ``action`` now."""
        return self.why_not(seat, action) is None

    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalActionError` with the reason if the action is refused."""
        error = self.why_not(seat, action)
        if error is not None:
            raise error

    def _why_not_play(self, seat: Seat, card: Card) -> IllegalActionError | None:
        h = self.hand
        assert h.playout is not None
        held = h.playout.hands[h.playout.turn]
        name = f"the {describe_card(card)}" if 0 <= card < 54 else "that card"
        if not 0 <= card < 54 or not held >> card & 1:
            return IllegalActionError(f"you do not hold {name}", "not_in_hand",
                                      card=card_name(card) if 0 <= card < 54 else "?")
        if h.playout.legal_mask() >> card & 1:
            return None
        led = h.playout.led
        if led >= 0:
            return IllegalActionError(f"you must follow {SUIT_NAMES[led]}", "must_follow",
                                      suit=SUIT_NAMES[led])
        return IllegalActionError("spades have not been broken", "spades_not_broken")

    def _why_not_exchange(self, seat: Seat, action: Exchange) -> IllegalActionError | None:
        limit = min(self.rules.exchange, len(self.hand.exchange_pile))
        if len(action.cards) > limit:
            return IllegalActionError(f"you may exchange at most {limit} cards",
                                      "exchange_limit", limit=limit)
        if len(set(action.cards)) != len(action.cards):
            return IllegalActionError("each card can be exchanged only once", "exchange_twice")
        held = self.hand_of(seat)
        for c in action.cards:
            if not 0 <= c < 54 or not held >> c & 1:
                name = f"the {describe_card(c)}" if 0 <= c < 54 else "that card"
                return IllegalActionError(f"you do not hold {name}", "not_in_hand",
                                          card=card_name(c) if 0 <= c < 54 else "?")
        return None

    # -- acting ---------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> Event:
        """Take ``action`` for ``seat`` after checking it; refused actions change nothing."""
        self.check(seat, action)
        h = self.hand
        index = h.index
        winner: Seat | None = None
        if isinstance(action, BlindChoice):
            if action.blind:
                h.blind.append(seat)
            h.blind_asked += 1
        elif isinstance(action, DrawChoice):
            self._draw(action.keep)
        elif isinstance(action, Exchange):
            self._exchange(seat, action.cards)
        elif isinstance(action, Bid):
            h.bids.append((seat, action.tricks))
        else:
            assert h.playout is not None
            before = h.playout.done
            h.playout.play(action.card)
            h.plays.append((seat, action.card))
            if h.playout.done != before:
                winner = self.seats[h.playout.turn]
                h.trick_winners.append(winner)
        self.version += 1
        finished = len(self.results)
        self._advance()
        event = Event(index, seat, action, self.version, winner,
                      len(self.results) > finished, self.to_act)
        self.log.append(event)
        return event

    def _draw(self, keep: bool) -> None:
        h = self.hand
        assert h.stock is not None
        seat = h.drawing_seat
        pos = 2 * len(h.draw_letters)
        top, second = h.stock[pos], h.stock[pos + 1]
        if keep:
            h.held[seat] |= 1 << top
            h.discards.append(second)
        else:
            h.seen_discards[seat] |= 1 << top
            h.discards.append(top)
            h.held[seat] |= 1 << second
        h.draw_letters.append("k" if keep else "d")

    def _exchange(self, seat: Seat, gave: tuple[Card, ...]) -> None:
        h = self.hand
        got = tuple(h.exchange_pile[: len(gave)])
        del h.exchange_pile[: len(gave)]
        h.exchange_pile.extend(gave)
        h.held[seat] = (h.held[seat] & ~mask_of(gave)) | mask_of(got)
        h.exchanges[seat] = (gave, got)
        h.exchange_queue.pop(0)

    def _advance(self) -> None:
        """Move past phases with nobody left to ask; score the hand when it ends."""
        h = self.hand
        if self.phase is Phase.PLAY and h.playout is not None and h.playout.done < HAND_SIZE:
            return
        if self.phase is Phase.BLIND and h.blind_asked == len(h.blind_queue):
            self.phase = Phase.DRAW if not h.draw_done else Phase.BID
            if self.phase is Phase.BID:
                self._start_bidding()
        if self.phase is Phase.DRAW and h.draw_done:
            h.exchange_queue = [s for s in h.order if s in h.blind and self.rules.exchange > 0]
            h.exchange_pile = h.deal.exchange_order(sorted(h.discards))
            self.phase = Phase.EXCHANGE if h.exchange_queue else Phase.BID
            if self.phase is Phase.BID:
                self._start_bidding()
        if self.phase is Phase.EXCHANGE and not h.exchange_queue:
            self.phase = Phase.BID
            self._start_bidding()
        if self.phase is Phase.BID:
            self._fill_blind_bids()
            if len(h.bids) == len(h.order):
                self.phase = Phase.PLAY
                hands = [h.held[s] for s in self.seats]
                h.playout = Playout(hands, self.seats.index(h.order[0]))
        if self.phase is Phase.PLAY:
            assert h.playout is not None
            if h.playout.done == HAND_SIZE:
                self._finish_hand()

    def _start_bidding(self) -> None:
        self._fill_blind_bids()

    def _fill_blind_bids(self) -> None:
        h = self.hand
        while len(h.bids) < len(h.order) and h.order[len(h.bids)] in h.blind:
            h.bids.append((h.order[len(h.bids)], 0))

    def _finish_hand(self) -> None:
        h = self.hand
        bids = dict(h.bids)
        tricks = self.tricks_taken()
        sides = score_hand(self.rules, bids, frozenset(h.blind), tricks, self.scores,
                           self.bag_counts)
        for side, result in sides.items():
            self.scores[side] = result.score
            self.bag_counts[side] = result.bag_count
        self.results.append(HandResult(
            index=h.index,
            dealer=h.dealer,
            cards=dict(h.held),
            blind=tuple(h.blind),
            bids=tuple(h.bids),
            plays=tuple(h.plays),
            tricks=tricks,
            sides=sides,
            stock=tuple(h.stock) if h.stock is not None else None,
            draw="".join(h.draw_letters) if h.stock is not None else None,
            exchanges=dict(h.exchanges),
            trick_winners=tuple(h.trick_winners),
        ))
        over, winner = game_result(self.rules, self.scores)
        if over:
            self.winner = winner
            self.phase = Phase.OVER
            return
        seats = self.seats
        dealer = seats[(seats.index(h.dealer) + 1) % len(seats)]
        self.hand = self._new_hand(h.index + 1, dealer)

    def _new_hand(self, index: int, dealer: Seat) -> Hand:
        deal = self.source(self.rules, index, dealer)
        seats = self.rules.seats
        d = seats.index(dealer)
        order = [seats[(d + 1 + i) % len(seats)] for i in range(len(seats))]
        queue = [s for s in order if self.may_bid_blind(s)]
        hand = Hand(self.rules, index, dealer, deal, queue)
        self.hand = hand
        self.phase = Phase.BLIND if queue else Phase.BID
        if self.phase is Phase.BID and not hand.draw_done:
            self.phase = Phase.DRAW
        self._advance()
        return hand

    def may_bid_blind(self, seat: Seat) -> bool:
        """Whether ``seat``'s side may declare Blind Nil this hand (R10's trailing option)."""
        if not self.rules.blind_nil:
            return False
        need = self.rules.blind_nil_deficit
        if need == 0:
            return True
        side = self.rules.side_of(seat)
        others = [v for s, v in self.scores.items() if s != side]
        return bool(others) and max(others) - self.scores[side] >= need

    # -- conveniences -----------------------------------------------------------------

    def spades_broken(self) -> bool:
        """Whether a spade has been played this hand (R13)."""
        p = self.hand.playout
        return p is not None and p.broken

    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards of the trick in progress, in play order, with who played them."""
        p = self.hand.playout
        if p is None or not p.trick:
            return []
        return self.hand.plays[-len(p.trick):]

    def team_contract(self, side: str) -> int:
        """The side's contract so far: the sum of its numeric bids (R8)."""
        return sum(b for s, b in self.hand.bids if self.rules.side_of(s) == side)


def is_spade(card: Card) -> bool:
    """Spades and both jokers (R2)."""
    return SUIT_OF[card] == 3


__all__ = [
    "HAND_SIZE",
    "SPADE_MASK",
    "SUIT_MASK",
    "Event",
    "Game",
    "Hand",
    "HandResult",
    "Phase",
    "is_spade",
]
