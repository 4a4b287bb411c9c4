"""The dense action space and the observation layout shared by every research interface.

One action space serves every preset, so a network trained on one table can be loaded
on another: the 54 card indices of :mod:`spades.cards` come first (a card is its own
action, whether it is played or given back in a Double Nil exchange), then the bids,
then the yes/no questions of Blind Nil, the two-player draw and the end of an exchange.
A multi-card exchange is a sequence of single-card actions closed by ``EXCHANGE_DONE``
(or by reaching the limit), which keeps the space small.

The observation is a flat ``float32`` vector whose blocks are listed by :class:`Layout`.
Seats are *relative to the observer*: 0 is the observer, 1 the next seat to play after
it (its left), 2 the one after (the partner at four), 3 its right. Sides are relative
too: 0 is the observer's side.

>>> action_name(bid_action(0)), action_name(BLIND), action_name(12)
('bid nil', 'blind nil', 'play AC')
>>> Layout(4, 2).size
749
"""

from __future__ import annotations

from typing import Final

from spades.cards import card_name

HAND_SIZE: Final = 13
CARD_SLOTS: Final = 54
"""Card actions 0–53: the card of that index (jokers 52 and 53)."""

BID_BASE: Final = 54
"""Bid ``n`` (0 is Nil) is action ``BID_BASE + n``."""

BLIND: Final = BID_BASE + HAND_SIZE + 1
"""Declare Blind Nil (Double Nil at two players) before looking (R10, R25)."""

LOOK: Final = BLIND + 1
"""Look at the cards instead of declaring Blind Nil."""

KEEP: Final = LOOK + 1
"""Two-player draw: keep the top card (R22)."""

DISCARD: Final = KEEP + 1
"""Two-player draw: discard the top card and take the next."""

EXCHANGE_DONE: Final = DISCARD + 1
"""Double Nil exchange: give back no more cards (R25)."""

NUM_ACTIONS: Final = EXCHANGE_DONE + 1

CARD_BITS: Final = (1 << CARD_SLOTS) - 1
BID_BITS: Final = ((1 << (HAND_SIZE + 1)) - 1) << BID_BASE
BLIND_BITS: Final = (1 << BLIND) | (1 << LOOK)
DRAW_BITS: Final = (1 << KEEP) | (1 << DISCARD)

PHASES: Final = ("blind", "draw", "exchange", "bid", "play", "over")
"""Phase names in the order of the observation's phase block."""


def bid_action(tricks: int) -> int:
    """The action of a bid of ``tricks`` (0 is Nil)."""
    return BID_BASE + tricks


def action_name(action: int) -> str:
    """A short text for an action index (the phase decides what a card action means)."""
    if 0 <= action < CARD_SLOTS:
        return f"play {card_name(action)}"
    if BID_BASE <= action < BLIND:
        n = action - BID_BASE
        return "bid nil" if n == 0 else f"bid {n}"
    names = {BLIND: "blind nil", LOOK: "look", KEEP: "keep", DISCARD: "discard",
             EXCHANGE_DONE: "exchange done"}
    if action in names:
        return names[action]
    raise ValueError(f"not an action: {action} (0 to {NUM_ACTIONS - 1})")


_BLOCKS: Final = (
    ("hand", "the observer's cards (all zero while they are hidden, R10)"),
    ("played", "players × 54: the cards each relative seat played this hand"),
    ("trick", "players × 54: the cards of the trick in progress, by who played them"),
    ("voids", "players × 4: a relative seat has shown it holds no card of a suit (C D H S)"),
    ("bids", "players × 14: one-hot bid of each relative seat, Nil first (zero: not yet)"),
    ("blind", "players: the relative seat declared Blind Nil this hand"),
    ("tricks", "players: tricks taken this hand by each relative seat, divided by 13"),
    ("broken", "1: spades have been broken this hand (R13)"),
    ("phase", "6: one-hot phase, in the order of PHASES"),
    ("to_act", "players: one-hot relative seat to act (zero when the episode is over)"),
    ("dealer", "players: one-hot relative seat of the dealer (two players: first to draw)"),
    ("scores", "sides: each relative side's running score divided by the target"),
    ("bags", "sides: each relative side's bag count divided by the bag limit (or by 10)"),
    ("hidden", "1: the observer's cards are hidden (deciding on Blind Nil, or bidding blind)"),
    ("top", "54: the stock's top card, while the observer is offered it (two players)"),
    ("seen_discards", "54: the top cards the observer saw and discarded (two players)"),
    ("draws", "1: draw choices made this hand, divided by 26 (two players)"),
    ("picked", "54: the cards the observer has chosen so far to give back in an exchange"),
)
"""Each block of the observation, in order, with its meaning."""


class Layout:
    """Offsets of the observation's blocks for ``players`` seats and ``sides`` sides.

    Each block name in :data:`_BLOCKS` is an attribute holding the block's first index
    (plain ints, read on the hot path). Every block holds only what the observer may know
    (its own hand, the public table, the top card it is offered, the discards it saw):
    the observation is a view.
    """

    __slots__ = (
        "bags",
        "bids",
        "blind",
        "broken",
        "dealer",
        "draws",
        "hand",
        "hidden",
        "phase",
        "picked",
        "played",
        "players",
        "scores",
        "seen_discards",
        "sides",
        "size",
        "to_act",
        "top",
        "trick",
        "tricks",
        "voids",
    )

    def __init__(self, players: int, sides: int) -> None:
        self.players = players
        self.sides = sides
        self.hand = 0
        self.played = self.hand + CARD_SLOTS
        self.trick = self.played + players * CARD_SLOTS
        self.voids = self.trick + players * CARD_SLOTS
        self.bids = self.voids + players * 4
        self.blind = self.bids + players * (HAND_SIZE + 1)
        self.tricks = self.blind + players
        self.broken = self.tricks + players
        self.phase = self.broken + 1
        self.to_act = self.phase + len(PHASES)
        self.dealer = self.to_act + players
        self.scores = self.dealer + players
        self.bags = self.scores + sides
        self.hidden = self.bags + sides
        self.top = self.hidden + 1
        self.seen_discards = self.top + CARD_SLOTS
        self.draws = self.seen_discards + CARD_SLOTS
        self.picked = self.draws + 1
        self.size = self.picked + CARD_SLOTS

    def blocks(self) -> list[tuple[str, int, int, str]]:
        """Each block as ``(name, start, length, meaning)``, in order (docs, debugging)."""
        starts = [getattr(self, name) for name, _ in _BLOCKS] + [self.size]
        return [(name, starts[i], starts[i + 1] - starts[i], meaning)
                for i, (name, meaning) in enumerate(_BLOCKS)]
