"""The beginner: the rule-based player who makes a new player's mistakes on purpose.

A partner or opponent for someone learning the game should be beatable the way a
human beginner is, not by random blunders that no person makes. So the beginner plays
the basic rules, and now and then (about one decision in four) makes one of the
mistakes players commonly make while learning: counting queens and long suits as
tricks when bidding, playing high on a trick the partner already holds, trumping with
a high spade when a low one wins, leading out the top of the longest suit. Its reason
names the mistake, so a hint at this level teaches what not to do.

Like every player it is deterministic given its seed and the view.
"""

from __future__ import annotations

import zlib
from random import Random

from spades.actions import Bid, Play
from spades.bots.base import Decision
from spades.bots.basic import BasicPlayer
from spades.cards import SPADES, SUIT_MASK, SUIT_OF, Mask
from spades.game import Phase
from spades.rules import Rules
from spades.views import SeatView

MISTAKE_RATE = 0.25
"""Share of decisions (with a real choice) where the beginner errs."""


class BeginnerPlayer:
    """The basic rules, with a beginner's mistakes one decision in four."""

    name = "beginner"

    def __init__(self, seed: int = 0, rules: Rules | None = None,
                 mistake_rate: float = MISTAKE_RATE) -> None:
        self.seed = seed
        self.rules = rules
        self.mistake_rate = mistake_rate
        self.basic = BasicPlayer(seed, rules)

    def decide(self, view: SeatView) -> Decision:
        rule = self.basic.decide(view)
        if len(view.legal) < 2 or view.phase not in (Phase.BID, Phase.PLAY):
            return rule
        key = f"{self.seed}|{view.deal}|{view.hand_index}|{view.version}|{view.seat}"
        rng = Random(zlib.crc32(key.encode()))
        if rng.random() >= self.mistake_rate:
            return rule
        mistake = bid_mistake(view, rule, rng) if view.phase is Phase.BID \
            else play_mistake(view, rule)
        if mistake is None or mistake.action not in view.legal or \
                mistake.action == rule.action:
            return rule
        return mistake


def bid_mistake(view: SeatView, rule: Decision, rng: Random) -> Decision | None:
    """Overbidding by a trick (queens and long suits counted), or underbidding to be
    safe: the two ways beginners miss their contract or collect bags."""
    if not isinstance(rule.action, Bid) or rule.action.tricks == 0:
        return None
    bid = rule.action.tricks
    if rng.random() < 0.7:
        return Decision(Bid(min(13, bid + 1)), "counted queens and long suits as tricks",
                        "beginner_overbid")
    return Decision(Bid(max(1, bid - 1)), "bid one low to be safe", "beginner_underbid")


def play_mistake(view: SeatView, rule: Decision) -> Decision | None:
    """The card a learning player would play here instead of the rule's card."""
    assert view.seat is not None
    legal: Mask = 0
    for action in view.legal:
        if isinstance(action, Play):
            legal |= 1 << action.card
    if not view.trick:
        longest = max(range(4), key=lambda s: ((legal & SUIT_MASK[s]).bit_count(), s))
        card = (legal & SUIT_MASK[longest]).bit_length() - 1
        return Decision(Play(card), "led the top of the longest suit", "beginner_lead_high")
    led = SUIT_OF[view.trick[0][1]]
    following = legal & SUIT_MASK[led]
    if following:
        return Decision(Play(following.bit_length() - 1),
                        "played high to win the trick, even when not needed",
                        "beginner_play_high")
    spades = legal & SUIT_MASK[SPADES]
    if spades:
        return Decision(Play(spades.bit_length() - 1), "trumped with a high spade",
                        "beginner_trump_high")
    return None
