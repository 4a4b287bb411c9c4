"""Duplicate matches between two computer players, to measure which plays better.

Each *deal* is a numbered deal, which identifies a whole game (R26: every shuffle of
every hand follows from the number). It is played twice with the same cards: once with
player A in the first seats (North–South, or North alone with two players) and once
with the seats swapped. Luck of the cards cancels out, so the mean of A's final score
minus B's over the two plays (the *margin*) measures skill, bags and the race to the
target included.

A quicker measure plays only the first hand of each deal (``games=False``). A single
hand never reaches the penalty that makes bags expensive, so that margin is also shown
with every bag charged at its long-run cost (R19: 100 points per 10 bags).
"""

from __future__ import annotations

import math
import signal
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing import TimeoutError as NoResultYet
from multiprocessing import get_context
from multiprocessing.pool import IMapIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from spades.bots import YARDSTICKS
from spades.bots.base import Player, make_player
from spades.bots.oracle import CrossedPlayer, OraclePlayer
from spades.cards import Seat
from spades.game import Game
from spades.rules import Rules, rules_from
from spades.table import LocalBrain, Table

if TYPE_CHECKING:
    from spades.arena_log import ArenaLog


@dataclass(frozen=True)
class Match:
    """What to play: the two levels, the rules, deals ``first … first+deals-1``.

    Each deal number is a whole game, played to its end (seats swapped for the second
    play); with ``games=False`` only its first hand is played.
    """

    a: str
    b: str
    rules: str = "classic"
    deals: int = 100
    first: int = 1
    budget: int | None = None
    records: str | None = None
    games: bool = True


