"""What a finished hand is worth to a seat, and a fast greedy policy to finish hands.

The search plays each candidate out to the end of the hand many times; this module
supplies the two hot pieces: :func:`rollout` (every seat plays a cheap version of the
basic rules: win tricks while the contract needs them, duck afterwards, Nil bidders
play under, their partners cover them and their opponents set them) and
:class:`Scorer` (the hand's score for every side, bags priced at their long-run cost,
and the game's result when the hand ends it).
"""

from __future__ import annotations

from random import Random

from spades.cards import NON_SPADE_MASK, RANK_OF, SPADES, SUIT_MASK, SUIT_OF
from spades.playout import Playout
from spades.rules import Rules
from spades.scoring import game_result, long_run_points, score_hand

WIN_BONUS = 400.0
"""Value of winning the game when the hand ends it (ends close games the right way)."""

_SUIT_MASK = SUIT_MASK
_SUIT_OF = SUIT_OF
_RANK_OF = RANK_OF
_LOW_BITS = [(1 << (c + 1)) - 1 for c in range(54)]
GREEDY_ALL = -1
"""Every side's bit set: a play-out where every position plays the greedy policy."""


class Scorer:
    """Scores tricks per position for every side, from one seat's point of view.

    The points come from :func:`spades.scoring.score_hand` and the game's end from
    :func:`spades.scoring.game_result`, the very functions the game scores with, so
    the search can never value a hand differently from the scoresheet (Nil and Blind
    Nil, Nil tricks as bags, the bag penalty, the floor, any number of sides). A hand
    has few distinct outcomes, so each is scored once and remembered.
    """

    __slots__ = ("bids", "blind", "cache", "me", "mine", "prior",
                 "prior_bags", "rules", "seats")

    def __init__(self, rules: Rules, bids: list[int], blind: list[bool], me: int,
                 scores: dict[str, int], bag_counts: dict[str, int]) -> None:
        self.rules = rules
        self.seats = rules.seats
        self.bids = dict(zip(self.seats, bids, strict=True))
        self.blind = frozenset(s for s, b in zip(self.seats, blind, strict=True) if b)
        self.me = me
        self.mine = rules.side_of(self.seats[me])
        self.prior = {s: scores[s] for s in rules.sides}
        self.prior_bags = {s: bag_counts[s] for s in rules.sides}
        self.cache: dict[tuple[int, ...], float] = {}

    def utility(self, tricks: list[int]) -> float:
        """Our side's value minus the others' (their mean), with the game's end priced.

        A side's value is its points before any bag penalty, less every bag at its
        long-run cost; when the hand ends the game, winning adds ``WIN_BONUS`` and
        losing takes it away.
        """
        key = tuple(tricks)
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = self._value(key)
        return value

    def _value(self, tricks: tuple[int, ...]) -> float:
        result = score_hand(self.rules, self.bids, self.blind,
                            dict(zip(self.seats, tricks, strict=True)), self.prior,
                            self.prior_bags)
        values = {side: long_run_points(self.rules, s) for side, s in result.items()}
        others = [v for side, v in values.items() if side != self.mine]
        value = values[self.mine] - sum(others) / len(others)
        over, winner = game_result(self.rules, {side: s.score for side, s in result.items()})
        if over:
            value += WIN_BONUS if winner == self.mine else -WIN_BONUS
        return value


def side_contracts(bids: list[int], side_of: list[int]) -> list[int]:
    """Each side's contract (its positions' bids added up), by side index: what the
    greedy policy plays for, whichever play-out asks it."""
    contract = [0] * (max(side_of) + 1)
    for pos, bid in enumerate(bids):
        contract[side_of[pos]] += bid
    return contract


