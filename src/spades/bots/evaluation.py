"""What a finished hand is worth to a seat, and a fast greedy policy to finish hands.

The search plays each candidate out to the end of the hand many times; this module
supplies the two hot pieces: :func:`rollout` (every seat plays a cheap version of the
basic rules: win tricks while the contract needs them, duck afterwards, Nil bidders
play under) and :class:`Scorer` (the hand's score for every side, bags priced at their
long-run cost, and the game's result when the hand ends it).
"""

from __future__ import annotations

from random import Random

from spades.cards import NON_SPADE_MASK, RANK_OF, SPADES, SUIT_MASK, SUIT_OF
from spades.playout import Playout
from spades.rules import Rules

WIN_BONUS = 400.0
"""Value of winning the game when the hand ends it (ends close games the right way)."""

_SUIT_MASK = SUIT_MASK
_SUIT_OF = SUIT_OF
_RANK_OF = RANK_OF
_LOW_BITS = [(1 << (c + 1)) - 1 for c in range(54)]


class Scorer:
    """Scores tricks per position for every side, from one seat's point of view."""

    __slots__ = (
        "bag_cost",
        "bids",
        "blind",
        "me",
        "prior",
        "prior_bags",
        "rules",
        "side_of",
        "sides",
    )

    def __init__(self, rules: Rules, bids: list[int], blind: list[bool], me: int,
                 scores: dict[str, int], bag_counts: dict[str, int]) -> None:
        self.rules = rules
        seats = rules.seats
        self.sides = list(rules.sides)
        self.side_of = [self.sides.index(rules.side_of(s)) for s in seats]
        self.bids = bids
        self.blind = blind
        self.me = me
        self.prior = [scores[s] for s in self.sides]
        self.prior_bags = [bag_counts[s] for s in self.sides]
        self.bag_cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0

    def utility(self, tricks: list[int]) -> float:
        """Our side's value minus the others' (their mean), with the game's end priced."""
        rules = self.rules
        nsides = len(self.sides)
        counted = [0] * nsides
        contract = [0] * nsides
        extra = [0.0] * nsides
        bags = [0] * nsides
        for pos, bid in enumerate(self.bids):
            side = self.side_of[pos]
            taken = tricks[pos]
            if bid == 0:
                value = rules.blind_nil_value if self.blind[pos] else rules.nil_value
                extra[side] += value if taken == 0 else -value
                if rules.nil_tricks == "bags":
                    extra[side] += taken
                    bags[side] += taken
                    continue
            else:
                contract[side] += bid
            counted[side] += taken
        values = [0.0] * nsides
        finals = [0] * nsides
        for side in range(nsides):
            c = contract[side]
            if counted[side] >= c:
                over = counted[side] - c
                points = 10 * c + over
                bags[side] += over
            else:
                points = -10 * c
            points += int(extra[side])
            penalty = 0
            if rules.bag_limit:
                total = self.prior_bags[side] + bags[side]
                penalty = (total // rules.bag_limit) * rules.bag_penalty
            finals[side] = self.prior[side] + points - penalty
            values[side] = points - self.bag_cost * bags[side]
        mine = self.side_of[self.me]
        others = [values[s] for s in range(nsides) if s != mine]
        result = values[mine] - sum(others) / len(others)
        top = max(finals)
        floor = rules.floor
        if top >= rules.target or (floor is not None and min(finals) <= floor):
            alive = [f if floor is None or f > floor else -10**9 for f in finals]
            best = max(alive)
            if alive[mine] == best and alive.count(best) == 1:
                result += WIN_BONUS
            elif alive[mine] != best:
                result -= WIN_BONUS
        return result


def rollout(p: Playout, bids: list[int], partner: list[int], side_of: list[int],
            rng: Random, noise: float = 0.0) -> list[int]:
    """Finish the hand with the greedy policy; returns tricks per position."""
    n = p.n
    hands = p.hands
    random = rng.random
    nsides = max(side_of) + 1
    contract = [0] * nsides
    for pos in range(n):
        contract[side_of[pos]] += bids[pos]
    tricks = p.tricks
    while hands[p.turn]:
        pos = p.turn
        legal = p.legal_mask()
        if legal & (legal - 1) == 0:
            p.play(legal.bit_length() - 1)
            continue
        if random() < noise:
            k = rng.randrange(legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            p.play((legal & -legal).bit_length() - 1)
            continue
        mate = partner[pos]
        side = side_of[pos]
        if bids[pos] == 0 and tricks[pos] == 0:
            mode = 0  # Nil: lose every trick
        elif mate >= 0 and bids[mate] == 0 and tricks[mate] == 0:
            mode = 2  # cover the partner's Nil: win
        else:
            taken = tricks[pos] + (tricks[mate] if mate >= 0 else 0)
            mode = 1 if taken < contract[side] else 0
            if mode == 0:
                # Contract made: keep taking tricks while an opponent can still be set.
                left = 13 - p.done
                for other in range(nsides):
                    if other != side and contract[other]:
                        need = contract[other] - side_tricks(tricks, side_of, other)
                        if need > 0 and left - need < 2:
                            mode = 1
        p.play(_choose(p, legal, mode, mate, side_of))
    return tricks


def side_tricks(tricks: list[int], side_of: list[int], side: int) -> int:
    """Tricks taken so far by the positions of ``side``."""
    return sum(t for pos, t in enumerate(tricks) if side_of[pos] == side)


def _lowest_rank(mask: int) -> int:
    """Lowest-ranked card of the mask, side suits before spades."""
    best = -1
    best_rank = 99
    for suit in (0, 1, 2):
        m = mask & _SUIT_MASK[suit]
        if m:
            c = (m & -m).bit_length() - 1
            r = _RANK_OF[c]
            if r < best_rank:
                best, best_rank = c, r
    if best < 0:
        return (mask & -mask).bit_length() - 1
    return best


def _highest_rank(mask: int) -> int:
    """Highest-ranked side-suit card of the mask (spades only if nothing else)."""
    best = -1
    best_rank = -1
    for suit in (0, 1, 2):
        m = mask & _SUIT_MASK[suit]
        if m:
            c = m.bit_length() - 1
            r = _RANK_OF[c]
            if r > best_rank:
                best, best_rank = c, r
    if best < 0:
        return mask.bit_length() - 1
    return best


def _threatened(p: Playout, card: int, led: int, side_of: list[int], side: int) -> bool:
    """Whether an opponent still to play in this trick can beat ``card`` (all hands are
    known in a sampled deal, so the greedy policy plays like an open-handed player)."""
    n = p.n
    pos = p.turn
    left = n - len(p.trick) - 1
    spade_card = _SUIT_OF[card] == SPADES
    higher = ~_LOW_BITS[card]
    for j in range(1, left + 1):
        q = (pos + j) % n
        if side_of[q] == side:
            continue
        h = p.hands[q]
        suit_cards = h & _SUIT_MASK[led]
        if suit_cards:
            if (led == SPADES or not spade_card) and suit_cards & higher:
                return True
        else:
            spades = h & _SUIT_MASK[SPADES]
            if spades and (not spade_card or spades & higher):
                return True
    return False


def _choose(p: Playout, legal: int, mode: int, mate: int, side_of: list[int]) -> int:
    """The greedy card: mode 1 wants the trick, 2 covers a Nil partner, 0 ducks."""
    led = p.led
    side = side_of[p.turn]
    if led < 0:
        if mode == 0:
            return _lowest_rank(legal)
        for suit in (0, 1, 2, 3):
            m = legal & _SUIT_MASK[suit]
            if m:
                top = m.bit_length() - 1
                p.led = suit
                p.trick.append(top)
                safe = not _threatened(p, top, suit, side_of, side)
                p.trick.pop()
                p.led = -1
                if safe:
                    return top
        if mode == 2:
            return legal.bit_length() - 1
        return _lowest_rank(legal & NON_SPADE_MASK or legal)
    win = p.win_card
    following = legal & _SUIT_MASK[led]
    if following:
        beat = legal & ~_LOW_BITS[win] if _SUIT_OF[win] == led else 0
    else:
        spades = legal & _SUIT_MASK[SPADES]
        beat = spades & ~_LOW_BITS[win] if _SUIT_OF[win] == SPADES else spades
    low = (legal & -legal).bit_length() - 1 if following else _lowest_rank(legal)
    if mode == 0:
        under = legal & ~beat
        if under:
            return under.bit_length() - 1 if following else _highest_rank(under)
        last = len(p.trick) == p.n - 1
        return legal.bit_length() - 1 if last else (legal & -legal).bit_length() - 1
    if mode == 2 and mate >= 0:
        mate_played = (p.turn - mate) % p.n <= len(p.trick)
        if not mate_played:
            return beat.bit_length() - 1 if beat else legal.bit_length() - 1
        if p.win_pos == mate:
            return (beat & -beat).bit_length() - 1 if beat else low
    elif side_of[p.win_pos] == side and not _threatened(p, win, led, side_of, side):
        return low
    while beat:
        c = (beat & -beat).bit_length() - 1
        if not _threatened(p, c, led, side_of, side):
            return c
        beat &= beat - 1
    return low
