"""How far a level's cards fall short of perfect play, by tricks left and by rule.

The first hand of each deal is played twice, the level in North–South against
``basic`` and then with the seats swapped (as the arena does). At every card decision
of the level's seats that has a choice, with at most ``--max-tricks`` cards in hand,
the exact solver values every legal card on the true deal, all hands open
(``spades.solver.solve_cards``: the game's scoring, bags at their long-run cost, the
game's end). The decision's **loss** is the best card's value less the value of the
card played, in points. The same is measured for the basic rule's card at the same
position, which is the card the search starts from.

A loss against open hands is not all avoidable: a seat that cannot see the cards must
sometimes guess. But the figures show where card play gives points away (early or
late in the hand, on leads or on follows, when the search overrides the rule or keeps
it), so a change to the search can be checked for where it helps. Figures depend only
on the level, its budget and the deals: the solver is exact and the players are
reproducible.

Where the level overrides the rule, a last table sorts the overrides by kind: the
rule they leave, whether the level's card is higher or lower than the rule's in the
same suit or of another suit, and whether each wins the trick as it stands (a lead:
"lead"), with the points the level's card gains over the rule's a decision. The
open-handed measure shares the play-outs' optimism (perfect play makes contracts real
play does not), so it ranks overrides that trade a trick for a bag too kindly.

The last line is ``LEVEL mean loss per decision: N`` for the first level given.

usage: python benchmarks/play_loss.py [--levels strong,basic] [--deals N] [--seed S]
       [--max-tricks T] [--budget DEALS]
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass

from spades.actions import Play
from spades.bots import make_player
from spades.bots.basic import BasicPlayer
from spades.cards import RANK_OF, SUIT_OF, Card
from spades.game import Game, Phase
from spades.playout import trick_winner
from spades.solver import Position, solve_cards
from spades.views import seat_view


@dataclass(frozen=True, slots=True)
class Loss:
    """One decision: cards in hand, the basic rule that applies, the points lost by
    the card played and by the rule's card, and how the level's card differs from the
    rule's (:func:`override_kind`; empty when the level kept the rule's card)."""

    left: int
    rule: str
    loss: float
    rule_loss: float
    kind: str

    @property
    def overridden(self) -> bool:
        """Whether the level played another card than the rule's."""
        return bool(self.kind)


def override_kind(card: Card, rule: Card, trick: list[Card]) -> str:
    """How ``card`` differs from the rule's card ``rule`` with ``trick`` on the table:
    higher or lower in the same suit, or another suit; then whether each would win the
    trick as it stands (``lead`` when leading). Empty when they are the same card."""
    if card == rule:
        return ""
    if SUIT_OF[card] != SUIT_OF[rule]:
        shape = "other suit"
    else:
        shape = "higher" if RANK_OF[card] > RANK_OF[rule] else "lower"
    if not trick:
        return f"{shape}, lead"

    def wins(c: Card) -> str:
        return "wins" if trick_winner([*trick, c]) == len(trick) else "loses"

    return f"{shape}, {wins(card)} (rule {wins(rule)})"


def measure(level: str, deals: int, first: int, max_tricks: int,
            budget: int | None = None) -> list[Loss]:
    """The loss of every card decision of ``level`` on deals ``first`` onwards."""
    rows: list[Loss] = []
    for deal in range(first, first + deals):
        for ours in (("N", "S"), ("E", "W")):
            game = Game("classic", deal=deal)
            rules = game.rules
            players = {s: make_player(level if s in ours else "basic", deal, rules,
                                      budget=budget) for s in rules.seats}
            rule_of = BasicPlayer(deal, rules)
            while not game.results:
                seat = game.to_act
                assert seat is not None
                view = seat_view(game, seat)
                decision = players[seat].decide(view)
                if (game.phase is Phase.PLAY and seat in ours and len(view.legal) > 1
                        and view.hand.bit_count() <= max_tricks):
                    values = solve_cards(Position.from_game(game), seat)
                    top = max(values.values())
                    rule = rule_of.decide(view)
                    assert isinstance(decision.action, Play)
                    assert isinstance(rule.action, Play)
                    rows.append(Loss(view.hand.bit_count(), rule.code,
                                     top - values[decision.action.card],
                                     top - values[rule.action.card],
                                     override_kind(decision.action.card, rule.action.card,
                                                   [c for _, c in view.trick])))
                game.apply(seat, decision.action)
    return rows


def report(level: str, rows: list[Loss]) -> float:
    """Print the tables for ``level`` and return its mean loss per decision."""
    mean = statistics.fmean(r.loss for r in rows) if rows else 0.0
    rule_mean = statistics.fmean(r.rule_loss for r in rows) if rows else 0.0
    print(f"{level}: {len(rows)} card decisions, mean loss {mean:.2f} points "
          f"(the basic rule's card at the same positions: {rule_mean:.2f})")
    print(f"  {'tricks left':>11} {'decisions':>9} {'loss':>6} {'rule':>6}")
    by_left: dict[int, list[Loss]] = defaultdict(list)
    for r in rows:
        by_left[r.left].append(r)
    for left in sorted(by_left, reverse=True):
        group = by_left[left]
        print(f"  {left:>11} {len(group):>9} {statistics.fmean(r.loss for r in group):>6.2f}"
              f" {statistics.fmean(r.rule_loss for r in group):>6.2f}")
    print(f"  {'rule':<18} {'decisions':>9} {'loss':>6} {'rule':>6} {'overridden':>10} "
          f"{'share of loss':>13}")
    by_rule: dict[str, list[Loss]] = defaultdict(list)
    for r in rows:
        by_rule[r.rule].append(r)
    total = sum(r.loss for r in rows) or 1.0
    for rule, group in sorted(by_rule.items(), key=lambda kv: -sum(r.loss for r in kv[1])):
        lost = sum(r.loss for r in group)
        print(f"  {rule:<18} {len(group):>9} {lost / len(group):>6.2f} "
              f"{statistics.fmean(r.rule_loss for r in group):>6.2f} "
              f"{sum(r.overridden for r in group):>10} {lost / total:>13.0%}")
    by_kind: dict[tuple[str, str], list[Loss]] = defaultdict(list)
    for r in rows:
        if r.kind:
            by_kind[r.rule, r.kind].append(r)
    if by_kind:
        print(f"  overrides: {sum(map(len, by_kind.values()))}, gaining "
              f"{sum(r.rule_loss - r.loss for r in rows):+.1f} points over the rules' cards")
        print(f"  {'rule':<18} {'override':<34} {'decisions':>9} {'gain':>6}")
        for (rule, kind), group in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
            gain = statistics.fmean(r.rule_loss - r.loss for r in group)
            print(f"  {rule:<18} {kind:<34} {len(group):>9} {gain:>+6.2f}")
    return mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="strong,basic",
                        help="levels to measure, comma-separated (default strong,basic)")
    parser.add_argument("--deals", type=int, default=40, help="deals (default 40)")
    parser.add_argument("--seed", type=int, default=910001, help="first deal number")
    parser.add_argument("--max-tricks", type=int, default=9,
                        help="measure decisions with at most this many cards in hand "
                             "(default 9: a 9-trick solve takes tens of milliseconds)")
    parser.add_argument("--budget", type=int, default=None,
                        help="sampled deals per card of the search levels "
                             "(default: the level's own)")
    args = parser.parse_args()
    levels = args.levels.split(",")
    means = [report(level, measure(level, args.deals, args.seed, args.max_tricks,
                                   args.budget)) for level in levels]
    print(f"{levels[0]} mean loss per decision: {means[0]:.2f}")


if __name__ == "__main__":
    main()
