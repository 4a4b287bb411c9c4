"""The rules play-out: every seat plays the basic rules from its own seat.

The search values a card by finishing the hand on deals it samples. With the rules
play-out (:func:`spades.bots.rules_play.rules_rollout`) each seat is asked with what the
table showed it, never with the deal, so the play-out finishes a hand exactly as four
``basic`` players would, and a seat's card never depends on the others' hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

import pytest

import spades.bots.strong as strong_module
from spades.actions import Play
from spades.bots.basic import BasicPlayer
from spades.bots.evaluation import rollout as greedy_rollout
from spades.bots.knowledge import knowledge_of
from spades.bots.rules_play import RulesTable, rules_rollout
from spades.bots.strong import StrongPlayer
from spades.cards import SUIT_MASK, Mask
from spades.game import Game
from spades.playout import Playout
from spades.views import SeatView, seat_view

PRESETS = ["classic", "no-help-nil", "jokers", "cutthroat", "two-player"]

TableOf = Callable[[SeatView, list[Mask]], RulesTable]
"""The ``rules_table`` fixture: a view's position on a deal as a rules table."""


def _middle_of_hand(basic_hand: Callable[..., Game],
                    deal: int) -> list[tuple[Game, SeatView]]:
    """Classic positions of ``deal`` with 12, 10, 8 and 6 cards in the hand to play."""
    games = [basic_hand("classic", deal, left) for left in (12, 10, 8, 6)]
    return [(game, seat_view(game, game.to_act or "N")) for game in games]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("cards_left", [13, 9, 5])
def test_the_rules_play_out_finishes_a_hand_as_basic_players_do(
        rules_table: TableOf, preset: str, cards_left: int,
        basic_hand: Callable[..., Game]) -> None:
    """From any point of a hand played by four ``basic`` players, the rules play-out on
    the true deal takes exactly the tricks the players took."""
    for deal in range(3):
        game = basic_hand(preset, 9100 + deal, cards_left)
        view = seat_view(game, game.to_act or "N")
        hands = [game.hand_of(s) for s in game.rules.seats]
        tricks = rules_rollout(rules_table(view, hands), Random(0))
        player = BasicPlayer(0, game.rules)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, player.decide(seat_view(game, seat)).action)
        result = game.results[0]
        assert tricks == [result.tricks[s] for s in game.rules.seats], (preset, deal)


def test_a_seat_of_the_rules_play_out_sees_only_its_own_cards(
        rules_table: TableOf, basic_hand: Callable[..., Game]) -> None:
    """Dealing the hidden cards differently (the same number per seat and per suit)
    never changes the card the rules give the seat to play."""
    game = basic_hand("classic", 9200, 8)
    view = seat_view(game, game.to_act or "N")
    seats = game.rules.seats
    me = seats.index(view.seat or "N")
    hands = [game.hand_of(s) for s in seats]
    legal = sum(1 << a.card for a in view.legal if isinstance(a, Play))
    want = rules_table(view, hands).rule_card(legal)
    rng = Random(1)
    changed = 0
    for _ in range(40):
        other = hands[:]
        for suit in range(4):
            pool = [c for q, h in enumerate(hands) if q != me
                    for c in range(54) if (h & SUIT_MASK[suit]) >> c & 1]
            rng.shuffle(pool)
            for q, h in enumerate(hands):
                if q == me:
                    continue
                count = (h & SUIT_MASK[suit]).bit_count()
                other[q] &= ~SUIT_MASK[suit]
                for c in pool[:count]:
                    other[q] |= 1 << c
                pool = pool[count:]
        changed += other != hands
        assert rules_table(view, other).rule_card(legal) == want
    assert changed


def test_each_bid_is_played_out_as_bid(monkeypatch: pytest.MonkeyPatch,
        bid_position: tuple[Game, SeatView, int]) -> None:
    """With rules play-outs the bid search plays every candidate bid out on each deal
    (the rules duck once the contract is made, so the tricks depend on the bid); the
    greedy search plays out only the counted bid."""
    game, view, _ = bid_position
    seen: list[int] = []
    real = rules_rollout

    def counting(table: RulesTable, rng: Random, noise: float = 0.0) -> list[int]:
        seen.append(table.bids[view.seat or "N"])
        return real(table, rng, noise)

    monkeypatch.setattr(strong_module, "rules_rollout", counting)
    StrongPlayer(0, game.rules, bid_worlds=3, rules_playouts=True).decide(view)
    counted = BasicPlayer(0, game.rules).decide(view).action
    assert hasattr(counted, "tricks")
    candidates = [b for b in range(counted.tricks - 2, counted.tricks + 3) if 1 <= b <= 13]
    assert sorted(seen) == sorted(candidates * 3)
    seen.clear()
    StrongPlayer(0, game.rules, bid_worlds=3, rules_playouts=False).decide(view)
    assert seen == []


