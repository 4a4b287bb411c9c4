"""The actions a seat can take, as small frozen values with a text form.

Text forms are what the terminal accepts and what records hold: a bid is ``nil`` or a
number, a card is in R3 notation, the Blind Nil question is answered ``blind`` or
``look``, a two-player draw choice ``keep`` or ``discard``, and a Double Nil exchange
``exchange 2H 3D`` (or just ``exchange`` to keep every card).

>>> parse_action("nil"), parse_action("4"), parse_action("qh")
(Bid(0), Bid(4), Play(QH))
>>> str(Exchange((0, 13)))
'exchange 2C 2D'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from spades.cards import Card, card_name, check_notation, parse_card, parse_cards
from spades.errors import NotationError


@dataclass(frozen=True, slots=True)
class BlindChoice:
    """Answer to "blind nil or look at your cards" (R10, R25)."""

    blind: bool

    def __str__(self) -> str:
        return "blind" if self.blind else "look"


@dataclass(frozen=True, slots=True)
class DrawChoice:
    """Two-player draw (R22): keep the top card, or discard it and take the next."""

    keep: bool

    def __str__(self) -> str:
        return "keep" if self.keep else "discard"

    @property
    def letter(self) -> str:
        """The record letter: ``k`` or ``d``."""
        return "k" if self.keep else "d"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Double Nil exchange (R25): the cards given back, each replaced from the discards."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(["exchange", *(card_name(c) for c in self.cards)])


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``tricks`` (0 is Nil) (R7, R9)."""

    tricks: int

    def __str__(self) -> str:
        return "nil" if self.tricks == 0 else str(self.tricks)

    def __repr__(self) -> str:
        return f"Bid({self.tricks})"

    def to_json(self) -> int | str:
        """The record form: an int, or ``"nil"``."""
        return "nil" if self.tricks == 0 else self.tricks


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card (R12–R14)."""

    card: Card

    def __str__(self) -> str:
        return card_name(self.card)

    def __repr__(self) -> str:
        return f"Play({card_name(self.card)})"


Action: TypeAlias = BlindChoice | DrawChoice | Exchange | Bid | Play


def parse_bid(value: object) -> Bid | BlindChoice:
    """A bid from a record or a user: ``3``, ``"3"``, ``"nil"``, ``0`` or ``"blind nil"``."""
    if isinstance(value, bool):
        raise NotationError(f"not a bid: {value!r}")
    if isinstance(value, int):
        return Bid(value)
    if isinstance(value, str):
        check_notation(value)
        t = " ".join(value.strip().lower().replace("_", " ").replace("-", " ").split())
        if t in ("nil", "n", "zero"):
            return Bid(0)
        if t in ("blind nil", "blind", "double nil"):
            return BlindChoice(True)
        if _is_number(t):
            return Bid(int(t))
    raise NotationError(f"not a bid: {value!r} (a number, 'nil' or 'blind nil')")


def _is_number(text: str) -> bool:
    """ASCII digits only: ``isdigit()`` also says yes to "²", "①", "٣" and "𝟑"."""
    return bool(text) and all("0" <= c <= "9" for c in text)


def parse_action(text: str) -> Action:
    """Read any action from its text form (see the module docstring)."""
    t = check_notation(text).strip().lower()
    words = t.split()
    if not words:
        raise NotationError("empty action")
    head = words[0]
    if head in ("look", "see"):
        return BlindChoice(False)
    if head == "keep":
        return DrawChoice(True)
    if head == "discard":
        return DrawChoice(False)
    if head == "exchange":
        return Exchange(tuple(parse_cards(" ".join(words[1:]))))
    if t in ("nil", "blind", "blind nil", "double nil", "zero") or _is_number(t):
        return parse_bid(t)
    return Play(parse_card(t))
