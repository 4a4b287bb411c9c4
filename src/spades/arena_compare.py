"""Two arena logs compared deal by deal: did a change to a player gain anything?

A change to a computer player is measured by playing the same deals before and after
it against the same opponent (``spades arena ... --log FILE`` from each version). Each
margin alone carries the luck of the cards, a few points a hand over hundreds of
deals; the difference of the two margins on the same deal cancels most of it, so the
paired difference, with its own 95% interval, is what tells a gain from noise. Deals
played identically by both versions add nothing but a zero; the count of deals with a
different result says how much of the match the change touched.

Only logs of the same kind of match can be paired: the same opponent, rules and unit
(whole games or first hands). The measured players and budgets may differ (that is
what is being compared); the first deals may too, and only the deals both logs hold
count.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

from spades.arena import DealResult, Tally, duration, mean_ci
from spades.arena_log import ArenaLogError, LogContents, load_log

PAIRED_FIELDS = ("b", "rules", "games")
"""What two logs must share to be paired."""


class CompareError(ArenaLogError):
    """Two logs that cannot be paired."""

    code = "arena-compare"


@dataclass(frozen=True)
class Side:
    """One log's figures on the deals both logs hold."""

    path: str
    player: str
    budget: int | None
    margin: tuple[float, float, float]
    charged: tuple[float, float, float]
    measured: Tally
    opponent: Tally


@dataclass(frozen=True)
class Comparison:
    """The two logs on their common deals, and A's margins less B's deal by deal."""

    a: Side
    b: Side
    opponent: str
    rules: str
    games: bool
    deals: list[int]
    margin: tuple[float, float, float]
    charged: tuple[float, float, float]
    different: int
    by_sets: list[tuple[str, int, float]]
    """Where A-B comes from: each group of deals (by which contracts were set in one log
    and not the other), its count of deals and its share of the paired mean."""


def compare(path_a: Path, path_b: Path) -> Comparison:
    """Pair the log at ``path_a`` with the one at ``path_b`` over their common deals."""
    a, b = load_log(path_a), load_log(path_b)
    for field in PAIRED_FIELDS:
        if a.match[field] != b.match[field]:
            raise CompareError(
                f"the logs differ in {field!r} ({a.match[field]!r} in {path_a}, "
                f"{b.match[field]!r} in {path_b}): only matches against the same "
                "opponent, with the same rules and unit, can be paired")
    deals = sorted(set(a.results) & set(b.results))
    if not deals:
        raise CompareError(f"{path_a} and {path_b} hold no deal in common")
    pairs = [(a.results[d], b.results[d]) for d in deals]
    return Comparison(
        a=_side(path_a, a, [x for x, _ in pairs]),
        b=_side(path_b, b, [y for _, y in pairs]),
        opponent=str(a.match["b"]), rules=str(a.match["rules"]),
        games=bool(a.match["games"]), deals=deals,
        margin=mean_ci([x.margin - y.margin for x, y in pairs]),
        charged=mean_ci([x.adjusted - y.adjusted for x, y in pairs]),
        different=sum(_result(x) != _result(y) for x, y in pairs),
        by_sets=_by_sets(pairs, games=bool(a.match["games"])))


SET_GROUPS = ("the player set less often in A than in B", "the player set more often in A",
              "the opponent set more often in A", "the opponent set less often in A",
              "the same contracts set")
"""The groups of :func:`_by_sets`, in the order the report lists them: by the measured
player's sets first, then, where those are the same, by the opponent's."""


