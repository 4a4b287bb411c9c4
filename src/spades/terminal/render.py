"""Text for the terminal, built only from South's seat view (one door for hidden cards).

Every function here takes a :class:`~spades.views.SeatView` (or public facts already
in one) and returns plain lines; colours are added by :class:`Style` only when the
terminal can show them, so the same text reads well through a pipe.

>>> from spades.game import Game
>>> from spades.views import seat_view
>>> v = seat_view(Game("classic", deal=7), "S")
>>> hand_line(v, Style())[:14]
'Your hand:  1 '
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from spades.actions import Bid, BlindChoice, Exchange, Play
from spades.cards import (
    RANK_OF,
    SEAT_NAMES,
    SUIT_OF,
    Card,
    Mask,
    Seat,
    card_symbol,
    cards_of,
)
from spades.game import HandResult, Phase
from spades.playout import trick_winner
from spades.rules import Rules
from spades.views import SeatView

HUMAN: Seat = "S"
"""The human sits South (R6), in four- and two-player games alike."""

_DISPLAY_SUIT_ORDER = (3, 2, 0, 1)
"""Spades, hearts, clubs, diamonds: red and black alternate, trumps first."""

_RESET = "\x1b[0m"
_TWO_COLOURS = ("", "\x1b[31m", "\x1b[31m", "")
_FOUR_COLOURS = ("\x1b[32m", "\x1b[34m", "\x1b[31m", "")
"""Clubs green, diamonds blue, hearts red, spades in the terminal's own colour."""


@dataclass(frozen=True, slots=True)
class Style:
    """How cards are drawn: ``color`` only on a terminal, ``four_colour`` on request."""

    color: bool = False
    four_colour: bool = False

    def card(self, card: Card) -> str:
        """The card as shown (``Q♥``), coloured by suit when colours are on."""
        text = card_symbol(card)
        if not self.color:
            return text
        code = (_FOUR_COLOURS if self.four_colour else _TWO_COLOURS)[SUIT_OF[card]]
        return f"{code}{text}{_RESET}" if code else text

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(c) for c in cards)


def display_order(hand: Mask) -> list[Card]:
    """The cards of ``hand`` as the table shows them: by suit, highest first.

    Position numbers typed by the player count in this order, from 1.
    """
    cards = cards_of(hand)
    return sorted(cards, key=lambda c: (_DISPLAY_SUIT_ORDER.index(SUIT_OF[c]), -RANK_OF[c]))


def seat_name(seat: Seat) -> str:
    """``North`` … ``West``."""
    return SEAT_NAMES[seat]


def side_name(rules: Rules, side: str) -> str:
    """``North–South``, or the seat's name when every player scores alone."""
    if len(side) == 2:
        return f"{SEAT_NAMES[side[0]]}–{SEAT_NAMES[side[1]]}"
    return SEAT_NAMES[side]


def nil_word(rules: Rules) -> str:
    """The name of a blind Nil: Double Nil in two-player Spades (R25), else Blind Nil."""
    return "Double Nil" if rules.players == 2 else "Blind Nil"


def bid_text(view: SeatView, seat: Seat) -> str:
    """The seat's bid as shown: a number, ``nil``, ``blind nil`` or ``-`` (not yet)."""
    if seat in view.blind:
        return nil_word(view.rules).lower()
    bid = view.bid_of(seat)
    if bid is None:
        return "-"
    return "nil" if bid == 0 else str(bid)


def bags_text(n: int) -> str:
    """``1 bag``, ``3 bags``."""
    return f"{n} bag" if n == 1 else f"{n} bags"


def score_line(view: SeatView) -> str:
    """Every side's score and bag count, and the target."""
    parts = [
        f"{side_name(view.rules, side)} {view.scores[side]} ({bags_text(view.bag_counts[side])})"
        for side in view.rules.sides
    ]
    return "Score: " + " · ".join(parts) + f" · game to {view.rules.target}"


def header(view: SeatView) -> str:
    """Which hand, who dealt, which deal and rules: enough to replay or report it."""
    deal = f" · deal {view.deal}" if view.deal is not None else ""
    return (f"── Hand {view.hand_index + 1} · dealer {seat_name(view.dealer)}"
            f" · {view.rules.name} rules{deal} ──")


