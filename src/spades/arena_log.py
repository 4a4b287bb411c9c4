"""The arena's log: one JSON line per finished deal, so that a long match can resume.

A measurement worth quoting takes hours (three hundred whole games of a search player).
Written deal by deal as results come in, the log keeps every finished deal when the run
is stopped, and running the same command again plays only the deals it lacks.

The first line names the match: the two levels, the rules, the first deal, the budget
and whether whole games or first hands were played. A log is only ever resumed by the
same match; the count of deals may differ, so a finished match can be extended. A run
killed in the middle of writing leaves a last line without its newline: that deal is
played again and the line replaced.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from spades.arena import DealResult, Match, Tally, summarise
from spades.errors import SpadesError

FORMAT = "spades-arena-log/1"


class ArenaLogError(SpadesError):
    """A log file that is malformed or belongs to another match; nothing is written."""

    code = "arena-log"


def match_key(match: Match) -> dict[str, Any]:
    """What must be equal for two runs to share a log."""
    return {"a": match.a, "b": match.b, "rules": match.rules, "first": match.first,
            "budget": match.budget, "games": match.games}


def deal_line(result: DealResult) -> str:
    """One deal's line: its number, A's margins and both tallies."""
    return json.dumps({"deal": result.deal, "margin": result.margin,
                       "adjusted": result.adjusted,
                       "tallies": {who: asdict(t) for who, t in result.tallies.items()}})


def _deal(data: Any) -> DealResult:
    """A deal line read back; ``KeyError``/``TypeError``/``ValueError`` if malformed."""
    blank = Tally()
    tallies = {who: Tally(**{name: type(getattr(blank, name))(value)
                             for name, value in fields.items()})
               for who, fields in data["tallies"].items()}
    if set(tallies) != {"A", "B"}:
        raise ValueError("tallies of A and B expected")
    return DealResult(int(data["deal"]), float(data["margin"]), float(data["adjusted"]),
                      tallies)


@dataclass
class LogContents:
    """What a log holds: its match (as :func:`match_key` writes it), its deals by number,
    and how many bytes of the file end in a complete line."""

    match: dict[str, Any]
    results: dict[int, DealResult]
    valid: int


def read_log(path: Path) -> LogContents | None:
    """The log at ``path`` read and checked line by line (None for an empty file);
    :class:`ArenaLogError` says what is wrong with one that cannot be read. A last
    line without its newline (a run killed while writing it) is left out."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ArenaLogError(f"{path}: cannot read the log ({error})") from error
    end = raw.rfind(b"\n") + 1
    lines = raw[:end].decode("utf-8", errors="replace").splitlines()
    if not lines:
        return None
    try:
        head = json.loads(lines[0])
        fmt, match = head["format"], head["match"]
    except (ValueError, TypeError, KeyError) as error:
        raise ArenaLogError(f"{path}: line 1 is not an arena log's heading "
                            f"({FORMAT})") from error
    if fmt != FORMAT:
        raise ArenaLogError(f"{path}: format {fmt!r}, expected {FORMAT!r}")
    if not isinstance(match, dict) or set(match) != _MATCH_FIELDS:
        raise ArenaLogError(f"{path}: line 1 does not name a match ({match!r})")
    results: dict[int, DealResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            result = _deal(json.loads(line))
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise ArenaLogError(f"{path}: line {number} is not a deal's "
                                f"result ({error})") from error
        results[result.deal] = result
    return LogContents(match, results, end)


_MATCH_FIELDS = {"a", "b", "rules", "first", "budget", "games"}
"""The fields :func:`match_key` writes."""


def load_log(path: Path) -> LogContents:
    """The log at ``path`` to read figures from: it must exist and hold at least its
    heading (:class:`ArenaLogError` says why not)."""
    if not path.is_file():
        raise ArenaLogError(f"{path}: no such log")
    contents = read_log(path)
    if contents is None:
        raise ArenaLogError(f"{path}: the log is empty")
    return contents


def log_summary(contents: LogContents) -> dict[str, Any]:
    """The arena's figures (:func:`spades.arena.summarise`) over the deals a log holds,
    finished or not, and ``missing``: the deal numbers below the highest held that it
    lacks (a match on several processes finishes its deals out of order)."""
    m = contents.match
    held = sorted(contents.results)
    match = Match(m["a"], m["b"], m["rules"], len(held), m["first"], m["budget"],
                  games=m["games"])
    summary = summarise(match, contents.results.values())
    present = set(held)
    summary["missing"] = [d for d in range(m["first"], held[-1] if held else m["first"])
                          if d not in present]
    return summary


class ArenaLog:
    """The log at ``path`` for ``match``: the deals it holds, and a way to add more.

    Reading checks everything before anything is written: a log of another match or
    a malformed line raises :class:`ArenaLogError` and leaves the file as it was.
    """

    def __init__(self, path: Path, match: Match) -> None:
        self.path = path
        self.match = match
        self.results: dict[int, DealResult] = {}
        self._valid = 0
        """Bytes of the file that end in a complete line; anything after is cut."""
        if path.exists():
            self._read()

    def _read(self) -> None:
        contents = read_log(self.path)
        if contents is None:
            return
        if contents.match != match_key(self.match):
            match = contents.match
            theirs = ", ".join(f"{k}={v}" for k, v in match.items())
            raise ArenaLogError(f"{self.path} is the log of another match ({theirs}); "
                                "give another file to start a new log")
        self.results = contents.results
        self._valid = contents.valid

    def wanted(self) -> list[int]:
        """The match's deals the log does not hold yet, in order."""
        first = self.match.first
        return [d for d in range(first, first + self.match.deals) if d not in self.results]

    def held(self) -> list[DealResult]:
        """The match's deals the log holds (deals beyond ``match.deals`` left out)."""
        first = self.match.first
        return [r for d, r in sorted(self.results.items())
                if first <= d < first + self.match.deals]

    def open(self) -> None:
        """Start writing: a new log gets its heading; a torn last line is cut off."""
        if self._valid == 0:
            heading = {"format": FORMAT, "match": match_key(self.match)}
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(heading) + "\n", encoding="utf-8")
        else:
            with self.path.open("r+b") as f:
                f.truncate(self._valid)

    def add(self, result: DealResult) -> None:
        """Append one finished deal, flushed at once so a stopped run keeps it."""
        with self.path.open("a", encoding="utf-8") as f:
            f.write(deal_line(result) + "\n")
        self.results[result.deal] = result
