"""The search player: perfect-information Monte Carlo over deals the seat cannot rule out.

For each decision it samples possible deals consistent with its view, with the bids
made and, late in the hand, with the cards played, drawn by a Markov chain that weighs
each deal by how well it explains them (:func:`spades.bots.sampling.chain_deals`),
plays every candidate out to the end of the hand on each of them twice, once with the
greedy policy of :mod:`spades.bots.evaluation`, which lets every seat see the deal, and
once with every seat following the basic rules from its own seat
(:mod:`spades.bots.rules_play`), and values the card on that deal at the mean of the
two (in the last tricks it values each deal exactly with :mod:`spades.bots.endgame`).
It keeps the candidate with the best
average value (points, bags at their long-run cost, and the game's result when the hand
ends it). Bids are chosen the same way, each candidate played out as bid with the
seat's side playing the greedy policy and the others the rules from their seats
(:func:`spades.bots.rules_play.side_rollout`), over the bids near the basic player's
count plus Nil when the table lets computer players bid it. As options, the
cards are played out by one policy only (``mixed_playouts=False``: greedy;
``rules_playouts=True``: the rules, bids included), ``mixed_bids=True`` prices the
bids on both play-outs as well, and ``guessed_playouts=True`` / ``guessed_bids=True``
let every seat of the greedy play-out play from its own guess of the deal
(:mod:`spades.bots.guessed_play`), for the cards or the bids; ``side_playouts=True``
values the cards with the side play-out in place of the open-handed one, and
``side_bids=False`` prices the bids open-handed, as the previous release did.

The search is deterministic given the seed, the view and the budget: the random
generator is seeded from the seed and the position, and the budget
(:class:`~spades.bots.budget.Budget`) is a number of deals and play-outs, never a
clock; ``max_seconds`` is only a safety cap that the default budget never reaches,
and a decision it cuts short says so.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from random import Random
from typing import TYPE_CHECKING

from spades.actions import Bid, BlindChoice, Play
from spades.bots.base import Decision
from spades.bots.basic import (
    BasicPlayer,
    before_bidding_decision,
    blind_decision,
    may_go_blind,
    trailing_by,
)
from spades.bots.bidding import adjust_to_table, nil_fits, search_base, sure_tricks
from spades.bots.budget import SAFETY_SECONDS, Budget, TimeCap
from spades.bots.endgame import solve
from spades.bots.evaluation import Scorer, rollout
from spades.bots.guessed_play import GUESS_KEEP, guessed_rollout
from spades.bots.knowledge import Knowledge, knowledge_of, partner_of, seat_roles
from spades.bots.rules_play import RulesTable, rules_rollout, side_rollout, suit_bits
from spades.bots.sampling import chain_deals, sample_hands, view_deals
from spades.cards import SUIT_MASK, SUIT_OF, Mask, card_name, mask_of
from spades.game import Phase
from spades.playout import Playout, trick_winner
from spades.rules import Rules
from spades.views import SeatView

if TYPE_CHECKING:
    from spades.bots.playout_kernel import CardPlayouts

DEFAULT_WORLDS = 600
"""Deals sampled per card decision. Each card is played out twice on each (mixed
play-outs). Four times the 150 of earlier releases, which the compiled play-outs made
affordable: over 1,000 deals against ``basic`` they gained 1.7 points a hand with bags
charged over 150, and a decision still takes well under half a second at the median
(docs/bots.md: "Four times the deals for `strong`"; ``benchmarks/bot_decisions.py``).
Eight times (1,200) measured level with it on the same deals: more deals no longer
pay (docs/bots-history.md: "Eight times the deals for `strong`")."""
DEFAULT_BID_WORLDS = 1200
"""Deals sampled per bid: twice the card decision's, as at every budget."""
DEFAULT_PLAYOUTS = 2400
"""Card play-outs (each greedy and by the rules) per card decision at most: with many
different cards to compare, fewer deals are sampled (a count that bounds the time of a
decision on any machine)."""
DEFAULT_MAX_SECONDS = SAFETY_SECONDS
DEFAULT_CONFIDENCE = 1.0
"""Standard errors of the sample by which a card's mean gain over the rule's card must
stand out before the search prefers it (see :data:`MIN_GAIN`)."""
DEFAULT_BID_SPREAD = (0.2, 0.1)
"""Share of a bid's play-outs counted a trick down and a trick up for the side: real
play is less sure than a play-out. With the others playing from their seats in the
bid play-outs, 0.2 down measured ahead of the 0.3 that suited open-handed others
(docs/bots.md: "The bids' spread on side play-outs")."""
DEFAULT_ENDGAME = 3
"""Tricks left (the seat's cards in hand) from which each sampled deal is solved exactly
instead of played out: three take 0.24 ms a deal (median), four seven times as long
(``benchmarks/endgame_solver.py``)."""
BLIND_NOISE = 0.1
"""Share of random cards in the play-outs that price Blind Nil: the bidder has not seen
its cards, and at the table nobody plays as if every hand were open."""
BLIND_MARGIN = 20.0
BLIND_CONFIDENCE = 2.0
"""A Blind Nil must gain at least ``BLIND_MARGIN`` points on average over looking, and
two standard errors of the sample, before the search risks it: a failed one costs the
side 200 points and usually the game."""
NIL_SEARCH_BELOW = (2.0, 1.0)
"""Sure tricks below which the bid search weighs Nil for a hand that does not fit tip 4:
with a partner to cover it, and alone (cutthroat, two players). The play-outs, whose
opponents attack the Nil as at the table, decide whether it pays."""
MIN_GAIN = 2.0
"""Points a card must gain on average over the rule's card before the search prefers it."""
RULES_MIN_GAIN = 1.0
RULES_CONFIDENCE = 0.5
"""With rules play-outs the guard measured best at 1 point and half a standard error
(docs/bots-history.md: "Rules play-outs")."""