def seats_table(view: SeatView, players: Mapping[Seat, str]) -> list[str]:
    """One line per seat: who plays it, the bid, the tricks taken and cards left."""
    lines = []
    for seat in view.rules.seats:
        who = "you" if seat == HUMAN else players.get(seat, "computer")
        turn = "  ◀ to act" if view.to_act == seat else ""
        lines.append(f"  {seat_name(seat):<6} {who:<9} bid {bid_text(view, seat):<11}"
                     f" tricks {view.tricks[seat]:<3}{turn}".rstrip())
    return lines


def trick_lines(view: SeatView, style: Style) -> list[str]:
    """The trick in progress, each card placed by its seat around the table."""
    played = dict(view.trick)

    def at(seat: Seat) -> str:
        card = played.get(seat)
        shown = style.card(card) if card is not None else "·"
        return f"{seat_name(seat)} {shown}"

    number = len(view.trick_winners) + 1
    if view.rules.players == 2:
        return [f"Trick {number}:  {at('N')}", f"           {at('S')}"]
    west, east = at("W"), at("E")
    pad = " " * max(1, 26 - len(_plain(west)))
    return [
        f"Trick {number}:        {at('N')}",
        f"  {west}{pad}{east}",
        f"                 {at('S')}",
    ]


def _plain(text: str) -> str:
    """Text without colour codes, to measure it."""
    out, skip = [], False
    for ch in text:
        if ch == "\x1b":
            skip = True
        elif skip and ch == "m":
            skip = False
        elif not skip:
            out.append(ch)
    return "".join(out)


def hand_line(view: SeatView, style: Style) -> str:
    """South's cards in display order with their position numbers, suits set apart."""
    if view.cards_hidden:
        return "Your hand: face down (you have not looked at your cards)"
    cards = display_order(view.hand)
    if not cards:
        return "Your hand: no cards yet"
    parts: list[str] = []
    last_suit = -1
    for i, card in enumerate(cards, 1):
        sep = "  " if last_suit in (-1, SUIT_OF[card]) else "   "
        parts.append(f"{sep if parts else ''}{i} {style.card(card)}")
        last_suit = SUIT_OF[card]
    return "Your hand: " + " " + "".join(parts)


def playable_line(view: SeatView, style: Style) -> str | None:
    """The cards South may play now, when only some of them are allowed."""
    legal = {a.card for a in view.legal if isinstance(a, Play)}
    if not legal or len(legal) == len(view.cards):
        return None
    order = display_order(view.hand)
    return "Playable:  " + "  ".join(
        f"{i} {style.card(c)}" for i, c in enumerate(order, 1) if c in legal)


def table(view: SeatView, style: Style, players: Mapping[Seat, str]) -> list[str]:
    """The whole table as South sees it, before South is asked to act."""
    lines = [header(view), *seats_table(view, players), score_line(view)]
    if view.phase is Phase.PLAY:
        broken = "broken" if view.spades_broken else "not broken yet"
        lines += [*trick_lines(view, style), f"Spades: {broken}"]
    if view.phase is Phase.DRAW and view.seen_discards:
        lines.append("You discarded: " + style.cards(display_order(view.seen_discards)))
    lines.append(hand_line(view, style))
    playable = playable_line(view, style)
    if playable:
        lines.append(playable)
    return lines


def prompt(view: SeatView, style: Style) -> str:
    """The question South must answer now; it ends with ``> `` (scripts wait for it)."""
    nil = nil_word(view.rules)
    match view.phase:
        case Phase.BLIND:
            worth = view.rules.blind_nil_value
            return f"{nil} (±{worth}) before seeing your cards? blind or look> "
        case Phase.DRAW:
            top = style.card(view.top_card) if view.top_card is not None else "?"
            return (f"Draw {len(view.cards) + 1} of 13: top card {top}."
                    f" keep, or discard (and take the next card)> ")
        case Phase.EXCHANGE:
            return (f"Exchange up to {view.rules.exchange} cards with the discard pile"
                    " (e.g. exchange 2H 3D, or exchange to keep all)> ")
        case Phase.BID:
            return "Your bid (1-13 or nil)> "
        case Phase.PLAY:
            return "Your card (as shown, e.g. QH, or its number)> "
    return "> "


def trick_summary(plays: Sequence[tuple[Seat, Card]], winner: Seat, style: Style) -> str:
    """One finished trick: who played what and who took it."""
    cards = ", ".join(f"{seat_name(s)} {style.card(c)}" for s, c in plays)
    return f"{cards} — {who(winner)} {'win' if winner == HUMAN else 'wins'} the trick"