def rollout(p: Playout, bids: list[int], partner: list[int], side_of: list[int],
            rng: Random, noise: float = 0.0, until: int = 13) -> list[int]:
    """Finish the hand with the greedy policy (or stop once ``until`` tricks are
    done); returns tricks per position.

    Without noise the play-out runs compiled (:func:`spades.bots.playout_kernel.play_out`,
    the same policy on ints). The card-by-card play-out draws a random number for each
    card it chooses, to decide whether to play it at random; the compiled one draws as
    many, so that what a search draws next from ``rng`` is the same either way."""
    if not noise:
        from spades.bots.playout_kernel import play_out  # numba: only searches load it
        chosen = play_out(p, bids, partner, side_of, GREEDY_ALL, until=until)
        random = rng.random
        for _ in range(chosen):
            random()
        return p.tricks
    hands = p.hands
    random = rng.random
    contract = side_contracts(bids, side_of)
    tricks = p.tricks
    while hands[p.turn] and p.done < until:
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
        p.play(greedy_card(p, legal, bids, partner, side_of, contract))
    return tricks


SET_NIL = 3
"""The greedy modes from ``SET_NIL`` on set an opponent's Nil: ``SET_NIL + q`` that of
position ``q`` (found once, then played to)."""


def greedy_mode(p: Playout, bids: list[int], partner: list[int], side_of: list[int],
                contract: list[int]) -> int:
    """What the greedy policy wants from the trick for the position to play: 1 to win
    it, 2 to cover the partner's Nil, ``SET_NIL + q`` to set the Nil of position ``q``
    (make the Nil bidder take the trick, as the basic rules do unless the contract
    needs more than half the tricks left), 0 to lose it (a Nil bidder, or a side whose
    contract is made and that cannot set anyone)."""
    pos = p.turn
    tricks = p.tricks
    mate = partner[pos]
    if bids[pos] == 0 and tricks[pos] == 0:
        return 0  # Nil: lose every trick
    if mate >= 0 and bids[mate] == 0 and tricks[mate] == 0:
        return 2  # cover the partner's Nil: win
    side = side_of[pos]
    taken = tricks[pos] + (tricks[mate] if mate >= 0 else 0)
    need = contract[side] - taken
    if 0 in bids and (mate < 0 or need <= (12 - p.done) // 2):
        nil = _nil_to_set(p, bids, side_of, side)
        if nil >= 0:
            return SET_NIL + nil  # set the opponent's Nil, unless the contract needs it
    if need > 0:
        return 1
    # Contract made: keep taking tricks while an opponent can still be set.
    left = 13 - p.done
    for other in range(len(contract)):
        if other != side and contract[other]:
            need = contract[other] - side_tricks(tricks, side_of, other)
            if need > 0 and left - need < 2:
                return 1
    return 0


def _nil_to_set(p: Playout, bids: list[int], side_of: list[int], side: int) -> int:
    """An opponent whose Nil is still alive and who can still be made to take the trick
    in progress (we lead it, it has still to play to it, or it is winning it), else -1."""
    n = p.n
    played = len(p.trick)
    for q in range(n):
        if side_of[q] == side or bids[q] != 0 or p.tricks[q] != 0:
            continue
        still_to_play = 0 < (q - p.turn) % n < n - played
        if played == 0 or still_to_play or p.win_pos == q:
            return q
    return -1


def greedy_card(p: Playout, legal: int, bids: list[int], partner: list[int],
                side_of: list[int], contract: list[int]) -> int:
    """The card the greedy policy plays, of the ``legal`` ones, for the position to play
    (``contract``: each side's bids added up)."""
    mode = greedy_mode(p, bids, partner, side_of, contract)
    if mode >= SET_NIL:
        return _set_nil_card(p, legal, mode - SET_NIL)
    return _choose(p, legal, mode, partner[p.turn], side_of)


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
    known in a sampled deal, so the greedy policy plays like an open-handed player).

    A lead is asked with ``p.led`` set and the trick still empty, so that every other
    seat counts as still to play."""
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


def _losing_lead(p: Playout, legal: int, side_of: list[int], side: int) -> int:
    """The ducking lead: the lowest-ranked card an opponent can beat, else the lowest.

    A side whose contract is made wants the others to take the tricks left: each is a
    bag for them instead of for us. Leading the lowest card is not enough when the
    others hold nothing above it in that suit (the trick comes back as our bag), so a
    suit where an opponent still to play can win the trick comes first.
    """
    best = -1
    best_rank = 99
    for suit in (0, 1, 2, 3):
        m = legal & _SUIT_MASK[suit]
        if not m:
            continue
        c = (m & -m).bit_length() - 1
        r = _RANK_OF[c] + (20 if suit == SPADES else 0)
        if r >= best_rank:
            continue
        p.led = suit
        beaten = _threatened(p, c, suit, side_of, side)
        p.led = -1
        if beaten:
            best, best_rank = c, r
    return best if best >= 0 else _lowest_rank(legal)


def _following_and_winners(p: Playout, legal: int, led: int) -> tuple[int, int]:
    """The legal cards of the suit led, and the legal cards that would win the trick
    as it stands (higher in the suit led, or a spade above any spade played)."""
    win = p.win_card
    following = legal & _SUIT_MASK[led]
    if following:
        return following, legal & ~_LOW_BITS[win] if _SUIT_OF[win] == led else 0
    spades = legal & _SUIT_MASK[SPADES]
    return following, spades & ~_LOW_BITS[win] if _SUIT_OF[win] == SPADES else spades


def _set_nil_card(p: Playout, legal: int, nil: int) -> int:
    """The card that sets the Nil of ``nil``: lead low in a suit it must follow with a
    higher card, stay under it when it wins the trick, play low when it is still to
    play (never trump the trick it would otherwise have to take)."""
    led = p.led
    if led < 0:
        theirs = p.hands[nil]
        best = -1
        best_rank = 99
        fallback = -1
        for suit in (0, 1, 2, 3):
            m = legal & _SUIT_MASK[suit]
            t = theirs & _SUIT_MASK[suit]
            if not m or not t:
                continue
            c = (m & -m).bit_length() - 1
            if fallback < 0 or _RANK_OF[c] < _RANK_OF[fallback]:
                fallback = c
            if c < (t & -t).bit_length() - 1 and _RANK_OF[c] < best_rank:
                best, best_rank = c, _RANK_OF[c]
        if best >= 0:
            return best
        return fallback if fallback >= 0 else _lowest_rank(legal)
    following, beat = _following_and_winners(p, legal, led)
    under = legal & ~beat
    if not under:
        return (legal & -legal).bit_length() - 1 if following else _lowest_rank(legal)
    if not following:
        return _highest_rank(under)
    if p.win_pos == nil:
        return under.bit_length() - 1
    return (under & -under).bit_length() - 1


def _choose(p: Playout, legal: int, mode: int, mate: int, side_of: list[int]) -> int:
    """The greedy card: mode 1 wants the trick, 2 covers a Nil partner, 0 ducks."""
    led = p.led
    side = side_of[p.turn]
    if led < 0:
        if mode == 0:
            return _losing_lead(p, legal, side_of, side)
        for suit in (0, 1, 2, 3):
            m = legal & _SUIT_MASK[suit]
            if m:
                top = m.bit_length() - 1
                p.led = suit
                safe = not _threatened(p, top, suit, side_of, side)
                p.led = -1
                if safe:
                    return top
        if mode == 2:
            return legal.bit_length() - 1
        return _lowest_rank(legal & NON_SPADE_MASK or legal)
    following, beat = _following_and_winners(p, legal, led)
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
    elif side_of[p.win_pos] == side and not _threatened(p, p.win_card, led, side_of, side):
        return low
    while beat:
        c = (beat & -beat).bit_length() - 1
        if not _threatened(p, c, led, side_of, side):
            return c
        beat &= beat - 1
    return low
