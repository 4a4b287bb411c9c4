"""The rules of a table as one frozen object; presets are named values of it.

Every difference between variants is a setting (RULES.md, "Rules are data"): the engine
never asks which preset it is playing. :data:`SETTINGS` documents each setting, and
:data:`PRESETS` holds the Variants table of RULES.md.

>>> rules_from("classic").target
500
>>> r = rules_from({"preset": "jokers", "blind_nil": True, "target": 300})
>>> (r.deck, r.blind_nil, r.target)
('jokers', True, 300)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from spades.cards import (
    FOUR_SEATS,
    JOKERS_DECK,
    STANDARD_DECK,
    TWO_SEATS,
    Card,
    Mask,
    Seat,
    mask_of,
)
from spades.errors import RulesError

_STANDARD_MASK: Final = mask_of(STANDARD_DECK)
_JOKERS_MASK: Final = mask_of(JOKERS_DECK)

NilTricks = Literal["count", "bags"]
DeckName = Literal["standard", "jokers"]


@dataclass(frozen=True, slots=True)
class Setting:
    """Documentation of one setting: its name, meaning and default."""

    name: str
    meaning: str
    rule: str


SETTINGS: Final = (
    Setting("players", "number of players: 4, or 2 for two-player Spades", "R4, R22"),
    Setting("partnerships", "partners face to face score together (off: each for themselves)",
            "R4, R24"),
    Setting("deck", "'standard' 52 cards, or 'jokers' (2♣ 2♦ out, two jokers in)", "R1, R2"),
    Setting("draw", "two-player draw-and-discard instead of a deal", "R22"),
    Setting("first_dealer", "dealer of the first hand (two players: the first to draw)",
            "R6, R23"),
    Setting("target", "score that ends the game after a hand", "R21"),
    Setting("floor", "a side at or below this score loses at once (null: off)", "R21"),
    Setting("nil_value", "points won or lost by a Nil", "R9"),
    Setting("nil_tricks", "'count': a Nil bidder's tricks help the partner and become bags; "
            "'bags': each one is only a bag", "R18"),
    Setting("blind_nil", "Blind Nil (two players: Double Nil) may be declared", "R10, R25"),
    Setting("blind_nil_value", "points won or lost by a Blind Nil", "R10"),
    Setting("blind_nil_deficit", "Blind Nil only for a side trailing by at least this many "
            "points (0: any time)", "R10"),
    Setting("exchange", "cards a Double Nil player may swap from the discards (two players)",
            "R25"),
    Setting("bag_limit", "bags that trigger the sandbag penalty (0: no penalty)", "R19"),
    Setting("bag_penalty", "points lost each time the bag count reaches the limit", "R19"),
    Setting("bots_bid_nil", "computer players may bid Nil (a property of players, R11)", "R11"),
)


RANGES: Final[dict[str, tuple[int, int]]] = {
    "target": (10, 10_000),
    "floor": (-10_000, -1),
    "nil_value": (0, 1_000),
    "blind_nil_value": (0, 1_000),
    "blind_nil_deficit": (0, 10_000),
    "exchange": (0, 13),
    "bag_limit": (0, 100),
    "bag_penalty": (0, 1_000),
}
"""The values a numeric setting may take. Bounded so that every score stays a small
integer (a Nil worth 10**19 would overflow the database's integers), and so that a game
can end (a target of 1 or a floor above zero ends it before anyone has played)."""

_TYPES: Final[dict[str, type]] = {
    "name": str, "players": int, "partnerships": bool, "deck": str, "draw": bool,
    "first_dealer": str, "target": int, "nil_value": int, "nil_tricks": str,
    "blind_nil": bool, "blind_nil_value": int, "blind_nil_deficit": int, "exchange": int,
    "bag_limit": int, "bag_penalty": int, "bots_bid_nil": bool,
}


def _check_types(rules: Rules) -> None:
    """Each setting of its own type: ``True`` is not a number, ``1.0`` not a count.

    Checked in the object itself, so a record, the command line and the server refuse a
    wrong type with the same sentence whatever path built the rules.
    """
    for name, kind in _TYPES.items():
        value = getattr(rules, name)
        if type(value) is not kind:
            raise RulesError(f"setting {name!r} must be a {kind.__name__}", setting=name)
    if rules.floor is not None and type(rules.floor) is not int:
        raise RulesError("setting 'floor' must be an integer or null", setting="floor")


@dataclass(frozen=True, slots=True)
class Rules:
    """All the settings of a table. Build it with :func:`rules_from` or :meth:`replace`."""

    name: str = "classic"
    players: int = 4
    partnerships: bool = True
    deck: DeckName = "standard"
    draw: bool = False
    first_dealer: Seat = "E"
    target: int = 500
    floor: int | None = None
    nil_value: int = 100
    nil_tricks: NilTricks = "count"
    blind_nil: bool = False
    blind_nil_value: int = 200
    blind_nil_deficit: int = 0
    exchange: int = 3
    bag_limit: int = 10
    bag_penalty: int = 100
    bots_bid_nil: bool = True

    def __post_init__(self) -> None:
        _check_types(self)
        if self.players not in (2, 4):
            raise RulesError(f"players must be 2 or 4, not {self.players}")
        if self.deck not in ("standard", "jokers"):
            raise RulesError(f"deck must be 'standard' or 'jokers', not {self.deck!r}")
        if self.nil_tricks not in ("count", "bags"):
            raise RulesError(f"nil_tricks must be 'count' or 'bags', not {self.nil_tricks!r}")
        if self.draw and self.players != 2:
            raise RulesError("the draw deal is for two players")
        if self.players == 2 and not self.draw:
            # Without the draw two players would each hold 26 cards: each would know the
            # other's whole hand (R22 deals two players by drawing, never directly).
            raise RulesError("two players deal by the draw: set draw true")
        if self.players == 2 and self.partnerships:
            raise RulesError("two players have no partners: set partnerships false")
        if self.first_dealer not in self.seats:
            raise RulesError(f"first_dealer must be one of {' '.join(self.seats)}")
        for name, (low, high) in RANGES.items():
            value = getattr(self, name)
            if value is not None and not low <= value <= high:
                raise RulesError(f"{name} must be from {low} to {high}, not {value}",
                                 setting=name, low=low, high=high)
        if self.floor is not None and self.floor >= self.target:
            raise RulesError("floor must be below target")

    @property
    def blind_nil_name(self) -> str:
        """What players call a Blind Nil bid here: two players call it Double Nil (R25)."""
        return "double nil" if self.players == 2 else "blind nil"

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in turn order (clockwise from North)."""
        return FOUR_SEATS if self.players == 4 else TWO_SEATS

    @property
    def deck_cards(self) -> tuple[Card, ...]:
        """The 52 cards in play, in index order."""
        return JOKERS_DECK if self.deck == "jokers" else STANDARD_DECK

    @property
    def deck_mask(self) -> Mask:
        """The cards in play as one mask (:attr:`deck_cards`)."""
        return _JOKERS_MASK if self.deck == "jokers" else _STANDARD_MASK

    @property
    def bag_cost(self) -> float:
        """What a bag costs in the long run: the bag penalty spread over the bags that
        trigger it (10 points in ``classic``), 0 without a penalty."""
        return self.bag_penalty / self.bag_limit if self.bag_limit else 0.0

    @property
    def sides(self) -> tuple[str, ...]:
        """Who scores together: ``NS`` and ``EW``, or each seat alone."""
        if self.partnerships:
            return ("NS", "EW")
        return self.seats

    def side_of(self, seat: Seat) -> str:
        """The side a seat scores for."""
        if self.partnerships:
            return "NS" if seat in "NS" else "EW"
        return seat

    def replace(self, **changes: Any) -> Rules:
        """A copy with some settings changed (checked like any other)."""
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    def settings(self) -> dict[str, Any]:
        """Every setting by name (the JSON form, without the preset name)."""
        return {s.name: getattr(self, s.name) for s in SETTINGS}

    def overrides(self) -> dict[str, Any]:
        """The settings that differ from this rules' preset."""
        base = PRESETS.get(self.name)
        if base is None:
            return self.settings()
        return {k: v for k, v in self.settings().items() if getattr(base, k) != v}

    def to_json(self) -> str | dict[str, Any]:
        """The record form (RECORD.md): a preset name, or the preset and its overrides."""
        extra = self.overrides()
        if not extra and self.name in PRESETS:
            return self.name
        return {"preset": self.name if self.name in PRESETS else "classic", **extra}


_CLASSIC: Final = Rules(bots_bid_nil=False)

PRESETS: Final[dict[str, Rules]] = {
    "classic": _CLASSIC,
    "no-help-nil": Rules(name="no-help-nil", nil_tricks="bags"),
    "jokers": Rules(name="jokers", deck="jokers", target=1000),
    "blind-nil": Rules(name="blind-nil", blind_nil=True),
    "short": Rules(name="short", target=100, blind_nil=True),
    "two-player": Rules(
        name="two-player", players=2, partnerships=False, draw=True, first_dealer="N",
        blind_nil=True,
    ),
    "cutthroat": Rules(name="cutthroat", partnerships=False),
}
"""RULES.md's Variants table."""

PRESET_SOURCES: Final = {
    "classic": "seed 000: Nil tricks count, no Blind Nil, game to 500",
    "no-help-nil": "seed 002: a Nil bidder's tricks are bags, not help",
    "jokers": "seed 004: Big and Little Joker are the top spades; game to 1000",
    "blind-nil": "seed 003: Blind Nil (±200) allowed",
    "short": "seed 003: game to 100, Blind Nil allowed",
    "two-player": "seed 001: two players, draw-and-discard deal, Double Nil",
    "cutthroat": "seed 000 house rules: four players, each for themselves",
}


def rules_from(spec: str | Mapping[str, Any] | Rules) -> Rules:
    """Rules from a preset name, a record's ``{"preset": ..., setting: value}`` or Rules."""
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        preset = PRESETS.get(spec)
        if preset is None:
            raise RulesError(f"unknown rules preset {spec!r} (known: {', '.join(PRESETS)})")
        return preset
    if not isinstance(spec, Mapping):
        raise RulesError("rules must be a preset name or an object")
    data = dict(spec)
    base = rules_from(str(data.pop("preset", "classic")))
    known = {s.name for s in SETTINGS}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"unknown setting {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return base.replace(**data)
