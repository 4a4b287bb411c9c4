"""The decision-agreement benchmark: the same position asked with several seeds
(benchmarks/decision_agreement.py)."""

from __future__ import annotations

from collections import Counter

from spades.game import Game, Phase
from spades.views import seat_view


def test_agreement_is_the_share_of_the_most_common_card(benchmark_script) -> None:
    script = benchmark_script("decision_agreement")
    split = script.Asked(6, Counter({"Play(AS)": 3, "Play(2C)": 1}), 1)
    same = script.Asked(3, Counter({"Play(KH)": 4}), 0)
    assert split.agreement == 0.75 and same.agreement == 1.0
    lines = script.summary("strong", [split, same], 4)
    assert lines[1] == ("  agreeing with the most common card: 0.875; with more than 4 "
                        "legal cards (1 positions): 0.750")
    assert lines[2] == "  decisions that left the basic rule's card: 0.125"
    assert lines[-1] == "strong decisions agreeing: 0.875"


def test_a_level_is_asked_once_per_seed(benchmark_script) -> None:
    script = benchmark_script("decision_agreement")
    game = Game("classic", deal=3)
    basic = script.make_player("basic", 0)
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, basic.decide(seat_view(game, seat)).action)
    view = seat_view(game, game.to_act or "N")
    asked = script.ask(view, "strong", 3, 4)
    assert sum(asked.chosen.values()) == 3 and asked.legal == len(view.legal)
    assert 0 <= asked.overrides <= 3
    # The basic player never leaves its own rule's card, and needs no seed to agree.
    assert script.ask(view, "basic", 2, None).agreement == 1.0
