"""The levels a player can choose, weakest first, and what sets each apart."""

from __future__ import annotations

import statistics
from random import Random

import pytest

from spades.actions import Bid, Play
from spades.bots import make_player, player_levels
from spades.bots.beginner import BeginnerPlayer
from spades.bots.bidding import sure_tricks
from spades.bots.expert import ExpertPlayer
from spades.bots.knowledge import knowledge_of
from spades.bots.sampling import bid_likelihood, sample_by_bids, sample_hands
from spades.bots.strong import StrongPlayer
from spades.cards import RANK_OF, mask_of, parse_cards
from spades.game import Game, Phase
from spades.rules import PRESETS, rules_from
from spades.views import seat_view


def test_levels_are_named_by_strength():
    assert player_levels() == ["random", "beginner", "basic", "strong", "expert"]


def test_beginner_errs_about_one_decision_in_four_and_says_how():
    mistakes = 0
    choices = 0
    for deal in range(1, 9):
        game = Game("classic", deal=deal)
        beginner = BeginnerPlayer(deal)
        basic = make_player("basic", deal)
        while not game.results:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            decision = beginner.decide(view)
            assert decision.action in view.legal
            if len(view.legal) > 1:
                choices += 1
                if decision.code.startswith("beginner_"):
                    mistakes += 1
                    assert decision.action != basic.decide(view).action
            game.apply(seat, decision.action)
    assert 0.1 < mistakes / choices < 0.3


