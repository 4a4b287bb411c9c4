"""One door for hidden information: what a seat (or a spectator) may know of a game.

A view is built from an allow-list of public facts plus the viewer's own secrets; it is
never the full state with secrets deleted. Everything that leaves the core for a seat —
the browser, a bot, a hint, a log line, a record of a game in progress — is built from
a :class:`SeatView`. Finished hands are public in full (they are the game's history).

>>> from spades.game import Game
>>> v = seat_view(Game("classic", deal=7), "S")
>>> len(v.cards), v.to_act, v.legal[:2]
(13, 'S', (Bid(0), Bid(1)))
>>> seat_view(Game("classic", deal=7), None).cards
[]
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play
from spades.cards import Card, Mask, Seat, card_name, cards_of, format_cards
from spades.game import Event, Game, HandResult, Phase
from spades.rules import Rules


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know now; ``seat`` None is a spectator (no hidden card)."""

    seat: Seat | None
    rules: Rules
    deal: int | None
    players: dict[Seat, str]
    version: int
    hand_index: int
    dealer: Seat
    order: tuple[Seat, ...]
    phase: Phase
    to_act: Seat | None
    cards_hidden: bool
    hand: Mask
    hand_sizes: dict[Seat, int]
    blind: tuple[Seat, ...]
    blind_pending: tuple[Seat, ...]
    bids: tuple[tuple[Seat, int], ...]
    plays: tuple[tuple[Seat, Card], ...]
    trick: tuple[tuple[Seat, Card], ...]
    trick_winners: tuple[Seat, ...]
    tricks: dict[Seat, int]
    spades_broken: bool
    scores: dict[str, int]
    bag_counts: dict[str, int]
    results: tuple[HandResult, ...]
    winner: str | None
    legal: tuple[Action, ...]
    draw_count: int = 0
    top_card: Card | None = None
    draw_choices: str = ""
    seen_discards: Mask = 0
    exchanged: dict[Seat, int] = field(default_factory=dict)
    my_exchange: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    exchange_limit: int | None = None

    @property
    def cards(self) -> list[Card]:
        """The viewer's cards, lowest index first (empty while hidden)."""
        return cards_of(self.hand)

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase is Phase.OVER

    @property
    def my_turn(self) -> bool:
        """True when the game waits for the viewer."""
        return self.seat is not None and self.to_act == self.seat

    @property
    def played_mask(self) -> Mask:
        """Every card played so far in this hand."""
        m = 0
        for _, c in self.plays:
            m |= 1 << c
        return m

    def bid_of(self, seat: Seat) -> int | None:
        """The bid ``seat`` made this hand (0 for Nil), or None."""
        for s, b in self.bids:
            if s == seat:
                return b
        return None

    def sides_json(self) -> list[dict[str, Any]]:
        """Each side with its seats, contract so far, tricks, score and bags (R4, R8).

        A page or a terminal draws these; it never works out who plays with whom.
        """
        rules = self.rules
        mine = rules.side_of(self.seat) if self.seat is not None else None
        out = []
        for side in rules.sides:
            seats = [s for s in rules.seats if rules.side_of(s) == side]
            bids = [(s, b) for s, b in self.bids if s in seats]
            out.append({
                "side": side,
                "seats": seats,
                "mine": side == mine,
                "contract": sum(b for _, b in bids),
                "bids_complete": len(bids) == len(seats),
                "nil": [s for s, b in bids if b == 0],
                "tricks": sum(self.tricks.get(s, 0) for s in seats),
                "score": self.scores.get(side, 0),
                "bag_count": self.bag_counts.get(side, 0),
            })
        return out

    def last_trick(self) -> dict[str, Any] | None:
        """The last completed trick (of this hand, else of the hand before) and its winner."""
        n = self.rules.players
        if self.trick_winners:
            done = len(self.trick_winners)
            plays = self.plays[(done - 1) * n: done * n]
            return {"hand": self.hand_index, "number": done,
                    "plays": [[s, card_name(c)] for s, c in plays],
                    "winner": self.trick_winners[-1]}
        if self.results and self.results[-1].trick_winners:
            r = self.results[-1]
            done = len(r.trick_winners)
            return {"hand": r.index, "number": done,
                    "plays": [[s, card_name(c)] for s, c in r.plays[(done - 1) * n: done * n]],
                    "winner": r.trick_winners[-1]}
        return None

    def legal_json(self) -> list[dict[str, Any]]:
        """The viewer's legal actions as objects; exchanges as one choice of up to N cards."""
        out: list[dict[str, Any]] = []
        exchange = False
        for action in self.legal:
            if isinstance(action, Exchange):
                exchange = True
                continue
            out.append(action_json(action))
        if exchange:
            out.append({"type": "exchange", "max": self.exchange_limit or 0,
                        "cards": [card_name(c) for c in self.cards], "text": "exchange"})
        return out

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, cards in record notation (what the browser receives)."""
        rules = self.rules
        return {
            "side_of": {s: rules.side_of(s) for s in rules.seats},
            "my_side": rules.side_of(self.seat) if self.seat is not None else None,
            "partner": partner_of(rules, self.seat),
            "sides": self.sides_json(),
            "legal_actions": self.legal_json(),
            "exchange_limit": self.exchange_limit,
            "last_trick": self.last_trick(),
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "settings": self.rules.settings(),
            "deal": self.deal,
            "players": self.players,
            "version": self.version,
            "hand_index": self.hand_index,
            "dealer": self.dealer,
            "order": list(self.order),
            "phase": self.phase.value,
            "to_act": self.to_act,
            "cards_hidden": self.cards_hidden,
            "hand": [card_name(c) for c in self.cards],
            "hand_sizes": self.hand_sizes,
            "blind": list(self.blind),
            "blind_pending": list(self.blind_pending),
            "bids": [[s, bid_json(s, b, self.blind)] for s, b in self.bids],
            "plays": [[s, card_name(c)] for s, c in self.plays],
            "trick": [[s, card_name(c)] for s, c in self.trick],
            "trick_winners": list(self.trick_winners),
            "tricks": self.tricks,
            "spades_broken": self.spades_broken,
            "scores": self.scores,
            "bag_counts": self.bag_counts,
            "results": [result_json(r) for r in self.results],
            "winner": self.winner,
            "legal": [str(a) for a in self.legal],
            "draw_count": self.draw_count,
            "top_card": card_name(self.top_card) if self.top_card is not None else None,
            "draw_choices": self.draw_choices,
            "seen_discards": [card_name(c) for c in cards_of(self.seen_discards)],
            "exchanged": self.exchanged,
            "my_exchange": (
                None if self.my_exchange is None else {
                    "gave": [card_name(c) for c in self.my_exchange[0]],
                    "got": [card_name(c) for c in self.my_exchange[1]],
                }
            ),
        }


def action_json(action: Action) -> dict[str, Any]:
    """One action as an object a page reads without parsing text (``text`` is what to send).

    >>> action_json(Bid(0))
    {'type': 'bid', 'tricks': 0, 'nil': True, 'text': 'nil'}
    """
    text = str(action)
    if isinstance(action, Bid):
        return {"type": "bid", "tricks": action.tricks, "nil": action.tricks == 0,
                "text": text}
    if isinstance(action, BlindChoice):
        return {"type": "blind_choice", "blind": action.blind, "text": text}
    if isinstance(action, DrawChoice):
        return {"type": "draw", "keep": action.keep, "text": text}
    if isinstance(action, Play):
        return {"type": "play", "card": card_name(action.card), "text": text}
    assert isinstance(action, Exchange)
    return {"type": "exchange", "cards": [card_name(c) for c in action.cards], "text": text}


def partner_of(rules: Rules, seat: Seat | None) -> Seat | None:
    """The seat's partner (R4), or None without partnerships."""
    if seat is None or not rules.partnerships:
        return None
    return next(s for s in rules.seats if s != seat and rules.side_of(s) == rules.side_of(seat))


