"""Play: follow suit (R12), spades broken (R13), the trick winner (R14) and refusals
with a reason that change nothing (R15)."""

from __future__ import annotations

from typing import Any

import pytest

from spades.actions import Bid, BlindChoice, Play
from spades.cards import parse_card, parse_cards
from spades.errors import IllegalActionError
from spades.game import Game, Phase
from spades.playout import trick_winner
from spades.views import seat_view

MIXED = {
    "S": "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 2S 3S",
    "W": "9C TC JC QC KC AC 6D 7D 8D 9D 2H 3H 4S",
    "N": "TD JD QD KD AD 4H 5H 6H 7H 8H 5S 6S 7S",
    "E": "9H TH JH QH KH AH 8S 9S TS JS QS KS AS",
}
"""East holds no club or diamond: it can ruff the first tricks (R12, R13)."""


def started(table: Any, deal: dict[str, str] = MIXED, rules: str = "classic") -> Game:
    game = table.game(rules, deal)
    table.bid(game, 2, 2, 2, 2)
    return game


def names(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def test_r12_must_follow_suit_if_able(table: Any) -> None:
    game = started(table)
    table.play(game, "2C")
    assert names(game) == ["9C", "TC", "JC", "QC", "KC", "AC"]
    err = game.why_not("W", Play(parse_card("6D")))
    assert err is not None and err.code == "must_follow"
    assert str(err) == "you must follow clubs"
    assert err.params["suit"] == "clubs"


def test_r12_void_in_suit_may_play_any_card_spade_included(table: Any) -> None:
    game = started(table)
    table.play(game, "2C 9C")
    # North has no club: any card
    assert len(names(game)) == 13
    table.play(game, "5S")  # a spade on a club lead
    # East has no club either: hearts or spades
    assert set(names(game)) == set(MIXED["E"].split())


def test_r13_cannot_lead_spade_before_broken(table: Any) -> None:
    game = started(table)
    assert "2S" not in names(game) and "3S" not in names(game)
    err = game.why_not("S", Play(parse_card("2S")))
    assert err is not None and err.code == "spades_not_broken"
    assert "spades have not been broken" in str(err)
    assert not seat_view(game, "S").spades_broken


def test_r13_spade_played_on_another_suit_breaks_spades(table: Any) -> None:
    game = started(table)
    table.play(game, "2C 9C TD AS")  # North discards, East ruffs with the ace
    assert game.hand.trick_winners == ["E"]
    assert game.spades_broken() and seat_view(game, "W").spades_broken
    # East, holding hearts, may now lead a spade
    assert "KS" in names(game)
    table.play(game, "KS")
    assert game.why_not("S", Play(parse_card("2S"))) is None


def test_r13_broken_only_by_an_earlier_trick(table: Any) -> None:
    game = started(table)
    table.play(game, "2C 9C")
    assert not game.spades_broken()
    table.play(game, "5S")
    # North ruffed in this trick; spades become leadable for the next trick
    table.play(game, "9H")
    assert game.hand.trick_winners == ["N"]
    assert "6S" in names(game)


def test_r13_leader_with_only_spades_may_lead_one_and_breaks(table: Any) -> None:
    deal = {
        "S": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "N": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "E": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    }
    game = started(table, deal)
    assert len(names(game)) == 13
    table.play(game, "2S")
    assert game.spades_broken()
    table.play(game, "2C 2D 2H")
    assert game.hand.trick_winners == ["S"]


def test_r14_highest_spade_wins_else_highest_of_suit_led(table: Any) -> None:
    game = started(table)
    table.play(game, "8C AC TD 8S")  # East ruffs the ace of clubs with the 8
    assert game.hand.trick_winners == ["E"]
    table.play(game, "AH 5D 2H 8H")  # hearts led, no spade: the ace wins
    assert game.hand.trick_winners == ["E", "E"]
    table.play(game, "KH 4D 3H 4H")  # an off-suit diamond never wins
    assert game.hand.trick_winners == ["E", "E", "E"]
    table.play(game, "9S 2S 4S 5S")  # spades led: the 9 stays highest
    assert game.hand.trick_winners == ["E", "E", "E", "E"]
    assert game.tricks_taken() == {"N": 0, "E": 4, "S": 0, "W": 0}


def test_r14_seed_000_your_two_of_spades_wins_unless_overtrumped() -> None:
    # East leads the king of hearts, you (South) have no heart and play the 2 of spades
    assert trick_winner(parse_cards("KH 2S 5H 9H")) == 1
    assert trick_winner(parse_cards("KH 2S 3S 9H")) == 2  # West overtrumps


def test_r14_the_winner_leads_the_next_trick(table: Any) -> None:
    game = started(table)
    table.play(game, "2C 9C TD 9H")  # West's 9 of clubs wins
    assert game.hand.trick_winners == ["W"] and game.to_act == "W"
    table.play(game, "2H 4H TH 3S")  # West leads hearts, South ruffs
    assert game.hand.trick_winners == ["W", "S"] and game.to_act == "S"


def test_r15_refusals_name_the_reason_and_change_nothing(table: Any) -> None:
    game = table.game("blind-nil", MIXED)
    for seat in ("S", "W", "N", "E"):
        game.apply(seat, BlindChoice(False))
    cases = [
        ("N", Bid(3), "not_your_turn", "it is not your turn: South is to bid"),
        ("S", Bid(14), "bid_range", "a bid is Nil or a number of tricks from 1 to 13"),
        ("S", BlindChoice(True), "blind_not_allowed", "blind nil is not allowed now"),
    ]
    before = seat_view(game, "S"), game.version
    for seat, action, code, text in cases:
        with pytest.raises(IllegalActionError) as info:
            game.apply(seat, action)
        assert info.value.code == code
        assert str(info.value).startswith(text)
        assert (seat_view(game, "S"), game.version) == before
    table.bid(game, 2, 2, 2, 2)
    table.play(game, "2C")
    play_cases = [
        ("W", Play(parse_card("AS")), "not_in_hand", "you do not hold the ace of spades"),
        ("W", Play(parse_card("6D")), "must_follow", "you must follow clubs"),
        ("N", Play(parse_card("TD")), "not_your_turn", "it is not your turn: West is to play"),
    ]
    before = seat_view(game, "W"), game.version
    for seat, action, code, text in play_cases:
        with pytest.raises(IllegalActionError) as info:
            game.apply(seat, action)
        assert info.value.code == code and str(info.value) == text
        assert (seat_view(game, "W"), game.version) == before
    assert game.phase is Phase.PLAY


def test_r15_spades_not_broken_is_a_reason(table: Any) -> None:
    game = started(table)
    with pytest.raises(IllegalActionError, match="spades have not been broken"):
        game.apply("S", Play(parse_card("3S")))
    assert game.version == 4 and game.hand.plays == []
