"""How well the search's sampled deals know where the unseen cards are.

The search player cannot see the other hands, so it plays on deals it samples. Late
in the hand that is what it lacks most: given the true deal from eight cards in hand
on, ``strong`` gains about 5 points a hand with bags charged, and nothing from the
true deal before that (docs/bots-history.md, "Where the oracle's margin comes from"). This
benchmark measures how close each sampler gets to the truth.

The first hand of each deal is played by one level in every seat (``--level``, the
basic player by default; a search level plays at ``--budget`` deals a card), each
seat named by that level as the arena names them, so that the samplers read each bid
by who made it, as the search does at the table. At each
of South's card decisions with 3 to 9 cards in hand, each sampler draws ``--samples``
deals from South's view, and for every card South cannot see, the share of the deals
that give it to the seat that really holds it is taken; the figure is the mean share.
A third of the cards placed right is a blind guess among three hands.

Samplers: ``voids`` (every deal that respects the suits shown void,
``sample_hands``); ``bids`` (deals that agree with the bids made, ``sample_by_bids``:
what ``strong`` uses); ``bids+play`` (that agree with the cards played as well, read
by the basic rules from each player's seat, from eight cards in hand on: the
``infer_play`` option); ``bids+play, 32 draws`` (the same with 32 draws per deal kept
instead of 8, a closer fit); ``chain bids`` and ``chain bids+play`` (deals drawn by a
Markov chain weighted by the same fit, ``chain_deals``: the ``chain`` option). The
play model is the basic player's rules, so with ``--level basic`` it knows the
players exactly; another level shows how well it reads players who do not follow the
rules.

A second table says how much the deals of one sample repeat each other: the share of
the unseen cards that consecutive deals give to the same seat, deals half the sample
apart, and the deals of two samples drawn with other random draws. Deals drawn apart
share only what the fit makes likely; a chain's consecutive deals share more, by as
much as its deals are fewer than it counts; and a chain that stayed near where it
started would share more within its sample than with another sample.

The last line is ``bids share of unseen cards placed right: N`` (strong's sampler).

usage: python benchmarks/sampling_fit.py [--deals N] [--samples K] [--seed S]
                                         [--level LEVEL] [--budget DEALS]
                                         [--chain-steps N]
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Iterable, Iterator
from random import Random

import spades.bots.sampling as sampling
from spades.bots import make_player
from spades.bots.knowledge import Knowledge, knowledge_of
from spades.bots.sampling import PLAY_CANDIDATES, chain_deals, sample_hands, view_deals
from spades.cards import Mask, Seat, cards_of
from spades.game import Game, Phase
from spades.rules import rules_from
from spades.views import SeatView, seat_view

Draw = Callable[[SeatView, Knowledge, Random, int], list[list[Mask]]]
"""``count`` possible deals for the view (its knowledge worked out once per decision)."""


def _voids(view: SeatView, k: Knowledge, rng: Random, count: int) -> list[list[Mask]]:
    return [sample_hands(k, dict(view.hand_sizes), rng) for _ in range(count)]


def _by_bids(read_play: bool, candidates: int = PLAY_CANDIDATES) -> Draw:
    def draw(view: SeatView, k: Knowledge, rng: Random, count: int) -> list[list[Mask]]:
        return list(view_deals(view, k, rng, count, read_play=read_play,
                               candidates=candidates))
    return draw


def _chained(read_play: bool) -> Draw:
    def draw(view: SeatView, k: Knowledge, rng: Random, count: int) -> list[list[Mask]]:
        return list(chain_deals(view, k, rng, count, read_play=read_play))
    return draw


SAMPLERS: dict[str, Draw] = {
    "voids": _voids,
    "bids": _by_bids(False),
    "bids+play": _by_bids(True),
    "bids+play, 32 draws": _by_bids(True, 32),
    "chain bids": _chained(False),
    "chain bids+play": _chained(True),
}


def placed_right(view: SeatView, truth: dict[Seat, Mask],
                 deals: list[list[Mask]]) -> float:
    """The mean, over the cards the seat cannot see, of the share of ``deals`` (hands
    in seat order) that give each card to the seat that truly holds it."""
    seats = view.rules.seats
    unseen = cards_of(knowledge_of(view).unseen)
    shares = []
    for card in unseen:
        holder = next(q for q, s in enumerate(seats) if truth[s] >> card & 1)
        shares.append(sum(hands[holder] >> card & 1 for hands in deals) / len(deals))
    return statistics.fmean(shares) if shares else 1.0


def decisions(deals: int, first: int, level: str = "basic", budget: int | None = None
              ) -> Iterator[tuple[int, SeatView, dict[Seat, Mask]]]:
    """South's card decisions with 3 to 9 cards in hand, in the first hands of deals
    ``first``... played by ``level`` in every seat: the deal number, South's view and
    the true hands."""
    rules = rules_from("classic")
    # Every seat named, as the arena names them: the samplers read each bid and card
    # by who made it (a ``basic`` seat's bid by its rule).
    seating = dict.fromkeys(rules.seats, level)
    for deal in range(first, first + deals):
        game = Game(rules, deal=deal, players=seating)
        player = make_player(level, deal, rules, budget=budget)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.PLAY and seat == "S" and 3 <= view.hand.bit_count() <= 9:
                yield deal, view, {s: game.hand_of(s) for s in rules.seats}
            game.apply(seat, player.decide(view).action)


def measure(deals: int, first: int, samples: int, level: str = "basic",
            budget: int | None = None) -> dict[str, dict[int, list[float]]]:
    """Each sampler's share placed right at every measured decision, by cards in hand,
    in hands played by ``level`` in every seat."""
    out: dict[str, dict[int, list[float]]] = {name: {} for name in SAMPLERS}
    for deal, view, truth in decisions(deals, first, level, budget):
        left = view.hand.bit_count()
        k = knowledge_of(view)
        for name, draw in SAMPLERS.items():
            drawn = draw(view, k, Random(deal * 100 + left), samples)
            out[name].setdefault(left, []).append(placed_right(view, truth, drawn))
    return out


def shared(view: SeatView, ones: list[list[Mask]], twos: list[list[Mask]]) -> float:
    """The mean share of the unseen cards that the deals of ``ones`` and ``twos`` give
    to the same seat, deal by deal (the shorter list decides; 1.0 with no pair)."""
    unseen = knowledge_of(view).unseen
    pairs = list(zip(ones, twos, strict=False))
    if not pairs or not unseen:
        return 1.0
    same = [sum((x & y & unseen).bit_count() for x, y in zip(one, two, strict=True))
            for one, two in pairs]
    return statistics.fmean(same) / unseen.bit_count()


def alike(view: SeatView, deals: list[list[Mask]], apart: int) -> float:
    """The share of the unseen cards that two deals ``apart`` places apart in
    ``deals`` give to the same seat: how much a sample's deals repeat each other."""
    return shared(view, deals, deals[apart:])


