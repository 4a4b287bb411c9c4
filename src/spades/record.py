"""Game records (``spades-record/1``, RECORD.md): export, load, replay and score.

A record is the project's exchange format, what PBN is to bridge. :func:`game_to_record`
writes any game, finished or not (with a ``viewer``, a hand in progress shows only what
that seat may know: one door for hidden information). :func:`load_record` replays a
record through the engine, checking every action, and returns the :class:`Game`; the
first bad action raises :class:`RecordError` naming the hand, the action, the seat and
the reason. :func:`score_record` is what ``spades score`` prints.

>>> from spades.game import Game
>>> g = Game("classic", deal=12)
>>> rec = game_to_record(g)
>>> load_record(rec).version == g.version
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play, parse_bid
from spades.cards import (
    SEAT_NAMES,
    Card,
    Mask,
    Seat,
    card_name,
    cards_of,
    format_cards,
    parse_card,
)
from spades.dealing import HandDeal, NumberedDeal
from spades.errors import IllegalActionError, NotationError, RecordError, SpadesError
from spades.game import HAND_SIZE, Game, HandResult, Phase
from spades.rules import Rules, rules_from
from spades.views import bid_json

FORMAT = "spades-record/1"


# -- writing -----------------------------------------------------------------------------


def _play_text(plays: tuple[tuple[Seat, Card], ...] | list[tuple[Seat, Card]]) -> str:
    return " ".join(card_name(c) for _, c in plays)


def _exchange_json(
    exchanges: Mapping[Seat, tuple[tuple[Card, ...], tuple[Card, ...]]],
) -> dict[str, dict[str, str]]:
    return {
        s: {"gave": " ".join(map(card_name, g)), "got": " ".join(map(card_name, t))}
        for s, (g, t) in exchanges.items()
    }


def _finished_hand(r: HandResult) -> dict[str, Any]:
    hand: dict[str, Any] = {
        "dealer": r.dealer,
        "cards": {s: format_cards(m) for s, m in r.cards.items()},
        "blind": list(r.blind),
        "bids": [bid_json(s, b, r.blind) for s, b in r.bids],
        "play": _play_text(r.plays),
    }
    if r.stock is not None:
        hand["stock"] = " ".join(map(card_name, r.stock))
        hand["draw"] = r.draw or ""
        if r.exchanges:
            hand["exchange"] = _exchange_json(r.exchanges)
    return hand


def _hand_in_progress(game: Game, viewer: Seat | None) -> dict[str, Any]:
    h = game.hand
    drawing = h.stock is not None
    cards_known = h.draw_done and game.phase not in (Phase.EXCHANGE,)
    hand: dict[str, Any] = {"dealer": h.dealer}
    if viewer is None:
        if drawing:
            assert h.stock is not None
            hand["stock"] = " ".join(map(card_name, h.stock))
            hand["draw"] = "".join(h.draw_letters)
            if h.exchanges:
                hand["exchange"] = _exchange_json(h.exchanges)
        if cards_known:
            hand["cards"] = {s: format_cards(h.held[s]) for s in game.seats}
    else:
        from spades.views import seat_view

        view = seat_view(game, viewer)
        if cards_known and not view.cards_hidden:
            played = 0
            for s, c in h.plays:
                if s == viewer:
                    played |= 1 << c
            hand["cards"] = {viewer: format_cards(view.hand | played)}
    hand["blind"] = list(h.blind)
    looked = [s for s in h.blind_queue[:h.blind_asked] if s not in h.blind]
    if looked:
        # Who answered "look" leaves no other trace until the next action: without this
        # list a record stopped just after those answers would replay to before them.
        hand["looked"] = looked
    hand["bids"] = [bid_json(s, b, tuple(h.blind)) for s, b in h.bids]
    hand["play"] = _play_text(h.plays)
    return hand


def game_to_record(game: Game, viewer: Seat | None = None) -> dict[str, Any]:
    """The game as a ``spades-record/1`` dict.

    Without ``viewer`` it is the full record (every card of every hand). With a viewer,
    the hand in progress lists only that seat's cards and omits the two-player stock; the
    finished hands are public anyway.
    """
    record: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_json()}
    if game.deal is not None:
        record["deal"] = game.deal
    if game.players:
        record["players"] = dict(game.players)
    hands = [_finished_hand(r) for r in game.results]
    if not game.over:
        current = _hand_in_progress(game, viewer)
        if current["bids"] or current["blind"] or current.get("draw") or viewer is None:
            hands.append(current)
    record["hands"] = hands
    return record


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text, one key per line, ready to share."""
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


# -- reading -----------------------------------------------------------------------------


