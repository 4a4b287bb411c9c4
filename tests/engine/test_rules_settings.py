"""Rule settings are checked by the rules object itself, so that every way in refuses a
bad table the same way: the library, a record (``spades score``) and ``spades play``.
The server's answer to the same settings is tested in tests/web/test_bad_input.py."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from spades.errors import RecordError, RulesError
from spades.game import Game
from spades.record import FORMAT, load_record
from spades.rules import PRESETS, RANGES, Rules, rules_from

BAD_SETTINGS: list[tuple[dict[str, Any], str]] = [
    ({"preset": "classic", "target": 1}, "target must be from 10 to 10000, not 1"),
    ({"preset": "classic", "target": 1, "nil_value": 10**19},
     "target must be from 10 to 10000, not 1"),
    ({"preset": "classic", "nil_value": 10**19},
     "nil_value must be from 0 to 1000, not 10000000000000000000"),
    ({"preset": "two-player", "draw": False}, "two players deal by the draw: set draw true"),
    ({"preset": "classic", "draw": True}, "the draw deal is for two players"),
    ({"preset": "classic", "floor": 0}, "floor must be from -10000 to -1, not 0"),
    ({"preset": "classic", "target": 100, "floor": 100}, "floor must be from -10000 to -1"),
    ({"preset": "classic", "target": 300.0}, "setting 'target' must be a int"),
    ({"preset": "classic", "blind_nil": 1}, "setting 'blind_nil' must be a bool"),
    ({"preset": "classic", "bag_limit": True}, "setting 'bag_limit' must be a int"),
    ({"preset": "classic", "floor": -1.5}, "setting 'floor' must be an integer or null"),
    ({"preset": "classic", "exchange": 14}, "exchange must be from 0 to 13, not 14"),
    ({"preset": "classic", "bag_penalty": -1}, "bag_penalty must be from 0 to 1000"),
    ({"preset": "classic", "first_dealer": "X"}, "first_dealer must be one of N E S W"),
]


@pytest.mark.parametrize(("spec", "message"), BAD_SETTINGS)
def test_rules_refuse_bad_settings_in_the_object_itself(spec: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(RulesError, match=f"^{message}") as refused:
        rules_from(spec)
    assert refused.value.code == "rules"
    changes = {k: v for k, v in spec.items() if k != "preset"}
    with pytest.raises(RulesError, match=f"^{message}"):
        PRESETS[spec["preset"]].replace(**changes)
    with pytest.raises(RulesError, match=f"^{message}"):
        Game(spec)


@pytest.mark.parametrize(("spec", "message"), BAD_SETTINGS)
def test_a_record_refuses_the_same_settings_with_the_same_reason(spec: dict[str, Any],
                                                                  message: str) -> None:
    with pytest.raises(RecordError, match=f"^rules: {message}"):
        load_record({"format": FORMAT, "rules": spec, "deal": 1, "hands": []})


def test_every_preset_and_the_range_ends_are_accepted() -> None:
    for rules in PRESETS.values():
        assert rules_from(rules.to_json()) == rules
    for name, (low, high) in RANGES.items():
        for value in (low, high):
            extra = {"target": 10_000} if name == "floor" else {}
            assert getattr(rules_from({name: value, **extra}), name) == value
    assert Rules(target=10, floor=-1).floor == -1


def spades(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "spades", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(("spec", "message"), [BAD_SETTINGS[1], BAD_SETTINGS[3]])
def test_spades_score_refuses_the_same_settings(spec: dict[str, Any], message: str) -> None:
    record = json.dumps({"format": FORMAT, "rules": spec, "deal": 1, "hands": []})
    done = spades("score", "-", stdin=record)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == f"rules: {message}"


def test_spades_play_refuses_the_same_target() -> None:
    done = spades("play", "--target", "1", "--save", "/dev/null/none", stdin="")
    assert done.returncode == 2
    assert done.stderr.strip() == "spades play: target must be from 10 to 10000, not 1"
