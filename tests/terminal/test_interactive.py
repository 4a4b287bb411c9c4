"""A whole game played prompt by prompt, reading the table as a person would.

The test looks only at what ``spades play`` prints: the hand, the playable cards and the
trick, then answers, tries refused cards on purpose and asks for hints and the score.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spades.cards import SUIT_NAMES, SUIT_SYMBOLS

if TYPE_CHECKING:
    from tests.terminal.conftest import Runner

CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")


def numbered(line: str) -> dict[int, str]:
    """``Your hand:  1 J♠  2 9♠`` → ``{1: "J♠", 2: "9♠"}``."""
    return {int(n): c for n, c in re.findall(r"(\d+) (\S+)", line.split(":", 1)[1])}


def letters(symbol: str) -> str:
    """``10♥`` → ``TH``: the record notation of a card shown with its symbol."""
    m = CARD.fullmatch(symbol)
    assert m, symbol
    rank = "T" if m[1] == "10" else m[1]
    return rank + "CDHS"[SUIT_SYMBOLS.index(m[2])]


class Table:
    """The last table printed: South's hand, the playable cards, the trick in progress."""

    def __init__(self) -> None:
        self.hand: dict[int, str] = {}
        self.playable: dict[int, str] = {}
        self.trick: list[str] = []

    def read(self, chunk: str) -> None:
        lines = chunk.splitlines()
        if not any(line.startswith("Your hand:") for line in lines):
            return
        self.hand = numbered(next(x for x in reversed(lines) if x.startswith("Your hand:")))
        play_line = [x for x in lines if x.startswith("Playable:")]
        self.playable = numbered(play_line[-1]) if play_line else dict(self.hand)
        self.trick = []
        for i, line in enumerate(lines):
            if line.startswith("Trick "):
                block = "\n".join(lines[i:i + 3])
                self.trick = [m[0] for m in CARD.finditer(block)]


def test_a_game_played_prompt_by_prompt(play: Runner) -> None:
    driver = play.driver(["--rules", "short", "--target", "60", "--deal", "5"])
    table = Table()
    tried: set[str] = set()
    notations = ["position", "letters", "lower", "symbol"]
    plays = 0
    for _ in range(2000):
        chunk = driver.read_prompt()
        if chunk is None:
            break
        table.read(chunk)
        prompt = chunk.rsplit("\n", 1)[-1]
        if prompt.startswith("Blind Nil"):
            driver.send("look")
        elif prompt.startswith("Your bid"):
            if "bid" not in tried:
                tried.add("bid")
                for ask, answer in (("hint", "Hint: bid "), ("help", "4, nil"),
                                    ("14", "Refused: a bid is Nil or a number of tricks")):
                    driver.send(ask)
                    assert answer in (driver.read_prompt() or "")
            driver.send("3")
        elif prompt.startswith("Your card"):
            plays += 1
            assert table.hand and set(table.playable.items()) <= set(table.hand.items())
            if "first play" not in tried:
                tried.add("first play")
                for ask, answer in (("hint", "Hint: play "), ("last", "No trick has been"),
                                    ("score", "No hand has been scored yet."),
                                    ("help", "by its number in your hand"),
                                    ("table", "Your hand:"), ("14", "there is no card number 14"),
                                    ("zz", "Not understood: not a card: 'zz'")):
                    driver.send(ask)
                    assert answer in (driver.read_prompt() or "")
            illegal = [c for c in table.hand.values() if c not in table.playable.values()]
            if illegal:
                kind = "follow" if table.trick else "broken"
                driver.send(letters(illegal[0]))
                reply = driver.read_prompt() or ""
                if kind == "follow":
                    suit = SUIT_NAMES[SUIT_SYMBOLS.index(next(iter(table.playable.values()))[-1])]
                    assert f"Refused: you must follow {suit}" in reply
                else:
                    assert "Refused: spades have not been broken" in reply
                tried.add(kind)
            if plays == 20:
                driver.send("last")
                assert "Last trick: " in (driver.read_prompt() or "")
            position, card = next(iter(table.playable.items()))
            way = notations[plays % len(notations)]
            text = {"position": str(position), "letters": letters(card),
                    "lower": letters(card).lower().replace("t", "10"), "symbol": card.lower()}
            driver.send(text[way])
        else:
            raise AssertionError(f"unexpected prompt {prompt!r}")
    else:
        raise AssertionError("the game did not end")
    out = driver.transcript
    assert driver.proc.returncode == 0
    assert {"follow", "broken"} <= tried
    assert plays >= 26 and "Game over: " in out
    assert out.count("> You play ") == plays
    assert "Hand | North–South" in out