@dataclass
class Tally:
    """One player's counts over the hands it played."""

    hands: int = 0
    contracts: int = 0
    made: int = 0
    set: int = 0
    bags: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_bids: int = 0
    blind_made: int = 0
    games: int = 0
    wins: int = 0
    decisions: int = 0
    seconds: float = 0.0
    unfinished: int = 0
    """Games stopped at :data:`MAX_HANDS` with no winner."""

    def add(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_json(self) -> dict[str, Any]:
        """The per-player block of the arena's JSON."""
        per = self.hands or 1
        return {
            "hands": self.hands,
            "made_rate": self.made / (self.contracts or 1),
            "set_rate": self.set / (self.contracts or 1),
            "bags_per_hand": self.bags / per,
            "nil_bids": self.nil_bids,
            "nil_made": self.nil_made,
            "blind_nil_bids": self.blind_bids,
            "blind_nil_made": self.blind_made,
            "games": self.games,
            "games_won": self.wins,
            "games_unfinished": self.unfinished,
            "decisions": self.decisions,
            "seconds_per_decision": self.seconds / (self.decisions or 1),
        }


@dataclass
class DealResult:
    """Both plays of one deal: A's margin (raw and with bags charged) and the tallies."""

    deal: int
    margin: float
    adjusted: float
    tallies: dict[str, Tally] = field(default_factory=dict)


MAX_HANDS = 100
"""A whole game stops here even if no side has won. Only the random player gets there:
its wild bids leave the other side bidding low and taking bag after bag, its score
circling below the target; such a game counts as won by nobody."""


def build_player(level: str, seed: int, rules: Rules, budget: int | None, game: Game) -> Player:
    """A player of ``level`` or a yardstick (:data:`spades.bots.YARDSTICKS`); search
    players get ``budget`` deals a decision if given."""
    if level not in YARDSTICKS:
        return make_player(level, seed, rules, budget=budget)
    oracle = OraclePlayer(seed, rules)
    oracle.attach(game)
    if level == "oracle":
        return oracle
    strong = make_player("strong", seed, rules, budget=budget)
    if level == "oracle-bids":
        return CrossedPlayer(level, oracle, strong)
    return CrossedPlayer(level, strong, oracle)


def seats_of(rules: Rules, swapped: bool) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """The seats of A and of B in one of the two plays of a deal."""
    first: tuple[Seat, ...] = ("N", "S")
    second: tuple[Seat, ...] = ("E", "W")
    if rules.players == 2:
        first, second = ("N",), ("S",)
    return (second, first) if swapped else (first, second)


def play_deal(match: Match, deal: int) -> DealResult:
    """Play ``deal`` twice, seats swapped, and measure A against B."""
    rules = rules_from(match.rules)
    margins: list[float] = []
    adjusted: list[float] = []
    tallies = {"A": Tally(), "B": Tally()}
    for swapped in (False, True):
        a_seats, b_seats = seats_of(rules, swapped)
        label = {s: "A" for s in a_seats} | {s: "B" for s in b_seats}
        names = {s: match.a if label[s] == "A" else match.b for s in rules.seats}
        game = Game(rules, deal=deal, players=names)

        def make(level: str, seed: int, rules: Rules, game: Game = game) -> Player:
            return build_player(level, seed, rules, match.budget, game)

        table = Table(game, names, 2 * deal + swapped, brain=LocalBrain(make))
        while not (game.over if match.games else game.results):
            if len(game.results) >= MAX_HANDS:
                break
            seat = game.to_act
            assert seat is not None
            start = time.perf_counter()
            table.step()
            tally = tallies[label[seat]]
            tally.seconds += time.perf_counter() - start
            tally.decisions += 1
        points = {"A": 0.0, "B": 0.0}
        charged = {"A": 0.0, "B": 0.0}
        share = 1.0 if rules.partnerships else 1 / len(a_seats)
        for result in game.results if match.games else game.results[:1]:
            for side, score in result.sides.items():
                who = label[side[0]]
                points[who] += score.points * share
                # Over a whole game the penalties are in the points already.
                charged[who] += (score.points - (0 if match.games else
                                                 rules.bag_cost * score.bags)) * share
                t = tallies[who]
                t.hands += 1
                t.bags += score.bags
                if score.contract > 0:
                    t.contracts += 1
                    t.made += score.made
                    t.set += not score.made
            for seat, bid in result.bids:
                if bid == 0:
                    t = tallies[label[seat]]
                    made = result.tricks[seat] == 0
                    if seat in result.blind:
                        t.blind_bids += 1
                        t.blind_made += made
                    else:
                        t.nil_bids += 1
                        t.nil_made += made
        if match.games:
            for who in ("A", "B"):
                tallies[who].games += 1
            if game.winner is not None:
                tallies[label[game.winner[0]]].wins += 1
            elif not game.over:
                for who in ("A", "B"):
                    tallies[who].unfinished += 1
        margins.append(points["A"] - points["B"])
        adjusted.append(charged["A"] - charged["B"])
        if match.records:
            order = "BA" if swapped else "AB"
            write_record(game, Path(match.records) / f"deal-{deal}-{order}.json")
    return DealResult(deal, statistics.fmean(margins), statistics.fmean(adjusted), tallies)


def write_record(game: Game, path: Path) -> None:
    """Write the game as a spades-record/1 file."""
    from spades.record import dumps, game_to_record

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(game_to_record(game)), encoding="utf-8")


def _play_one(args: tuple[Match, int]) -> DealResult:
    return play_deal(*args)


