"""A lean, checked whole-game state that keeps every seat's observation up to date in place.

The environments step thousands of times per second, and :class:`spades.game.Game`
rebuilds too much per action for that (action objects, events, views). :class:`Table`
plays the same game — Blind Nil questions, the two-player draw and exchange, bids,
tricks on :class:`~spades.playout.Playout`, scoring by :func:`~spades.scoring.score_side`
and the end of the game by :func:`~spades.scoring.game_result` — on dense action
indices (:mod:`spades.research.encoding`) and refuses every action the rules refuse,
with the engine's reasons. Property tests pin it to ``Game`` over every preset.

Each action writes the facts it reveals into the observation rows of the seats allowed
to know them (one row per seat, :class:`~spades.research.encoding.Layout`), so reading
an observation is never a rebuild: :meth:`Table.observed` hands out the row itself (and
a mask kept the same way), read-only; :meth:`Table.observation` a copy. Hidden
information has one door here too: a row is only ever written with facts its seat may
see.
"""

from __future__ import annotations

import copy
import functools
import operator
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from spades.cards import SPADES, SUIT_NAMES, SUIT_OF, Card, Mask, card_name, describe_card
from spades.dealing import DealSource, HandDeal
from spades.errors import IllegalActionError, SpadesError
from spades.playout import Playout
from spades.research.encoding import (
    BID_BASE,
    BID_BITS,
    BLIND,
    BLIND_BITS,
    CARD_SLOTS,
    DRAW_BITS,
    EXCHANGE_DONE,
    HAND_SIZE,
    KEEP,
    NUM_ACTIONS,
    PHASES,
    Layout,
    action_name,
)
from spades.rules import Rules, rules_from
from spades.scoring import game_result, score_side, side_members

BLIND_PHASE, DRAW_PHASE, EXCHANGE_PHASE, BID_PHASE, PLAY_PHASE, OVER_PHASE = range(6)

_VERBS = ("decide on Blind Nil", "draw", "exchange", "bid", "play")
_DONE_BIT = 1 << EXCHANGE_DONE
_CARD_BITS = tuple(1 << c for c in range(CARD_SLOTS))

Observation = npt.NDArray[np.float32]


def _writer(obs: Observation) -> Any:
    """A flat memoryview of the rows: an item written through it costs half numpy's."""
    return memoryview(obs.reshape(-1))  # type: ignore[arg-type]


def _byte_writer(obs: Observation) -> memoryview:
    """The rows' bytes: a whole block written in one slice assignment from the tables."""
    return memoryview(obs.reshape(-1)).cast("B")  # type: ignore[arg-type]


def _float_table(width: int) -> tuple[bytes, ...]:
    """For each ``width``-bit number, its bits as ``float32`` 0/1 values, as bytes."""
    numbers = np.arange(1 << width, dtype="<u2").view(np.uint8).reshape(-1, 2)
    bits = np.unpackbits(numbers, axis=1, bitorder="little")[:, :width]
    return tuple(row.tobytes() for row in bits.astype(np.float32))


_SUIT_FLOATS = _float_table(13)
_JOKER_FLOATS = _float_table(2)


CardCells = list[list[tuple[int, ...]]]


@functools.cache
def _card_cells(played_at: tuple[tuple[int, ...], ...], trick_at: tuple[tuple[int, ...], ...],
                ) -> tuple[CardCells, CardCells, CardCells]:
    """The cells a card of seat p sets, in every row, as flat indices: played; in the
    trick; and both (the card that ends a trick is never in it). Worked out once per
    table shape: indices the hot path reads without adding offsets."""
    played = [[tuple(at + c for at in seat) for c in range(CARD_SLOTS)] for seat in played_at]
    trick = [[tuple(at + c for at in seat) for c in range(CARD_SLOTS)] for seat in trick_at]
    both = [[p + t for p, t in zip(ps, ts, strict=True)] for ps, ts in zip(played, trick,
                                                                          strict=True)]
    return played, trick, both


def _views(obs: Observation) -> tuple[list[Observation], list[memoryview],
                                       list[dict[str, Any]]]:
    """Read-only views of each seat's row and of a mask of its own (what leaves the table
    cannot write back), the writers of the masks' bytes, and each seat's dict of both."""
    rows: list[Observation] = []
    writers: list[memoryview] = []
    views: list[dict[str, Any]] = []
    for row in obs:
        view = row.view()
        view.flags.writeable = False
        buffer = bytearray(NUM_ACTIONS)
        mask = np.frombuffer(buffer, dtype=np.int8)
        mask.flags.writeable = False
        rows.append(view)
        writers.append(memoryview(buffer))
        views.append({"observation": view, "action_mask": mask})
    return rows, writers, views


