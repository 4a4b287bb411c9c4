"""Cards, suits and seats as plain ints and bitmasks (R1–R3).

A card is an int: ``suit * 13 + rank`` for the 52 standard cards (suits ``C D H S`` are
0–3, ranks ``2`` … ``A`` are 0–12), then ``LJ`` = 52 and ``BJ`` = 53 for the jokers
deck. Spades are the highest suit *by index*, and the jokers sit above the ace of spades,
so among the cards that can win a trick (the suit led and spades) the highest index
always wins: one comparison decides a trick (R2, R14).

A set of cards is a *mask*: bit ``c`` is set when card ``c`` is in the set. Hands,
legal moves and the cards played are all masks, which keeps the search hot path free of
per-card objects.

>>> parse_card("10h") == parse_card("TH") == parse_card("t♥")
True
>>> card_name(parse_card("as"))
'AS'
>>> format_cards(mask_of(parse_cards("2C KS bj")))
'2C KS BJ'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias

from spades.errors import NotationError

Card: TypeAlias = int
"""A card index, 0–53 (see the module docstring)."""

Mask: TypeAlias = int
"""A set of cards, one bit per card index."""

Suit: TypeAlias = int
"""0 clubs, 1 diamonds, 2 hearts, 3 spades."""

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3

SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_LETTERS: Final = "23456789TJQKA"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)

LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
JOKER_NAMES: Final = {LITTLE_JOKER: "LJ", BIG_JOKER: "BJ"}

ALL_CARDS: Final = tuple(range(54))

SUIT_OF: Final[tuple[Suit, ...]] = tuple([c // 13 for c in range(52)] + [SPADES, SPADES])
"""The suit of every card; both jokers are spades (R2)."""

RANK_OF: Final[tuple[int, ...]] = tuple([c % 13 for c in range(52)] + [13, 14])
"""Rank 0 (two) to 12 (ace); the jokers rank 13 (little) and 14 (big)."""

SUIT_MASK: Final[tuple[Mask, ...]] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    (0x1FFF << 39) | (1 << LITTLE_JOKER) | (1 << BIG_JOKER),
)
"""The cards of each suit; the spade mask includes both jokers."""

SPADE_MASK: Final = SUIT_MASK[SPADES]
NON_SPADE_MASK: Final = SUIT_MASK[CLUBS] | SUIT_MASK[DIAMONDS] | SUIT_MASK[HEARTS]

STANDARD_DECK: Final = tuple(range(52))
"""R1: the 52 standard cards in index order."""

JOKERS_DECK: Final = tuple(c for c in range(54) if c not in (0, 13))
"""R2: the 2♣ and 2♦ removed, both jokers added; still 52 cards."""


def mask_of(cards: Iterable[Card]) -> Mask:
    """The mask holding exactly ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: Mask) -> list[Card]:
    """The cards of ``mask``, lowest index first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: Mask) -> Iterator[Card]:
    """Iterate over the cards of ``mask``, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_name(card: Card) -> str:
    """The card in record notation (R3): ``AS``, ``TH``, ``BJ``."""
    if card in JOKER_NAMES:
        return JOKER_NAMES[card]
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: Card) -> str:
    """The card for display: ``A♠``, ``10♥``, ``BJ``."""
    if card in JOKER_NAMES:
        return JOKER_NAMES[card]
    rank = RANK_LETTERS[card % 13]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card // 13]


def describe_card(card: Card) -> str:
    """The card in words: ``ace of spades``, ``big joker``."""
    if card == BIG_JOKER:
        return "big joker"
    if card == LITTLE_JOKER:
        return "little joker"
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


_SUIT_BY_TEXT: Final = {
    **{letter: i for i, letter in enumerate(SUIT_LETTERS)},
    **{symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)},
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
}
_RANK_BY_TEXT: Final = {
    **{letter: i for i, letter in enumerate(RANK_LETTERS)},
    "10": 8,
}


MAX_NOTATION = 200
"""The longest text read as notation: a whole exchange fits many times over."""

_NOTATION_SYMBOLS: Final = frozenset("♠♥♦♣♤♡♢♧")


def check_notation(text: str) -> str:
    """``text`` if it may be read as notation, else :class:`NotationError`.

    Notation is printable ASCII and its spacing (plus the suit symbols of R3), and short. Python's
    ``isdigit()``, ``upper()`` and ``split()`` know all of Unicode: "²", "①" or "٣" are
    digits to them and "\u2003" a space, so text is checked here before any of them runs.
    """
    if len(text) > MAX_NOTATION:
        raise NotationError(f"notation is at most {MAX_NOTATION} characters",
                            limit=MAX_NOTATION)
    for char in text:
        if not (" " <= char <= "~" or char in _NOTATION_SYMBOLS or char in "\t\r\n"):
            raise NotationError(f"not notation: {char!r} (letters, digits and suit symbols)",
                                char=ascii(char))
    return text


def parse_card(text: str) -> Card:
    """Read one card in R3 notation, case-insensitive: ``AS``, ``10h``, ``q♥``, ``bj``.

    Raises :class:`NotationError` with the offending text otherwise.
    """
    t = check_notation(text).strip().upper()
    if t in ("BJ", "LJ"):
        return BIG_JOKER if t == "BJ" else LITTLE_JOKER
    if len(t) >= 2:
        rank = _RANK_BY_TEXT.get(t[:-1])
        suit = _SUIT_BY_TEXT.get(t[-1])
        if rank is not None and suit is not None:
            return suit * 13 + rank
    raise NotationError(f"not a card: {text!r} (write rank then suit, e.g. AS, TH, 10H, BJ)")


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas."""
    return [parse_card(part) for part in check_notation(text).replace(",", " ").split()]


def format_cards(mask: Mask) -> str:
    """A mask as record notation, lowest card first: ``2C KS BJ``."""
    return " ".join(card_name(c) for c in iter_cards(mask))


def parse_suit(text: str) -> Suit:
    """A suit from its letter, symbol or English name."""
    t = text.strip()
    if t.lower() in SUIT_NAMES:
        return SUIT_NAMES.index(t.lower())
    suit = _SUIT_BY_TEXT.get(t.upper())
    if suit is None:
        raise NotationError(f"not a suit: {text!r}")
    return suit


# Seats -------------------------------------------------------------------------------

Seat: TypeAlias = str
"""A seat letter: ``N``, ``E``, ``S`` or ``W``."""

FOUR_SEATS: Final = ("N", "E", "S", "W")
"""The four seats in clockwise order (R5): each seat's left neighbour comes next."""

TWO_SEATS: Final = ("N", "S")
"""The seats of two-player Spades (R23), in turn order."""

SEAT_NAMES: Final = {"N": "North", "E": "East", "S": "South", "W": "West"}


def parse_seat(text: str) -> Seat:
    """A seat from its letter or English name, case-insensitive."""
    t = text.strip().upper()
    for seat, name in SEAT_NAMES.items():
        if t in (seat, name.upper()):
            return seat
    raise NotationError(f"not a seat: {text!r} (use N, E, S or W)")
