"""The search's hot pieces: the scorer agrees with the game's scoring, play-outs finish
hands legally, equivalent cards are grouped."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots.evaluation import WIN_BONUS, Scorer, rollout
from spades.bots.knowledge import seat_roles
from spades.bots.strong import _equivalents
from spades.cards import card_name, mask_of, parse_cards
from spades.game import Game
from spades.playout import Playout
from spades.rules import PRESETS, rules_from
from spades.scoring import game_result, score_hand


def expected_utility(rules, bids, blind, me, scores, bags, tricks) -> float:
    """The scoresheet's verdict, computed here from the game's scoring functions."""
    seats = rules.seats
    result = score_hand(rules, dict(zip(seats, bids, strict=True)),
                        frozenset(s for s, b in zip(seats, blind, strict=True) if b),
                        dict(zip(seats, tricks, strict=True)), scores, bags)
    cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0
    value = {side: s.points + s.penalty - cost * s.bags for side, s in result.items()}
    mine = rules.side_of(seats[me])
    others = [v for side, v in value.items() if side != mine]
    total = value[mine] - sum(others) / len(others)
    over, winner = game_result(rules, {side: s.score for side, s in result.items()})
    if over:
        total += WIN_BONUS if winner == mine else -WIN_BONUS
    return total


RULE_SETS = [rules_from(p) for p in sorted(PRESETS)] + [
    rules_from("classic").replace(floor=-200),
    rules_from("blind-nil").replace(nil_tricks="bags", floor=-100),
    rules_from("two-player").replace(bag_limit=5, bag_penalty=50),
    rules_from("cutthroat").replace(blind_nil=True, target=200),
    rules_from("classic").replace(bag_limit=0),
]


@st.composite
def hands_scored(draw):
    rules = draw(st.sampled_from(RULE_SETS))
    n = len(rules.seats)
    tricks = draw(st.lists(st.integers(0, 13), min_size=n, max_size=n))
    bids = draw(st.lists(st.integers(0, 7), min_size=n, max_size=n))
    blind = [b == 0 and draw(st.booleans()) for b in bids]
    scores = {s: draw(st.integers(-300, 1100)) for s in rules.sides}
    bags = {s: draw(st.integers(0, 9)) for s in rules.sides}
    me = draw(st.integers(0, n - 1))
    return rules, bids, blind, me, scores, bags, tricks


@settings(max_examples=400, deadline=None)
@given(hands_scored())
def test_scorer_is_the_game_scoring_for_every_preset_and_setting(case):
    # Blind Nil, Nil tricks as bags, the floor, two players and cutthroat, the end of
    # the game: the search's value is the scoresheet's, bags at their long-run cost.
    rules, bids, blind, me, scores, bags, tricks = case
    scorer = Scorer(rules, bids, blind, me, scores, bags)
    want = expected_utility(rules, bids, blind, me, scores, bags, tricks)
    assert abs(scorer.utility(tricks) - want) < 1e-9
    assert scorer.utility(list(tricks)) == scorer.utility(tricks)  # remembered, same


def test_blind_nil_and_the_floor_are_priced():
    rules = rules_from("blind-nil").replace(floor=-200)
    zero = {"NS": 0, "EW": 0}
    blind = Scorer(rules, [0, 3, 4, 3], [True, False, False, False], 0, zero, zero)
    plain = Scorer(rules, [0, 3, 4, 3], [False] * 4, 0, zero, zero)
    made = [0, 3, 5, 5]
    assert blind.utility(made) - plain.utility(made) == 100  # +200 against +100
    broken = [1, 3, 4, 5]
    assert plain.utility(broken) - blind.utility(broken) == 100
    # A side at -150 that is set falls to the floor and loses the game at once.
    low = Scorer(rules, [4, 3, 4, 3], [False] * 4, 0, {"NS": -150, "EW": 0}, zero)
    assert low.utility([1, 4, 1, 7]) < -WIN_BONUS


def test_winning_the_game_is_worth_more_than_points():
    rules = rules_from("classic")
    near = Scorer(rules, [3, 3, 3, 3], [False] * 4, 0, {"NS": 480, "EW": 0}, {"NS": 0, "EW": 0})
    far = Scorer(rules, [3, 3, 3, 3], [False] * 4, 0, {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0})
    tricks = [4, 3, 3, 3]
    assert near.utility(tricks) == far.utility(tricks) + WIN_BONUS


def test_rollout_finishes_the_hand():
    game = Game("classic", deal=3)
    rules = game.rules
    partner, side_of = seat_roles(rules)
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


def test_a_card_on_the_table_separates_equivalent_cards(table):
    """The nine on the table: the eight loses the trick, the ten wins it, so the search
    must play both out (the trick's cards are not unseen, yet they count)."""
    from spades.actions import Play
    from spades.bots.knowledge import knowledge_of
    from spades.bots.strong import trick_mask
    from spades.views import seat_view
    game = table({"N": "9H 2S", "E": "2H AS", "S": "8H TH 3S", "W": "4S"},
                 first_dealer="W", bids=[("N", 3), ("E", 3), ("S", 3), ("W", 3)],
                 plays=["9H", "2H"])
    view = seat_view(game, "S")
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    k = knowledge_of(view)
    eight, ten = parse_cards("8H TH")
    merged = _equivalents(legal, k.unseen)
    assert merged[ten] == merged[eight]  # what the trick's nine is ignored for
    group = _equivalents(legal, k.unseen | trick_mask(view))
    assert group[ten] == ten and group[eight] != ten


def test_greedy_leader_counts_the_last_seat_when_leading_a_top_card():
    """The fourth seat can trump the leader's ace: the greedy lead looks at every seat
    still to play, so a side that wants tricks does not lead into the ruff."""
    from spades.bots.evaluation import _choose
    hands = [mask_of(parse_cards("AH 2C")), mask_of(parse_cards("3H 3C")),
             mask_of(parse_cards("4H 4C")), mask_of(parse_cards("2S 5C"))]
    p = Playout(hands, 0, broken=True)
    card = _choose(p, p.legal_mask(), 1, 2, [0, 1, 0, 1])
    assert card_name(card) == "2C"


def test_greedy_ducking_lead_gives_the_trick_to_an_opponent():
    """Contract made: lead the card an opponent must beat, not the lowest card of a
    suit nobody else can win (that trick would come back as our own bag)."""
    from spades.bots.evaluation import _choose
    hands = [mask_of(parse_cards("2C 8H")), mask_of(parse_cards("3D 9H")),
             mask_of(parse_cards("4D 5H")), mask_of(parse_cards("5D 6H"))]
    p = Playout(hands, 0)
    card = _choose(p, p.legal_mask(), 0, 2, [0, 1, 0, 1])
    assert card_name(card) == "8H"


SIDES = [0, 1, 0, 1]
PARTNERS = [2, 3, 0, 1]


def _greedy(p: Playout, bids: list[int]) -> str:
    from spades.bots.evaluation import greedy_card
    contract = [bids[0] + bids[2], bids[1] + bids[3]]
    return card_name(greedy_card(p, p.legal_mask(), bids, PARTNERS, SIDES, contract))


def test_greedy_opponents_lead_low_into_a_nil():
    """East bid Nil: North leads its lowest card of a suit East must follow higher, as
    the basic rules and players do, so that play-outs do not credit Nils nobody set."""
    hands = [mask_of(parse_cards("2H AC KC 9D")), mask_of(parse_cards("5H 6H 3C 4D")),
             mask_of(parse_cards("3H 4H 5C 6D")), mask_of(parse_cards("7H 8H 6C 7D"))]
    assert _greedy(Playout(hands, 0), [3, 0, 3, 4]) == "2H"


def test_greedy_opponent_stays_under_a_nil_bidder_that_wins_the_trick():
    hands = [mask_of(parse_cards("2H 3C")), mask_of(parse_cards("9H 3D")),
             mask_of(parse_cards("QH 8H")), mask_of(parse_cards("4H 8C"))]
    p = Playout(hands, 3)
    p.play(parse_cards("4H")[0])         # West leads
    p.play(parse_cards("2H")[0])         # North ducks
    p.play(parse_cards("9H")[0])         # East, the Nil bidder, wins so far
    assert _greedy(p, [3, 0, 3, 4]) == "8H"  # South stays under the nine, its highest loser


def test_greedy_opponent_plays_low_while_the_nil_bidder_is_still_to_play():
    hands = [mask_of(parse_cards("KH 4H 3C")), mask_of(parse_cards("9H 3D")),
             mask_of(parse_cards("2C 5C")), mask_of(parse_cards("2H 8C"))]
    p = Playout(hands, 3)
    p.play(parse_cards("2H")[0])           # West leads; North to play, East (Nil) after
    assert _greedy(p, [3, 0, 3, 4]) == "4H"


def test_greedy_plays_for_the_contract_before_setting_a_nil():
    """With more than half the tricks left needed for the contract, the side plays for
    them (the rule of the basic player): North wins with its king."""
    hands = [mask_of(parse_cards("KH 4H 3C")), mask_of(parse_cards("9H 3D 4D")),
             mask_of(parse_cards("2C 5C 6C")), mask_of(parse_cards("2H 8C 9C"))]
    p = Playout(hands, 3)
    p.done = 10
    p.play(parse_cards("2H")[0])
    assert _greedy(p, [9, 0, 3, 1]) == "KH"
