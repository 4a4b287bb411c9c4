"""The game loop of terminal play: South is the human, every other seat a computer player.

The game is played at a :class:`~spades.table.Table`, as in the browser: the computer
seats play until South must act (each printed as South may see it), then South gets the
table (drawn from South's view) and a prompt. Whatever South types is
read by :mod:`~spades.terminal.commands` and checked by the game, which gives the reason
for any refusal. Leaving at any prompt, by ``quit``, end of input or Ctrl-C, saves the
game first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from spades.actions import Action, DrawChoice, Exchange, Play
from spades.cards import cards_of
from spades.game import Event, Game, Phase
from spades.table import Table, seating_for
from spades.terminal import render
from spades.terminal.commands import InputError, help_lines, read_command
from spades.terminal.render import HUMAN, Style
from spades.terminal.save import default_save_path, save_game
from spades.views import SeatView, seat_view


class _Leave(Exception):
    """The player asked to leave (``quit``)."""


class Session:
    """One game in the terminal, from the current state of ``game`` to its end."""

    def __init__(
        self,
        game: Game,
        level: str,
        seed: int,
        *,
        save_path: Path,
        style: Style | None = None,
        out: TextIO | None = None,
        read_line: Callable[[str], str] | None = None,
        resumed: bool = False,
    ) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.table = Table(game, seating_for(game.rules, level, HUMAN), seed)
        self._before = self.table.view(HUMAN)
        self.save_path = save_path
        self.style = style or Style()
        self.out = out or sys.stdout
        self.read_line = read_line or self._read_stdin
        self.resumed = resumed
        self._shown_version = -1

    # -- input and output -------------------------------------------------------------

    def say(self, *lines: str) -> None:
        """Print lines at once (flushed, so a script reading the output sees them)."""
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def _read_stdin(self, prompt: str) -> str:
        """One line from standard input; end of input raises ``EOFError``.

        On a terminal, :func:`input` gives line editing; through a pipe the prompt is
        written and flushed first, so a script can wait for it.
        """
        if self.out is sys.stdout and sys.stdin.isatty() and sys.stdout.isatty():
            return input(prompt)
        self.out.write(prompt)
        self.out.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    # -- the loop ---------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end of the game; returns the exit status (130 after Ctrl-C)."""
        try:
            self._loop()
        except (EOFError, _Leave):
            self.say("")
            self._save_and_leave()
            return 0
        except KeyboardInterrupt:
            self.say("")
            self._save_and_leave()
            return 130
        return 0

    def _loop(self) -> None:
        game, table = self.game, self.table
        while not game.over:
            if table.waiting_for_human:
                view = table.view(HUMAN)
                self._show_table(view)
                action = self._ask(view)
                before = view
                event = table.act(HUMAN, action)
                self._tell(event, before)
            else:
                self._before = table.view(HUMAN)
                table.play_computers(observe=self._observe)
        view = seat_view(game, HUMAN)
        self.say(*render.scoresheet(view), self._game_over_line(view))
        if self.resumed and self.save_path.exists():
            # The saved game is now finished: --resume must not replay it again.
            self.save_path.unlink()

    def _show_table(self, view: SeatView) -> None:
        if view.version == self._shown_version:
            return
        self._shown_version = view.version
        if view.phase is Phase.DRAW and view.draw_count >= 2:
            self.say(render.hand_line(view, self.style))
            return
        self.say("", *render.table(view, self.style, view.players))

    def _ask(self, view: SeatView) -> Action:
        """Ask South until the answer is an action the game accepts."""
        while True:
            line = self.read_line(render.prompt(view, self.style))
            try:
                command = read_command(line, view)
            except InputError as exc:
                self.say(f"Not understood: {exc}")
                continue
            if isinstance(command, str):
                self._request(command, view)
                continue
            refusal = self.game.why_not(HUMAN, command)
            if refusal is not None:
                self.say(f"Refused: {refusal}")
                continue
            return command

    def _request(self, word: str, view: SeatView) -> None:
        match word:
            case "hint":
                decision = self.table.hint(HUMAN)
                self.say(f"Hint: {self._action_words(decision.action)} — {decision.reason}")
            case "last":
                self.say(render.last_trick(view, self.style))
            case "score":
                self.say(*render.scoresheet(view))
            case "table":
                self.say("", *render.table(view, self.style, view.players))
            case "help":
                self.say(*help_lines(view))
            case "quit":
                raise _Leave

    def _action_words(self, action: Action) -> str:
        if isinstance(action, Play):
            return f"play {self.style.card(action.card)}"
        if isinstance(action, Exchange):
            return " ".join(["exchange", *(self.style.card(c) for c in action.cards)])
        if isinstance(action, DrawChoice):
            return str(action)
        text = str(action)
        return f"bid {text}" if text.isdigit() or text == "nil" else text

    def _observe(self, event: Event) -> None:
        """A computer player's action, told as soon as it is taken."""
        self._tell(event, self._before)
        self._before = self.table.view(HUMAN)

    def _tell(self, event: Event, before: SeatView) -> None:
        """Print what South may see of an event, from South's views before and after."""
        after = self.table.view(HUMAN)
        seat, action = event.seat, event.action
        if seat == HUMAN and isinstance(action, DrawChoice):
            self.say(self._draw_text(action, before, after))
        else:
            text = render.action_text(seat, action, after, self.style)
            if text:
                self.say(text)
        self._report_progress(event, before, after)

    def _draw_text(self, action: DrawChoice, before: SeatView, after: SeatView) -> str:
        top = before.top_card
        shown = self.style.card(top) if top is not None else "the top card"
        if action.keep:
            return f"You keep {shown}."
        new = cards_of(after.hand & ~before.hand) if after.hand_index == before.hand_index else []
        took = f" and take {self.style.cards(new)}" if new else ""
        return f"You discard {shown}{took}."

    def _report_progress(self, event: Event, before: SeatView, after: SeatView) -> None:
        """Tricks won, hands scored and the start of each new hand."""
        n = after.rules.players
        if not event.hand_over:
            if event.trick_winner is not None:
                done = len(after.trick_winners)
                plays = after.plays[(done - 1) * n: done * n]
                self.say(render.trick_summary(plays, event.trick_winner, self.style))
            if before.phase is not Phase.PLAY and after.phase is Phase.PLAY:
                self.say("Bidding is over.")
            return
        result = after.results[-1]
        self.say(render.last_trick_of(result, self.style),
                 *render.hand_summary(result, after.rules))

    def _game_over_line(self, view: SeatView) -> str:
        winner = view.winner
        if winner is None:
            return "Game over."
        name = render.side_name(view.rules, winner)
        you_won = HUMAN in winner if len(winner) == 2 else winner == HUMAN
        verdict = "you win!" if you_won else "you lose."
        verb = "win" if len(winner) == 2 else "wins"
        return f"Game over: {name} {verb} with {view.scores[winner]} — {verdict}"

    def _save_and_leave(self) -> None:
        if self.game.over:
            return
        try:
            save_game(self.save_path, self.game, self.level, self.seed)
        except (OSError, ImportError) as exc:
            self.say(f"The game could not be saved: {exc}")
            return
        self.say(f"Game saved to {self.save_path}.",
                 f"Continue it with: spades play --resume{self._save_option()}")

    def _save_option(self) -> str:
        if self.save_path == default_save_path():
            return ""
        return f" --save {self.save_path}"
