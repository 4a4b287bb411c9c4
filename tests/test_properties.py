"""Invariants over random games in every preset (hypothesis).

Random bids are mostly small so that contracts are often made and bags pile up; each
example plays a few hands (or to the end, with a low target and a floor), so the file
stays fast. The hidden-information property replays a game with the cards a seat cannot
see shuffled among their holders and checks that the seat's view is the same.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from spades.actions import Action, Bid, BlindChoice, Exchange
from spades.cards import RANK_OF, SUIT_OF, Card, Mask, Seat, cards_of, mask_of
from spades.dealing import DealSource, HandDeal, NumberedDeal
from spades.deals import MAX_DEAL
from spades.errors import IllegalActionError
from spades.game import Game, Phase
from spades.record import dumps, game_to_record, load_record
from spades.rules import PRESETS, Rules, rules_from
from spades.scoring import game_result, score_hand
from spades.views import SeatView, seat_view

PRESET_NAMES = sorted(PRESETS)
BIDS = (0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8, 13)

SETTINGS = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def choose(game: Game, rng: Random) -> Action:
    """A random action, with small bids and an occasional Blind Nil."""
    if game.phase is Phase.BLIND:
        return BlindChoice(rng.random() < 0.2)
    if game.phase is Phase.BID:
        return Bid(rng.choice(BIDS))
    return rng.choice(game.legal_actions())


house_rules = st.fixed_dictionaries({}, optional={
    "deck": st.sampled_from(["standard", "jokers"]),
    "nil_tricks": st.sampled_from(["count", "bags"]),
    "blind_nil": st.booleans(),
    "blind_nil_deficit": st.sampled_from([0, 50]),
    "bag_limit": st.sampled_from([0, 5, 10]),
    "exchange": st.integers(0, 3),
})
"""Settings a table may combine freely with any preset."""

game_specs = st.fixed_dictionaries({
    "deal": st.integers(0, MAX_DEAL),
    "seed": st.integers(0, 2**32 - 1),
    "low": st.booleans(),
    "house": house_rules,
})


def rules_of(preset: str, spec: dict[str, Any]) -> Rules:
    """The preset with the example's house rules, and a low target and floor if ``low``."""
    chosen: dict[str, Any] = {"preset": preset, **spec.get("house", {})}
    if spec["low"]:
        chosen.update(target=150, floor=-150)
    return rules_from(chosen)


def check_finished_hand(rules: Rules, game: Game, index: int) -> None:
    r = game.results[index]
    deck = mask_of(rules.deck_cards)
    hands = [r.cards[s] for s in rules.seats]
    held = 0
    for h in hands:
        assert h.bit_count() == 13
        assert held & h == 0
        held |= h
    played = [c for _, c in r.plays]
    assert len(played) == len(set(played)) == 13 * len(rules.seats)
    assert mask_of(played) == held
    if rules.draw:
        assert r.stock is not None and len(r.stock) == len(set(r.stock)) == 52
        assert mask_of(r.stock) == deck
        out = deck & ~held
        assert out.bit_count() == 26  # 26 kept, 26 out of play
        assert r.draw is not None and len(r.draw) == 26
    else:
        assert held == deck  # 52 distinct cards dealt
    assert sum(r.tricks.values()) == 13
    assert reference_tricks(rules, r.cards, r.bids[0][0], r.plays) == dict(r.tricks)
    prior_scores = dict.fromkeys(rules.sides, 0)
    prior_bags = dict.fromkeys(rules.sides, 0)
    if index:
        prior_scores = {s: v.score for s, v in game.results[index - 1].sides.items()}
        prior_bags = {s: v.bag_count for s, v in game.results[index - 1].sides.items()}
    again = score_hand(rules, dict(r.bids), frozenset(r.blind), r.tricks, prior_scores,
                       prior_bags)
    assert again == dict(r.sides)


def reference_tricks(rules: Rules, cards: Mapping[Seat, Mask], leader: Seat,
                     plays: Sequence[tuple[Seat, Card]]) -> dict[Seat, int]:
    """R12–R14 written out plainly, as an oracle for the engine's bitmask play: checks
    each play's seat and legality and returns the tricks each seat took."""
    seats = rules.seats
    hands = {s: set(cards_of(m)) for s, m in cards.items()}
    tricks = dict.fromkeys(seats, 0)
    broken = False
    n = len(seats)
    for t in range(13):
        trick = plays[t * n:(t + 1) * n]
        start = seats.index(leader)
        assert [s for s, _ in trick] == [seats[(start + k) % n] for k in range(n)]
        led = SUIT_OF[trick[0][1]]
        for k, (seat, card) in enumerate(trick):
            hand = hands[seat]
            assert card in hand
            suit = SUIT_OF[card]
            if k == 0:
                if suit == 3 and not broken:
                    assert all(SUIT_OF[c] == 3 for c in hand), "spade led before broken"
            elif suit != led:
                assert all(SUIT_OF[c] != led for c in hand), "did not follow suit"
            hand.remove(card)
        for _, card in trick:
            broken = broken or SUIT_OF[card] == 3
        trumps = [(RANK_OF[c], s) for s, c in trick if SUIT_OF[c] == 3]
        followers = [(RANK_OF[c], s) for s, c in trick if SUIT_OF[c] == led]
        leader = max(trumps or followers)[1]
        tricks[leader] += 1
    return tricks


