"""How many tricks the search's play-outs foresee for each seat, against the tricks taken.

The search values a card by playing the hand out on deals it samples: if those deals
give its side more of the cards that take tricks than the table holds, every card
looks safer for the contract than it is, and the search ducks where it should have
kept a trick. This benchmark tells that apart from the play-outs themselves.

It reads the game records of an arena match (``spades arena LEVEL basic --hand
--records DIR``). At each card decision of ``--level`` in the first hand with 11, 8
or 5 cards in hand (``--cards``), it plays the card the level chose out to the end of
the hand, greedily and by the basic rules from every seat (the two play-outs of the
search's mixed values), on ``--samples`` deals drawn by the level's own sampler, and
on the true deal. It reports the tricks each seat ends the hand with on average, seen
from the deciding seat (itself, the seat on its left, its partner, the seat on its
right), beside the tricks taken at the table, apart for decisions where the partner
bid before the seat and after it. Play-outs on the true deal that foresee what the
table took, and sampled deals that foresee more, put the error in the sampled deals.

The last line is ``LEVEL side's tricks foreseen on sampled deals less on the true
deal: N`` (greedy play-outs, all measured decisions).

usage: python benchmarks/trick_forecast.py DIR [--level strong] [--samples 60]
                                           [--cards 11,8,5] [--records N]
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass
from pathlib import Path
from random import Random

from bags_by_count import record_arguments
from spades.actions import Bid, Play
from spades.bots import make_player
from spades.bots.evaluation import rollout
from spades.bots.knowledge import Knowledge, knowledge_of, seat_roles
from spades.bots.rules_play import RulesTable, rules_rollout
from spades.bots.strong import StrongPlayer, _position
from spades.cards import Card, Mask
from spades.dealing import HandDeal
from spades.game import Game, Phase
from spades.record import load_record, read_record
from spades.views import SeatView, seat_view

ROLES = ("me", "left", "partner", "right")


@dataclass(frozen=True, slots=True)
class Forecast:
    """One decision: the tricks each seat ends with, from the deciding seat round."""

    seat: str
    cards: int
    partner_first: bool
    sampled_greedy: tuple[float, ...]
    sampled_rules: tuple[float, ...]
    true_greedy: tuple[int, ...]
    true_rules: tuple[int, ...]
    taken: tuple[int, ...]


def play_out(view: SeatView, k: Knowledge, hands: list[Mask], card: Card,
             rng: Random) -> tuple[list[int], list[int]]:
    """The tricks per seat when ``card`` is played from ``view`` (``k`` its knowledge)
    on ``hands`` and the hand is finished greedily, and by the basic rules from every
    seat."""
    seats = view.rules.seats
    bids = [k.bids.get(s, 0) for s in seats]
    partner, side_of = seat_roles(view.rules)
    base = _position(view, hands)
    greedy = base.copy()
    greedy.play(card)
    table = RulesTable(view.rules, base.copy(), dict(zip(seats, bids, strict=True)),
                       k.voids, before=view.played_mask, trick=view.trick)
    table.play(card)
    return (rollout(greedy, bids, partner, side_of, rng),
            rules_rollout(table, rng))


def _round(values: list[int] | list[float], me: int) -> tuple[float, ...]:
    """Per-seat values reordered from the deciding seat clockwise."""
    n = len(values)
    return tuple(values[(me + j) % n] for j in range(n))


def forecasts(path: Path, level: str, samples: int,
              cards: frozenset[int]) -> list[Forecast]:
    """The measured decisions of ``level`` in the first hand of one record."""
    data = read_record(path)
    finished = load_record(data)
    rules = finished.rules
    if not rules.partnerships or rules.players != 4 or not finished.results:
        return []
    result = finished.results[0]
    # Replayed from the record's own cards: a record need not carry a deal number.
    game = Game(rules.replace(first_dealer=result.dealer),
                source=lambda r, hand, dealer: HandDeal(cards=result.cards),
                players=data.get("players", {}))
    player = make_player(level, 0, rules)
    if not isinstance(player, StrongPlayer):
        raise ValueError(f"{level} does not sample deals")
    seats = rules.seats
    out = []
    for seat, bid in result.bids:
        game.apply(seat, Bid(bid))
    for number, (seat, card) in enumerate(result.plays):
        assert game.phase is Phase.PLAY and game.to_act == seat
        view = seat_view(game, seat)
        left = view.hand.bit_count()
        if data["players"].get(seat) == level and left in cards:
            me = seats.index(seat)
            rng = Random(number)
            k = knowledge_of(view)
            drawn = [play_out(view, k, hands, card, rng)
                     for hands in player.deals(view, k, rng, samples)]
            held = [game.hand_of(s) for s in seats]
            true_greedy, true_rules = play_out(view, k, held, card, rng)
            order = [s for s, _ in result.bids]
            mate = seats[(me + 2) % 4]
            out.append(Forecast(
                seat, left, order.index(mate) < order.index(seat),
                _round([statistics.fmean(g[q] for g, _ in drawn) for q in range(4)], me),
                _round([statistics.fmean(r[q] for _, r in drawn) for q in range(4)], me),
                tuple(int(x) for x in _round(true_greedy, me)),
                tuple(int(x) for x in _round(true_rules, me)),
                tuple(int(x) for x in _round([result.tricks[s] for s in seats], me))))
        game.apply(seat, Play(card))
    return out


def report(level: str, rows: list[Forecast]) -> list[str]:
    """The table, one line per cards in hand and partner's place in the bidding."""
    lines = [f"{level}: {len(rows)} decisions; tricks at the end of the hand per seat "
             f"({', '.join(ROLES)})"]

    def mean(values: list[tuple[float, ...]]) -> str:
        return " ".join(f"{statistics.fmean(v[q] for v in values):5.2f}" for q in range(4))

    for cards in sorted({r.cards for r in rows}, reverse=True):
        for first in (True, False):
            part = [r for r in rows if r.cards == cards and r.partner_first == first]
            if not part:
                continue
            lines.append(f"  {cards:>2} cards in hand, partner bid "
                         f"{'before' if first else 'after'} the seat ({len(part)}):")
            for name, values in (
                    ("sampled deals, greedy", [r.sampled_greedy for r in part]),
                    ("sampled deals, rules", [r.sampled_rules for r in part]),
                    ("true deal, greedy", [r.true_greedy for r in part]),
                    ("true deal, rules", [r.true_rules for r in part]),
                    ("taken at the table", [r.taken for r in part])):
                lines.append(f"    {name:<22} {mean(values)}")
    side = [(r.sampled_greedy[0] + r.sampled_greedy[2]) - (r.true_greedy[0] + r.true_greedy[2])
            for r in rows]
    lines.append(f"{level} side's tricks foreseen on sampled deals less on the true deal: "
                 + (f"{statistics.fmean(side):+.2f}" if side else "no decisions"))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    record_arguments(parser, "the search level whose decisions are measured")
    parser.add_argument("--samples", type=int, default=60,
                        help="deals drawn per decision (default 60)")
    parser.add_argument("--cards", default="11,8,5",
                        help="cards in hand at the decisions measured (default 11,8,5)")
    parser.add_argument("--records", type=int, default=None,
                        help="read only the first N records (default all)")
    args = parser.parse_args()
    cards = frozenset(int(c) for c in args.cards.split(","))
    rows = []
    for path in sorted(args.directory.glob("*.json"))[:args.records]:
        rows.extend(forecasts(path, args.level, args.samples, cards))
    print("\n".join(report(args.level, rows)))


if __name__ == "__main__":
    main()
