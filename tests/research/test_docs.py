"""docs/research.md stays true: its quick starts run and its tables match the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spades.research.encoding import NUM_ACTIONS, Layout

DOC = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text()


def quick_start(title: str) -> str:
    section = DOC.split(f"### {title}\n", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize("title", ["PettingZoo", "Gymnasium", "OpenSpiel"])
def test_each_quick_start_runs_and_fits_in_thirty_lines(title: str) -> None:
    code = quick_start(title)
    assert len(code.splitlines()) <= 30
    exec(compile(code, f"docs/research.md ({title})", "exec"), {})


def test_the_observation_table_is_the_layout() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (.+) \|$", DOC, re.MULTILINE)
    assert [(n, int(a), int(b), m) for n, a, b, m in rows] == Layout(4, 2).blocks()
    assert f"{Layout(4, 2).size} values" in DOC
    assert f"four sides: {Layout(4, 4).size}" in DOC and f"two players: {Layout(2, 2).size}" \
        in DOC


def test_the_action_table_covers_the_space() -> None:
    assert f"One dense space of {NUM_ACTIONS} actions" in DOC
    assert f"| {NUM_ACTIONS - 1} | end the exchange" in DOC
