"""Nothing printed shows another seat's card before that seat plays it (one door).

Each game is stopped part-way by the end of its input, so the save file (a full record)
tells the test every seat's cards; the transcript is then read hand by hand.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from spades.cards import SEAT_NAMES, Card, card_symbol, cards_of, parse_cards
from spades.record import load_record

if TYPE_CHECKING:
    from tests.terminal.conftest import Runner


def hands_of_game(save: dict[str, object]) -> list[dict[str, list[Card]]]:
    """Every seat's cards per hand: finished hands, then the one in progress if dealt."""
    data = dict(save)
    data.pop("terminal")
    game = load_record(data)
    hands = [{s: cards_of(m) for s, m in r.cards.items()} for r in game.results]
    raw_hands = data["hands"]
    assert isinstance(raw_hands, list)
    if len(raw_hands) > len(game.results) and "cards" in raw_hands[-1]:
        hands.append({s: parse_cards(t) for s, t in raw_hands[-1]["cards"].items()})
    return hands


def segments(out: str) -> list[list[str]]:
    """The transcript cut after each ``Hand k is over.`` line."""
    parts: list[list[str]] = [[]]
    for line in out.splitlines():
        parts[-1].append(line)
        if re.fullmatch(r"Hand \d+ is over\.", line):
            parts.append([])
    return parts


def assert_no_card_before_played(lines: list[str], hands: dict[str, list[Card]]) -> int:
    """Check every other seat's card; returns how many were checked."""
    seen = {m for line in lines for m in re.findall(r"top card (\S+)\.", line)}
    checked = 0
    for seat, cards in hands.items():
        if seat == "S":
            continue
        for card in cards:
            symbol = card_symbol(card)
            if symbol in seen:  # South saw it while drawing (it came back by an exchange)
                continue
            played = f"{SEAT_NAMES[seat]} plays {symbol}"
            upto = next((i for i, line in enumerate(lines) if line == played), len(lines))
            leaks = [line for line in lines[:upto] if symbol in line]
            assert not leaks, f"{SEAT_NAMES[seat]}'s {symbol} shown before it was played"
            checked += 1
    return checked


@pytest.mark.parametrize(("args", "answers"), [
    (["--rules", "classic", "--deal", "11"], 260),
    (["--rules", "two-player", "--deal", "11"], 1500),
])
def test_other_seats_cards_stay_hidden(play: Runner, args: list[str], answers: int) -> None:
    stdin = "\n".join(play.cycle().splitlines()[:answers]) + "\n"
    done = play.run(args, stdin)
    assert done.returncode == 0 and "Game saved to" in done.stdout
    hands = hands_of_game(json.loads(play.save_file.read_text()))
    parts = segments(done.stdout)
    assert len(hands) >= 2 and len(parts) >= len(hands)
    checked = sum(assert_no_card_before_played(lines, hand)
                  for lines, hand in zip(parts, hands, strict=False))
    assert checked >= 13 * len(hands)


def test_the_check_would_see_a_leak() -> None:
    hands = {"S": parse_cards("2C"), "W": parse_cards("QH 3D")}
    with pytest.raises(AssertionError, match="West's Q♥"):
        assert_no_card_before_played(["West holds Q♥", "West plays Q♥"], hands)
    assert assert_no_card_before_played(["West plays Q♥", "West: Q♥"], hands) == 2
