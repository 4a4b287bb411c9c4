"""The compiled play-outs play every card the Python rules and greedy policy play.

:mod:`spades.bots.playout_kernel` writes the basic rules' card play
(:mod:`spades.bots.tactics`) and the greedy policy (:mod:`spades.bots.evaluation`) once
more on ints, so that a search's play-outs run as one compiled call. The Python
functions stay the definition: here every decision of random positions, in every
preset, with and without Nil bids, is asked of both, and whole play-outs (rules, greedy,
the side's greedy and the others' rules) are finished both ways, to the same tricks and
the same state.
"""

from __future__ import annotations

from random import Random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.bots import playout_kernel as kernel
from spades.bots.evaluation import greedy_card, rollout, side_contracts
from spades.bots.knowledge import seat_roles
from spades.bots.rules_play import RulesTable, rules_rollout, side_rollout
from spades.cards import cards_of
from spades.playout import Playout, nth_card
from spades.rules import Rules, rules_from

PRESETS = ["classic", "no-help-nil", "jokers", "blind-nil", "cutthroat", "two-player"]
PLAYOUT_FIELDS = ("hands", "turn", "led", "trick", "broken", "played", "done", "tricks")


def _random_deal(rules: Rules, rng: Random) -> tuple[list[int], list[int]]:
    """A hand of ``rules`` dealt and bid at random (Nils included): the hands and the
    bids by position."""
    n = len(rules.seats)
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    per = 13 if n != 3 else 17
    hands = [sum(1 << c for c in deck[q * per:(q + 1) * per]) for q in range(n)]
    return hands, [rng.choice([0, 0, 1, 2, 3, 4, 5]) for _ in range(n)]


def _random_table(preset: str, seed: int) -> tuple[RulesTable, list[int]]:
    """A hand of ``preset`` dealt and bid at random (Nils included), some cards into its
    play chosen at random: the table as the rules read it, and the bids by position."""
    rng = Random(seed)
    rules = rules_from(preset)
    seats = rules.seats
    n = len(seats)
    per = 13 if n != 3 else 17
    hands, bids = _random_deal(rules, rng)
    bid_of = dict(zip(seats, bids, strict=True))
    table = RulesTable(rules, Playout(hands, rng.randrange(n)), bid_of, {})
    for _ in range(rng.randrange(per * n - 3)):
        legal = table.p.legal_mask()
        table.play(nth_card(legal, rng.randrange(legal.bit_count())))
    return table, bids


def _copy(table: RulesTable, preset: str) -> RulesTable:
    return RulesTable(rules_from(preset), table.p.copy(), table.bids, table.shown,
                      before=table.played_before, trick=tuple(table.trick))


def _card_by_card(table: RulesTable, rules: Rules, bids: list[int], greedy: set[int]) -> None:
    """Finish the hand in Python: the sides in ``greedy`` play the greedy policy, the
    others the rules from their seats; at each decision the compiled card (of
    :func:`~spades.bots.playout_kernel.greedy_card` or
    :func:`~spades.bots.playout_kernel.rule_card`) must be the same."""
    p = table.p
    partner, side_of = seat_roles(rules)
    contract = side_contracts(bids, side_of)
    nil_bid = 0 in bids
    while p.hands[p.turn]:
        legal = p.legal_mask()
        size = len(p.trick)
        hands = np.array(p.hands, dtype=np.int64)
        tricks = np.array(p.tricks, dtype=np.int64)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif side_of[p.turn] in greedy:
            card = greedy_card(p, legal, bids, partner, side_of, contract)
            assert card == kernel.greedy_card(
                hands, p.turn, legal, p.led, p.win_card, p.win_pos, size, p.done, tricks,
                np.array(bids), np.array(partner), np.array(side_of),
                np.array(contract + [0] * (len(bids) - len(contract))), nil_bid)
        else:
            card = table.rule_card(legal)
            voids = np.array([sum(1 << s for s in table.shown[seat]) for seat in table.seats])
            assert card == kernel.rule_card(
                hands, p.turn, legal, p.led, p.win_card, p.win_pos, size,
                table.played_before | p.played, voids, np.array(bids), tricks,
                np.array(partner), table.deck, nil_bid)
        table.play(card)


def _same_state(a: RulesTable, b: RulesTable) -> None:
    for field in PLAYOUT_FIELDS:
        assert getattr(a.p, field) == getattr(b.p, field), field
    assert a.shown == b.shown and a.trick == b.trick


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_the_rules_play_out_plays_every_card_the_rules_play(preset: str, seed: int) -> None:
    table, bids = _random_table(preset, seed)
    compiled, python = _copy(table, preset), _copy(table, preset)
    tricks = rules_rollout(compiled, Random(0))
    _card_by_card(python, rules_from(preset), bids, set())
    assert tricks == python.p.tricks
    _same_state(compiled, python)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_the_side_play_out_plays_the_greedy_policy_and_the_rules(preset: str,
                                                                  seed: int) -> None:
    table, bids = _random_table(preset, seed)
    _, side_of = seat_roles(rules_from(preset))
    for side in sorted(set(side_of)):
        compiled, python = _copy(table, preset), _copy(table, preset)
        tricks = side_rollout(compiled, bids, side_of, side)
        _card_by_card(python, rules_from(preset), bids, {side})
        assert tricks == python.p.tricks, side
        _same_state(compiled, python)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 13))