TRUSTED_RULES = frozenset({"trump_lowest", "win_lowest", "partner_winning", "no_overtrump"})
"""Rules whose card the search never trades for a card that wins the trick when the seat
plays last: the lowest winning card, and not taking the partner's trick. Play-outs in
which every seat sees the deal can make a higher card look better (kept low cards to
duck with later), which is the very habit players complain about in computer partners.
Letting the trick go is still searched: a trick the side does not need is a bag."""

NIL_RULES = frozenset({"cover_high", "cover_overtake"})
"""Covering a partner's Nil is never traded for points: in a play-out the Nil bidder
sees every card and slips under far more easily than at the table."""


class StrongPlayer:
    """Determinized search on top of the basic player's rules."""

    name = "strong"

    def __init__(self, seed: int = 0, rules: Rules | None = None, *,
                 worlds: int = DEFAULT_WORLDS, bid_worlds: int = DEFAULT_BID_WORLDS,
                 playouts: int = DEFAULT_PLAYOUTS,
                 max_seconds: float = DEFAULT_MAX_SECONDS,
                 confidence: float | None = None, min_gain: float | None = None,
                 bid_spread: tuple[float, float] = DEFAULT_BID_SPREAD,
                 endgame: int = DEFAULT_ENDGAME, infer_play: bool = True,
                 rules_playouts: bool = False, mixed_playouts: bool = True,
                 mixed_bids: bool = False, chain: bool = True,
                 guessed_playouts: bool = False, guess_keep: float = GUESS_KEEP,
                 guessed_bids: bool = False, side_playouts: bool = False,
                 side_bids: bool = True) -> None:
        self.seed = seed
        self.endgame = endgame
        self.bid_noise = 0.0
        self.bid_spread = bid_spread
        # Unless given, the guard is the one measured best with the chosen play-outs.
        if confidence is None:
            confidence = RULES_CONFIDENCE if rules_playouts else DEFAULT_CONFIDENCE
        if min_gain is None:
            min_gain = RULES_MIN_GAIN if rules_playouts else MIN_GAIN
        self.confidence = confidence
        self.min_gain = min_gain
        self.rules = rules
        self.budget = Budget(worlds, bid_worlds, playouts, max_seconds)
        self.infer_bids = True
        """Draw deals that agree with the bids made: a player who bid 5 holds about five
        tricks, so the play-outs see the hands the table has announced."""
        self.infer_play = infer_play
        """From eight cards in hand on, draw deals that also agree with the cards played
        this hand: a deal on which the others' cards are what the basic rules would have
        played from their seats is likelier (:func:`~spades.bots.sampling.play_likelihood`).
        With one of a few draws kept per deal it measured no clear gain; drawn by the
        chain (``chain``), the two together gained about 2.5 points a hand with bags
        charged against ``basic`` (docs/bots-history.md: "Deals drawn by a chain")."""
        self.chain = chain
        """Draw the deals by a Markov chain that weighs each deal by how well it explains
        the bids (and, with ``infer_play``, the play) instead of keeping one of a few
        draws (:func:`~spades.bots.sampling.chain_deals`): the deals then fit what the
        table said as closely as the weights ask, where a few draws only lean towards
        it. ``chain=False`` keeps one of four draws (of eight when reading the play),
        as the previous releases did."""
        self.rules_playouts = rules_playouts
        """Play the sampled deals out with every seat following the basic rules from its
        own seat (:mod:`spades.bots.rules_play`), rather than with the greedy policy
        that lets every seat see the deal, and play every candidate bid out as bid.
        Off by default: on deals no tuning used it measured level with the greedy
        play-outs against ``basic``, at about three times the time a decision
        (docs/bots-history.md: "Rules play-outs")."""
        self.mixed_playouts = mixed_playouts and not rules_playouts
        """Value each card on each sampled deal at the mean of two play-outs: the greedy
        one, in which every seat sees the deal, and the rules one, in which every seat
        plays from its own seat. The first is too sure of the side's contract and of
        its ducks (nobody at a table plays open-handed), the second plays as the
        rules do, which a good player beats; each corrects the other's bias. The
        bids keep the greedy play-outs. Measured against either alone in
        docs/bots-history.md ("Mixed play-outs")."""
        self.mixed_bids = mixed_bids and not rules_playouts
        """Price each candidate bid at the mean of the greedy play-outs and of a rules
        play-out of the hand as bid (see :meth:`bid_values`). Off by default: against
        ``basic`` it measured +2 raw points a hand and level with bags charged, for about
        eight times the time of a bid when the greedy play-outs priced every bid on one
        play-out (docs/bots-history.md: "Tried on top of the mixed play-outs")."""
        self.guessed_playouts = guessed_playouts and self.mixed_playouts
        """In the mixed play-outs, let every seat of the greedy play-out play from its
        own guess of the deal instead of the deal itself
        (:mod:`spades.bots.guessed_play`). Off by default: measured level with the
        open-handed play-out at the default budget (docs/bots-history.md: "Each seat playing
        from its own guess")."""
        self.guess_keep = guess_keep
        """The share of the unseen cards each seat's guess leaves with their true
        holder (:data:`~spades.bots.guessed_play.GUESS_KEEP`)."""
        self.guessed_bids = guessed_bids and not rules_playouts
        """Price each candidate bid on one guessed play-out of the hand as bid (the
        same guesses for every candidate), instead of the open-handed play-out with
        its tricks spread by a trick either way: the guesses are the risk the spread
        stands for."""
        self.side_playouts = side_playouts and self.mixed_playouts and \
            not self.guessed_playouts
        """In the mixed play-outs, let only the seat's side play the greedy policy with
        the deal open, and the others the basic rules from their own seats
        (:func:`~spades.bots.rules_play.side_rollout`): the open-handed others duck and
        set as no player at a table can. Off by default: measured level with the
        open-handed play-out (docs/bots.md: "The others playing from their seats")."""
        self.side_bids = side_bids and not rules_playouts and not self.guessed_bids
        """Price each candidate bid on a play-out in which only the seat's side plays
        the greedy policy with the deal open and the others the rules from their seats
        (its tricks spread as the open-handed play-out's are): the open-handed others
        duck once their contract is made as no player at a table can, so the tricks
        they would leave the side, or take as bags, were priced wrong. On by default
        since it measured ahead of the open-handed play-out (docs/bots.md: "The others
        playing from their seats"); ``side_bids=False`` prices the bids open-handed,
        as the previous release did."""
        self.solver_tricks = 0
        """Tricks left from which each deal is valued by the exact solver (the expert's
        second half of the hand); 0: never."""
        self.basic = BasicPlayer(seed, rules)
        # The play-outs' machine code is compiled (or loaded) when the table is set,
        # not at the first decision, whose safety clock would count the compile.
        from spades.bots.playout_kernel import warm_up  # numba: only searches load it
        warm_up()

    # -- hooks the oracle overrides ----------------------------------------------------

    def deals(self, view: SeatView, k: Knowledge, rng: Random,
              count: int) -> Iterable[list[Mask]]:
        """``count`` possible deals (hands per seat) for this view, drawn lazily so that
        the safety cap also bounds the sampling."""
        if not self.infer_bids:
            sizes = dict(view.hand_sizes)
            return (sample_hands(k, sizes, rng) for _ in range(count))
        if self.chain:
            return chain_deals(view, k, rng, count, read_play=self.infer_play)
        return view_deals(view, k, rng, count, read_play=self.infer_play)

    # -- deciding ----------------------------------------------------------------------

    def rng_for(self, view: SeatView) -> Random:
        """A generator seeded by the player's seed and the position (replays replay)."""
        key = f"{self.seed}|{view.deal}|{view.hand_index}|{view.version}|{view.seat}"
        return Random(zlib.crc32(key.encode()))

    def decide(self, view: SeatView) -> Decision:
        if view.phase is Phase.BLIND and may_go_blind(view) and trailing_by(view) > 0:
            return self.blind(view)
        early = before_bidding_decision(view)
        if early is not None:
            return early
        if view.phase is Phase.BID:
            return self.bid(view)
        return self.play(view)

    def play(self, view: SeatView) -> Decision:
        """The card with the best average value over the sampled deals."""
        hint = self.basic.decide(view)
        if len(view.legal) == 1 or hint.code in NIL_RULES:
            return hint
        assert view.seat is not None and isinstance(hint.action, Play)
        legal = [a.card for a in view.legal if isinstance(a, Play)]
        if hint.code in TRUSTED_RULES and _last_to_play(view):
            legal = _rule_or_losing(legal, hint.action.card, view)
            if len(legal) == 1:
                return hint
        k = knowledge_of(view)
        rng = self.rng_for(view)
        seats = view.rules.seats
        me = seats.index(view.seat)
        bids = [k.bids.get(s, 0) for s in seats]
        bid_of = dict(zip(seats, bids, strict=True))
        scorer = Scorer(view.rules, bids, [s in view.blind for s in seats], me,
                        view.scores, view.bag_counts)
        partner, side_of = seat_roles(view.rules)
        group = _equivalents(legal, k.unseen | trick_mask(view))
        cards = sorted(set(group.values()))
        if len(cards) == 1:
            return hint
        values: dict[int, list[float]] = {c: [] for c in cards}
        barred = [_barred(k, s) for s in seats] if self.guessed_playouts else []
        left = view.hand.bit_count()
        solved = left <= self.solver_tricks
        exact = solved or left <= self.endgame
        cap = TimeCap(self.budget.max_seconds)
        # The default play-outs, both of every card in one call a deal (none when exact).
        batched = (self.mixed_playouts and not exact and not self.guessed_playouts
                   and not self.side_playouts)
        batch = _card_playouts(view, k, cards, bids, partner, side_of) if batched else None
        if solved:
            planned = self.budget.solved
        else:
            planned = self.budget.deals if exact else self.budget.deals_for(len(cards))
        for hands in self.deals(view, k, rng, planned):
            if exact:
                row = _solved_row(view, hands, cards) if solved else \
                    solve(_position(view, hands), side_of, me, scorer.utility, cards)
                if row is None:
                    continue
                if solved and self.mixed_playouts:
                    # The solver is the open-handed half, exact; the rules the other.
                    base = _position(view, hands)
                    row = [(v + _rules_value(view, k, bid_of, base, c, scorer, rng)) / 2
                           for c, v in zip(cards, row, strict=True)]
                for card, value in zip(cards, row, strict=True):
                    values[card].append(value)
                if cap.expired():
                    break
                continue
            base = _position(view, hands)
            if batch is not None:
                # The default: each card's rules and greedy play-outs, in one call.
                played_out, chosen = batch.tricks(base)
                for card, (by_rules, greedy) in zip(cards, played_out, strict=True):
                    values[card].append((scorer.utility(by_rules) + scorer.utility(greedy)) / 2)
                _draw(rng, chosen)
                if cap.expired():
                    break
                continue
            # Every card's guessed play-out starts from the same guesses of the deal.
            guess_seed = rng.getrandbits(32) if self.guessed_playouts else 0
            for card in cards:
                # The card's worth on this deal: the mean of the play-outs in use.
                worths = []
                if self.rules_playouts or self.mixed_playouts:
                    worths.append(_rules_value(view, k, bid_of, base, card, scorer, rng))
                if self.guessed_playouts:
                    tricks = guessed_rollout(base.copy(), barred, bids, partner, side_of,
                                             Random(guess_seed), card, self.guess_keep)
                    worths.append(scorer.utility(tricks))
                elif self.side_playouts:
                    table = _table_after(view, k, bid_of, base, card)
                    worths.append(scorer.utility(
                        side_rollout(table, bids, side_of, side_of[me])))
                elif not self.rules_playouts:
                    p = base.copy()
                    p.play(card)
                    worths.append(scorer.utility(rollout(p, bids, partner, side_of, rng)))
                values[card].append(sum(worths) / len(worths))
            if cap.expired():
                break
        done = len(values[cards[0]])
        note = cap.note(done, planned)
        if not done:
            return _noted(hint, note)
        means = {c: sum(v) / done for c, v in values.items()}
        best = max(cards, key=lambda c: (means[c], -c))
        hinted = group[hint.action.card]
        gain = _clear_gain(values[best], values[hinted], self.confidence, self.min_gain)
        if best == hinted or gain is None:
            return _noted(hint, note)
        how = "solved exactly" if solved else \
            "played out the last tricks of" if exact else "looked ahead over"
        return Decision(Play(best), f"{how} {done} possible deals: "
                        f"{card_name(best)} scores best (+{gain:.0f} points on average)"
                        + note, "search_endgame" if exact else "search")

    def bid(self, view: SeatView) -> Decision:
        """The bid with the best average value, later bidders guessed by counting."""
        assert view.seat is not None
        hint = self.basic.decide(view)
        rules = view.rules
        seats = rules.seats
        known = dict(view.bids)
        base_bid = search_base(view.hand, rules,
                               hint.action.tricks if isinstance(hint.action, Bid) else 1)
        candidates = sorted({b for b in range(base_bid - 2, base_bid + 3) if 1 <= b <= 13})
        partner = partner_of(seats, view.seat, rules.partnerships)
        # Nil is searched for a hand that fits tip 4, or that counts fewer sure tricks
        # than two with a partner to cover it, one without.
        nil_ok = (rules.bots_bid_nil and (partner is None or known.get(partner) != 0)
                  and (nil_fits(view.hand, rules, partner is not None)
                       or sure_tricks(view.hand, rules) < NIL_SEARCH_BELOW[partner is None]))
        if nil_ok:
            candidates.insert(0, 0)
        totals, done, note = self.bid_values(view, candidates)
        best = max(candidates, key=lambda b: (totals[b], -abs(b - base_bid)))
        if isinstance(hint.action, Bid) and hint.action.tricks == best:
            return _noted(hint, note)
        if best == 0:
            return Decision(Bid(0), f"Nil scores best over {done} possible deals" + note,
                            "search_nil")
        return Decision(Bid(best), f"{best} scores best over {done} possible deals" + note,
                        "search_bid")

    def bid_values(self, view: SeatView,
                   candidates: list[int]) -> tuple[dict[int, float], int, str]:
        """Each candidate bid's total value over the sampled deals, the number of deals
        and the safety cap's note.

        On every deal the bids still to come are guessed by counting; a candidate is
        priced on a greedy play-out of the hand as bid, on a rules play-out of the
        hand as bid, or, with ``mixed_bids``, at the mean of the two.
        """
        assert view.seat is not None
        rules = view.rules
        k = knowledge_of(view)
        rng = self.rng_for(view)
        seats = rules.seats
        me = seats.index(view.seat)
        known = dict(view.bids)
        roles = seat_roles(rules)
        order = view.order
        leader = seats.index(order[0])
        blind = [s in view.blind for s in seats]
        totals = dict.fromkeys(candidates, 0.0)
        cap = TimeCap(self.budget.max_seconds)
        planned = self.budget.bid_deals
        done = 0
        scorers: dict[tuple[int, ...], Scorer] = {}
        # The default prices every candidate on a side play-out: one compiled call a deal.
        together = self.side_bids and not self.guessed_bids and not self.rules_playouts
        for hands in self.deals(view, k, rng, planned):
            guessed = _guess_bids(rules, hands, order, known, view.seat)
            # The same guesses of the deal for every candidate (common random numbers).
            guess_seed = rng.getrandbits(32) if self.guessed_bids else 0
            tables = [[guessed[s] if s != view.seat else b for s in seats] for b in candidates]
            sides = _side_playouts(rules, hands, leader, tables, roles, me) if together \
                else None
            for i, (b, bids) in enumerate(zip(candidates, tables, strict=True)):
                # Each candidate played out as bid: both play-outs play for the side's
                # contract and duck once it is made, so the tricks depend on the bid.
                # The guesses repeat across deals: each table of bids is scored once.
                scorer = scorers.get(key := tuple(bids))
                if scorer is None:
                    scorer = scorers[key] = Scorer(rules, bids, blind, me, view.scores,
                                                   view.bag_counts)
                worths: list[float] = []
                if self.guessed_bids:
                    tricks = guessed_rollout(Playout(hands, leader), [0] * len(seats),
                                             bids, roles[0], roles[1], Random(guess_seed),
                                             keep=self.guess_keep)
                    worths.append(scorer.utility(tricks))
                elif not self.rules_playouts:
                    if sides is not None:
                        tricks = sides[i]
                    elif self.side_bids:
                        tricks = side_rollout(_dealt(rules, hands, leader, bids), bids,
                                              roles[1], roles[1][me])
                    else:
                        tricks = rollout(Playout(hands, leader), bids, roles[0], roles[1],
                                         rng, self.bid_noise)
                    outcomes = [(1.0, tricks)] if b == 0 else \
                        _spread(tricks, me, roles, self.bid_spread, bids)
                    worths.append(sum(w * scorer.utility(t) for w, t in outcomes))
                if self.rules_playouts or self.mixed_bids:
                    # Each seat playing from its own seat.
                    worths.append(scorer.utility(rules_rollout(
                        _dealt(rules, hands, leader, bids), rng, self.bid_noise)))
                totals[b] += sum(worths) / len(worths)
            done += 1
            if cap.expired():
                break
        return totals, done, cap.note(done, planned)

    def blind(self, view: SeatView) -> Decision:
        """Blind Nil or look, by the average value of each over whole possible deals.

        Asked only of a side that trails. Nothing of the hand is known yet, so every
        deal is possible: on each, the seat either bids what its hand would count
        (looking) or Blind Nil with the partner covering, the others bidding by
        counting; play-outs with some random cards price both, and the game's result
        decides when the hand can end it (a Blind Nil that wins the game now against
        a race the side would likely lose).
        """
        rule = blind_decision(view)
        cap = TimeCap(self.budget.max_seconds)
        planned = self.budget.bid_deals
        values = self.blind_values(view, planned, cap)
        done = len(values[True])
        note = cap.note(done, planned)
        gain = _clear_gain(values[True], values[False], BLIND_CONFIDENCE, BLIND_MARGIN)
        if (gain is not None) == (rule.action == BlindChoice(True)):
            return _noted(rule, note)
        if gain is not None:
            return Decision(BlindChoice(True), f"Blind Nil scores best over {done} "
                            f"possible deals (+{gain:.0f} points on average)" + note,
                            "search_blind")
        return Decision(BlindChoice(False), f"looking first scores better over {done} "
                        "possible deals" + note, "search_look")

    def blind_values(self, view: SeatView, planned: int,
                     cap: TimeCap) -> dict[bool, list[float]]:
        """The value of looking (False) and of Blind Nil (True) on each of ``planned``
        whole possible deals, until the safety cap."""
        assert view.seat is not None
        rules = view.rules
        seats = rules.seats
        me = seats.index(view.seat)
        rng = self.rng_for(view)
        roles = seat_roles(rules)
        leader = seats.index(view.order[0])
        known = {s: 0 for s in view.blind}
        deck = list(rules.deck_cards)
        size = len(deck) // len(seats)
        values: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(planned):
            rng.shuffle(deck)
            hands = [mask_of(deck[i * size:(i + 1) * size]) for i in range(len(seats))]
            guessed = _guess_bids(rules, hands, view.order, known, view.seat)
            others = [b for s, b in guessed.items() if s != view.seat]
            look = adjust_to_table(sure_tricks(hands[me], rules) + PARTNER_BIAS, others,
                                   False)[0]
            for blind_nil in (False, True):
                bids = [guessed[s] for s in seats]
                bids[me] = 0 if blind_nil else look
                blind = [s in view.blind or (blind_nil and s == view.seat) for s in seats]
                tricks = rollout(Playout(hands, leader), bids, roles[0], roles[1], rng,
                                 BLIND_NOISE)
                scorer = Scorer(rules, bids, blind, me, view.scores, view.bag_counts)
                values[blind_nil].append(scorer.utility(tricks))
            if cap.expired():
                break
        return values