def bid_json(seat: Seat, bid: int, blind: tuple[Seat, ...] | frozenset[Seat]) -> int | str:
    """A bid as records write it: an int, ``"nil"`` or ``"blind nil"``."""
    if bid == 0:
        return "blind nil" if seat in blind else "nil"
    return bid


_RESULTS: dict[int, tuple[weakref.ref[HandResult], dict[str, Any]]] = {}


def result_json(r: HandResult) -> dict[str, Any]:
    """A finished hand, fully public: cards, bids, play and each side's score.

    A finished hand never changes, yet every view of its game repeats it, so its JSON is
    built once per result and shared (treat it as read-only); it goes with the result.
    """
    key = id(r)
    hit = _RESULTS.get(key)
    if hit is not None and hit[0]() is r:
        return hit[1]
    data = _result_json(r)

    def forget(_: weakref.ref[HandResult]) -> None:
        _RESULTS.pop(key, None)

    _RESULTS[key] = (weakref.ref(r, forget), data)
    return data


def _result_json(r: HandResult) -> dict[str, Any]:
    return {
        "index": r.index,
        "dealer": r.dealer,
        "cards": {s: format_cards(m) for s, m in r.cards.items()},
        "blind": list(r.blind),
        "bids": [[s, bid_json(s, b, r.blind)] for s, b in r.bids],
        "play": " ".join(card_name(c) for _, c in r.plays),
        "plays": [[s, card_name(c)] for s, c in r.plays],
        "trick_winners": list(r.trick_winners),
        "tricks": dict(r.tricks),
        "sides": {
            side: {**score.to_json(), "contract": score.contract, "made": score.made,
                   "nil_points": score.nil_points, "penalty": score.penalty}
            for side, score in r.sides.items()
        },
    }


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """An event as one seat may see it: ``action`` is the text it may read.

    Another seat's draw choice shows only that a card was drawn (``draw``) and its
    Double Nil exchange only how many cards changed hands (``exchange 2``); the rest of
    an event (bids, Blind Nil answers, cards played, the trick's winner, who acts next) is
    public. ``move`` is the same action as an object (see :func:`action_json`), so that a
    page reads what happened without parsing text.
    """

    hand: int
    seat: Seat
    action: str
    version: int
    trick_winner: Seat | None
    hand_over: bool
    move: dict[str, Any]
    next_to_act: Seat | None

    def to_json(self) -> dict[str, Any]:
        """The event as the browser receives it."""
        return {"seat": self.seat, "action": self.action, "move": self.move,
                "version": self.version, "hand": self.hand,
                "trick_winner": self.trick_winner, "hand_over": self.hand_over,
                "next_to_act": self.next_to_act}


