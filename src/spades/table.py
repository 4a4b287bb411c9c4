"""A table: one game, who sits at each seat, and the computer players that answer.

The browser, the terminal and the arena all play through a :class:`Table`, so that the
things a table decides are decided once: the default and hint levels, the seed of every
computer decision (:func:`decision_seed`), what happens when a computer player fails
(:meth:`Table.computer_decision`), and "play the computer seats until a human must act"
(:meth:`Table.play_computers`). The same deal, seed and levels therefore give the same
game on every front.

Computer players and hints only ever receive the :class:`~spades.views.SeatView` of
their own seat. How they think is a :class:`Brain`: in this process by default, in a pool
of processes for the server (:mod:`spades.web.thinking`).

>>> from spades.game import Game
>>> t = Table(Game("classic", deal=7), seating_for("classic", "random"), seed=1)
>>> t.humans, t.to_act
(frozenset({'S'}), 'S')
>>> event = t.act("S", t.view("S").legal[3])
>>> events = t.play_computers()
>>> [e.seat for e in events], t.to_act, len(t.game.hand.bids)
(['W', 'N', 'E'], 'S', 4)
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from spades.actions import Action
from spades.bots import Decision, Player, make_player, player_levels
from spades.bots.hint import suggest
from spades.cards import Seat
from spades.errors import IllegalActionError, SpadesError
from spades.game import Event, Game
from spades.rules import Rules, rules_from
from spades.views import SeatEvent, SeatView, seat_event, seat_view

log = logging.getLogger("spades.table")

HUMAN = "human"
"""The name that seats a person rather than a computer level."""
HUMAN_SEAT: Seat = "S"
"""Where a person playing alone sits (R6)."""
DEFAULT_LEVEL = "basic"
"""The computer players' level when nobody chooses one."""
HINT_LEVELS = ("strong", "basic")
"""Who gives hints: the first of these levels that exists (else the table's level)."""
FALLBACK_CODE = "fallback"
"""The code of a decision taken for a computer player that failed."""


def default_level() -> str:
    """``basic`` where it exists, else the first level known."""
    levels = player_levels()
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]


def hint_level(level: str) -> str:
    """The level whose advice a hint gives: the strongest available."""
    levels = player_levels()
    return next((name for name in HINT_LEVELS if name in levels), level)


def seating_for(rules: str | Rules, level: str, human: Seat | None = HUMAN_SEAT
                ) -> dict[Seat, str]:
    """A person at ``human`` (none if None) and computer players of ``level`` elsewhere."""
    seats = rules_from(rules).seats
    return {s: HUMAN if s == human else level for s in seats}