def _leave_ctrl_c_to_the_parent() -> None:
    """Workers ignore Ctrl-C: the terminal sends it to every process of the match, and
    a worker stopped by it in the middle of the pool's queue leaves the pool unable to
    shut down (the parent then hangs). The parent stops them instead."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_deals(match: Match, jobs: int = 1,
              deals: Iterable[int] | None = None) -> Iterator[DealResult]:
    """Play the match's deals (or only ``deals``) on ``jobs`` processes; results as
    they finish."""
    numbers = range(match.first, match.first + match.deals) if deals is None else deals
    tasks = [(match, deal) for deal in numbers]
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play_one(task)
        return
    with get_context("spawn").Pool(jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:
        results = pool.imap_unordered(_play_one, tasks, chunksize=1)
        for _ in tasks:
            yield _next_result(results)


CTRL_C_WAKE_SECONDS = 0.5
"""How often the parent wakes while it waits for a deal, to see a Ctrl-C."""


def _next_result(results: IMapIterator[DealResult]) -> DealResult:
    """The next deal's result, waited for in short naps.

    Ctrl-C reaches a process, not a thread: the kernel may hand it to one of the pool's
    own threads, and Python then raises it in the main thread only once that thread
    wakes. A wait without a timeout wakes with the next result, which on a long deal is
    minutes away; a nap of half a second makes Ctrl-C stop the match at once."""
    while True:
        try:
            return results.next(timeout=CTRL_C_WAKE_SECONDS)
        except NoResultYet:
            continue


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def summarise(match: Match, results: Iterable[DealResult]) -> dict[str, Any]:
    """The arena's JSON: margin with its 95% interval and every player's figures."""
    done = sorted(results, key=lambda r: r.deal)
    margin, low, high = mean_ci([r.margin for r in done])
    adj, adj_low, adj_high = mean_ci([r.adjusted for r in done])
    tallies = {"A": Tally(), "B": Tally()}
    for r in done:
        for who, t in r.tallies.items():
            tallies[who].add(t)
    return {
        "a": match.a,
        "b": match.b,
        "rules": match.rules,
        "deals": len(done),
        "first_deal": match.first,
        "budget": match.budget,
        "unit": "deal" if match.games else "hand",
        "margin": margin,
        "ci95": [low, high],
        "margin_bags_charged": adj,
        "ci95_bags_charged": [adj_low, adj_high],
        "players": {match.a if who == "A" else match.b + ("" if match.a != match.b else "'"):
                    t.to_json() for who, t in tallies.items()},
    }


def progress(done: int, total: int, out: TextIO) -> None:
    """A one-line progress bar, redrawn in place."""
    width = 30
    filled = width * done // max(1, total)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals")
    if done == total:
        out.write("\n")
    out.flush()


def run_match(match: Match, jobs: int = 1,
              on_progress: Callable[[int, int], None] | None = None,
              log: ArenaLog | None = None) -> dict[str, Any]:
    """Play the match and summarise it. With a ``log``, the deals it holds are not
    played again, and each deal played is added to it as soon as it finishes."""
    results = log.held() if log is not None else []
    wanted = log.wanted() if log is not None else None
    if log is not None:
        log.open()
    if results and on_progress is not None:
        on_progress(len(results), match.deals)
    for r in run_deals(match, jobs, wanted):
        results.append(r)
        if log is not None:
            log.add(r)
        if on_progress is not None:
            on_progress(len(results), match.deals)
    return summarise(match, results)


def report(summary: dict[str, Any]) -> str:
    """The arena's result as text."""
    low, high = summary["ci95"]
    alow, ahigh = summary["ci95_bags_charged"]
    unit = summary["unit"]
    what = "deals, each a whole game" if unit == "deal" else "deals, first hand only"
    lines = [
        f"{summary['a']} vs {summary['b']} ({summary['rules']}, {summary['deals']} "
        f"{what}, each played twice with seats swapped)",
        f"margin of {summary['a']} per {unit}: {summary['margin']:+.1f} points "
        f"(95% CI {low:+.1f} to {high:+.1f})",
    ]
    if unit == "deal":
        for name, p in summary["players"].items():
            lines.append(f"{name} won {p['games_won']} of {p['games']} games")
        stopped = next(iter(summary["players"].values()))["games_unfinished"]
        if stopped:
            lines.append(f"{stopped} game{'s' if stopped != 1 else ''} stopped at the "
                         f"{MAX_HANDS}-hand limit with no winner (counted as won by nobody)")
    else:
        lines.append(f"with bags charged 10 each: {summary['margin_bags_charged']:+.1f} "
                     f"(95% CI {alow:+.1f} to {ahigh:+.1f})")
    blind = any(p["blind_nil_bids"] for p in summary["players"].values())
    lines += [
        f"{'player':<10}{'made':>7}{'set':>7}{'bags/hand':>11}{'nil':>9}"
        + (f"{'blind nil':>11}" if blind else "") + f"{'per decision':>14}",
    ]
    for name, p in summary["players"].items():
        nil = f"{p['nil_made']}/{p['nil_bids']}".rjust(9)
        if blind:
            nil += f"{p['blind_nil_made']}/{p['blind_nil_bids']}".rjust(11)
        lines.append(f"{name:<10}{p['made_rate']:>7.0%}{p['set_rate']:>7.0%}"
                     f"{p['bags_per_hand']:>11.2f}{nil}"
                     f"{duration(p['seconds_per_decision']):>14}")
    return "\n".join(lines)


def duration(seconds: float) -> str:
    """A short time in a unit that shows its digits: ``850 µs``, ``12.3 ms``, ``1.20 s``.

    >>> duration(0.00004), duration(0.0123), duration(1.2)
    ('40 µs', '12.3 ms', '1.20 s')
    """
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"
