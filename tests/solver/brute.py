"""Plain minimax over every legal card, no pruning, no grouping, no table: the
reference the solver must agree with, and random endings to ask both about.

Every line of play is walked to its end; only the worth of a final count of tricks
(:func:`~spades.solver.outcome_value`, a function of the counts alone once the position
is fixed) is kept once computed, since thousands of lines end with the same counts."""

from __future__ import annotations

from random import Random

from spades.cards import SPADES, SUIT_OF, cards_of, mask_of
from spades.playout import Playout
from spades.rules import PRESETS, Rules
from spades.solver import Position, outcome_value


class Outcomes:
    """The worth to ``side`` of each final count of tricks of ``position``, each
    computed once with :func:`~spades.solver.outcome_value`."""

    def __init__(self, position: Position, side: str) -> None:
        self.context = position.context
        self.seats = position.rules.seats
        self.side = side
        self.known: dict[tuple[int, ...], float] = {}

    def value(self, tricks: list[int]) -> float:
        key = tuple(tricks)
        value = self.known.get(key)
        if value is None:
            counts = {s: tricks[i] for i, s in enumerate(self.seats)}
            value = self.known[key] = outcome_value(self.context, counts, self.side)
        return value


def minimax(p: Playout, position: Position, side: str,
            outcomes: Outcomes | None = None) -> float:
    """The value for ``side`` of the play-out state ``p`` of ``position``."""
    if outcomes is None:
        outcomes = Outcomes(position, side)
    if p.over:
        return outcomes.value(p.tricks)
    children = []
    for card in cards_of(p.legal_mask()):
        q = p.copy()
        q.play(card)
        children.append(minimax(q, position, side, outcomes))
    rules = position.rules
    mine = rules.side_of(rules.seats[p.turn]) == side
    return max(children) if mine else min(children)


def playout_of(position: Position) -> Playout:
    """The position as a play-out state (the trick so far played again)."""
    seats = position.rules.seats
    hands = [position.hands[s] for s in seats]
    for seat, card in position.trick:
        hands[seats.index(seat)] |= 1 << card
    p = Playout(hands, seats.index(position.leader), broken=position.broken)
    p.tricks = [position.tricks[s] for s in seats]
    for _, card in position.trick:
        p.play(card)
    p.broken = position.broken or any(SUIT_OF[c] == SPADES for _, c in position.trick)
    return p


def brute_cards(position: Position, seat: str) -> dict[int, float]:
    """Value of every legal card by plain minimax."""
    side = position.rules.side_of(seat)
    outcomes = Outcomes(position, side)
    base = playout_of(position)
    out = {}
    for card in cards_of(base.legal_mask()):
        q = base.copy()
        q.play(card)
        out[card] = minimax(q, position, side, outcomes)
    return out


def random_rules(rng: Random) -> Rules:
    """A preset, sometimes with a floor or another Nil-tricks rule."""
    rules = PRESETS[rng.choice(sorted(PRESETS))]
    if rng.random() < 0.3:
        rules = rules.replace(floor=-rng.choice([50, 100, 200]))
    if rng.random() < 0.2:
        rules = rules.replace(nil_tricks=rng.choice(["count", "bags"]))
    if rng.random() < 0.1:
        rules = rules.replace(bag_limit=rng.choice([0, 5]), bag_penalty=50)
    return rules


def random_ending(rng: Random, rules: Rules, tricks_left: int) -> Position:
    """A random deal of ``rules``, played at random until ``tricks_left`` tricks are
    left (sometimes part of a trick too), with random bids, scores and bags."""
    seats = rules.seats
    n = len(seats)
    deck = list(rules.deck_cards)
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 13:(i + 1) * 13]) for i in range(n)]
    p = Playout(hands, leader=rng.randrange(n))
    while p.done < 13 - tricks_left:
        p.play(rng.choice(cards_of(p.legal_mask())))
    trick = []
    leader = p.turn
    for _ in range(rng.randrange(n)):
        seat = seats[p.turn]
        card = rng.choice(cards_of(p.legal_mask()))
        trick.append((seat, card))
        p.play(card)
    bids = {s: (0 if rng.random() < 0.2 else rng.randint(1, 6)) for s in seats}
    blind = frozenset(s for s in seats if bids[s] == 0 and rules.blind_nil
                      and rng.random() < 0.5)
    near = rng.random() < 0.4
    scores = {side: (rules.target - rng.randint(0, 120) if near else rng.randint(-150, 300))
              for side in rules.sides}
    if rules.floor is not None and rng.random() < 0.3:
        scores[rng.choice(rules.sides)] = rules.floor + rng.randint(1, 90)
    bags = {side: rng.randint(0, max(0, rules.bag_limit - 1)) for side in rules.sides}
    return Position(
        rules=rules,
        hands={s: p.hands[i] for i, s in enumerate(seats)},
        leader=seats[leader],
        bids=bids,
        trick=tuple(trick),
        broken=p.broken,
        tricks={s: p.tricks[i] for i, s in enumerate(seats)},
        blind=blind,
        scores=scores,
        bag_counts=bags,
    )
