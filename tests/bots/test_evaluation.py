"""The search's hot pieces: the scorer agrees with the game's scoring, play-outs finish
hands legally, equivalent cards are grouped."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.evaluation import WIN_BONUS, Scorer, rollout
from spades.bots.strong import _equivalents, _roles
from spades.cards import card_name, mask_of, parse_cards
from spades.game import Game
from spades.playout import Playout
from spades.rules import rules_from
from spades.scoring import score_hand


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=4, max_size=4),
       st.lists(st.integers(0, 13), min_size=4, max_size=4),
       st.sampled_from(["classic", "no-help-nil", "cutthroat"]),
       st.integers(0, 9))
def test_scorer_agrees_with_the_game_scoring(bids, tricks, preset, prior_bags):
    rules = rules_from(preset)
    seats = rules.seats
    scores = dict.fromkeys(rules.sides, 0)
    bags = dict.fromkeys(rules.sides, prior_bags)
    scorer = Scorer(rules, bids, [False] * 4, 0, scores, bags)
    expected = score_hand(rules, dict(zip(seats, bids, strict=True)), frozenset(),
                          dict(zip(seats, tricks, strict=True)), scores, bags)
    cost = rules.bag_penalty / rules.bag_limit
    value = {side: s.points + s.penalty - cost * s.bags for side, s in expected.items()}
    mine = rules.side_of("N")
    others = [v for side, v in value.items() if side != mine]
    assert abs(scorer.utility(tricks) - (value[mine] - sum(others) / len(others))) < 1e-9


def test_winning_the_game_is_worth_more_than_points():
    rules = rules_from("classic")
    near = Scorer(rules, [3, 3, 3, 3], [False] * 4, 0, {"NS": 480, "EW": 0}, {"NS": 0, "EW": 0})
    far = Scorer(rules, [3, 3, 3, 3], [False] * 4, 0, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
    tricks = [4, 3, 3, 3]
    assert near.utility(tricks) == far.utility(tricks) + WIN_BONUS


def test_rollout_finishes_the_hand():
    game = Game("classic", deal=3)
    rules = game.rules
    partner, side_of = _roles(rules)
    hands = [game.hand_of(s) for s in rules.seats]
    for bids in ([3, 3, 3, 3], [0, 4, 5, 3]):
        p = Playout(hands, 2)
        tricks = rollout(p, bids, partner, side_of, Random(1))
        assert sum(tricks) == 13 and not any(p.hands)


def test_equivalent_cards_share_one_play_out():
    cards = parse_cards("9H TH QH 3S")
    group = _equivalents(cards, mask_of(parse_cards("JH KH 2C")))
    assert {card_name(a): card_name(b) for a, b in group.items()} == {
        "9H": "9H", "TH": "9H", "QH": "QH", "3S": "3S"}
