"""Numbered deals (R26): a deal number fixes every shuffle of a whole game.

The derivation is part of the project's public contract and is pinned by golden tests,
so a number shared today replays the same game in every later release:

1. For hand ``k`` (0 for the first hand) of deal number ``N``, the random stream is the
   concatenation of ``SHA-256("spades/deal/v1/N/k/LABEL/i")`` for ``i = 0, 1, 2, …``
   (decimal numbers, UTF-8), read as 32-bit big-endian unsigned words.
2. The shuffle (``LABEL = shuffle``) starts from the deck's cards in index order
   (``2C … AC 2D … AD 2H … AH 2S … AS``, then ``LJ BJ`` for the jokers deck, where
   ``2C`` and ``2D`` are absent) and runs Fisher–Yates from the last position down:
   for ``i = 51 … 1`` it draws ``j`` uniform in ``0 … i`` by rejection (a word ``u`` is
   used only if ``u < 2**32 - 2**32 % (i + 1)``, then ``j = u % (i + 1)``) and swaps
   positions ``i`` and ``j``.
3. Four players: the shuffled card at position ``p`` goes to the ``p % 4``-th seat
   clockwise from the dealer's left, one card at a time (seed 003). Two players: the
   shuffled deck is the stock, top card first (R22).
4. A Double Nil exchange (R25) draws from the discard pile sorted by card index and
   shuffled the same way with ``LABEL = exchange``.

The daily deal number for a date is ``int(SHA-256("spades/daily/v1/YYYY-MM-DD")[:4]) %
1_000_000_000`` (the first four bytes, big-endian): the same for everyone that day.

>>> shuffled(STANDARD_DECK, 1, 0)[:4] == shuffled(STANDARD_DECK, 1, 0)[:4]
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator, Sequence
from typing import Final

from spades.cards import STANDARD_DECK, Card

MAX_DEAL: Final = 999_999_999
"""New games pick their number in ``0 … MAX_DEAL``; any non-negative int is valid."""


def _words(deal: int, hand: int, label: str) -> Iterator[int]:
    i = 0
    while True:
        digest = hashlib.sha256(f"spades/deal/v1/{deal}/{hand}/{label}/{i}".encode()).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        i += 1


def shuffled(cards: Sequence[Card], deal: int, hand: int, label: str = "shuffle") -> list[Card]:
    """``cards`` shuffled by the documented derivation for deal ``deal``, hand ``hand``."""
    if deal < 0 or hand < 0:
        raise ValueError("deal numbers and hand indices are non-negative")
    out = list(cards)
    words = _words(deal, hand, label)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = 2**32 - 2**32 % n
        u = next(words)
        while u >= limit:
            u = next(words)
        j = u % n
        out[i], out[j] = out[j], out[i]
    return out


def daily_deal_number(date: dt.date) -> int:
    """The deal number of the daily deal for ``date`` (R26)."""
    digest = hashlib.sha256(f"spades/daily/v1/{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000_000


def today_deal_number() -> int:
    """The daily deal number for today's date (UTC, so it is the same everywhere)."""
    return daily_deal_number(dt.datetime.now(dt.UTC).date())


__all__ = ["MAX_DEAL", "STANDARD_DECK", "daily_deal_number", "shuffled", "today_deal_number"]
