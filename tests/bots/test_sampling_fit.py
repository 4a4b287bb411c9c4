"""The sampling-fit benchmark measures what it says: the share of the unseen cards that
sampled deals give to their true holder (benchmarks/sampling_fit.py)."""

from __future__ import annotations

import spades.bots.sampling as sampling
from spades.bots.basic import BasicPlayer
from spades.cards import Mask, cards_of
from spades.game import Game, Phase
from spades.views import SeatView, seat_view


def _bid_game() -> Game:
    """Deal 950001 bid by the basic player: South about to see the first card."""
    game = Game("classic", deal=950001)
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, BasicPlayer(0).decide(seat_view(game, seat)).action)
    return game


def _two_deals() -> tuple[SeatView, list[Mask], list[Mask], float]:
    """South's view of deal 950001 after the bids, the true deal and the deal with
    West's and East's hands swapped (hands in seat order), and the share of the unseen
    cards the two deals place alike (North's)."""
    game = _bid_game()
    seats = game.rules.seats
    true_deal = [game.hand_of(s) for s in seats]
    swapped = [game.hand_of("W") if s == "E" else game.hand_of("E") if s == "W"
               else game.hand_of(s) for s in seats]
    return seat_view(game, "S"), true_deal, swapped, len(cards_of(game.hand_of("N"))) / 39


def test_the_true_deal_places_every_card_right_and_a_swap_none(benchmark_script) -> None:
    bench = benchmark_script("sampling_fit")
    view, true_deal, swapped, north = _two_deals()
    truth = dict(zip(view.rules.seats, true_deal, strict=True))
    assert bench.placed_right(view, truth, [true_deal]) == 1.0
    # West's and East's hands swapped: their cards wrong, North's right.
    assert bench.placed_right(view, truth, [swapped]) == north
    assert bench.placed_right(view, truth, [true_deal, swapped]) == (1 + north) / 2


def test_every_sampler_beats_a_blind_guess_late_in_a_hand(benchmark_script) -> None:
    results = benchmark_script("sampling_fit").measure(2, 950001, 20)
    for name, by_left in results.items():
        shares = [x for values in by_left.values() for x in values]
        assert shares, name
        assert all(0.0 <= x <= 1.0 for x in shares)
        assert sum(shares) / len(shares) > 1 / 3, name


def test_reading_the_play_and_chaining_the_deals_place_more_cards_right(
        benchmark_script, monkeypatch) -> None:
    """The play model is the basic rules, so in hands the basic player plays, deals
    that agree with the play as well as the bids place clearly more cards right; and
    weighed by the same fit, deals drawn by the chain place more right than one deal
    kept of eight draws, which only leans towards the deals that fit."""
    bench = benchmark_script("sampling_fit")
    names = ("bids", "bids+play", "chain bids+play")
    monkeypatch.setattr(bench, "SAMPLERS", {name: bench.SAMPLERS[name] for name in names})
    results = bench.measure(3, 990001, 30)

    def mean(name: str) -> float:
        shares = [x for values in results[name].values() for x in values]
        return sum(shares) / len(shares)

    assert mean("bids+play") > mean("bids") + 0.02
    assert mean("chain bids+play") > mean("bids+play") + 0.02


def test_alike_counts_the_unseen_cards_two_deals_give_to_the_same_seat(
        benchmark_script) -> None:
    bench = benchmark_script("sampling_fit")
    view, true_deal, swapped, north = _two_deals()
    assert bench.alike(view, [true_deal, true_deal], 1) == 1.0
    assert bench.alike(view, [true_deal, swapped], 1) == north
    # Two apart: only the first and the third deal are compared.
    assert bench.alike(view, [true_deal, swapped, true_deal], 2) == 1.0
    assert bench.alike(view, [true_deal], 1) == 1.0


def test_a_chain_repeats_its_deals_more_next_to_each_other_than_apart(
        benchmark_script, monkeypatch) -> None:
    """A chain handing out a deal at every swap gives neighbours nearly the same deal,
    and deals far apart in the sample much less; deals drawn apart share as much
    either way."""
    bench = benchmark_script("sampling_fit")
    monkeypatch.setattr(sampling, "CHAIN_STEPS", 1)
    figures = bench.measure_alike(2, 990001, 40, ("bids+play", "chain bids+play"))
    chain_next, chain_far, _ = figures["chain bids+play"]
    drawn_next, drawn_far, _ = figures["bids+play"]
    assert chain_next > 0.9
    assert chain_next > chain_far + 0.1
    assert abs(drawn_next - drawn_far) < 0.05


def test_shared_compares_two_samples_deal_by_deal(benchmark_script) -> None:
    bench = benchmark_script("sampling_fit")
    view, true_deal, swapped, north = _two_deals()
    assert bench.shared(view, [true_deal, swapped], [true_deal, true_deal]) == \
        (1 + north) / 2
    # The shorter sample decides; nothing to compare counts as alike.
    assert bench.shared(view, [swapped], [true_deal, true_deal]) == north
    assert bench.shared(view, [], [true_deal]) == 1.0


def test_a_chain_covers_what_another_chain_covers(benchmark_script) -> None:
    """The search's chain, at its own spacing, hands out deals half a sample apart
    that share no more with each other than with the deals of a chain started from
    other random draws: it moves across the deals the fit allows rather than staying
    near its start."""
    bench = benchmark_script("sampling_fit")
    _, far, two = bench.measure_alike(2, 990001, 40, ("chain bids+play",))["chain bids+play"]
    assert abs(far - two) < 0.05
