"""What ``spades deal`` and ``spades rules`` print: the same suit order as the table, and
the values of the preset asked for."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.cards import SUIT_OF, mask_of, parse_card
from spades.cli import main
from spades.rules import PRESETS, SETTINGS
from spades.terminal.render import display_order


def run(*args: str) -> str:
    """The standard output of ``spades ARGS``, run in this process (it must exit 0)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def shown_hands(text: str) -> dict[str, list[list[str]]]:
    """Each seat's line of ``spades deal``, as suit groups of card symbols."""
    hands = {}
    for line in text.splitlines()[1:]:
        if line.startswith("  stock"):
            continue
        seat, rest = line.split(maxsplit=1)
        hands[seat] = [group.split() for group in rest.split("  ")]
    return hands


@settings(max_examples=25, deadline=None)
@given(number=st.integers(0, 10**9), preset=st.sampled_from(["classic", "jokers", "cutthroat"]),
       hand=st.integers(1, 4))
def test_deal_lists_suits_in_the_order_of_the_table(
        number: int, preset: str, hand: int) -> None:
    """``spades deal`` shows each hand as ``spades play`` does: ♠ ♥ ♣ ♦, highest first."""
    text = run("deal", str(number), "--hand", str(hand), "--rules", preset)
    cards = json.loads(run("deal", str(number), "--hand", str(hand), "--rules", preset,
                           "--json"))["cards"]
    names = {"North": "N", "East": "E", "South": "S", "West": "W"}
    for seat, groups in shown_hands(text).items():
        assert len(groups) == 4, groups  # a void is shown as "-"
        shown = [parse_card(c) for group in groups for c in group if c != "-"]
        mask = mask_of(parse_card(c) for c in cards[names[seat]].split())
        assert shown == display_order(mask)
        for group, suit in zip(groups, (3, 2, 0, 1), strict=True):
            assert all(SUIT_OF[parse_card(c)] == suit for c in group if c != "-")


def test_deal_shows_spades_hearts_clubs_diamonds() -> None:
    text = run("deal", "4127")
    assert "  South  Q♠ J♠ 8♠ 2♠  Q♥ 6♥ 5♥ 4♥  J♣ 6♣  8♦ 5♦ 2♦" in text.splitlines()


def settings_table(text: str) -> dict[str, tuple[str, str]]:
    """The settings table of ``spades rules``: name -> (value, change mark)."""
    rows = {}
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Settings"))
    for line in lines[start + 1:]:
        mark, rest = line[1], line[2:]
        name, value = rest.split()[:2]
        rows[name] = (value, mark)
    return rows


def fmt(value: object) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rules_of_a_preset_print_its_own_values(preset: str) -> None:
    rows = settings_table(run("rules", preset))
    assert set(rows) == {s.name for s in SETTINGS}
    for s in SETTINGS:
        value = getattr(PRESETS[preset], s.name)
        assert rows[s.name][0] == fmt(value), s.name
        changed = value != getattr(PRESETS["classic"], s.name)
        assert rows[s.name][1] == ("*" if changed else " "), s.name


def test_rules_jokers_shows_the_jokers_deck_and_target() -> None:
    text = run("rules", "jokers")
    assert "Settings of jokers" in text
    rows = settings_table(text)
    assert rows["deck"] == ("jokers", "*") and rows["target"] == ("1000", "*")
    data = json.loads(run("rules", "jokers", "--json"))
    values = {s["name"]: s["value"] for s in data["settings"]}
    defaults = {s["name"]: s["default"] for s in data["settings"]}
    assert values["deck"] == "jokers" and values["target"] == 1000
    assert defaults["deck"] == "standard" and defaults["target"] == 500


def test_rules_without_a_preset_show_the_classic_defaults() -> None:
    text = run("rules")
    assert "Settings (default = classic):" in text
    rows = settings_table(text)
    assert rows["target"] == ("500", " ") and rows["deck"] == ("standard", " ")


def test_rules_describe_presets_for_players() -> None:
    """Each preset has a description people read; no internal source label is printed."""
    text = run("rules")
    assert "seed" not in text
    assert "two players, draw-and-discard deal" in text
    assert "each for themselves" in text
    data = json.loads(run("rules", "--json"))
    assert all(p["description"] for p in data["presets"].values())
