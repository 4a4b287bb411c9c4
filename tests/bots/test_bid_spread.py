"""The bid search's spread of a play-out by a trick either way
(:func:`spades.bots.strong._spread`): real play is less sure than a play-out, so a
share of each candidate bid's value goes to the side taking a trick less or more. The
trick moves between seats that bid a contract: a spread that made a caught Nil or
broke a clean one would price the bid on a swing of two hundred points that has
nothing to do with it."""

from __future__ import annotations

import pytest

from spades.bots.knowledge import seat_roles
from spades.bots.strong import DEFAULT_BID_SPREAD, _spread
from spades.rules import rules_from

CLASSIC = rules_from("classic")
ROLES = seat_roles(CLASSIC)
N, E, S, W = range(4)
DOWN, UP = DEFAULT_BID_SPREAD


class Spread:
    """The spread of one play-out, each outcome found by its weight."""

    def __init__(self, tricks: list[int], bids: list[int], me: int = S) -> None:
        self.spread = _spread(tricks, me, ROLES, DEFAULT_BID_SPREAD, bids)
        assert sum(w for w, _ in self.spread) == pytest.approx(1.0)
        for _, moved in self.spread:
            assert sum(moved) == sum(tricks)

    def __getitem__(self, weight: float) -> list[int]:
        found = [t for w, t in self.spread if w == pytest.approx(weight)]
        assert len(found) == 1, (weight, self.spread)
        return found[0]


def test_without_a_nil_the_first_seat_of_each_side_with_a_trick_gives_it():
    outcomes = Spread([3, 2, 4, 4], [3, 2, 4, 3])
    assert outcomes[1.0 - DOWN - UP] == [3, 2, 4, 4]
    assert outcomes[DOWN] == [2, 3, 4, 4]  # N's trick to E
    assert outcomes[UP] == [3, 1, 5, 4]  # E's trick to S, the bidder


def test_a_partners_nil_caught_once_stays_broken_a_trick_down():
    # N bid Nil and took a trick in the play-out; S prices its bid of 5.
    bids = [0, 3, 5, 4]
    outcomes = Spread([1, 4, 5, 3], bids)
    assert outcomes[DOWN] == [1, 5, 4, 3]  # S gives the trick, not N
    assert all(moved[N] >= 1 for _, moved in outcomes.spread)


def test_a_partners_clean_nil_is_not_handed_a_trick_a_trick_up():
    outcomes = Spread([0, 4, 6, 3], [0, 3, 5, 4])
    assert outcomes[UP] == [0, 3, 7, 3]
    assert outcomes[DOWN] == [0, 5, 5, 3]


def test_an_opponents_nil_is_neither_broken_nor_made_by_the_spread():
    # E bid Nil: the trick S's side loses goes to W, the one S's side wins comes from W.
    clean = Spread([4, 0, 5, 4], [4, 0, 5, 3])
    assert clean[DOWN] == [3, 0, 5, 5]
    assert clean[UP] == [4, 0, 6, 3]
    # Caught once, E's Nil stays caught: the trick S's side wins comes from W.
    caught = Spread([4, 1, 5, 3], [4, 0, 5, 3])
    assert caught[UP] == [4, 1, 6, 2]


def test_a_side_without_a_trick_to_spare_keeps_the_play_outs_tricks():
    # S's side took nothing but the Nil's one trick; W, E's partner, bid Nil too.
    outcomes = Spread([1, 12, 0, 0], [0, 5, 4, 0])
    assert outcomes[1.0 - UP] == [1, 12, 0, 0]
    assert outcomes[UP] == [1, 11, 1, 0]


def test_with_two_players_the_trick_the_side_loses_is_the_others_even_on_a_nil():
    roles = seat_roles(rules_from("two-player"))
    # The first player bid 6 and took 7; the other bid Nil and took none.
    spread = {tuple(t): w for w, t in _spread([7, 0], 0, roles, DEFAULT_BID_SPREAD, [6, 0])}
    # The Nil has no trick to give a trick up; a trick down can only go to it.
    assert spread == {(7, 0): pytest.approx(1.0 - DOWN), (6, 1): pytest.approx(DOWN)}
