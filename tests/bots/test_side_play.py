"""The side play-out: the seat's side plays with the deal open, the others by the rules.

:func:`spades.bots.rules_play.side_rollout` finishes a hand with the positions of one
side playing the greedy policy (every hand open to them) and every other seat the basic
rules from its own seat; ``StrongPlayer(side_playouts=True)`` values cards with it in
place of the open-handed play-out, and ``strong`` prices its bids on it
(``side_bids``, on by default). That the side's positions play the greedy policy and
the others the rules, card by card, is tested with the compiled play-outs
(``test_playout_kernel.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest

import spades.bots.strong as strong_module
from spades.bots.evaluation import rollout as greedy_rollout
from spades.bots.knowledge import seat_roles
from spades.bots.rules_play import RulesTable, rules_rollout, side_rollout
from spades.bots.strong import StrongPlayer
from spades.cards import Mask
from spades.game import Game
from spades.views import SeatView, seat_view

TableOf = Callable[[SeatView, list[Mask]], RulesTable]
"""The ``rules_table`` fixture: a view's position on a deal as a rules table."""


def _position(basic_hand: Callable[..., Game], preset: str, deal: int,
              cards_left: int) -> tuple[SeatView, list[Mask], list[int]]:
    """A view of a hand played by the rules, its true deal and every seat's bid."""
    game = basic_hand(preset, deal, cards_left)
    view = seat_view(game, game.to_act or "N")
    seats = game.rules.seats
    return (view, [game.hand_of(s) for s in seats],
            [dict(view.bids).get(s, 0) for s in seats])


@pytest.mark.parametrize("preset", ["classic", "jokers", "cutthroat", "two-player"])
def test_with_no_seat_on_the_side_it_is_the_rules_play_out(
        rules_table: TableOf, preset: str, basic_hand: Callable[..., Game]) -> None:
    """A side no position belongs to leaves every seat to the rules: the very tricks of
    the rules play-out."""
    for deal in range(3):
        view, hands, bids = _position(basic_hand, preset, 9400 + deal, 9)
        _, side_of = seat_roles(view.rules)
        assert side_rollout(rules_table(view, hands), bids, side_of, -1) == \
            rules_rollout(rules_table(view, hands), Random(0)), (preset, deal)


@pytest.mark.parametrize("preset", ["classic", "jokers", "two-player"])
def test_with_every_seat_on_the_side_it_is_the_greedy_play_out(
        rules_table: TableOf, preset: str, basic_hand: Callable[..., Game]) -> None:
    """With every position on the one side, every seat plays the greedy policy: the very
    tricks of the open-handed play-out given the same sides."""
    for deal in range(3):
        view, hands, bids = _position(basic_hand, preset, 9500 + deal, 9)
        partner, _ = seat_roles(view.rules)
        one_side = [0] * len(hands)
        table = rules_table(view, hands)
        open_handed = greedy_rollout(table.p.copy(), bids, partner, one_side, Random(0))
        assert side_rollout(table, bids, one_side, 0) == open_handed, (preset, deal)


def test_side_bids_price_each_bid_on_the_side_play_out(
        monkeypatch: pytest.MonkeyPatch,
        bid_position: tuple[Game, SeatView, int]) -> None:
    """With ``side_bids`` each candidate bid is priced on the side play-out, its tricks
    spread as the open-handed play-out's are: with the side play-out stubbed to the
    tricks the open-handed one is stubbed to otherwise, the totals are the same."""
    game, view, me = bid_position
    ours = [0, 0, 0, 0]
    ours[me] = ours[(me + 2) % 4] = 4
    ours[(me + 1) % 4] = 5
    other = [4, 3, 3, 3]
    candidates = [1, 2, 3, 4, 5]

    def totals(open_handed: list[int], side: list[int] | None = None,
               *, side_bids: bool) -> dict[int, float]:
        monkeypatch.setattr(strong_module, "rollout", lambda *a, **k: open_handed[:])
        if side is not None:
            monkeypatch.setattr(strong_module, "_side_playouts",
                                lambda _r, _h, _l, tables, *a: [side[:] for _ in tables])
        values, done, _ = StrongPlayer(0, game.rules, bid_worlds=4,
                                       side_bids=side_bids).bid_values(view, candidates)
        assert done == 4
        return values

    by_side = totals(other, ours, side_bids=True)
    assert by_side == totals(ours, side_bids=False)
    assert by_side != totals(other, side_bids=False)


def test_strong_with_side_play_outs_plays_a_hand_legally_and_reproducibly(
        strong_hand: Callable[..., list[object]]) -> None:
    # Both options of the search: cards valued with the side play-out in place of the
    # open-handed one, bids priced on it. Same seed, view and budget: same action.
    played = strong_hand(22, 5, side_playouts=True, side_bids=True)
    assert played == strong_hand(22, 5, side_playouts=True, side_bids=True)