def seat_event(event: Event, viewer: Seat | None) -> SeatEvent:
    """``event`` as ``viewer`` (None: a spectator) may see it."""
    return SeatEvent(event.hand, event.seat, public_action(event.seat, event.action, viewer),
                     event.version, event.trick_winner, event.hand_over,
                     public_move(event.seat, event.action, viewer), event.next_to_act)


def public_move(seat: Seat, action: Action, viewer: Seat | None) -> dict[str, Any]:
    """``seat``'s action as an object ``viewer`` may read: another seat's draw choice is
    only a draw, its exchange only a number of cards.

    >>> public_move("N", DrawChoice(True), "S")
    {'type': 'draw', 'hidden': True}
    >>> public_move("N", Bid(4), "S")
    {'type': 'bid', 'tricks': 4, 'nil': False, 'text': '4'}
    """
    if seat != viewer:
        if isinstance(action, DrawChoice):
            return {"type": "draw", "hidden": True}
        if isinstance(action, Exchange):
            return {"type": "exchange", "count": len(action.cards), "hidden": True}
    move = action_json(action)
    if isinstance(action, Exchange):
        move["count"] = len(action.cards)
    return move


def public_action(seat: Seat, action: Action, viewer: Seat | None) -> str:
    """The text of ``seat``'s action as ``viewer`` may read it."""
    if seat != viewer:
        if isinstance(action, DrawChoice):
            return "draw"
        if isinstance(action, Exchange):
            return f"exchange {len(action.cards)}"
    return str(action)


def seat_view(game: Game, seat: Seat | None) -> SeatView:
    """The view of ``seat`` (None: a spectator), built from an allow-list."""
    h = game.hand
    rules = game.rules
    phase = game.phase
    to_act = game.to_act
    hidden = True
    hand = 0
    if seat is not None:
        undecided = phase is Phase.BLIND and seat in h.blind_queue[h.blind_asked:]
        # a Blind Nil player sees its cards once the bidding is over, not while others
        # still answer the Blind Nil question or bid (R10)
        blind_wait = seat in h.blind and phase in (Phase.BLIND, Phase.BID) and not rules.draw
        hidden = undecided or blind_wait
        if not hidden:
            hand = game.hand_of(seat)
    legal: tuple[Action, ...] = ()
    if seat is not None and to_act == seat:
        legal = tuple(game.legal_actions())
    p = h.playout
    trick = tuple(game.current_trick())
    view = SeatView(
        seat=seat,
        rules=rules,
        deal=game.deal,
        players=dict(game.players),
        version=game.version,
        hand_index=h.index,
        dealer=h.dealer,
        order=h.order,
        phase=phase,
        to_act=to_act,
        cards_hidden=hidden,
        hand=hand,
        hand_sizes={s: game.hand_of(s).bit_count() for s in game.seats},
        blind=tuple(h.blind),
        blind_pending=tuple(h.blind_queue[h.blind_asked:]) if phase is Phase.BLIND else (),
        bids=tuple(h.bids),
        plays=tuple(h.plays),
        trick=trick,
        trick_winners=tuple(h.trick_winners),
        tricks=game.tricks_taken(),
        spades_broken=p is not None and p.broken,
        scores=dict(game.scores),
        bag_counts=dict(game.bag_counts),
        results=tuple(game.results),
        winner=game.winner,
        legal=legal,
        draw_count=len(h.draw_letters),
        top_card=h.top_card if (seat is not None and phase is Phase.DRAW and to_act == seat)
        else None,
        draw_choices="".join(
            letter for i, letter in enumerate(h.draw_letters)
            if seat is not None and (h.dealer if i % 2 == 0 else h.order[0]) == seat
        ),
        seen_discards=h.seen_discards.get(seat, 0) if seat is not None else 0,
        exchanged={s: len(g) for s, (g, _) in h.exchanges.items()},
        my_exchange=h.exchanges.get(seat) if seat is not None else None,
        exchange_limit=(min(rules.exchange, len(h.exchange_pile))
                        if phase is Phase.EXCHANGE and seat is not None and to_act == seat
                        else None),
    )
    return view