def test_the_card_search_prices_cards_on_rules_play_outs(
        monkeypatch: pytest.MonkeyPatch, basic_hand: Callable[..., Game]) -> None:
    """Where the search compares cards, each of them is played out by the rules on
    every sampled deal (the greedy play-out is not used)."""
    calls: list[int] = []
    real = rules_rollout

    def counting(table: RulesTable, rng: Random, noise: float = 0.0) -> list[int]:
        calls.append(1)
        return real(table, rng, noise)

    def greedy(*args: object, **kwargs: object) -> list[int]:
        raise AssertionError("the greedy play-out priced a card")

    monkeypatch.setattr(strong_module, "rules_rollout", counting)
    monkeypatch.setattr(strong_module, "rollout", greedy)
    searched = 0
    for game, view in _middle_of_hand(basic_hand, 9300):
        calls.clear()
        StrongPlayer(0, game.rules, worlds=5, rules_playouts=True).decide(view)
        assert len(calls) % 5 == 0
        searched += bool(calls)
    assert searched


def test_the_guard_follows_the_play_outs_unless_given() -> None:
    """Each kind of play-out gets the guard measured best with it; a guard passed in
    is kept whatever the play-outs."""
    greedy = StrongPlayer(0)
    rules = StrongPlayer(0, rules_playouts=True)
    assert (greedy.confidence, greedy.min_gain) == (strong_module.DEFAULT_CONFIDENCE,
                                                    strong_module.MIN_GAIN)
    assert (rules.confidence, rules.min_gain) == (strong_module.RULES_CONFIDENCE,
                                                  strong_module.RULES_MIN_GAIN)
    given = StrongPlayer(0, rules_playouts=True, confidence=0.0, min_gain=3.0)
    assert (given.confidence, given.min_gain) == (0.0, 3.0)


def test_mixed_play_outs_value_each_card_at_the_mean_of_both(
        monkeypatch: pytest.MonkeyPatch, basic_hand: Callable[..., Game]) -> None:
    """By default every card is played out on every sampled deal twice, greedily and by
    the rules (both in one compiled call a deal), and each play-out is scored; without
    mixed play-outs only the greedy play-out prices it."""
    from spades.bots.evaluation import Scorer

    calls = {"both": 0, "greedy": 0}
    real_batch, real_greedy = strong_module._card_playouts, greedy_rollout
    worths: list[float] = []

    def batch(*args: Any) -> Any:
        made = real_batch(*args)

        class Counting:
            def tricks(self, p: Playout) -> tuple[list[list[list[int]]], int]:
                played_out, chosen = made.tricks(p)
                assert all(len(pair) == 2 for pair in played_out)
                calls["both"] += len(played_out)
                return played_out, chosen

        return Counting()

    def greedy(*args: object, **kwargs: object) -> list[int]:
        calls["greedy"] += 1
        return real_greedy(*args, **kwargs)  # type: ignore[arg-type]

    real_utility = Scorer.utility

    def utility(self: Scorer, tricks: list[int]) -> float:
        worths.append(real_utility(self, tricks))
        return worths[-1]

    monkeypatch.setattr(strong_module, "_card_playouts", batch)
    monkeypatch.setattr(strong_module, "rollout", greedy)
    monkeypatch.setattr(Scorer, "utility", utility)
    searched = 0
    for game, view in _middle_of_hand(basic_hand, 9301):
        for key in calls:
            calls[key] = 0
        worths.clear()
        player = StrongPlayer(0, game.rules, worlds=5)
        assert player.mixed_playouts
        decision = player.decide(view)
        assert calls["greedy"] == 0
        assert len(worths) == 2 * calls["both"]
        if calls["both"]:
            searched += 1
            assert "possible deals" in decision.reason or decision.code != "search"
        for key in calls:
            calls[key] = 0
        StrongPlayer(0, game.rules, worlds=5, mixed_playouts=False).decide(view)
        assert calls["both"] == 0
    assert searched


