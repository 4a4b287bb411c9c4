"""``scripts/play`` on a fresh copy of the project: it installs what playing needs and
nothing of the test toolchain, compiles the search levels' play-outs, and hands its
arguments to ``spades serve``.

This runs the real script (a virtual environment, pip, the package index), so it is slow.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_TOOLS = {"pytest", "hypothesis", "mypy", "ruff", "playwright", "axe-playwright-python",
              "httpx", "pytest-timeout", "pytest-xdist"}


@pytest.mark.slow
def test_play_installs_only_what_playing_needs_and_passes_its_arguments(
        tmp_path: Path) -> None:
    copy = tmp_path / "spades"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    shutil.copytree(ROOT / "src", copy / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    # `spades serve --help` proves the arguments reach the server without starting it.
    done = subprocess.run([str(copy / "scripts" / "play"), "--help"], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "usage: spades serve" in done.stdout and "--port" in done.stdout
    listed = subprocess.run(
        [str(copy / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=json"],
        capture_output=True, text=True, timeout=120, check=True)
    installed = {p["name"].lower().replace("_", "-") for p in json.loads(listed.stdout)}
    assert {"spades", "starlette", "uvicorn"} <= installed
    assert not installed & TEST_TOOLS, sorted(installed & TEST_TOOLS)
    # The play-outs were compiled at the install, not left to the first game.
    assert list((copy / "src" / "spades" / "bots" / "__pycache__").glob("playout_kernel*.nbi"))
    # A second start installs nothing more and starts at once.
    again = subprocess.run([str(copy / "scripts" / "play"), "--help"], capture_output=True,
                           text=True, timeout=120, check=False)
    assert again.returncode == 0 and "usage: spades serve" in again.stdout