def _unpack(bits: int) -> npt.NDArray[np.int8]:
    raw = np.frombuffer(bits.to_bytes(10, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:NUM_ACTIONS].view(np.int8).copy()


_FIXED_MASKS = {bits: _unpack(bits) for bits in (BID_BITS, BLIND_BITS, DRAW_BITS)}


_SUIT_BYTES = tuple(bytes((i >> k) & 1 for k in range(13)) for i in range(1 << 13))
_JOKER_BYTES = tuple(bytes((i >> k) & 1 for k in range(2)) for i in range(4))
_NO_TAIL = bytes(NUM_ACTIONS - CARD_SLOTS)
_SUITS_TAIL = bytes(NUM_ACTIONS - 52)
_JOKERS_BIT = 1 << 52
_FIXED_BYTES = {bits: mask.tobytes() for bits, mask in _FIXED_MASKS.items()}
_FIXED_BYTES[0] = bytes(NUM_ACTIONS)


def mask_bytes(bits: int) -> bytes:
    """An action bitmask as :data:`NUM_ACTIONS` bytes, 1 on each action in it.

    Thirteen bytes at a time from tables: cheaper than writing items one by one, and
    a mask kept in place is refreshed with a single slice assignment.
    """
    if bits < _JOKERS_BIT:  # cards of the four suits: most masks
        return b"".join((_SUIT_BYTES[bits & 0x1FFF], _SUIT_BYTES[bits >> 13 & 0x1FFF],
                         _SUIT_BYTES[bits >> 26 & 0x1FFF], _SUIT_BYTES[bits >> 39],
                         _SUITS_TAIL))
    fixed = _FIXED_BYTES.get(bits)
    if fixed is not None:
        return fixed
    high = bits >> CARD_SLOTS
    tail = _NO_TAIL if not high else bytes((high >> k) & 1 for k in range(len(_NO_TAIL)))
    return b"".join((_SUIT_BYTES[bits & 0x1FFF], _SUIT_BYTES[bits >> 13 & 0x1FFF],
                     _SUIT_BYTES[bits >> 26 & 0x1FFF], _SUIT_BYTES[bits >> 39 & 0x1FFF],
                     _JOKER_BYTES[bits >> 52 & 3], tail))


def unpack_mask(bits: int) -> npt.NDArray[np.int8]:
    """An action bitmask as a new ``int8`` 0/1 array of length :data:`NUM_ACTIONS`."""
    fixed = _FIXED_MASKS.get(bits)
    if fixed is not None:
        return fixed.copy()
    return np.frombuffer(bytearray(mask_bytes(bits)), dtype=np.int8)


class Table:
    """A whole game (or one hand with ``single_hand``) on action indices.

    ``source`` gives each hand's cards, as for :class:`~spades.game.Game`. Seats are
    positions in ``rules.seats`` order (``N E S W``; ``N S`` at two players).
    """

    def __init__(self, rules: str | Rules, source: DealSource, *,
                 single_hand: bool = False, deal_on_request: bool = False) -> None:
        self.rules = rules_from(rules)
        r = self.rules
        self.source = source
        self.single_hand = single_hand
        self.deal_on_request = deal_on_request
        self.awaiting_deal = False
        """With ``deal_on_request``: a hand has ended and the next waits for
        :meth:`deal_next_hand` (OpenSpiel deals through chance nodes first)."""
        self.seats = r.seats
        n = self.n = len(self.seats)
        self.sides = r.sides
        self.side_of = [r.sides.index(r.side_of(s)) for s in self.seats]
        self._members = [side_members(r, side) for side in r.sides]
        ns = len(self.sides)
        self.layout = layout = Layout(n, ns)
        width = self.width = layout.size
        self.obs: Observation = np.zeros((n, width), dtype=np.float32)
        # Writes go through a memoryview: half the cost of numpy's item assignment.
        self._flat = _writer(self.obs)
        self._bytes = _byte_writer(self.obs)
        self.rel = [[(p - o) % n for p in range(n)] for o in range(n)]
        self.side_rel = [[(s - self.side_of[o]) % ns for s in range(ns)] for o in range(n)]
        base = [o * width for o in range(n)]
        # Flat offsets, per acting seat p, of p's blocks in every observer's row.
        self._played_at = [tuple(base[o] + layout.played + self.rel[o][p] * CARD_SLOTS
                                 for o in range(n)) for p in range(n)]
        self._trick_at = [tuple(base[o] + layout.trick + self.rel[o][p] * CARD_SLOTS
                                for o in range(n)) for p in range(n)]
        self._played_cells, self._trick_cells, self._played_trick_cells = _card_cells(
            tuple(self._played_at), tuple(self._trick_at))
        self._seat_at = [tuple(base[o] + self.rel[o][p] for o in range(n)) for p in range(n)]
        self._bid_at = [tuple(base[o] + layout.bids + self.rel[o][p] * (HAND_SIZE + 1)
                              for o in range(n)) for p in range(n)]
        self._void_at = [[tuple(base[o] + layout.voids + self.rel[o][p] * 4 + suit
                                for o in range(n)) for suit in range(4)] for p in range(n)]
        # The to_act block is written into a row when the row is read (:meth:`view`), not
        # into every row at every step: _to_act_at[o][p] is its flat index in observer
        # o's row for seat p to act (the last entry, read for -1, is -1: nobody acts),
        # and _to_act_shown[o] the index row o holds now.
        self._to_act_at = [[base[o] + layout.to_act + self.rel[o][p] for p in range(n)] + [-1]
                           for o in range(n)]
        self._to_act_shown = [-1] * n
        self._rows, self._mask_writers, self._views = _views(self.obs)
        self._mask_shown = [0] * self.n  # the action bits each seat's mask holds
        self._base = base
        # The hand in progress (set by each new hand).
        self.hand_index = 0
        self.dealer = 0
        self.order: list[int] = []
        self.deal = HandDeal(cards={})
        self.blind_queue: list[int] = []
        self.blind_asked = 0
        self.blind: list[int] = []
        self.bids: list[tuple[int, int]] = []
        self.plays: list[tuple[int, Card]] = []
        self.trick_winners: list[int] = []
        self.draw_letters: list[str] = []
        self.seen_discards: list[Mask] = []
        self.discards: list[Card] = []
        self.exchange_queue: list[int] = []
        self.exchange_pile: list[Card] = []
        self.exchanges: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
        self.picks: list[Card] = []
        self._picked_mask = 0
        self._exchange_limit = 0
        self.stock: list[Card] | None = None
        self.held: list[Mask] = []
        self.start_hands: list[Mask] = []
        self.playout = Playout([0] * n, 0)
        self.visible: list[bool] = []
        self.restart()

    def restart(self) -> None:
        """Start a new game on the same table (cheaper than building a new one)."""
        ns = len(self.sides)
        self.scores = [0] * ns
        self.bag_counts = [0] * ns
        self.hand_points: list[list[int]] = []
        """Each finished hand's points per side (the environments' rewards)."""
        self._finished: list[_FinishedHand] = []
        self.winner: str | None = None
        self.awaiting_deal = False
        self.phase = BID_PHASE
        self.to_act = -1
        self._new_hand(0, self.seats.index(self.rules.first_dealer))

    # -- reading ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True when the game (or the single hand) has ended."""
        return self.phase == OVER_PHASE

    def legal_bits(self) -> int:
        """The legal actions of the seat to act, as a bitmask over action indices."""
        phase = self.phase
        if phase == PLAY_PHASE:
            if self.awaiting_deal:
                return 0
            return self.playout.legal_mask()
        if phase == BID_PHASE:
            return BID_BITS
        if phase == BLIND_PHASE:
            return BLIND_BITS
        if phase == DRAW_PHASE:
            return DRAW_BITS
        if phase == EXCHANGE_PHASE:
            seat = self.exchange_queue[0]
            return (self.held[seat] & ~self._picked_mask) | _DONE_BIT
        return 0

    @property
    def exchange_limit(self) -> int:
        """How many cards the exchanging seat may give back (R25)."""
        return self._exchange_limit

    def legal_actions(self) -> list[int]:
        """The legal action indices of the seat to act, in increasing order."""
        bits = self.legal_bits()
        out: list[int] = []
        while bits:
            low = bits & -bits
            out.append(low.bit_length() - 1)
            bits ^= low
        return out

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation: a copy of its row (see :meth:`view`)."""
        return self.view(seat).copy()

    def view(self, seat: int) -> Observation:
        """``seat``'s observation row itself, read-only, with the seat to act written in.

        The same array every time, for the table's whole life, changed in place as the
        game moves on: an environment hands it out without a copy (its readers copy it
        to keep it). Only the seat to act, which every step changes, waits until the
        row is read to be written, and only into that row.
        """
        self._show_to_act(seat, self.to_act)
        return self._rows[seat]

    def _show_to_act(self, seat: int, to_act: int) -> None:
        """Write the seat to act into ``seat``'s row, if it moved since the row was read."""
        want = self._to_act_at[seat][to_act]
        shown = self._to_act_shown[seat]
        if want != shown:
            flat = self._flat
            if shown >= 0:
                flat[shown] = 0.0
            if want >= 0:
                flat[want] = 1.0
            self._to_act_shown[seat] = want

    def observed(self, seat: int) -> dict[str, Any]:
        """``seat``'s ``{"observation": row, "action_mask": mask}``, both kept in place.

        The row as :meth:`view` gives it, and an ``int8`` mask with ones on the seat's
        legal actions (all zeros when it is not to act): the same dict and arrays every
        time, read-only, brought up to date when read.
        """
        to_act = self.to_act
        self._show_to_act(seat, to_act)
        if seat != to_act:
            bits = 0
        elif self.phase == PLAY_PHASE:  # most steps: the cards it may play
            bits = self.playout.legal_mask()
        else:
            bits = self.legal_bits()
        if bits != self._mask_shown[seat]:
            self._mask_writers[seat][:] = mask_bytes(bits)
            self._mask_shown[seat] = bits
        return self._views[seat]

    def hand_of(self, seat: int) -> Mask:
        """The cards ``seat`` holds now (table-side: observations are what leaves)."""
        if self.phase == PLAY_PHASE:
            return self.playout.hands[seat]
        return self.held[seat]

    def why_not(self, action: object) -> IllegalActionError | None:
        """Why the seat to act may not take ``action`` now (R15), or None if it may."""
        try:
            a = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            return IllegalActionError(f"an action is an integer, not {action!r}", "not_action")
        if not 0 <= a < NUM_ACTIONS:
            return IllegalActionError(f"not an action: {a} (0 to {NUM_ACTIONS - 1})",
                                      "not_action")
        phase = self.phase
        if phase == OVER_PHASE:
            return IllegalActionError("the game is over", "game_over")
        if self.awaiting_deal:
            return IllegalActionError("the next hand has not been dealt", "not_dealt")
        if self.legal_bits() >> a & 1:
            return None
        verb = _VERBS[phase]
        if phase == PLAY_PHASE and a < CARD_SLOTS:
            p = self.playout
            if not p.hands[p.turn] >> a & 1:
                return IllegalActionError(f"you do not hold the {describe_card(a)}",
                                          "not_in_hand", card=card_name(a))
            if p.led >= 0:
                return IllegalActionError(f"you must follow {SUIT_NAMES[p.led]}",
                                          "must_follow", suit=SUIT_NAMES[p.led])
            return IllegalActionError("spades have not been broken", "spades_not_broken")
        if phase == EXCHANGE_PHASE and a < CARD_SLOTS:
            if self._picked_mask >> a & 1:
                return IllegalActionError("each card can be exchanged only once",
                                          "exchange_twice")
            return IllegalActionError(f"you do not hold the {describe_card(a)}",
                                      "not_in_hand", card=card_name(a))
        if a == BLIND:
            return IllegalActionError(
                "blind nil is not allowed now: it is declared before looking at the cards",
                "blind_not_allowed")
        return IllegalActionError(
            f"that is not possible now ({action_name(a)}): it is time to {verb}",
            "wrong_phase", phase=PHASES[phase])

    # -- acting -------------------------------------------------------------------------

    def apply(self, action: object) -> None:
        """Take ``action`` for the seat to act after checking it; a refusal changes nothing."""
        p = self.playout
        if not (type(action) is int and self.phase == PLAY_PHASE and action >= 0
                and self.to_act >= 0 and p.legal_mask() >> action & 1):
            self._apply_checked(action)
            return
        # Most actions: a legal card, played here rather than one call further down.
        card = action
        seat = p.turn
        led = p.led
        was_broken = p.broken
        trick = p.trick
        last = len(trick) == self.n - 1  # this card completes the trick
        # Playout.play's rules (R12-R14), written out on the same Playout: a call less
        # on every card. The property tests pin this table to the engine's Game.
        bit = 1 << card
        p.hands[seat] ^= bit
        p.played |= bit
        suit = SUIT_OF[card]
        if suit == SPADES:
            p.broken = True
        if led < 0:
            p.led = suit
            p.leader = seat
            p.win_card = card
            p.win_pos = seat
        elif (suit == led or suit == SPADES) and card > p.win_card:
            p.win_card = card
            p.win_pos = seat
        if last:
            winner = p.win_pos
            p.tricks[winner] += 1
            p.done += 1
            p.turn = winner
            p.led = -1
            p.trick = []
        else:
            trick.append(card)
            p.turn = (seat + 1) % self.n
        self.plays.append((seat, card))
        flat = self._flat
        flat[self._base[seat] + card] = 0.0
        # Played, and (unless it ends the trick, which is then cleared) in the trick.
        for at in (self._played_cells if last else self._played_trick_cells)[seat][card]:
            flat[at] = 1.0
        if suit != led:
            if led >= 0:
                for at in self._void_at[seat][led]:
                    flat[at] = 1.0
            elif suit == SPADES and not was_broken:
                for s in range(3):  # R13: one leads an unbroken spade only with no other
                    self._show_void(seat, s)
        if suit == SPADES and not was_broken:
            at = self.layout.broken
            for b in self._base:
                flat[b + at] = 1.0
        if not last:
            self.to_act = p.turn
            return
        self.trick_winners.append(winner)
        # The trick block holds the trick's earlier cards (the last was never written):
        # clearing just those cells is cheaper than clearing the block.
        trick_cells = self._trick_cells
        for s, c in self.plays[-self.n:-1]:
            for at in trick_cells[s][c]:
                flat[at] = 0.0
        lay = self.layout
        value = p.tricks[winner] / HAND_SIZE
        for at in self._seat_at[winner]:
            flat[at + lay.tricks] = value
        if p.done == HAND_SIZE:
            self._finish_hand()
        else:
            self._set_turn(winner)

    def _apply_checked(self, action: object) -> None:
        """:meth:`apply` for every action but a legal card given as an ``int``."""
        try:
            a = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            a = -1
        if a < 0 or a >= NUM_ACTIONS or not self.legal_bits() >> a & 1:
            error = self.why_not(action)
            assert error is not None
            raise error
        phase = self.phase
        if phase == PLAY_PHASE:
            self.apply(a)  # a legal card given as another integer type (numpy's)
        elif phase == BID_PHASE:
            self._bid(a - BID_BASE)
        elif phase == BLIND_PHASE:
            self._blind(a == BLIND)
        elif phase == DRAW_PHASE:
            self._draw(a == KEEP)
        elif a == EXCHANGE_DONE:
            self._finish_exchange()
        else:
            self._pick(a)

    def _show_void(self, seat: int, suit: int) -> None:
        flat = self._flat
        for at in self._void_at[seat][suit]:
            flat[at] = 1.0

    def _bid(self, tricks: int) -> None:
        seat = self.order[len(self.bids)]
        self._record_bid(seat, tricks)
        self._advance()

    def _record_bid(self, seat: int, tricks: int) -> None:
        self.bids.append((seat, tricks))
        flat = self._flat
        for at in self._bid_at[seat]:
            flat[at + tricks] = 1.0

    def _blind(self, blind: bool) -> None:
        seat = self.blind_queue[self.blind_asked]
        self.blind_asked += 1
        if blind:
            self.blind.append(seat)
            flat = self._flat
            for at in self._seat_at[seat]:
                flat[at + self.layout.blind] = 1.0
        if not blind or self.rules.draw:
            self._reveal(seat)
        self._advance()

    def _draw(self, keep: bool) -> None:
        seat = self._drawing_seat()
        k = len(self.draw_letters)
        stock = self.stock
        assert stock is not None
        top, second = stock[2 * k], stock[2 * k + 1]
        flat = self._flat
        b = self._base[seat]
        flat[b + self.layout.top + top] = 0.0
        if keep:
            got = top
            self.discards.append(second)
        else:
            got = second
            self.seen_discards[seat] |= 1 << top
            flat[b + self.layout.seen_discards + top] = 1.0
            self.discards.append(top)
        self.held[seat] |= 1 << got
        if self.visible[seat]:
            flat[b + got] = 1.0
        self.draw_letters.append("k" if keep else "d")
        value = len(self.draw_letters) / (2 * HAND_SIZE)
        for base in self._base:
            flat[base + self.layout.draws] = value
        self._advance()

    def _pick(self, card: Card) -> None:
        seat = self.exchange_queue[0]
        self.picks.append(card)
        self._picked_mask |= 1 << card
        self._flat[self._base[seat] + self.layout.picked + card] = 1.0
        if len(self.picks) >= self._exchange_limit:
            self._finish_exchange()
        else:
            self._set_turn(seat)

    def _finish_exchange(self) -> None:
        seat = self.exchange_queue.pop(0)
        gave = tuple(self.picks)
        got = tuple(self.exchange_pile[: len(gave)])
        del self.exchange_pile[: len(gave)]
        self.exchange_pile.extend(gave)
        self.held[seat] = (self.held[seat] & ~self._picked_mask) | sum(1 << c for c in got)
        self.exchanges[seat] = (gave, got)
        self.picks = []
        self._picked_mask = 0
        lay = self.layout
        self.obs[seat, lay.picked:lay.picked + CARD_SLOTS] = 0.0
        self._write_hand(seat)
        self._advance()

    # -- phases -------------------------------------------------------------------------

    def _drawing_seat(self) -> int:
        return self.dealer if len(self.draw_letters) % 2 == 0 else self.order[0]

    def _draw_done(self) -> bool:
        return self.stock is None or len(self.draw_letters) == 2 * HAND_SIZE

    def _advance(self) -> None:
        """Move past phases with nobody left to ask, as ``Game._advance`` does."""
        if self.phase == BLIND_PHASE and self.blind_asked == len(self.blind_queue):
            self._set_phase(DRAW_PHASE if not self._draw_done() else BID_PHASE)
        if self.phase == DRAW_PHASE and self._draw_done():
            self.exchange_queue = [s for s in self.order
                                   if s in self.blind and self.rules.exchange > 0]
            self.exchange_pile = self.deal.exchange_order(sorted(self.discards))
            self._exchange_limit = min(self.rules.exchange, len(self.exchange_pile))
            self._set_phase(EXCHANGE_PHASE if self.exchange_queue else BID_PHASE)
        if self.phase == EXCHANGE_PHASE and not self.exchange_queue:
            self._set_phase(BID_PHASE)
        if self.phase == BID_PHASE:
            while len(self.bids) < self.n and self.order[len(self.bids)] in self.blind:
                self._record_bid(self.order[len(self.bids)], 0)
            if len(self.bids) == self.n:
                self._set_phase(PLAY_PHASE)
                self.start_hands = list(self.held)
                self.playout = Playout(list(self.held), self.order[0])
                for seat in range(self.n):
                    if not self.visible[seat]:
                        self._reveal(seat)
        self._set_turn(self._seat_to_act())

    def _seat_to_act(self) -> int:
        phase = self.phase
        if phase == BLIND_PHASE:
            return self.blind_queue[self.blind_asked]
        if phase == DRAW_PHASE:
            return self._drawing_seat()
        if phase == EXCHANGE_PHASE:
            return self.exchange_queue[0]
        if phase == BID_PHASE:
            return self.order[len(self.bids)]
        if phase == PLAY_PHASE:
            return self.playout.turn
        return -1

    def _set_phase(self, phase: int) -> None:
        at = self.layout.phase
        flat = self._flat
        for b in self._base:
            flat[b + at + self.phase] = 0.0
            flat[b + at + phase] = 1.0
        self.phase = phase

    def _set_turn(self, seat: int) -> None:
        if self.to_act == seat:
            return
        flat = self._flat
        if self.phase == DRAW_PHASE and seat >= 0 and self.stock is not None:
            k = len(self.draw_letters)
            flat[self._base[seat] + self.layout.top + self.stock[2 * k]] = 1.0
        self.to_act = seat

    def _write_hand(self, seat: int) -> None:
        if not self.visible[seat]:
            return
        held = self.held[seat]
        at = 4 * (self._base[seat] + self.layout.hand)
        self._bytes[at:at + 4 * CARD_SLOTS] = b"".join((
            _SUIT_FLOATS[held & 0x1FFF], _SUIT_FLOATS[held >> 13 & 0x1FFF],
            _SUIT_FLOATS[held >> 26 & 0x1FFF], _SUIT_FLOATS[held >> 39 & 0x1FFF],
            _JOKER_FLOATS[held >> 52 & 3]))

    def _reveal(self, seat: int) -> None:
        self.visible[seat] = True
        self._flat[self._base[seat] + self.layout.hidden] = 0.0
        self._write_hand(seat)

    def may_bid_blind(self, seat: int) -> bool:
        """Whether ``seat``'s side may declare Blind Nil this hand (R10's trailing option)."""
        r = self.rules
        if not r.blind_nil:
            return False
        if r.blind_nil_deficit == 0:
            return True
        side = self.side_of[seat]
        others = [v for s, v in enumerate(self.scores) if s != side]
        return bool(others) and max(others) - self.scores[side] >= r.blind_nil_deficit

    def _new_hand(self, index: int, dealer: int, deal: HandDeal | None = None) -> None:
        n = self.n
        seats = self.seats
        self.hand_index = index
        self.dealer = dealer
        self.order = [(dealer + 1 + i) % n for i in range(n)]
        self.deal = deal or self.source(self.rules, index, seats[dealer])
        self.blind_queue = ([s for s in self.order if self.may_bid_blind(s)]
                            if self.rules.blind_nil else [])
        self.blind_asked = 0
        self.blind = []
        self.bids = []
        self.plays = []
        self.trick_winners = []
        self.draw_letters = []
        self.seen_discards = [0] * n
        self.discards = []
        self.exchange_queue = []
        self.exchange_pile = []
        self.exchanges = {}
        self.picks = []
        self._picked_mask = 0
        self._exchange_limit = 0
        self.stock = None
        if self.deal.cards is not None:
            self.held = [self.deal.cards.get(s, 0) for s in seats]
        elif self.deal.stock is not None:
            self.stock = list(self.deal.stock)
            self.held = [0] * n
        else:
            raise SpadesError("a deal needs cards or a stock")
        self.start_hands = list(self.held)
        self.playout = Playout(list(self.held), self.order[0])
        self.visible = [False] * n
        # A new hand: clear every row, then write what everyone knows at the start.
        self.obs.fill(0.0)
        self._to_act_shown = [-1] * n
        lay = self.layout
        flat = self._flat
        for o, b in enumerate(self._base):
            flat[b + lay.dealer + self.rel[o][dealer]] = 1.0
        if any(self.scores) or any(self.bag_counts):  # the rows were cleared to 0
            self._write_scores()
        self.to_act = -1
        queued = set(self.blind_queue)
        for seat in range(n):
            if seat in queued:
                flat[self._base[seat] + lay.hidden] = 1.0
            else:
                self._reveal(seat)
        first = BLIND_PHASE if self.blind_queue else BID_PHASE
        if first == BID_PHASE and not self._draw_done():
            first = DRAW_PHASE
        self.phase = first
        for b in self._base:
            flat[b + lay.phase + first] = 1.0
        self._advance()

    def _write_scores(self) -> None:
        """Each side's running score and bags, into every row (sides relative to it)."""
        lay = self.layout
        flat = self._flat
        scores = [v / self.rules.target for v in self.scores]
        bags = [v / (self.rules.bag_limit or 10) for v in self.bag_counts]
        for b, side_rel in zip(self._base, self.side_rel, strict=True):
            for s, rel in enumerate(side_rel):
                flat[b + lay.scores + rel] = scores[s]
                flat[b + lay.bags + rel] = bags[s]

    def _finish_hand(self) -> None:
        seats = self.seats
        rules = self.rules
        bids = {seats[s]: b for s, b in self.bids}
        tricks = dict(zip(seats, self.playout.tricks, strict=True))
        blind = frozenset(seats[s] for s in self.blind)
        names = self.sides
        # score_hand's work, side by side, with each side's members found once per table.
        result = [score_side(rules, bids, blind, tricks, members, score, bags)
                  for members, score, bags
                  in zip(self._members, self.scores, self.bag_counts, strict=True)]
        self.hand_points.append([side.points for side in result])
        self.scores = [side.score for side in result]
        self.bag_counts = [side.bag_count for side in result]
        self._finished.append(_FinishedHand(
            self.dealer, tuple(self.start_hands), tuple(self.blind), tuple(self.bids),
            tuple(self.plays),
            tuple(self.stock) if self.stock is not None else None,
            "".join(self.draw_letters), dict(self.exchanges)))
        over, winner = game_result(self.rules, dict(zip(names, self.scores, strict=True)))
        if over or self.single_hand:
            self.winner = winner if over else None
            self._set_phase(OVER_PHASE)
            self._set_turn(-1)
            self._write_scores()
            return
        if self.deal_on_request:
            self.awaiting_deal = True
            self._set_turn(-1)
            return
        self._new_hand(self.hand_index + 1, (self.dealer + 1) % self.n)

    def deal_next_hand(self, deal: HandDeal | None = None) -> None:
        """Start the next hand once its cards are known (with ``deal_on_request``).

        ``deal`` gives the hand's cards directly (OpenSpiel's chance nodes chose them);
        without it the table's source is asked, as usual.
        """
        if not self.awaiting_deal:
            raise SpadesError("no hand is waiting to be dealt")
        self.awaiting_deal = False
        self._new_hand(self.hand_index + 1, (self.dealer + 1) % self.n, deal)

    @property
    def next_dealer(self) -> int:
        """The dealer of the hand waiting to be dealt (the current one's left)."""
        return (self.dealer + 1) % self.n

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A deep copy whose flat view still writes into its own observation rows."""
        other = Table.__new__(Table)
        memo[id(self)] = other
        shared = _SHARED
        for key, value in self.__dict__.items():
            if key in shared:
                other.__dict__[key] = value
            elif key not in _VIEWS:
                other.__dict__[key] = copy.deepcopy(value, memo)
        other._flat = _writer(other.obs)
        other._bytes = _byte_writer(other.obs)
        other._rows, other._mask_writers, other._views = _views(other.obs)
        other._mask_shown = [0] * other.n
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the views of the rows (rebuilt on load)."""
        return {k: v for k, v in self.__dict__.items() if k not in _VIEWS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._flat = _writer(self.obs)
        self._bytes = _byte_writer(self.obs)
        self._rows, self._mask_writers, self._views = _views(self.obs)
        self._mask_shown = [0] * self.n  # the action bits each seat's mask holds

    def _record_hand(self, done: _FinishedHand) -> dict[str, Any]:
        """A finished hand as a ``spades-record/1`` hand (RECORD.md)."""
        seats = self.seats
        blind = [seats[s] for s in done.blind]
        hand: dict[str, Any] = {
            "dealer": seats[done.dealer],
            "cards": {seats[s]: " ".join(card_name(c) for c in _cards(done.cards[s]))
                      for s in range(self.n)},
            "blind": blind,
            "bids": [("blind nil" if seats[s] in blind else "nil") if b == 0 else b
                     for s, b in done.bids],
            "play": " ".join(card_name(c) for _, c in done.plays),
        }
        if done.stock is not None:
            hand["stock"] = " ".join(card_name(c) for c in done.stock)
            hand["draw"] = done.draw
            if done.exchanges:
                hand["exchange"] = {
                    seats[s]: {"gave": " ".join(map(card_name, g)),
                               "got": " ".join(map(card_name, t))}
                    for s, (g, t) in done.exchanges.items()
                }
        return hand

    def record(self) -> dict[str, Any]:
        """The finished hands as a ``spades-record/1`` record (``spades score`` reads it)."""
        return {"format": "spades-record/1", "rules": self.rules.to_json(),
                "hands": [self._record_hand(done) for done in self._finished]}


class _FinishedHand(NamedTuple):
    """What a record needs of a finished hand, kept raw until a record is asked for."""

    dealer: int
    cards: tuple[Mask, ...]
    blind: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    plays: tuple[tuple[int, Card], ...]
    stock: tuple[Card, ...] | None
    draw: str
    exchanges: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]]


_SHARED = frozenset({"rules", "source", "seats", "sides", "side_of", "layout", "rel",
                     "side_rel", "_members", "_played_at", "_trick_at", "_played_cells",
                     "_trick_cells", "_played_trick_cells",
                     "_seat_at", "_bid_at", "_void_at", "_to_act_at", "_base", "deal"})
_VIEWS = frozenset({"_flat", "_bytes", "_rows", "_mask_writers", "_views", "_mask_shown"})


def _cards(mask: Mask) -> list[Card]:
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