def _rules_value(view: SeatView, k: Knowledge, bids: dict[str, int], base: Playout,
                 card: int, scorer: Scorer, rng: Random) -> float:
    """The value of ``card`` played from ``base`` (a sampled deal) when every seat then
    plays the basic rules from its own seat (:mod:`spades.bots.rules_play`)."""
    return scorer.utility(rules_rollout(_table_after(view, k, bids, base, card), rng))


def _card_playouts(view: SeatView, k: Knowledge, cards: list[int], bids: list[int],
                   partner: list[int], side_of: list[int]) -> CardPlayouts:
    """The mixed play-outs of ``cards`` on the decision's sampled deals: the rules
    play-out of :func:`_rules_value` and the greedy one of
    :func:`~spades.bots.evaluation.rollout`, compiled together."""
    from spades.bots.playout_kernel import CardPlayouts  # numba: only searches load it
    voids = [suit_bits(k.voids.get(s, frozenset())) for s in view.rules.seats]
    return CardPlayouts(cards, bids, partner, side_of, voids, view.rules.deck_mask,
                        view.played_mask)


def _side_playouts(rules: Rules, hands: list[Mask], leader: int, tables: list[list[int]],
                   roles: tuple[list[int], list[int]], me: int) -> list[list[int]]:
    """The tricks of :func:`~spades.bots.rules_play.side_rollout` from the first lead
    of ``hands`` (the seat's side greedy, the others by the rules) for each table of
    bids in ``tables``, compiled in one call."""
    from spades.bots.playout_kernel import bid_playouts  # numba: only searches load it
    partner, side_of = roles
    return bid_playouts(hands, leader, tables, partner, side_of, rules.deck_mask,
                        1 << side_of[me])