def test_beginner_mistakes_are_human_ones():
    # Holding the partner's winning trick, a beginner who errs plays high anyway.
    game = Game("classic", deal=3)
    player = BeginnerPlayer(0, mistake_rate=1.0)
    while game.phase is Phase.BID:
        view = seat_view(game, game.to_act)
        decision = player.decide(view)
        assert decision.code in {"beginner_overbid", "beginner_underbid", "bid_nil"}
        game.apply(game.to_act, decision.action)
    view = seat_view(game, game.to_act)
    lead = player.decide(view)
    assert lead.code == "beginner_lead_high"
    assert isinstance(lead.action, Play)
    assert RANK_OF[lead.action.card] == max(RANK_OF[a.card] for a in view.legal
                                            if isinstance(a, Play)
                                            and a.card // 13 == lead.action.card // 13)


def test_beginner_never_bids_nil_where_computers_may_not():
    for deal in range(30):
        game = Game("classic", deal=deal)
        bid = BeginnerPlayer(deal, mistake_rate=1.0).decide(seat_view(game, game.to_act))
        assert bid.action != Bid(0)


def _view_after_bids(bids: list[int], deal: int = 2):
    """South's view at its first card, the others having bid ``bids`` (N, E, W)."""
    game = Game("no-help-nil", deal=deal)
    while game.phase is not Phase.PLAY or game.to_act != "S":
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BID:
            wanted = {"N": bids[0], "E": bids[1], "W": bids[2], "S": 3}[seat]
            game.apply(seat, Bid(wanted))
        else:
            view = seat_view(game, seat)
            game.apply(seat, make_player("basic", 0).decide(view).action)
    return seat_view(game, "S")


def test_deals_agree_with_the_bids_made():
    # East bid 6, West bid Nil: in deals drawn to agree with the bids, East holds
    # clearly more tricks and West fewer than in deals that ignore them.
    view = _view_after_bids([3, 6, 0])
    k = knowledge_of(view)
    rules = view.rules
    played: dict[str, int] = {}
    for seat, card in view.plays:
        played[seat] = played.get(seat, 0) | 1 << card
    sizes = dict(view.hand_sizes)
    rng = Random(5)
    plain = [sample_hands(k, sizes, rng) for _ in range(150)]
    agreed = [sample_by_bids(k, sizes, rng, rules, played) for _ in range(150)]

    def mean_count(deals, i, seat):
        return statistics.fmean(sure_tricks(h[i] | played.get(seat, 0), rules)
                                for h in deals)

    assert mean_count(agreed, 1, "E") > mean_count(plain, 1, "E") + 0.4
    assert mean_count(agreed, 3, "W") < mean_count(plain, 3, "W") - 0.3
    for hands in agreed:
        assert hands[2] == view.hand


def test_a_bid_is_best_explained_by_a_hand_that_counts_to_it():
    rules = rules_from("classic")
    five = mask_of(parse_cards("AS KS QS 5S AH KH AD 2D 3D 4C 5C 6C 7C"))
    none = mask_of(parse_cards("2S 3S 2H 3H 4H 6H 2D 3D 5D 7D 2C 4C 8C"))
    assert bid_likelihood(five, 5, rules) > bid_likelihood(five, 2, rules)
    assert bid_likelihood(none, 0, rules) > 0.9 > 0.1 > bid_likelihood(five, 0, rules)


def test_expert_is_the_search_on_bid_consistent_deals_with_more_budget():
    expert = make_player("expert", 0)
    strong = make_player("strong", 0)
    small = make_player("expert", 0, budget=30)
    assert isinstance(expert, ExpertPlayer) and isinstance(small, ExpertPlayer)
    assert isinstance(strong, StrongPlayer) and not isinstance(strong, ExpertPlayer)
    assert expert.infer_bids and strong.infer_bids
    assert expert.budget.deals > strong.budget.deals
    assert expert.budget.solved > 0 and expert.budget.playouts >= expert.budget.deals
    # A budget counts strong's deals: the expert searches more of them at every budget,
    # bids on as many as strong, and its default is the budget of strong's default.
    assert small.budget.deals > 30 and small.budget.bid_deals == 60
    assert small.budget.solved < expert.budget.solved
    assert make_player("expert", 0, budget=strong.budget.deals).budget == expert.budget


def test_expert_bids_by_the_search_of_strong():
    """Bids priced by solved trick counts bid closer to the edge than the play can make
    them (docs/bots.md): the expert bids as ``strong`` does, on its own budget."""
    differs = 0
    for deal in range(1, 9):
        game = Game("classic", deal=deal)
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        expert = ExpertPlayer(5, game.rules, worlds=8, bid_worlds=40).decide(view)
        strong = StrongPlayer(5, game.rules, worlds=8, bid_worlds=40).decide(view)
        assert expert == strong
        differs += expert.code != make_player("basic", 5).decide(view).code
    assert differs  # the search, not only the basic count, decided some of these


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_expert_and_beginner_play_a_hand_of_every_preset(preset):
    game = Game(preset, deal=11)
    players = {s: ExpertPlayer(3, worlds=4, bid_worlds=4, solved=3) if i % 2 == 0
               else BeginnerPlayer(3) for i, s in enumerate(game.seats)}
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = seat_view(game, seat)
        decision = players[seat].decide(view)
        assert decision.action in view.legal and decision.reason
        game.apply(seat, decision.action)


def test_compiled_code_loads_only_when_a_level_searches():
    """Every start of the program (terminal play, the server, a hint) stays clear of
    numba, which only the search levels need (their play-outs and the exact solver):
    ``basic`` plays a hand without it, and creating ``strong`` loads it."""
    import subprocess
    import sys
    script = (
        "import sys\n"
        "from spades.bots import make_player\n"
        "import spades.cli.play, spades.cli.serve, spades.table\n"
        "from spades.game import Game\n"
        "from spades.views import seat_view\n"
        "game = Game('classic', deal=5)\n"
        "players = {s: make_player('basic', 1) for s in game.seats}\n"
        "while not game.results:\n"
        "    seat = game.to_act\n"
        "    game.apply(seat, players[seat].decide(seat_view(game, seat)).action)\n"
        "print('numba' in sys.modules)\n"
        "make_player('strong', 1)\n"
        "print('numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True"]