def _by_sets(pairs: list[tuple[DealResult, DealResult]],
             games: bool) -> list[tuple[str, int, float]]:
    """A-B split by sets: most of a paired margin is a few contracts set in one log and
    made in the other, worth a hundred points each, while the other deals move by
    tricks and bags. The share is each group's sum of A-B over every deal (raw for
    whole games, with bags charged for first hands), so the shares add up to A-B."""
    sums = dict.fromkeys(SET_GROUPS, 0.0)
    counts = dict.fromkeys(SET_GROUPS, 0)
    for x, y in pairs:
        player = x.tallies["A"].set - y.tallies["A"].set
        opponent = x.tallies["B"].set - y.tallies["B"].set
        group = SET_GROUPS[0 if player < 0 else 1 if player > 0 else
                           2 if opponent > 0 else 3 if opponent < 0 else 4]
        counts[group] += 1
        sums[group] += x.margin - y.margin if games else x.adjusted - y.adjusted
    return [(g, counts[g], sums[g] / len(pairs)) for g in SET_GROUPS if counts[g]]


def _side(path: Path, log: LogContents, results: list[DealResult]) -> Side:
    measured, opponent = Tally(), Tally()
    for r in results:
        measured.add(r.tallies["A"])
        opponent.add(r.tallies["B"])
    return Side(str(path), str(log.match["a"]), log.match["budget"],
                mean_ci([r.margin for r in results]),
                mean_ci([r.adjusted for r in results]), measured, opponent)


_TIMING = ("seconds", "decisions")
"""Tally fields that measure the machine, not the play."""


def _result(r: DealResult) -> tuple[object, ...]:
    """What a deal's play produced, without the time it took."""
    return (r.margin, r.adjusted,
            *(tuple(getattr(t, f.name) for f in fields(t) if f.name not in _TIMING)
              for t in (r.tallies["A"], r.tallies["B"])))


def _interval(figure: tuple[float, float, float]) -> str:
    mean, low, high = figure
    return f"{mean:+.1f} (95% CI {low:+.1f} to {high:+.1f})"


def report(c: Comparison) -> str:
    """The comparison as text: each log's margin, then the paired difference."""
    unit = "game" if c.games else "hand"
    rows = [("A", c.a.margin, c.a.charged), ("B", c.b.margin, c.b.charged),
            ("A-B", c.margin, c.charged)]
    lines = [f"{len(c.deals)} deals in both logs ({c.rules}, "
             f"{'whole games' if c.games else 'first hands'}, against {c.opponent})"]
    for name, side in (("A", c.a), ("B", c.b)):
        budget = "default budget" if side.budget is None else f"budget {side.budget}"
        lines.append(f"{name}: {side.player} ({budget}), {side.path}")
    # Bags charged at their long-run cost only mean something for single hands.
    charged = "" if c.games else "with bags charged"
    lines.append(f"{'':<5}{'margin per ' + unit:<34}{charged}".rstrip())
    for name, raw, bags in rows:
        lines.append(f"{name:<5}{_interval(raw):<34}{'' if c.games else _interval(bags)}"
                     .rstrip())
    lines.append(f"deals with a different result: {c.different} of {len(c.deals)}")
    what = "" if c.games else " with bags charged"
    lines.append(f"where A-B{what} comes from (deals, share of A-B):")
    for group, count, share in c.by_sets:
        lines.append(f"  {group:<46}{count:>5}{share:>+8.1f}")
    won = f"{'games won':>12}" if c.games else ""
    lines.append(f"{'':<5}{'made':>6}{'set':>7}{'bags/hand':>11}{won}{'per decision':>14}"
                 f"   {c.opponent}:{'set':>6}{'bags/hand':>11}")
    for name, side in (("A", c.a), ("B", c.b)):
        m, o = side.measured.to_json(), side.opponent.to_json()
        won = f"{m['games_won']:>6} of {m['games']:<3}" if c.games else ""
        lines.append(f"{name:<5}{m['made_rate']:>6.1%}{m['set_rate']:>7.1%}"
                     f"{m['bags_per_hand']:>11.2f}{won}"
                     f"{duration(m['seconds_per_decision']):>14}"
                     f"   {'':<{len(c.opponent) + 1}}{o['set_rate']:>6.1%}"
                     f"{o['bags_per_hand']:>11.2f}")
    return "\n".join(lines)
