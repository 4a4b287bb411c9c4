"""The expert's exact values of sampled deals come from the solver, on the view."""

from __future__ import annotations

from random import Random

import pytest

from spades.actions import Play
from spades.bots import make_player
from spades.bots.endgame import solve
from spades.bots.evaluation import Scorer
from spades.bots.expert import SOLVER_TRICKS, ExpertPlayer
from spades.bots.knowledge import knowledge_of, seat_roles
from spades.bots.sampling import sample_hands
from spades.bots.solved import position_of, solved_values
from spades.bots.strong import _position
from spades.game import Game, Phase
from spades.views import SeatView, seat_view


def view_with_tricks_left(preset: str, deal: int, left: int, extra: int = 0) -> SeatView:
    """The view of the seat to act with ``left`` cards in hand (after ``extra`` more
    cards of the trick), the hand played by the basic player."""
    game = Game(preset, deal=deal)
    basic = make_player("basic", 0)
    n = len(game.seats)
    while not (game.phase is Phase.PLAY and
               len(seat_view(game, "N").plays) == (13 - left) * n + extra):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, basic.decide(seat_view(game, seat)).action)
    return seat_view(game, game.to_act)


@pytest.mark.parametrize("preset", ["classic", "no-help-nil", "cutthroat", "two-player"])
@pytest.mark.parametrize("extra", [0, 1, 2])
def test_solver_values_agree_with_the_plain_endgame_search(preset, extra):
    # Two exact searches, one compiled with its tables, one plain alpha-beta, on the
    # game's scoring: on every sampled deal of a three-trick ending they agree.
    if preset == "two-player" and extra > 1:
        extra = 1
    view = view_with_tricks_left(preset, 5, 3, extra)
    assert view.seat is not None
    k = knowledge_of(view)
    rules = view.rules
    seats = rules.seats
    me = seats.index(view.seat)
    bids = [k.bids[s] for s in seats]
    scorer = Scorer(rules, bids, [s in view.blind for s in seats], me, view.scores,
                    view.bag_counts)
    _, side_of = seat_roles(rules)
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    rng = Random(1)
    for _ in range(5):
        hands = sample_hands(k, dict(view.hand_sizes), rng)
        plain = solve(_position(view, hands), side_of, me, scorer.utility, cards)
        assert solved_values(view, hands, cards) == pytest.approx(plain)


def test_position_of_a_view_is_the_true_position_with_the_true_hands():
    from spades.solver import Position

    game = Game("classic", deal=8)
    basic = make_player("basic", 0)
    while game.phase is not Phase.PLAY or len(seat_view(game, "N").plays) < 22:
        game.apply(game.to_act, basic.decide(seat_view(game, game.to_act)).action)
    view = seat_view(game, game.to_act)
    hands = [game.hand_of(s) for s in game.seats]
    assert position_of(view, hands) == Position.from_game(game)


def test_expert_solves_the_last_tricks_of_the_hand(monkeypatch):
    import spades.bots.strong as strong

    calls = []

    def counted(view, hands, cards):
        calls.append(len(cards))
        return solved_values(view, hands, cards)

    monkeypatch.setattr(strong, "solved_values", counted)
    # Play-outs until the last SOLVER_TRICKS tricks: one trick before, no solve.
    early = view_with_tricks_left("classic", 3, SOLVER_TRICKS + 1)
    assert len(early.legal) > 1
    ExpertPlayer(0, worlds=10, solved=6).decide(early)
    make_player("strong", 0, budget=10).decide(view_with_tricks_left("classic", 3, 5))
    assert calls == []  # play-outs early in the hand, and never for strong
    view = view_with_tricks_left("classic", 3, SOLVER_TRICKS)
    decision = ExpertPlayer(0, solved=6).decide(view)
    assert len(calls) == 6
    assert decision.action in view.legal and "cap" not in decision.reason
    assert decision == ExpertPlayer(0, solved=6).decide(view)


def test_a_deal_the_solver_refuses_is_skipped(monkeypatch):
    # The sampler's last resort can ignore a shown void, and the solver refuses a deal
    # where a card on the table broke one: the expert skips such deals, and with none
    # left it keeps the rule's card rather than fail.
    import spades.bots.strong as strong
    from spades.solver import PositionError

    calls = []

    def refuse_first(view, hands, cards):
        calls.append(1)
        if len(calls) == 1:
            raise PositionError("S played JH but holds the suit led")
        return solved_values(view, hands, cards)

    view = view_with_tricks_left("classic", 3, 5)
    monkeypatch.setattr(strong, "solved_values", refuse_first)
    decision = ExpertPlayer(0, solved=4).decide(view)
    assert decision.action in view.legal and len(calls) == 4

    def refuse_all(view, hands, cards):
        raise PositionError("refused")

    monkeypatch.setattr(strong, "solved_values", refuse_all)
    rule = make_player("basic", 0).decide(view)
    assert ExpertPlayer(0, solved=4).decide(view) == rule
