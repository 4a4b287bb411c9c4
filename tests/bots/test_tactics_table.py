"""The rules' reading of a trick: which legal cards would take the lead.

:meth:`spades.bots.tactics.Table.winners` answers for a whole mask at once, since the
rules ask it at every card of every rules play-out; it must say exactly what
:func:`spades.bots.tactics.beats` says card by card (R14: the suit led or a spade,
above the winning card; the jokers are the highest spades).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.knowledge import Knowledge
from spades.bots.tactics import Table, beats
from spades.cards import SUIT_OF, cards_of

SEATS = ("N", "E", "S", "W")


@st.composite
def tricks(draw: st.DrawFn) -> tuple[tuple[tuple[str, int], ...], int]:
    """A trick in progress (0 to 3 cards of a 54-card deck) and a legal mask."""
    cards = draw(st.lists(st.integers(0, 53), min_size=0, max_size=3, unique=True))
    legal = draw(st.integers(1, (1 << 54) - 1))
    for c in cards:
        legal &= ~(1 << c)
    return tuple((SEATS[i], c) for i, c in enumerate(cards)), legal or 1 << 53


@settings(max_examples=400, deadline=None)
@given(tricks())
def test_r14_winners_are_the_cards_that_beat_the_trick(
        case: tuple[tuple[tuple[str, int], ...], int]) -> None:
    trick, legal = case
    k = Knowledge(seat=SEATS[len(trick)], seats=SEATS, partner=SEATS[(len(trick) + 2) % 4],
                  hand=legal, played=0, unseen=0, voids={}, bids={}, tricks={}, remaining=13)
    t = Table(SEATS[len(trick)], legal, trick, k)
    led = SUIT_OF[trick[0][1]] if trick else -1
    expected = sum(1 << c for c in cards_of(legal) if beats(c, t.win_card, led))
    assert t.winners() == expected
    assert t.losers() == legal & ~expected