def decision_seed(seed: int, seat: Seat | str, version: int) -> int:
    """The seed of one decision: a function of the table's seed, the seat and the version.

    A decision then depends only on the table and the position, so a game resumed after a
    restart, replayed, or played on another front meets the same answers. Hints use the
    seat name ``hint``.
    """
    digest = hashlib.sha256(f"spades/table/v1/{seed}/{seat}/{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Brain(Protocol):
    """How computer players and hints think (here, or in other processes)."""

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        """The decision of a ``level`` player seeded ``seed`` for ``view``'s seat."""
        ...

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        """The hint of a ``level`` adviser seeded ``seed`` for ``view``'s seat."""
        ...


PlayerMaker = Callable[[str, int, Rules], Player]


@dataclass(frozen=True)
class LocalBrain:
    """Thinks in this process; ``make`` builds a player (the arena adds its own levels)."""

    make: PlayerMaker = make_player

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        return self.make(level, seed, view.rules).decide(view)

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        return suggest(view, level, seed)


LOCAL = LocalBrain()


class Table:
    """A game with its seating: ``seating`` maps every seat to ``human`` or a level."""

    def __init__(self, game: Game, seating: Mapping[Seat, str], seed: int, *,
                 brain: Brain = LOCAL) -> None:
        missing = [s for s in game.seats if s not in seating]
        if missing:
            raise SpadesError(f"nobody sits at {' '.join(missing)}")
        self.game = game
        self.seating = {s: seating[s] for s in game.seats}
        self.seed = seed
        self.brain = brain
        self.humans = frozenset(s for s, who in self.seating.items() if who == HUMAN)
        self.failures = 0
        """Computer decisions replaced by the fallback (see :meth:`computer_decision`)."""

    # -- reading ---------------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        """The seat the game waits for (None once it is over)."""
        return self.game.to_act

    @property
    def waiting_for_human(self) -> bool:
        """True when a person must act (or the game is over): the computers are done."""
        seat = self.game.to_act
        return seat is None or seat in self.humans

    def view(self, seat: Seat | None) -> SeatView:
        """What ``seat`` may know now (the one door for hidden information)."""
        return seat_view(self.game, seat)

    def events_for(self, seat: Seat | None, events: Iterable[Event]) -> list[SeatEvent]:
        """The events as ``seat`` may see them (other seats' draws and exchanges hidden)."""
        return [seat_event(e, seat) for e in events]

    # -- acting ----------------------------------------------------------------------

    def act(self, seat: Seat, action: Action) -> Event:
        """A person's action, checked by the rules (refused: nothing changes)."""
        if seat not in self.humans:
            raise IllegalActionError("a computer player sits there", "not_your_seat")
        return self.game.apply(seat, action)

    def computer_decision(self) -> Decision:
        """The decision of the computer player to act, from its own view only.

        One policy for a failing player on every front: if it raises or chooses an
        action the rules refuse, the failure is logged and its first legal action is
        played, so that a game is never stuck for good.
        """
        seat = self.game.to_act
        if seat is None or seat in self.humans:
            raise SpadesError("no computer player is to act")
        level = self.seating[seat]
        view = seat_view(self.game, seat)
        try:
            decision = self.brain.decide(level, decision_seed(self.seed, seat, view.version),
                                         view)
        except Exception:
            log.exception("%s player at %s failed; it plays its first legal action",
                          level, seat)
            return self._fallback(view)
        error = self.game.why_not(seat, decision.action)
        if error is not None:
            log.error("%s player at %s chose %s: %s", level, seat, decision.action, error)
            return self._fallback(view)
        return decision

    def _fallback(self, view: SeatView) -> Decision:
        self.failures += 1
        return Decision(view.legal[0], "the computer player failed: its first legal action",
                        FALLBACK_CODE)

    def step(self) -> Event:
        """One computer decision, applied."""
        seat = self.game.to_act
        decision = self.computer_decision()
        assert seat is not None
        return self.game.apply(seat, decision.action)

    def play_computers(self, *, until: Callable[[Game], bool] | None = None,
                       observe: Callable[[Event], None] | None = None) -> list[Event]:
        """Play the computer seats until a person must act, the game ends, or ``until``.

        ``observe`` sees each event as it happens (the terminal prints it at once).
        """
        events: list[Event] = []
        while not self.waiting_for_human and not (until is not None and until(self.game)):
            event = self.step()
            events.append(event)
            if observe is not None:
                observe(event)
        return events

    def hint(self, seat: Seat) -> Decision:
        """What the strongest available computer player would do for ``seat`` now."""
        return self.hint_task(seat)()

    def hint_task(self, seat: Seat) -> Callable[[], Decision]:
        """The hint for ``seat`` as a task to run later, from a snapshot of its view.

        The snapshot is taken now, so the task may run while the game moves on (a
        server thinks outside its per-game lock).
        """
        view = seat_view(self.game, seat)
        if not view.my_turn or not view.legal:
            raise SpadesError("a hint is for the turn of the seat asking")
        levels = [who for who in self.seating.values() if who != HUMAN]
        adviser = hint_level(levels[0] if levels else default_level())
        seed = decision_seed(self.seed, "hint", view.version)
        brain = self.brain
        return lambda: brain.hint(adviser, seed, view)


__all__ = [
    "DEFAULT_LEVEL",
    "FALLBACK_CODE",
    "HINT_LEVELS",
    "HUMAN",
    "HUMAN_SEAT",
    "LOCAL",
    "Brain",
    "LocalBrain",
    "Table",
    "decision_seed",
    "default_level",
    "hint_level",
    "seating_for",
]