def _draw(rng: Random, count: int) -> None:
    """Draw ``count`` numbers from ``rng``, as many as the card-by-card greedy play-outs
    would have drawn (one a card the policy chose): what the search draws next is then
    the same whichever way the play-outs ran. A number of ``random()`` takes two words
    of the Mersenne Twister, as 64 bits of ``getrandbits`` do: one call draws them all."""
    if count:
        rng.getrandbits(64 * count)


def _dealt(rules: Rules, hands: list[Mask], leader: int, bids: list[int]) -> RulesTable:
    """The rules table of a whole deal from its first lead, with these bids (by
    position): what a bid's play-out starts from."""
    return RulesTable(rules, Playout(hands, leader), dict(zip(rules.seats, bids, strict=True)),
                      {})


def _table_after(view: SeatView, k: Knowledge, bids: dict[str, int], base: Playout,
                 card: int) -> RulesTable:
    """The rules table of ``base`` (the view's position on a sampled deal, copied) with
    ``card`` played, each seat reading what the table has shown it."""
    table = RulesTable(view.rules, base.copy(), bids, k.voids,
                       before=view.played_mask, trick=view.trick)
    table.play(card)
    return table


def solved_values(view: SeatView, hands: list[Mask], cards: list[int]) -> list[float]:
    """Each card's exact value on a sampled deal (:mod:`spades.bots.solved`).

    Imported when a level first solves: the exact solver loads numba, which would cost
    every start of the program about half a second, and only ``expert`` solves.
    """
    from spades.bots.solved import solved_values as exact
    return exact(view, hands, cards)


