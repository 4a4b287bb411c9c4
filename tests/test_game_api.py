"""Refusals (R15): every refused action raises with its documented reason and code, and
changes nothing any seat can see (every seat's view, the spectator's, the version)."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play
from spades.cards import describe_card, parse_card
from spades.errors import IllegalActionError
from spades.game import Game, Phase
from spades.views import seat_view


def snapshot(game: Game) -> tuple[Any, ...]:
    views = tuple(seat_view(game, s) for s in (*game.seats, None))
    return (views, game.version, len(game.log), dict(game.scores), game.phase)


def refused(game: Game, seat: str, action: Action, code: str, reason: str) -> None:
    """``action`` is refused for ``code`` with the English ``reason``; nothing changes."""
    before = snapshot(game)
    err = game.why_not(seat, action)
    assert err is not None and err.code == code and str(err) == reason
    assert not game.can(seat, action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    assert info.value.code == code and str(info.value) == reason
    assert info.value.reason == reason
    assert snapshot(game) == before


def advance(game: Game, phase: Phase, rng: Random | None = None) -> None:
    rng = rng or Random(0)
    while game.phase is not phase:
        legal = game.legal_actions()
        game.apply(game.to_act, legal[-1] if game.phase is Phase.BLIND  # type: ignore[arg-type]
                   else rng.choice(legal))


def test_not_your_turn_in_every_phase() -> None:
    game = Game("two-player", deal=5)
    refused(game, "N", BlindChoice(False), "not_your_turn",
            "it is not your turn: South is to decide on Blind Nil")
    advance(game, Phase.DRAW)
    refused(game, "S", DrawChoice(True), "not_your_turn", "it is not your turn: North is to draw")
    advance(game, Phase.BID)
    refused(game, "N", Bid(2), "not_your_turn", "it is not your turn: South is to bid")
    game.apply("S", Bid(2))
    game.apply("N", Bid(2))
    card = game.legal_actions()[0]
    refused(game, "N", card, "not_your_turn", "it is not your turn: South is to play")


def test_no_such_seat() -> None:
    game = Game("two-player", deal=5)
    refused(game, "E", BlindChoice(False), "no_seat", "there is no seat E at this table")
    game4 = Game("classic", deal=5)
    refused(game4, "X", Bid(1), "no_seat", "there is no seat X at this table")


def test_wrong_phase() -> None:
    game = Game("classic", deal=5)
    refused(game, "S", Play(parse_card("2C")), "wrong_phase",
            "that is not possible now: it is time to bid")
    refused(game, "S", BlindChoice(False), "wrong_phase",
            "that is not possible now: it is time to bid")
    refused(game, "S", DrawChoice(True), "wrong_phase",
            "that is not possible now: it is time to bid")
    refused(game, "S", Exchange(()), "wrong_phase",
            "that is not possible now: it is time to bid")
    blind = Game("blind-nil", deal=5)
    refused(blind, "S", Bid(3), "wrong_phase",
            "that is not possible now: it is time to decide on Blind Nil")
    for _ in range(4):
        blind.apply(blind.to_act, BlindChoice(False))  # type: ignore[arg-type]
    refused(blind, "S", Play(parse_card("AS")), "wrong_phase",
            "that is not possible now: it is time to bid")


def test_blind_nil_not_allowed_now() -> None:
    reason = "blind nil is not allowed now: it is declared before looking at the cards"
    refused(Game("classic", deal=5), "S", BlindChoice(True), "blind_nil_not_played",
            "Blind Nil is not played with these rules")
    game = Game("blind-nil", deal=5)
    advance(game, Phase.BID)
    refused(game, "S", BlindChoice(True), "blind_not_allowed", reason)
    advance(game, Phase.PLAY)
    refused(game, "S", BlindChoice(True), "blind_not_allowed", reason)


@pytest.mark.parametrize("bid", [14, 15, -1, 100])
def test_bid_out_of_range(bid: int) -> None:
    refused(Game("classic", deal=5), "S", Bid(bid), "bid_range",
            "a bid is Nil or a number of tricks from 1 to 13")


def playing() -> Game:
    game = Game("classic", deal=42)
    # S: 8C QC 4D 8D TD AD 9H KH AH 5S 8S 9S KS; W: 2C 3C 4C 5C JC 2D 3D 3H 5H 6H QH 7S AS
    for _ in range(4):
        game.apply(game.to_act, Bid(3))  # type: ignore[arg-type]
    return game


def test_card_not_in_hand() -> None:
    game = playing()
    refused(game, "S", Play(parse_card("2C")), "not_in_hand", "you do not hold the two of clubs")
    refused(game, "S", Play(parse_card("BJ")), "not_in_hand", "you do not hold the big joker")
    refused(game, "S", Play(99), "not_in_hand", "you do not hold that card")


def test_must_follow_names_the_suit() -> None:
    game = playing()
    game.apply("S", Play(parse_card("9H")))
    refused(game, "W", Play(parse_card("2C")), "must_follow", "you must follow hearts")
    err = game.why_not("W", Play(parse_card("AS")))
    assert err is not None and err.params == {"suit": "hearts"}


def test_spades_not_broken() -> None:
    game = playing()
    refused(game, "S", Play(parse_card("KS")), "spades_not_broken", "spades have not been broken")


def test_game_over() -> None:
    game = Game({"target": 10, "floor": -10}, deal=1)
    advance(game, Phase.OVER)
    refused(game, "S", Bid(1), "game_over", "the game is over")
    refused(game, "N", Play(parse_card("AS")), "game_over", "the game is over")


def exchange_game() -> Game:
    game = Game("two-player", deal=9)
    game.apply("S", BlindChoice(False))
    game.apply("N", BlindChoice(True))
    advance(game, Phase.EXCHANGE)
    return game


def test_exchange_refusals() -> None:
    game = exchange_game()
    cards = sorted(c for c in range(52) if game.hand_of("N") >> c & 1)
    missing = next(c for c in range(52) if not game.hand_of("N") >> c & 1)
    refused(game, "N", Exchange(tuple(cards[:4])), "exchange_limit",
            "you may exchange at most 3 cards")
    refused(game, "N", Exchange((cards[0], cards[0])), "exchange_twice",
            "each card can be exchanged only once")
    refused(game, "N", Exchange((missing,)), "not_in_hand",
            f"you do not hold the {describe_card(missing)}")
    refused(game, "S", Exchange(()), "not_your_turn", "it is not your turn: North is to exchange")
    refused(game, "N", Bid(0), "wrong_phase", "that is not possible now: it is time to exchange")


def candidates(game: Game, rng: Random) -> Iterator[Action]:
    """Every action of every kind the seat to act could try (exchanges sampled)."""
    yield from (Bid(n) for n in range(-1, 15))
    yield from (Play(c) for c in range(54))
    yield from (BlindChoice(b) for b in (True, False))
    yield from (DrawChoice(k) for k in (True, False))
    if game.phase is Phase.EXCHANGE:
        legal = game.legal_actions()
        yield from rng.sample(legal, min(10, len(legal)))
        yield Exchange((0, 1, 2, 3))
    yield Exchange(())


@pytest.mark.parametrize("preset", ["classic", "jokers", "blind-nil", "two-player"])
def test_legal_actions_are_exactly_the_unrefused_ones(preset: str) -> None:
    rng = Random(preset)
    game = Game({"preset": preset, "target": 100, "floor": -100}, deal=3)
    steps = 0
    while not game.over and steps < 150:
        seat = game.to_act
        assert seat is not None
        legal = set(game.legal_actions())
        assert legal
        for action in candidates(game, rng):
            assert (game.why_not(seat, action) is None) == (action in legal), (action, game.phase)
        for other in game.seats:
            if other != seat:
                assert game.why_not(other, next(iter(legal))).code == "not_your_turn"  # type: ignore[union-attr]
        choices = [a for a in legal if not (isinstance(a, BlindChoice) and a.blind)]
        game.apply(seat, rng.choice(sorted(choices or legal, key=str)))
        steps += 1


def test_refusals_carry_the_params_a_translation_needs() -> None:
    game = playing()
    err = game.why_not("N", Play(parse_card("2C")))
    assert err is not None and err.params == {"seat": "S", "phase": "play"}
    err = game.why_not("S", Play(parse_card("2C")))
    assert err is not None and err.params == {"card": "2C"}
    game.apply("S", Play(parse_card("9H")))
    err = game.why_not("W", Play(parse_card("2C")))
    assert err is not None and err.params == {"suit": "hearts"}
    ex = exchange_game()
    err = ex.why_not("N", Exchange(tuple(sorted(
        c for c in range(52) if ex.hand_of("N") >> c & 1))[:4]))
    assert err is not None and err.params == {"limit": 3}