def test_mixed_play_outs_average_the_two_values(
        monkeypatch: pytest.MonkeyPatch, basic_hand: Callable[..., Game]) -> None:
    """A card's value on a deal is the mean of its greedy and its rules play-out: with
    the rules play-out giving every trick left to one side and the greedy one every
    trick to the other, every value the guard compares is the mean of the two scores."""
    from spades.bots.evaluation import Scorer

    game = basic_hand("classic", 9302, 9)
    view = seat_view(game, game.to_act or "N")
    seats = game.rules.seats
    me = seats.index(view.seat or "N")
    taken = [view.tricks[s] for s in seats]
    ours = taken[:]
    ours[me] += 9
    theirs = taken[:]
    theirs[(me + 1) % 4] += 9
    class Stub:
        """Every card's rules play-out gives ``ours``, its greedy one ``theirs``."""

        def __init__(self, view: SeatView, k: object, cards: list[int], *args: object):
            self.cards = cards

        def tricks(self, p: Playout) -> tuple[list[list[list[int]]], int]:
            return [[ours[:], theirs[:]] for _ in self.cards], 0

    monkeypatch.setattr(strong_module, "_card_playouts", Stub)
    compared: list[list[float]] = []
    real_gain = strong_module._clear_gain

    def recording(best: list[float], other: list[float], *args: float) -> float | None:
        compared.extend([best, other])
        return real_gain(best, other, *args)

    monkeypatch.setattr(strong_module, "_clear_gain", recording)
    StrongPlayer(0, game.rules, worlds=6).decide(view)
    k = knowledge_of(view)
    scorer = Scorer(game.rules, [k.bids.get(s, 0) for s in seats],
                    [s in view.blind for s in seats], me, view.scores, view.bag_counts)
    mean = (scorer.utility(ours) + scorer.utility(theirs)) / 2
    assert scorer.utility(ours) != scorer.utility(theirs)
    assert compared and all(v == mean for values in compared for v in values)


def test_mixed_bids_price_each_bid_at_the_mean_of_both_play_outs(
        monkeypatch: pytest.MonkeyPatch,
        bid_position: tuple[Game, SeatView, int]) -> None:
    """With ``mixed_bids`` each candidate bid is worth, on every deal, the mean of its
    greedy and its rules play-out: with the two play-outs stubbed to opposite results,
    the mixed totals are exactly the mean of the greedy-only and the rules-only ones."""
    game, view, me = bid_position
    ours = [0, 0, 0, 0]
    ours[me] = ours[(me + 2) % 4] = 6
    ours[(me + 1) % 4] = 1
    theirs = [1, 6, 1, 5] if me % 2 == 0 else [6, 1, 5, 1]
    monkeypatch.setattr(strong_module, "rules_rollout", lambda *a, **k: ours[:])
    monkeypatch.setattr(strong_module, "rollout", lambda *a, **k: theirs[:])
    candidates = [1, 2, 3, 4, 5]

    def totals(rules_playouts: bool = False, mixed_bids: bool = False) -> dict[int, float]:
        player = StrongPlayer(0, game.rules, bid_worlds=4, rules_playouts=rules_playouts,
                              mixed_bids=mixed_bids, side_bids=False)
        values, done, note = player.bid_values(view, candidates)
        assert (done, note) == (4, "")
        return values

    greedy = totals()
    by_rules = totals(rules_playouts=True)
    mixed = totals(mixed_bids=True)
    assert greedy != by_rules
    assert mixed == pytest.approx({b: (greedy[b] + by_rules[b]) / 2 for b in candidates})


def test_each_bid_is_priced_on_a_play_out_played_for_it(
        monkeypatch: pytest.MonkeyPatch,
        bid_position: tuple[Game, SeatView, int]) -> None:
    """The greedy play-out of a bid plays for that bid: with a stub in which the side
    takes exactly the contract it plays for (the seat's bid and the partner's), every
    candidate is made, so a higher bid is worth more; priced on one play-out at the
    counted bid, every bid above the count would look set."""
    game, view, me = bid_position
    played: list[int] = []

    def for_the_bid(p: Playout, bids: list[int], *args: object, **kwargs: object) -> list[int]:
        played.append(bids[me])
        tricks = [0, 0, 0, 0]
        tricks[me] = bids[me] + bids[(me + 2) % 4]
        tricks[(me + 1) % 4] = 13 - tricks[me]
        return tricks

    monkeypatch.setattr(strong_module, "rollout", for_the_bid)
    candidates = [1, 2, 3, 4, 5]
    player = StrongPlayer(0, game.rules, bid_worlds=3, bid_spread=(0.0, 0.0), side_bids=False)
    values, done, _ = player.bid_values(view, candidates)
    assert done == 3
    assert sorted(played) == sorted(candidates * 3)
    assert [values[b] for b in candidates] == sorted(values[b] for b in candidates)
    assert values[5] > values[3]


def test_the_rules_play_out_benchmark_finishes_every_hand(benchmark_script) -> None:
    """benchmarks/rules_playout.py times complete play-outs from real positions: each
    finishes the hand with all thirteen tricks taken, and the figure is a time."""
    bench = benchmark_script("rules_playout")
    states = bench.positions(1)
    assert len(states) > 20
    for state in states:
        assert sum(bench.play_out(state, Random(0))) == 13
        assert sum(bench.greedy_play_out(state, Random(0))) == 13
    assert bench.measure(states[:5], 1) > 0
    assert bench.measure(states[:5], 1, greedy=True) > 0