def _solved_row(view: SeatView, hands: list[Mask], cards: list[int]) -> list[float] | None:
    """:func:`solved_values`, or None for a deal the solver refuses: the sampler's last
    resort ignores shown voids, and the solver refuses a deal where a card on the table
    broke one (the search skips that deal)."""
    from spades.solver import PositionError
    try:
        return solved_values(view, hands, cards)
    except PositionError:
        return None


def _barred(k: Knowledge, seat: str) -> Mask:
    """The cards ``seat`` has shown it cannot hold: the suits it failed to follow."""
    mask = 0
    for suit in k.voids.get(seat, ()):
        mask |= SUIT_MASK[suit]
    return mask


def _noted(decision: Decision, note: str) -> Decision:
    """The decision with the safety cap's note added to its reason (if it fired)."""
    if not note:
        return decision
    return Decision(decision.action, decision.reason + note, decision.code)


def _spread(tricks: list[int], me: int, roles: tuple[list[int], list[int]],
            spread: tuple[float, float], bids: list[int]) -> list[tuple[float, list[int]]]:
    """The play-out's tricks, and the same with one trick less or more for our side.

    Real play is less sure than a play-out where everyone sees the cards of the deal:
    spreading the result by a trick either way prices the risk of bidding to the edge.
    The trick moves between seats that bid a contract (``bids`` by position, 0 for
    Nil) wherever the play-out gave them one, so that it never makes a Nil and breaks
    one only where no opponent bid a contract (two players: the trick the side loses
    is the other's): a Nil bidder ducks, and a trick taken from a Nil partner caught
    once would make the Nil (two hundred points where the side merely took a trick
    less).
    """
    down, up = spread
    side_of = roles[1]

    def contracts_first(seats: list[int]) -> list[int]:
        return sorted(seats, key=lambda p: bids[p] == 0)

    def may_lose_one(p: int) -> bool:
        # A Nil bidder keeps its Nil broken: it has a trick to spare only beyond one.
        return tricks[p] > (1 if bids[p] == 0 else 0)

    ours = contracts_first([p for p in range(len(tricks)) if side_of[p] == side_of[me]])
    theirs = contracts_first([p for p in range(len(tricks)) if side_of[p] != side_of[me]])
    out = [(1.0 - down - up, tricks)]
    giver = next((p for p in ours if may_lose_one(p)), None)
    if down and giver is not None:
        fewer = tricks[:]
        fewer[giver] -= 1
        fewer[theirs[0]] += 1
        out.append((down, fewer))
    else:
        out[0] = (out[0][0] + down, tricks)
    taker = next((p for p in theirs if may_lose_one(p)), None)
    if up and taker is not None:
        more = tricks[:]
        more[taker] -= 1
        more[me] += 1
        out.append((up, more))
    else:
        out[0] = (out[0][0] + up, out[0][1])
    return out


