"""How much a search player's card depends on its seed: the same position, asked again.

A search player samples the deals it plays out, so two players of the same level and
budget with other seeds can choose different cards at the same position. Where the
cards they hesitate between are worth the same, that costs nothing; where they are
not, the sample decides. This benchmark collects the card decisions of a few classic
hands (played by the basic player, as ``bot_decisions.py`` collects them), asks the
level at each with ``--seeds`` different seeds, and prints the share of those
decisions that chose the position's most common card (its *agreement*), overall and
at positions with more than four legal cards (where the search compares the most
cards on the fewest deals each), and the share of decisions that left the basic
rule's card for the search's.

The last line is ``LEVEL decisions agreeing: N`` (the overall agreement).

usage: python benchmarks/decision_agreement.py [--hands H] [--seeds S] [--level strong]
                                                 [--budget DEALS]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass

from bot_decisions import positions
from spades.actions import Play
from spades.bots import make_player
from spades.game import Phase
from spades.views import SeatView

MANY_CARDS = 4
"""Positions with more legal cards than this are reported apart."""


@dataclass(frozen=True, slots=True)
class Asked:
    """One position asked with every seed: its legal cards, the cards chosen and how
    many of the decisions left the basic rule's card."""

    legal: int
    chosen: Counter[str]
    overrides: int

    @property
    def agreement(self) -> float:
        """The share of the seeds that chose the most common card."""
        return self.chosen.most_common(1)[0][1] / sum(self.chosen.values())


def ask(view: SeatView, level: str, seeds: int, budget: int | None) -> Asked:
    """The decisions of ``level`` with seeds 0 … ``seeds`` - 1 at ``view``."""
    chosen: Counter[str] = Counter()
    overrides = 0
    for seed in range(seeds):
        decision = make_player(level, seed, view.rules, budget=budget).decide(view)
        chosen[str(decision.action)] += 1
        overrides += decision.code.startswith("search")
    return Asked(len(view.legal), chosen, overrides)


def summary(level: str, asked: list[Asked], seeds: int) -> list[str]:
    """The report, one line a figure."""
    many = [a for a in asked if a.legal > MANY_CARDS]

    def agreement(group: list[Asked]) -> str:
        return f"{statistics.fmean(a.agreement for a in group):.3f}" if group else "-"

    overall = agreement(asked)
    return [
        f"{level}: {len(asked)} card decisions with a choice, each asked with {seeds} seeds",
        f"  agreeing with the most common card: {overall}; with more than {MANY_CARDS} "
        f"legal cards ({len(many)} positions): {agreement(many)}",
        f"  decisions that left the basic rule's card: "
        f"{sum(a.overrides for a in asked) / (seeds * len(asked) or 1):.3f}",
        f"{level} decisions agreeing: {overall}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3, help="hands of positions (default 3)")
    parser.add_argument("--seeds", type=int, default=6, help="seeds a position (default 6)")
    parser.add_argument("--level", default="strong", help="the search level (default strong)")
    parser.add_argument("--budget", type=int, default=None,
                        help="deals a card decision (default: the level's own)")
    args = parser.parse_args()
    views = [v for v in positions(args.hands)
             if v.phase is Phase.PLAY and any(isinstance(a, Play) for a in v.legal)]
    asked = [ask(v, args.level, args.seeds, args.budget) for v in views]
    print("\n".join(summary(args.level, asked, args.seeds)))


if __name__ == "__main__":
    main()