def test_the_greedy_play_out_plays_every_card_the_policy_plays(preset: str, seed: int,
                                                                until: int) -> None:
    """Also when it stops after ``until`` tricks, and drawing from the generator as
    many numbers as the card-by-card play-out."""
    table, bids = _random_table(preset, seed)
    partner, side_of = seat_roles(rules_from(preset))
    compiled, python = table.p.copy(), _copy(table, preset)
    drawn = Random(seed)
    tricks = rollout(compiled, bids, partner, side_of, drawn, until=until)
    p = python.p
    contract = side_contracts(bids, side_of)
    reference = Random(seed)
    while p.hands[p.turn] and p.done < until:
        legal = p.legal_mask()
        if legal & (legal - 1):
            reference.random()
            card = greedy_card(p, legal, bids, partner, side_of, contract)
            assert card == kernel.greedy_card(
                np.array(p.hands, dtype=np.int64), p.turn, legal, p.led, p.win_card,
                p.win_pos, len(p.trick), p.done, np.array(p.tricks, dtype=np.int64),
                np.array(bids), np.array(partner), np.array(side_of),
                np.array(contract + [0] * (len(bids) - len(contract))), 0 in bids)
            p.play(card)
        else:
            p.play(legal.bit_length() - 1)
    assert tricks == p.tricks
    for field in PLAYOUT_FIELDS:
        assert getattr(compiled, field) == getattr(p, field), field
    if p.done > table.p.done:
        assert (compiled.leader, compiled.win_card, compiled.win_pos) == \
            (p.leader, p.win_card, p.win_pos)
    assert drawn.random() == reference.random()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.booleans())
def test_every_candidate_card_is_played_out_as_each_play_out_alone_plays_it(
        preset: str, seed: int, earlier: bool) -> None:
    """:class:`~spades.bots.playout_kernel.CardPlayouts` (the search's card decisions)
    gives, for every legal card, the tricks of the rules play-out and of the greedy
    play-out after it, and as many draws as the greedy play-outs make; the position
    is left as it was. With ``earlier``, the position starts afresh from where the
    table is, its cards played so far handed over as ``before`` (as a search's sampled
    deal starts from the view)."""
    table, bids = _random_table(preset, seed)
    rules = rules_from(preset)
    partner, side_of = seat_roles(rules)
    start = table.p.copy()
    before = table.played_before
    if earlier:
        before, start.played = start.played, 0
    cards = cards_of(start.legal_mask())
    voids = [sum(1 << s for s in table.shown[seat]) for seat in table.seats]
    batch = kernel.CardPlayouts(cards, bids, partner, side_of, voids, rules.deck_mask,
                                before)
    snapshot = start.copy()
    played_out, chosen = batch.tricks(start)
    for field in PLAYOUT_FIELDS:
        assert getattr(start, field) == getattr(snapshot, field), field
    drawn = Random(seed)
    for card, (by_rules, greedy) in zip(cards, played_out, strict=True):
        alone = _copy(table, preset)
        alone.play(card)
        assert by_rules == rules_rollout(alone, Random(0)), card
        p = table.p.copy()
        p.play(card)
        assert greedy == rollout(p, bids, partner, side_of, drawn), card
    reference = Random(seed)
    for _ in range(chosen):
        reference.random()
    assert drawn.random() == reference.random()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32))
def test_every_table_of_bids_is_played_out_as_the_side_play_out_plays_it(
        preset: str, seed: int) -> None:
    """:func:`~spades.bots.playout_kernel.bid_playouts` (the search's bids) gives, for
    each table of bids, the tricks of the side play-out of the whole deal."""
    rng = Random(seed)
    rules = rules_from(preset)
    partner, side_of = seat_roles(rules)
    hands, _ = _random_deal(rules, rng)
    tables = [_random_deal(rules, rng)[1] for _ in range(3)]
    leader = rng.randrange(len(hands))
    side = rng.choice(side_of)
    got = kernel.bid_playouts(hands, leader, tables, partner, side_of, rules.deck_mask,
                              1 << side)
    for bids, tricks in zip(tables, got, strict=True):
        table = RulesTable(rules, Playout(hands, leader),
                           dict(zip(rules.seats, bids, strict=True)), {})
        assert tricks == side_rollout(table, bids, side_of, side)


PROBE = """
from spades.bots import playout_kernel
from spades.bots.strong import StrongPlayer
import test_playout_kernel as t

def signatures():  # what the search calls from Python
    return {name: len(getattr(playout_kernel, name).signatures)
            for name in ("playout", "rule_card", "card_playouts", "deal_playouts")}

StrongPlayer(0)
ready = signatures()
assert all(ready.values()), ready
for preset in t.PRESETS:
    for seed in range(6):
        table, bids = t._random_table(preset, seed)
        t.test_the_rules_play_out_plays_every_card_the_rules_play.hypothesis.inner_test(
            preset, seed)
        t.test_the_side_play_out_plays_the_greedy_policy_and_the_rules.hypothesis.inner_test(
            preset, seed)
        t.test_the_greedy_play_out_plays_every_card_the_policy_plays.hypothesis.inner_test(
            preset, seed, 13)
        t.test_every_candidate_card_is_played_out_as_each_play_out_alone_plays_it.hypothesis.inner_test(
            preset, seed, seed % 2 == 0)
        t.test_every_table_of_bids_is_played_out_as_the_side_play_out_plays_it.hypothesis.inner_test(
            preset, seed)
print({k: (ready[k], v) for k, v in signatures().items() if v != ready[k]})
"""


def test_a_search_level_compiles_its_play_outs_when_created() -> None:
    """In a fresh process, after ``strong`` is created, play-outs of every kind in every
    preset (and the rules' card asked on its own, as the reading of the play asks it)
    compile nothing more, nor load anything from numba's cache: no decision's safety
    clock counts either."""
    import subprocess
    import sys
    from pathlib import Path
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=600, check=False, cwd=Path(__file__).parent)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "{}", f"compiled after strong was created: {run.stdout}"