def _equivalents(cards: list[int], unseen: Mask) -> dict[int, int]:
    """Each legal card mapped to the lowest card it is interchangeable with.

    Two cards of a suit with no card of ``unseen`` between them take exactly the same
    tricks, so the search plays out only one of them. ``unseen`` must include the cards
    of the trick in progress (:func:`trick_mask`): the nine on the table separates the
    eight from the ten, one loses the trick and the other wins it.
    """
    group: dict[int, int] = {}
    previous = -1
    for card in sorted(cards):
        between = unseen >> (previous + 1) & ((1 << max(0, card - previous - 1)) - 1)
        if previous >= 0 and SUIT_OF[card] == SUIT_OF[previous] and not between:
            group[card] = group[previous]
        else:
            group[card] = card
        previous = card
    return group


def _clear_gain(best: list[float], other: list[float], z: float,
                min_gain: float = MIN_GAIN) -> float | None:
    """The mean gain of ``best`` over ``other`` on the same deals, if it is clear.

    The search overrides the basic player's rule only when the gain stands out from
    the noise of the sample (``z`` standard errors): a handful of deals cannot tell
    small differences apart, and the rules encode knowledge the play-outs lack.
    """
    n = len(best)
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    if mean < min_gain:
        return None
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    if mean < z * math.sqrt(var / n):
        return None
    return mean