@pytest.mark.parametrize("preset", PRESET_NAMES)
@SETTINGS
@given(spec=game_specs, hands=st.integers(1, 3))
def test_random_games_keep_every_invariant(
    preset: str, spec: dict[str, Any], hands: int
) -> None:
    rules = rules_of(preset, spec)
    rng = Random(spec["seed"])
    game = Game(rules, deal=spec["deal"])
    limit = hands if not spec["low"] else 40
    while not game.over and len(game.results) < limit:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        assert legal, game.phase
        assert seat_view(game, seat).legal == tuple(legal)
        for other in rules.seats:
            if other != seat:
                assert seat_view(game, other).legal == ()
        before = len(game.results)
        game.apply(seat, choose(game, rng))
        if len(game.results) > before:
            check_finished_hand(rules, game, before)
            assert sum(game.results[-1].tricks.values()) == 13
    for side in rules.sides:
        assert game.scores[side] == sum(r.sides[side].points for r in game.results)
        if game.results:
            assert game.bag_counts[side] == game.results[-1].sides[side].bag_count
            if rules.bag_limit:
                assert 0 <= game.bag_counts[side] < rules.bag_limit
    if game.over:
        assert game.legal_actions() == [] and game.to_act is None
        assert game_result(rules, game.scores) == (True, game.winner)
        if game.winner is None:  # drawn: every side at the floor, the best tied (R21)
            assert rules.floor is not None
            assert all(v <= rules.floor for v in game.scores.values())
        else:
            assert game.winner in rules.sides
    elif game.results:
        # a finished hand that did not end the game left no winner behind
        prior = {s: v.score for s, v in game.results[-1].sides.items()}
        assert not game_result(rules, prior)[0]


# -- hidden information ------------------------------------------------------------------


def unseen_stock_positions(game: Game, viewer: Seat | None) -> set[int]:
    """Two players: the stock positions whose card ``viewer`` has never seen."""
    h = game.hand
    assert h.stock is not None
    seen: set[int] = set()
    for i, letter in enumerate(h.draw_letters):
        drawer = h.dealer if i % 2 == 0 else h.order[0]
        if drawer == viewer:
            seen.add(2 * i)
            if letter == "d":
                seen.add(2 * i + 1)
    if game.phase is Phase.DRAW and game.to_act == viewer and viewer is not None:
        seen.add(2 * len(h.draw_letters))
    return set(range(52)) - seen


def hidden_pool(game: Game, viewer: Seat | None, view: SeatView) -> list[Card]:
    """The cards ``viewer`` cannot see: others' unplayed cards (its own too while hidden)."""
    if game.over:
        return []  # the last hand is finished, and finished hands are public
    played = view.played_mask
    if game.rules.draw:
        stock = game.hand.stock or []
        mine = game.hand_of(viewer) if viewer is not None else 0
        pool = [stock[p] for p in unseen_stock_positions(game, viewer)]
        return sorted(c for c in pool if not (played | mine) >> c & 1)
    holders = [s for s in game.seats if s != viewer or view.cards_hidden]
    mask = 0
    for s in holders:
        mask |= game.hand_of(s)
    return cards_of(mask & ~played)


def permutation(pool: list[Card], rng: Random, keep_suits: bool) -> dict[Card, Card]:
    """A random permutation of ``pool``; with ``keep_suits`` each card maps to its suit."""
    sigma: dict[Card, Card] = {}
    groups = [[c for c in pool if SUIT_OF[c] == s] for s in range(4)] if keep_suits else [pool]
    for group in groups:
        image = group[:]
        rng.shuffle(image)
        sigma.update(zip(group, image, strict=True))
    return sigma


def shuffled_source(game: Game, base: DealSource, sigma: dict[Card, Card]) -> DealSource:
    """``base`` for every hand but the current one, whose cards are mapped by ``sigma``."""
    h = game.hand
    index = h.index

    def m(c: Card) -> Card:
        return sigma.get(c, c)

    def mask(x: Mask) -> Mask:
        return mask_of(m(c) for c in cards_of(x))

    if h.deal.cards is not None:
        dealt = {s: mask(x) for s, x in h.deal.cards.items()}
        current = HandDeal(cards=dealt)
    else:
        original = h.deal
        stock = [m(c) for c in original.stock or []]
        pile = original.exchange_order(sorted(h.discards)) if h.draw_done else []
        mapped_pile = [m(c) for c in pile]
        current = HandDeal(stock=stock, exchange_order=lambda _pile: list(mapped_pile))

    def source(rules: Rules, hand: int, dealer: Seat) -> HandDeal:
        return current if hand == index else base(rules, hand, dealer)

    return source


def replay(game: Game, source: DealSource, sigma: dict[Card, Card]) -> Game | None:
    """The same actions on the shuffled deal (hidden exchanges mapped); None if refused."""
    other = Game(game.rules, source=source)
    index = game.hand.index
    try:
        for event in game.log:
            action = event.action
            if isinstance(action, Exchange) and event.hand == index:
                action = Exchange(tuple(sigma.get(c, c) for c in action.cards))
            other.apply(event.seat, action)
    except IllegalActionError:
        return None
    return other


