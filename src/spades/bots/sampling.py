"""Deals consistent with a seat's view, for the search player.

The search cannot see the other hands, so it plays many *possible* deals: each one
gives every other seat as many unseen cards as it holds, never a card of a suit it has
shown it lacks. Nil bidders are dealt high cards less often, since they announced a
hand without them (a light version of bid inference), and in the two-player draw the
other player more often, since they chose what to keep.
"""

from __future__ import annotations

from random import Random

from spades.bots.knowledge import Knowledge
from spades.cards import RANK_OF, SPADES, SUIT_OF, Mask, cards_of

OUT = -1
"""Pseudo-seat for the cards out of play (two-player draw)."""

_HIGH_RANK = 10

DRAW_KEEP_BIAS = 6.0
"""With cards out of play (the two-player draw), a high card is this many times more
likely to be in the other player's hand than a low one: drawing players keep the cards
that take tricks and throw the others away."""


def sample_hands(k: Knowledge, sizes: dict[str, int], rng: Random,
                 tries: int = 20) -> list[Mask]:
    """One possible deal: hands per seat in ``k.seats`` order, ours as it is.

    Voids are respected whenever possible; if a draw keeps failing (which only happens
    with many voids), the last try ignores them rather than give up.
    """
    others = [s for s in k.seats if s != k.seat]
    pool = cards_of(k.unseen)
    need = {s: sizes[s] for s in others}
    spare = len(pool) - sum(need.values())
    for attempt in range(tries):
        hands = _try_deal(k, pool, need, spare, rng, respect=attempt < tries - 1)
        if hands is not None:
            return [k.hand if s == k.seat else hands[s] for s in k.seats]
    raise AssertionError("a deal without constraints cannot fail")


def _try_deal(k: Knowledge, pool: list[int], need: dict[str, int], spare: int,
              rng: Random, respect: bool) -> dict[str, Mask] | None:
    cards = pool[:]
    rng.shuffle(cards)
    seats = list(need)
    voids = k.voids
    nils = {s for s in seats if k.bids.get(s) == 0}

    def options(card: int) -> int:
        suit = SUIT_OF[card]
        return sum(1 for s in seats if suit not in voids.get(s, ()))

    if respect:
        cards.sort(key=options)
    left = dict(need)
    hands = dict.fromkeys(seats, 0)
    out_left = spare
    for card in cards:
        suit = SUIT_OF[card]
        high = RANK_OF[card] >= _HIGH_RANK or (suit == SPADES and RANK_OF[card] >= 8)
        weights: list[float] = []
        choices: list[str | int] = []
        for s in seats:
            if left[s] and (not respect or suit not in voids.get(s, ())):
                w = float(left[s])
                if high and s in nils:
                    w *= 0.3
                elif high and out_left:
                    w *= DRAW_KEEP_BIAS
                weights.append(w)
                choices.append(s)
        if out_left:
            weights.append(float(out_left))
            choices.append(OUT)
        if not choices:
            return None
        pick = rng.choices(choices, weights)[0]
        if pick == OUT:
            out_left -= 1
        else:
            assert isinstance(pick, str)
            hands[pick] |= 1 << card
            left[pick] -= 1
    return hands
