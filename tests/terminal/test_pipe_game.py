"""Whole games of ``spades play`` driven through a plain pipe, as a script would."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from spades.actions import BlindChoice
from spades.cards import SPADE_MASK, card_symbol
from spades.game import Game
from spades.views import seat_view

if TYPE_CHECKING:
    from tests.terminal.conftest import Runner

SHORT = ["--rules", "short", "--target", "60", "--deal", "5"]


def test_whole_game_through_a_pipe(play: Runner) -> None:
    game = Game("short", deal=5)
    game.apply("S", BlindChoice(False))
    first_hand = seat_view(game, "S")
    assert first_hand.hand & SPADE_MASK and first_hand.hand & ~SPADE_MASK  # R13 can refuse
    done = play.run(SHORT, play.cycle())
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "\x1b" not in out  # no colours through a pipe
    assert "(basic players)" in out  # the default level
    assert re.search(r"^Game over: (North–South|East–West) win with \d+ — you (win!|lose\.)$",
                     out, re.M)
    # South bids and leads first (R6): the first card offered is a spade, refused by R13.
    first_lead = out.index("Your card")
    assert out[first_lead:].split("\n", 1)[0].endswith("Refused: spades have not been broken")
    assert "Refused: you must follow " in out
    hands = re.findall(r"^Hand (\d+) is over\.$", out, re.M)
    assert hands == [str(i) for i in range(1, len(hands) + 1)]
    sheet = out[out.rindex("Hand | North–South"):out.rindex("Game over")].splitlines()
    assert [row.split()[0] for row in sheet[2:-1]] == hands
    # The scores the sheet ends with are the ones announced after the last hand.
    final = re.findall(r"score (-?\d+), \d+ bags?\)", out)[-2:]
    assert f"North–South {final[0]} " in sheet[-1] and f"East–West {final[1]} " in sheet[-1]
    # Everything South holds at the start is shown with suit symbols, by suit.
    symbols = [card_symbol(c) for c in first_hand.cards]
    hand_line = next(line for line in out.splitlines() if line.startswith("Your hand:  1"))
    assert sorted(re.findall(r"\d+ (\S+)", hand_line)) == sorted(symbols)
    assert "Trick 1:" in out and "Score: North–South 0 (0 bags) · East–West 0 (0 bags)" in out


def test_computer_players_actions_are_announced(play: Runner) -> None:
    out = play.run(SHORT, play.cycle()).stdout
    for seat in ("West", "North", "East"):
        assert re.search(rf"^{seat} bids (Nil|\d+)$", out, re.M)
        assert re.search(rf"^{seat} plays \S+$", out, re.M)
    assert re.search(r"> You play \S+$", out, re.M)
    assert re.search(r"— (North|East|West) wins the trick$|— You win the trick$", out, re.M)


def test_out_of_range_bid_garbage_and_blind_after_looking(play: Runner) -> None:
    done = play.run(SHORT, "look\n14\nxyz\n-1\nblind\nexchange 2H\n")
    out = done.stdout
    assert done.returncode == 0
    assert "Refused: a bid is Nil or a number of tricks from 1 to 13" in out
    assert ("Not understood: 'xyz': bid a number of tricks from 1 to 13, or nil;"
            " type help for the commands") in out
    assert "Not understood: '-1'" in out
    assert "Refused: blind nil is not allowed now: it is declared before looking" in out
    assert "Refused: that is not possible now: it is time to bid" in out
    assert "You bid" not in out
    assert "Game saved to" in out


def test_blind_nil_is_declared_before_looking(play: Runner) -> None:
    out = play.run(SHORT, play.cycle(first=("blind",))).stdout
    assert "Your hand: face down (you have not looked at your cards)" in out
    assert "You declare Blind Nil" in out
    assert re.search(r"South +you +bid blind nil", out)
    assert "South bid Blind Nil took" in out


def test_end_of_input_before_anything_saves_and_exits_cleanly(play: Runner) -> None:
    done = play.run(SHORT, "")
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    assert f"Game saved to {play.save_file}." in done.stdout
    assert "Continue it with: spades play --resume\n" in done.stdout
    assert play.save_file.exists()


def test_quit_saves_to_the_chosen_file(play: Runner) -> None:
    target = play.home / "elsewhere" / "game.json"
    done = play.run([*SHORT, "--save", str(target)], "look\n3\nquit\n")
    assert done.returncode == 0
    assert f"Continue it with: spades play --resume --save {target}" in done.stdout
    assert target.exists() and not play.save_file.exists()


def test_play_help_lists_the_options(play: Runner) -> None:
    import subprocess

    done = subprocess.run([*play.spades, "play", "--help"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0
    for option in ("--rules", "--deal", "--daily", "--level", "--four-colour", "--resume",
                   "--save", "--seed", "--target", "--no-color", "spades play --resume"):
        assert option in done.stdout
    top = subprocess.run([*play.spades, "--help"], capture_output=True, text=True, check=False)
    assert "play" in top.stdout


def test_bad_options_are_reported(play: Runner) -> None:
    done = play.run(["--rules", "bridge"], "")
    assert done.returncode == 2 and "unknown rules preset 'bridge'" in done.stderr
    done = play.run(["--level", "grandmaster"], "")
    assert done.returncode == 2 and "unknown level 'grandmaster'" in done.stderr


def test_daily_deal_and_other_levels(play: Runner) -> None:
    from spades.deals import today_deal_number

    before = today_deal_number()
    daily = play.run(["--daily", "--level", "random"], "")
    numbers = {before, today_deal_number()}  # the run may cross midnight UTC
    assert daily.returncode == 0
    assert any(f"classic rules, game to 500, deal {n}." in daily.stdout for n in numbers)
    assert "(random players)" in daily.stdout
    both = play.run(["--daily", "--deal", "3"], "")
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


def test_every_trick_is_reported_with_its_winner(play: Runner) -> None:
    out = play.run(SHORT, play.cycle()).stdout
    hands = re.split(r"^Hand \d+ is over\.$", out, flags=re.M)
    assert len(hands) >= 3
    for transcript, summary in itertools.pairwise(hands):
        winners = re.findall(r" — (You|North|East|West) wins? the trick$", transcript, re.M)
        assert len(winners) == 13
        took = dict(re.findall(r"(North|East|South|West) bid [^,→]*? took (\d+)", summary))
        assert len(took) == 4
        for seat, n in took.items():
            assert winners.count("You" if seat == "South" else seat) == int(n), seat


def test_a_random_deal_number_is_told_only_at_the_end(play: Runner) -> None:
    done = play.run(["--rules", "short", "--target", "60"], play.cycle())
    assert done.returncode == 0
    assert "a random deal, its number shown at the end." in done.stdout
    told = re.findall(r"^This was deal (\d+): spades play --deal \1 replays it\.$",
                      done.stdout, re.M)
    assert len(told) == 1
    before_end = done.stdout.split("Game over")[0]
    assert told[0] not in before_end