@pytest.mark.parametrize("preset", PRESET_NAMES)
@SETTINGS
@given(spec=game_specs, steps=st.integers(0, 200), keep_suits=st.booleans(),
       shuffle_seed=st.integers(0, 2**32 - 1))
def test_a_view_ignores_the_cards_it_cannot_see(
    preset: str, spec: dict[str, Any], steps: int, keep_suits: bool, shuffle_seed: int
) -> None:
    rules = rules_of(preset, spec)
    rng = Random(spec["seed"])
    base = NumberedDeal(spec["deal"])
    game = Game(rules, source=base)
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game, rng))
    shuffler = Random(shuffle_seed)
    for viewer in (*rules.seats, None):
        view = seat_view(game, viewer)
        pool = hidden_pool(game, viewer, view)
        sigma = permutation(pool, shuffler, keep_suits)
        other = replay(game, shuffled_source(game, base, sigma), sigma)
        if other is None:
            # only a suit-changing shuffle can contradict what the play has shown
            assert not keep_suits
            continue
        assert seat_view(other, viewer) == view
        assert seat_view(other, viewer).to_json() == view.to_json()


def test_the_shuffle_moves_cards_and_a_holder_sees_the_difference() -> None:
    """Control for the property above: the replayed game really differs, and a seat
    whose own cards moved does see it."""
    base = NumberedDeal(1)
    game = Game("classic", source=base)
    rng = Random(1)
    for _ in range(4 + 9):  # the bids and two tricks and a card
        game.apply(game.to_act, choose(game, rng))  # type: ignore[arg-type]
    view = seat_view(game, "S")
    pool = hidden_pool(game, "S", view)
    assert mask_of(pool) & game.hand_of("S") == 0
    sigma = permutation(pool, Random(5), keep_suits=True)
    other = replay(game, shuffled_source(game, base, sigma), sigma)
    assert other is not None
    assert any(other.hand_of(s) != game.hand_of(s) for s in "WNE")
    assert seat_view(other, "S") == view
    assert any(seat_view(other, s) != seat_view(game, s) for s in "WNE")


# -- the search fast path ------------------------------------------------------------------

PLAYOUT_SLOTS = ("broken", "done", "hands", "led", "n", "played", "trick", "tricks", "turn",
                 "win_card", "win_pos")


@pytest.mark.parametrize("preset", ["classic", "jokers", "two-player"])
@settings(max_examples=40, deadline=None)
@given(spec=game_specs, cards=st.integers(0, 51), seed=st.integers(0, 2**32 - 1))
def test_random_playout_matches_card_by_card_play(
    preset: str, spec: dict[str, Any], cards: int, seed: int
) -> None:
    """The inlined playout loop of search plays exactly as ``play`` would, from a copy
    that leaves the game's own position untouched."""
    rules = rules_of(preset, spec)
    rng = Random(spec["seed"])
    game = Game(rules, deal=spec["deal"])
    while game.phase is not Phase.PLAY or len(game.hand.plays) < cards % (13 * len(rules.seats)):
        game.apply(game.to_act, choose(game, rng))  # type: ignore[arg-type]
        if game.results:
            break
    position = game.hand.playout
    if position is None:
        return
    before = {name: getattr(position, name) for name in PLAYOUT_SLOTS}
    before = {k: v[:] if isinstance(v, list) else v for k, v in before.items()}
    fast = position.copy()
    fast.play_out_random(Random(seed))
    slow = position.copy()
    draw = Random(seed).random
    while slow.hands[slow.turn]:
        legal = slow.legal_mask()
        k = int(draw() * legal.bit_count())
        for _ in range(k):
            legal &= legal - 1
        slow.play((legal & -legal).bit_length() - 1)
    for name in PLAYOUT_SLOTS:
        assert getattr(fast, name) == getattr(slow, name), name
        assert getattr(position, name) == before[name], name
    assert sum(fast.tricks) == 13 and fast.over


# -- records -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
@SETTINGS
@given(spec=game_specs, steps=st.integers(0, 240))
@example(spec={"deal": 0, "seed": 15, "low": False, "house": {}},
         steps=2)  # two players: both looked, nothing else yet
def test_a_record_stopped_anywhere_replays_to_the_same_game(
    preset: str, spec: dict[str, Any], steps: int
) -> None:
    """Whatever the point a game stops at, its record replays to exactly that point:
    no action is lost, Blind Nil answers included, whatever the house rules."""
    rules = rules_of(preset, spec)
    rng = Random(spec["seed"])
    game = Game(rules, deal=spec["deal"])
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game, rng))
    record = json.loads(dumps(game_to_record(game)))
    replayed = load_record(record)
    assert replayed.version == game.version
    assert (replayed.phase, replayed.to_act) == (game.phase, game.to_act)
    for seat in rules.seats:
        assert seat_view(replayed, seat) == seat_view(game, seat)
    assert game_to_record(replayed) == record