def measure_alike(deals: int, first: int, samples: int, names: Iterable[str]
                  ) -> dict[str, tuple[float, float, float]]:
    """For each sampler of ``names``, the share of unseen cards that consecutive deals
    give to the same seat, deals half the sample apart, and the deals of two samples
    drawn with other random draws (hands played by the basic player). A chain whose
    consecutive deals share more than distant ones hands out fewer different deals
    than it counts; one whose deals share more with each other than with another
    chain's stays near its starting deal instead of covering what the fit allows."""
    next_: dict[str, list[float]] = {name: [] for name in names}
    far: dict[str, list[float]] = {name: [] for name in names}
    apart: dict[str, list[float]] = {name: [] for name in names}
    for deal, view, _ in decisions(deals, first):
        k = knowledge_of(view)
        seed = deal * 100 + view.hand.bit_count()
        for name in next_:
            drawn = SAMPLERS[name](view, k, Random(seed), samples)
            other = SAMPLERS[name](view, k, Random(seed + 10**9), samples)
            next_[name].append(alike(view, drawn, 1))
            far[name].append(alike(view, drawn, samples // 2))
            apart[name].append(shared(view, drawn, other))
    return {name: (statistics.fmean(next_[name]), statistics.fmean(far[name]),
                   statistics.fmean(apart[name])) for name in next_}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals (default 20)")
    parser.add_argument("--samples", type=int, default=100,
                        help="deals each sampler draws per decision (default 100)")
    parser.add_argument("--seed", type=int, default=950001, help="first deal number")
    parser.add_argument("--level", default="basic",
                        help="the level that plays every seat (default basic)")
    parser.add_argument("--budget", type=int, default=None,
                        help="deals a card for a search level (default: its own)")
    parser.add_argument("--chain-steps", type=int, default=sampling.CHAIN_STEPS,
                        help="swaps the chain proposes between two deals it hands out "
                             f"(default {sampling.CHAIN_STEPS}, the search's)")
    args = parser.parse_args()
    sampling.CHAIN_STEPS = args.chain_steps
    results = measure(args.deals, args.seed, args.samples, args.level, args.budget)
    lefts = sorted({left for by in results.values() for left in by}, reverse=True)
    print(f"share of the unseen cards placed with their true holder, "
          f"{args.samples} deals a decision, hands played by {args.level}")
    print(f"  {'sampler':<20} {'all':>6} " + " ".join(f"{n:>5}" for n in lefts)
          + "  (cards in hand)")
    for name, by in results.items():
        every = [x for values in by.values() for x in values]
        print(f"  {name:<20} {statistics.fmean(every):>6.3f} "
              + " ".join(f"{statistics.fmean(by[n]):>5.3f}" for n in lefts))
    print("share of the unseen cards two deals of a sample give to the same seat")
    print(f"  {'sampler':<20} {'next':>6} {'half the sample apart':>22} "
          f"{'two samples':>12}")
    for name, (next_, far, two) in measure_alike(args.deals, args.seed, args.samples,
                                                 ("bids+play", "chain bids+play")).items():
        print(f"  {name:<20} {next_:>6.3f} {far:>22.3f} {two:>12.3f}")
    bids = [x for values in results["bids"].values() for x in values]
    print(f"bids share of unseen cards placed right: {statistics.fmean(bids):.3f}")


if __name__ == "__main__":
    main()
