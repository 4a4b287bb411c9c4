"""The table's text: hand order, suit colours, the trick by seat, the scoresheet."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from spades.actions import Bid, Play
from spades.cards import parse_card, parse_cards
from spades.game import Game, Phase
from spades.terminal.render import Style, display_order, scoresheet, table, trick_lines
from spades.views import seat_view


def test_hand_is_shown_by_suit_highest_first() -> None:
    hand = parse_cards("2C AS 10H KD 3S BJ QH 4D")
    mask = sum(1 << c for c in hand)
    assert [Style().card(c) for c in display_order(mask)] == [
        "BJ", "A♠", "3♠", "Q♥", "10♥", "2♣", "K♦", "4♦"]


def test_colours_only_when_asked() -> None:
    heart, club, diamond = parse_card("QH"), parse_card("2C"), parse_card("KD")
    assert Style().card(heart) == "Q♥"
    two = Style(color=True)
    assert two.card(heart) == "\x1b[31mQ♥\x1b[0m" and two.card(diamond).startswith("\x1b[31m")
    assert two.card(club) == "2♣"
    four = Style(color=True, four_colour=True)
    assert four.card(club) == "\x1b[32m2♣\x1b[0m" and four.card(diamond).startswith("\x1b[34m")
    assert four.card(parse_card("AS")) == "A♠"


def test_the_trick_is_placed_by_seat() -> None:
    game = Game("classic", deal=5)
    for seat in ("S", "W", "N", "E"):
        game.apply(seat, Bid(2))
    lead = next(a for a in game.legal_actions() if isinstance(a, Play))
    game.apply("S", lead)
    follow = next(a for a in game.legal_actions() if isinstance(a, Play))
    game.apply("W", follow)
    view = seat_view(game, "N")
    north, west_east, south = trick_lines(view, Style())
    assert north.endswith("North ·")
    assert west_east.strip().startswith(f"West {Style().card(follow.card)}")
    assert west_east.endswith("East ·")
    assert south.strip() == f"South {Style().card(lead.card)}"
    text = "\n".join(table(seat_view(game, "S"), Style(), {}))
    assert "Spades: not broken yet" in text and "bid 2" in text


def test_scoresheet_rows_follow_the_results() -> None:
    game = Game("classic", deal=5)
    assert scoresheet(seat_view(game, "S"))[0] == "No hand has been scored yet."
    while not game.results:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, Bid(3) if game.phase is Phase.BID else game.legal_actions()[0])
    sheet = scoresheet(seat_view(game, "S"))
    ns = game.results[0].sides["NS"]
    assert sheet[0].startswith("Hand | North–South")
    assert sheet[2].split()[:7] == ["1", "|", "6", str(ns.tricks), f"{ns.points:+d}",
                                    str(ns.score), str(ns.bag_count)]


def test_a_terminal_gets_colours_and_a_pipe_does_not(tmp_path: Path) -> None:
    env = {**os.environ, "SPADES_HOME": str(tmp_path)}
    env.pop("NO_COLOR", None)
    args = [sys.executable, "-m", "spades", "play", "--deal", "5", "--four-colour"]

    def run_on_terminal(extra_env: dict[str, str]) -> str:
        leader, follower = pty.openpty()
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=follower,
                                stderr=follower, env={**env, **extra_env})
        os.close(follower)
        out = b""
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        proc.wait(timeout=30)
        os.close(leader)
        return out.decode("utf-8", errors="replace")

    coloured = run_on_terminal({})
    assert "Your hand:" in coloured and "\x1b[" in coloured
    assert "\x1b[" not in run_on_terminal({"NO_COLOR": "1"})
    piped = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           env=env, check=False)
    assert "Your hand:" in piped.stdout and "\x1b[" not in piped.stdout