def read_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; :class:`RecordError` if it is not a JSON object."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return parse_record_text(text)


def parse_record_text(text: str) -> dict[str, Any]:
    """Parse record JSON text; :class:`RecordError` on bad JSON or a non-object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def _cards_field(value: object, hand: int, what: str) -> list[Card]:
    if not isinstance(value, str):
        raise RecordError(f"{what} must be a string of cards", hand)
    try:
        return [parse_card(t) for t in value.replace(",", " ").split()]
    except NotationError as exc:
        raise RecordError(f"{what}: {exc}", hand) from None


@dataclass
class _HandSpec:
    """One hand of a record, checked for shape (actions are checked by replaying)."""

    dealer: Seat
    cards: dict[Seat, Mask] | None
    stock: list[Card] | None
    draw: str
    exchange: dict[Seat, tuple[list[Card], list[Card]]]
    blind: list[Seat]
    looked: list[Seat] | None
    """Seats that answered "look", listed only in a hand in progress (None: not listed)."""
    bids: list[Bid | BlindChoice]
    play: list[Card]


def _parse_hand(raw: object, k: int, rules: Rules) -> _HandSpec:
    n = k + 1
    if not isinstance(raw, dict):
        raise RecordError("a hand is a JSON object", n)
    unknown = set(raw) - {"dealer", "cards", "blind", "looked", "bids", "play", "stock",
                          "draw", "exchange"}
    if unknown:
        raise RecordError(f"unknown field {sorted(unknown)[0]!r}", n)
    dealer = raw.get("dealer")
    if dealer not in rules.seats:
        raise RecordError(f"dealer must be one of {' '.join(rules.seats)}", n)
    deck = set(rules.deck_cards)
    cards: dict[Seat, Mask] | None = None
    if "cards" in raw:
        if not isinstance(raw["cards"], dict):
            raise RecordError("cards must map seats to cards", n)
        cards = {}
        for seat, text in raw["cards"].items():
            if seat not in rules.seats:
                raise RecordError(f"cards: no seat {seat!r} at this table", n)
            listed = _cards_field(text, n, f"cards of {seat}")
            if len(listed) != HAND_SIZE:
                raise RecordError(f"cards of {seat}: {len(listed)} cards, 13 expected", n)
            for c in listed:
                if c not in deck:
                    raise RecordError(f"cards of {seat}: {card_name(c)} is not in this deck", n)
            mask = 0
            for c in listed:
                if mask >> c & 1 or any(m >> c & 1 for m in cards.values()):
                    raise RecordError(f"cards: {card_name(c)} is dealt twice", n)
                mask |= 1 << c
            cards[seat] = mask
    stock: list[Card] | None = None
    if "stock" in raw:
        stock = _cards_field(raw["stock"], n, "stock")
        if sorted(stock) != sorted(deck):
            raise RecordError("stock must hold the 52 cards of the deck once each", n)
    draw = raw.get("draw", "")
    if not isinstance(draw, str) or set(draw) - {"k", "d"}:
        raise RecordError("draw must be a string of k (keep) and d (discard)", n)
    if draw and stock is None:
        raise RecordError("draw needs the stock", n)
    exchange: dict[Seat, tuple[list[Card], list[Card]]] = {}
    raw_ex = raw.get("exchange", {})
    if not isinstance(raw_ex, dict):
        raise RecordError("exchange must map seats to {gave, got}", n)
    for seat, ex in raw_ex.items():
        if seat not in rules.seats or not isinstance(ex, dict):
            raise RecordError(f"exchange of {seat!r} must be {{gave, got}}", n)
        gave = _cards_field(ex.get("gave", ""), n, f"exchange of {seat}")
        got = _cards_field(ex.get("got", ""), n, f"exchange of {seat}")
        if len(gave) != len(got):
            raise RecordError(f"exchange of {seat}: gave and got differ in number", n)
        exchange[seat] = (gave, got)
    blind = raw.get("blind", [])
    if not isinstance(blind, list) or any(s not in rules.seats for s in blind):
        raise RecordError("blind must list seats", n)
    looked: list[Seat] | None = None
    if "looked" in raw:
        looked = raw["looked"]
        if not isinstance(looked, list) or any(s not in rules.seats for s in looked):
            raise RecordError("looked must list seats", n)
        if set(looked) & set(blind):
            raise RecordError("a seat cannot both declare Blind Nil and look", n)
    raw_bids = raw.get("bids", [])
    if not isinstance(raw_bids, list):
        raise RecordError("bids must be a list", n)
    bids: list[Bid | BlindChoice] = []
    for i, b in enumerate(raw_bids):
        try:
            bids.append(parse_bid(b))
        except NotationError as exc:
            raise RecordError(str(exc), n, i + 1) from None
    play = _cards_field(raw.get("play", ""), n, "play")
    return _HandSpec(dealer, cards, stock, draw, exchange, list(blind), looked, bids, play)


class _RecordDeals:
    """The deal source of a replayed record: its cards, else its deal number (R26)."""

    def __init__(self, specs: list[_HandSpec], deal: int | None, fallback: int) -> None:
        self.specs = specs
        self.numbered = NumberedDeal(deal if deal is not None else fallback)
        self.has_number = deal is not None

    def __call__(self, rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        derived = self.numbered(rules, hand, dealer)
        if hand >= len(self.specs):
            return derived
        spec = self.specs[hand]
        seats = rules.seats
        d = seats.index(dealer)
        order = [seats[(d + 1 + i) % len(seats)] for i in range(len(seats))]
        got_first = [c for s in order if s in spec.exchange for c in spec.exchange[s][1]]

        def exchange_order(pile: list[Card]) -> list[Card]:
            if not spec.exchange:
                return derived.exchange_order(pile)
            missing = [c for c in got_first if c not in pile]
            if missing:
                raise RecordError(
                    f"exchange: {card_name(missing[0])} is not in the discard pile", hand + 1)
            return got_first + [c for c in pile if c not in got_first]

        if spec.stock is not None:
            return HandDeal(stock=spec.stock, exchange_order=exchange_order)
        cards = dict(spec.cards or {})
        missing = [s for s in rules.seats if s not in cards]
        if missing:
            if derived.cards is None:
                raise RecordError(
                    f"cards of {missing[0]} are missing (a two-player hand needs its stock "
                    "and draw)", hand + 1)
            if not self.has_number:
                raise RecordError(
                    f"cards of {missing[0]} are missing and the record has no deal number",
                    hand + 1)
            for s in missing:
                cards[s] = derived.cards[s]
        return HandDeal(cards=cards, exchange_order=exchange_order)


def _describe(seat: Seat, action: Action) -> str:
    if isinstance(action, Play):
        return f"{seat} plays {card_name(action.card)}"
    if isinstance(action, Bid):
        return f"{seat} bids {action}"
    if isinstance(action, DrawChoice):
        return f"{seat} {'keeps' if action.keep else 'discards'}"
    if isinstance(action, Exchange):
        return f"{seat} exchanges {' '.join(map(card_name, action.cards)) or 'nothing'}"
    return f"{seat} {'declares blind nil' if action.blind else 'looks at the cards'}"


def _apply(game: Game, hand: int, number: int, action: Action) -> None:
    seat = game.to_act
    if seat is None:
        raise RecordError("the game is already over", hand, number)
    try:
        game.apply(seat, action)
    except IllegalActionError as exc:
        raise RecordError(_reason_of(game, seat, action, exc), hand, number,
                          _describe(seat, action)) from None


def _reason_of(game: Game, seat: Seat, action: Action, error: IllegalActionError) -> str:
    """The engine's reason told about ``seat`` rather than to it.

    The engine speaks to the player at the table ("you must follow clubs"); a record's
    reader is nobody at the table, so the reason names the seat, and a card played from
    another seat's hand says whose it is.
    """
    name = SEAT_NAMES[seat]
    reason = str(error)
    if reason.startswith("you do not "):
        reason = f"{name} does not {reason.removeprefix('you do not ')}"
    elif reason.startswith("you "):
        reason = f"{name} {reason.removeprefix('you ')}"
    if error.code == "not_in_hand" and isinstance(action, Play):
        holder = next((s for s in game.seats if s != seat and game.hand_of(s) >> action.card & 1),
                      None)
        if holder is not None:
            reason += f": {SEAT_NAMES[holder]} holds it"
    return reason


def _replay_blind_answers(game: Game, spec: _HandSpec, last: bool) -> bool:
    """Answer the Blind Nil question for each seat asked; True if the record stops there.

    Once anything else happened in a hand, every seat asked has answered, and those not
    in ``blind`` looked. In a last hand with nothing else yet, ``looked`` says who has
    answered so far; a record written without it (older writers) stops right after the
    last Blind Nil declared.
    """
    h = game.hand
    n = h.index + 1
    open_ended = last and not (spec.draw or spec.bids or spec.play)
    answered = set(spec.blind) | set(spec.looked or ())
    while game.phase is Phase.BLIND:
        seat = game.to_act
        assert seat is not None
        unanswered = open_ended and seat not in answered
        if unanswered and (spec.looked is not None or set(spec.blind) <= set(h.blind)):
            break
        game.apply(seat, BlindChoice(seat in spec.blind))
    asked = set(h.blind_queue[:h.blind_asked])
    if sorted(h.blind) != sorted(spec.blind) or not answered <= asked | set(h.blind):
        who = sorted(answered - asked) or spec.blind
        raise RecordError(f"blind nil is not allowed now for {' '.join(who)}", n)
    return game.phase is Phase.BLIND


def _replay_hand(game: Game, spec: _HandSpec, k: int, last: bool) -> None:
    n = k + 1
    h = game.hand
    if h.index != k:
        raise RecordError("the game was already over before this hand", n)
    if spec.dealer != h.dealer:
        raise RecordError(f"dealer should be {h.dealer}, not {spec.dealer}", n)
    if spec.blind and not game.rules.blind_nil:
        raise RecordError("blind nil is not allowed by these rules", n)
    if _replay_blind_answers(game, spec, last):
        return
    number = 0
    for letter in spec.draw:
        number += 1
        if game.phase is not Phase.DRAW:
            raise RecordError("more draw choices than the stock allows", n, number)
        _apply(game, n, number, DrawChoice(letter == "k"))
    if game.phase is Phase.DRAW:
        if not last:
            raise RecordError("the draw stops part-way", n)
        return
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        if last and seat not in spec.exchange and not (spec.bids or spec.play):
            return  # the record stops while this seat has still to choose its exchange
        gave = spec.exchange.get(seat, ([], []))[0]
        _apply(game, n, number, Exchange(tuple(gave)))
    if spec.cards is not None and spec.stock is not None:
        for seat, mask in spec.cards.items():
            if h.held[seat] != mask:
                raise RecordError(f"cards of {seat} do not match the draw", n)
    for i, bid in enumerate(spec.bids):
        number += 1
        if i >= len(h.order):
            raise RecordError("more bids than players", n, number)
        seat = h.order[i]
        if isinstance(bid, BlindChoice):
            if seat not in h.blind:
                raise RecordError("blind nil must be declared before the bids (blind)", n,
                                  number, f"{seat} bids blind nil")
            continue
        if seat in h.blind:
            raise RecordError("this seat declared blind nil", n, number, f"{seat} bids {bid}")
        _apply(game, n, number, bid)
    if len(spec.bids) < len(h.order):
        if spec.play:
            raise RecordError("cards are played before every bid is made", n)
        if not last:
            raise RecordError("the hand stops part-way but another hand follows", n)
        return
    for card in spec.play:
        number += 1
        if game.phase is not Phase.PLAY or game.hand.index != k:
            raise RecordError("more cards played than the hand holds", n, number)
        _apply(game, n, number, Play(card))
    if len(spec.play) < HAND_SIZE * len(game.seats) and not last:
        raise RecordError("the hand stops part-way but another hand follows", n)


def load_record(data: Mapping[str, Any]) -> Game:
    """Replay a record through the engine and return the game where it stops."""
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}")
    try:
        rules = rules_from(data.get("rules", "classic"))
    except SpadesError as exc:
        raise RecordError(f"rules: {exc}") from None
    deal = data.get("deal")
    if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int) or deal < 0):
        raise RecordError("deal must be a non-negative integer")
    players = data.get("players", {})
    if not isinstance(players, dict) or any(s not in rules.seats for s in players):
        raise RecordError(f"players must map seats ({' '.join(rules.seats)}) to names")
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise RecordError("hands must be a list")
    specs = [_parse_hand(raw, k, rules) for k, raw in enumerate(raw_hands)]
    fallback = int.from_bytes(
        hashlib.sha256(json.dumps(data, sort_keys=True).encode()).digest()[:4], "big")
    game = Game(rules, deal, source=_RecordDeals(specs, deal, fallback),
                players={s: str(p) for s, p in players.items()})
    for k, spec in enumerate(specs):
        _replay_hand(game, spec, k, last=k == len(specs) - 1)
    return game


def score_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """Replay and score a record: the JSON that ``spades score`` prints (RECORD.md)."""
    game = load_record(data)
    hands: list[dict[str, Any]] = []
    for r in game.results:
        hands.append({
            "tricks": dict(r.tricks),
            "sides": {side: s.to_json() for side, s in r.sides.items()},
        })
    if len(hands) < len(data.get("hands", [])):
        hands.append({"tricks": game.tricks_taken()})
    return {
        "hands": hands,
        "score": dict(game.scores),
        "bag_count": dict(game.bag_counts),
        "finished": game.over,
        "winner": game.winner,
    }


__all__ = [
    "FORMAT",
    "cards_of",
    "dumps",
    "game_to_record",
    "load_record",
    "parse_record_text",
    "read_record",
    "score_record",
]