def trick_mask(view: SeatView) -> Mask:
    """The cards of the trick in progress."""
    return mask_of(card for _, card in view.trick)


def _rule_or_losing(legal: list[int], rule: int, view: SeatView) -> list[int]:
    """The rule's card and every legal card that would not win the trick (played last)."""
    trick = [card for _, card in view.trick]
    return [c for c in legal
            if c == rule or trick_winner([*trick, c]) != len(trick)]


def _last_to_play(view: SeatView) -> bool:
    """True when the seat completes the trick in progress."""
    return len(view.trick) == len(view.rules.seats) - 1


PARTNER_BIAS = 0.9
"""Tricks a hand takes beyond its count of sure tricks, on average (measured with the
search's own play-outs); a partner is expected to bid what it will take."""


def _guess_bids(rules: Rules, hands: list[Mask], order: tuple[str, ...],
                known: dict[str, int], me: str) -> dict[str, int]:
    """Bids made, and a guess for each player still to bid after us: the opponents'
    by counting sure tricks, the partner's by the tricks it should take."""
    seats = rules.seats
    partner = partner_of(seats, me, rules.partnerships)
    bids = dict(known)
    for s in order:
        if s in bids or s == me:
            continue
        hand = hands[seats.index(s)]
        estimate = sure_tricks(hand, rules)
        if s == partner:
            estimate += PARTNER_BIAS
        bids[s] = adjust_to_table(estimate, list(bids.values()), False)[0]
    bids.setdefault(me, 0)
    return bids


def _position(view: SeatView, hands: list[Mask]) -> Playout:
    """The play state of the view with the given hands (the trick so far replayed)."""
    seats = view.rules.seats
    hands = hands[:]
    for seat, card in view.trick:
        hands[seats.index(seat)] |= 1 << card
    leader = seats.index(view.trick[0][0]) if view.trick else seats.index(view.to_act or "N")
    p = Playout(hands, leader, broken=view.spades_broken)
    p.tricks = [view.tricks[s] for s in seats]
    p.done = len(view.trick_winners)
    for _, card in view.trick:
        p.play(card)
    return p