def who(seat: Seat) -> str:
    """``You`` for South, the seat's name otherwise."""
    return "You" if seat == HUMAN else seat_name(seat)


def last_trick(view: SeatView, style: Style) -> str:
    """The last finished trick of this hand, or of the previous hand."""
    n = view.rules.players
    done = len(view.trick_winners)
    if done:
        plays = view.plays[(done - 1) * n: done * n]
        return "Last trick: " + trick_summary(plays, view.trick_winners[-1], style)
    if view.results:
        r = view.results[-1]
        plays = r.plays[-n:]
        return ("Last trick (previous hand): "
                + trick_summary(plays, _winner_of(plays), style))
    return "No trick has been played yet."


def last_trick_of(result: HandResult, style: Style) -> str:
    """The thirteenth trick of a finished hand."""
    plays = result.plays[-len(result.tricks):]
    return trick_summary(plays, _winner_of(plays), style)


def _winner_of(plays: Sequence[tuple[Seat, Card]]) -> Seat:
    """Who took a finished trick, by the engine's own rule (R14)."""
    return plays[trick_winner([card for _, card in plays])][0]


def hand_summary(result: HandResult, rules: Rules) -> list[str]:
    """A finished hand's bids, tricks and points per side (public once it is over)."""
    lines = [f"Hand {result.index + 1} is over."]
    bids = dict(result.bids)
    for side, score in result.sides.items():
        members = [s for s in rules.seats if rules.side_of(s) == side]
        detail = ", ".join(
            f"{seat_name(s)} {_bid_word(bids[s], s in result.blind, rules)}"
            f" took {result.tricks[s]}" for s in members)
        sign = "+" if score.points >= 0 else ""
        lines.append(f"  {side_name(rules, side)}: {detail} → {sign}{score.points}"
                     f" (score {score.score}, {bags_text(score.bag_count)})")
    return lines


def _bid_word(bid: int, blind: bool, rules: Rules) -> str:
    if blind:
        return f"bid {nil_word(rules)}"
    return "bid Nil" if bid == 0 else f"bid {bid}"


def scoresheet(view: SeatView) -> list[str]:
    """Every finished hand: each side's contract, tricks, points, bags and running score."""
    rules = view.rules
    if not view.results:
        return ["No hand has been scored yet.", score_line(view)]
    sides = rules.sides
    head = "Hand " + "".join(f"| {side_name(rules, s):<27}" for s in sides)
    columns = "     " + "".join("| bid took points score bags " for _ in sides)
    lines = [head.rstrip(), columns.rstrip()]
    for r in view.results:
        row = f"{r.index + 1:<5}"
        for side in sides:
            sc = r.sides[side]
            row += (f"| {sc.contract:>3} {sc.tricks:>4} {sc.points:>+6} {sc.score:>5}"
                    f" {sc.bag_count:>4} ")
        lines.append(row.rstrip())
    lines.append(score_line(view))
    return lines


def action_text(seat: Seat, action: object, view: SeatView, style: Style) -> str | None:
    """What everyone sees of another seat's action, or None if it is secret.

    A computer player's draw choices stay hidden (the view does not show them); the
    number of cards a Double Nil player exchanges is public.
    """
    name = who(seat)
    if isinstance(action, Play):
        verb = "play" if seat == HUMAN else "plays"
        return f"{name} {verb} {style.card(action.card)}"
    if isinstance(action, Bid):
        verb = "bid" if seat == HUMAN else "bids"
        return f"{name} {verb} {'Nil' if action.tricks == 0 else action.tricks}"
    if isinstance(action, BlindChoice):
        if action.blind:
            verb = "declare" if seat == HUMAN else "declares"
            return f"{name} {verb} {nil_word(view.rules)}"
        return "You look at your cards." if seat == HUMAN else None
    if isinstance(action, Exchange):
        if seat == HUMAN and view.my_exchange is not None:
            gave, got = view.my_exchange
            if not gave:
                return "You keep all your cards."
            return f"You give {style.cards(gave)} and take {style.cards(got)}."
        count = view.exchanged.get(seat, 0)
        verb = "exchange" if seat == HUMAN else "exchanges"
        return f"{name} {verb} {count} card{'s' if count != 1 else ''} with the discard pile"
    return None
