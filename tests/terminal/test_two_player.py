"""Two-player Spades in the terminal: the draw (R22), Double Nil and its exchange (R25)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.terminal.conftest import Runner

TWO = ["--rules", "two-player", "--target", "60", "--deal", "3"]


def test_two_player_game_with_the_draw(play: Runner) -> None:
    done = play.run(TWO, play.cycle())
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "You sit South against North" in out
    assert re.search(r"^Game over: (North|South) wins with -?\d+ — you (win!|lose\.)$", out, re.M)
    # South draws 13 times a hand, seeing each top card and keeping or swapping it.
    draws = re.findall(r"Draw (\d+) of 13: top card (\S+)\. keep, or discard", out)
    assert draws[0][0] == "1" and "13" in {n for n, _ in draws}
    kept = re.findall(r"> You keep (\S+)\.$", out, re.M)
    swapped = re.findall(r"> You discard (\S+) and take (\S+)\.$", out, re.M)
    assert kept and swapped
    assert {card for _, card in draws} >= set(kept) | {gave for gave, _ in swapped}
    # North's draw choices are its own secret: nothing is announced for them.
    assert "North keep" not in out and "North discard" not in out
    # Only two seats at the table, each scoring alone.
    assert "East" not in out and "West" not in out
    assert re.search(r"^Score: North -?\d+ \(\d+ bags?\) · South -?\d+ \(\d+ bags?\)", out, re.M)
    assert "Trick 1:  North" in out


def test_double_nil_and_the_exchange(play: Runner) -> None:
    answers = ("blind", "hint", *(["keep"] * 13), "hint", "exchange 1 2")
    out = play.run(TWO, play.cycle(first=answers)).stdout
    assert re.search(r"top card \S+\. keep, or discard \(and take the next card\)> "
                     r"Hint: (keep|discard) — ", out)
    assert re.search(r"keep all\)> Hint: exchange( \S+)* — ", out)
    assert "Double Nil (±200) before seeing your cards? blind or look> You declare Double Nil" \
        in out
    assert "Exchange up to 3 cards with the discard pile" in out
    gave_took = re.search(r"> You give (\S+) (\S+) and take (\S+) (\S+)\.$", out, re.M)
    assert gave_took
    hand = re.findall(r"^Your hand:  1 (\S+)\s+2 (\S+)", out, re.M)
    assert hand[-1] != (gave_took[1], gave_took[2])
    assert re.search(r"South +you +bid double nil", out)
    assert "South bid Double Nil took" in out


def test_exchange_refusals(play: Runner) -> None:
    answers = ("blind", *(["keep"] * 13), "exchange 1 2 3 4", "exchange 2H 2H", "exchange 99")
    out = play.run(TWO, "\n".join(answers) + "\n").stdout
    assert "Refused: you may exchange at most 3 cards" in out
    assert "Refused: each card can be exchanged only once" in out
    assert "Not understood: there is no card number 99" in out
    assert "Game saved to" in out
