"""The Table: seating, the one decision-seed rule, the failing-player policy, hints and
"play the computer seats until a person must act"."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from spades.actions import Bid, DrawChoice, Exchange, Play
from spades.bots import Decision
from spades.errors import IllegalActionError, SpadesError
from spades.game import Game, Phase
from spades.table import (
    FALLBACK_CODE,
    HUMAN,
    LOCAL,
    Table,
    decision_seed,
    seating_for,
)
from spades.views import SeatView


@dataclass
class RecordingBrain:
    """Thinks like the local brain, and notes every view and seed it was given."""

    seen: list[tuple[str, int, SeatView]] = field(default_factory=list)

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        self.seen.append((level, seed, view))
        return LOCAL.decide(level, seed, view)

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        self.seen.append((level, seed, view))
        return LOCAL.hint(level, seed, view)


class FailingBrain:
    """A computer player that raises, or one that answers an illegal action."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def decide(self, level: str, seed: int, view: SeatView) -> Decision:
        if self.mode == "raise":
            raise RuntimeError("the player broke")
        return Decision(Bid(99), "out of range")

    def hint(self, level: str, seed: int, view: SeatView) -> Decision:
        raise AssertionError("not asked")


def test_seating_puts_a_person_south_and_computers_elsewhere() -> None:
    assert seating_for("classic", "basic") == {"N": "basic", "E": "basic", "S": HUMAN,
                                              "W": "basic"}
    assert seating_for("two-player", "random") == {"N": "random", "S": HUMAN}
    assert set(seating_for("classic", "basic", None).values()) == {"basic"}
    with pytest.raises(SpadesError, match="nobody sits at"):
        Table(Game("classic", deal=1), {"S": HUMAN}, seed=0)


def test_decision_seed_depends_on_seed_seat_and_version_only() -> None:
    assert decision_seed(5, "N", 3) == decision_seed(5, "N", 3)
    others = {decision_seed(6, "N", 3), decision_seed(5, "E", 3), decision_seed(5, "N", 4),
              decision_seed(5, "hint", 3)}
    assert decision_seed(5, "N", 3) not in others and len(others) == 4
    assert 0 <= decision_seed(5, "N", 3) < 2**64


def test_computers_play_until_the_person_must_act_each_from_its_own_view() -> None:
    brain = RecordingBrain()
    game = Game("classic", deal=12)
    table = Table(game, seating_for("classic", "random"), seed=9, brain=brain)
    assert table.play_computers() == [] and table.waiting_for_human
    table.act("S", Bid(3))
    events = table.play_computers()
    assert [e.seat for e in events] == ["W", "N", "E"] and table.to_act == "S"
    for (level, seed, view), event in zip(brain.seen, events, strict=True):
        assert level == "random" and view.seat == event.seat
        assert seed == decision_seed(9, event.seat, view.version)


def test_play_computers_stops_where_asked_and_shows_each_event() -> None:
    game = Game("classic", deal=12)
    table = Table(game, seating_for("classic", "basic", None), seed=1)
    seen = []
    events = table.play_computers(until=lambda g: len(g.results) == 1, observe=seen.append)
    assert len(game.results) == 1 and seen == events and events[-1].hand_over


def test_a_person_cannot_act_for_a_computer_seat() -> None:
    table = Table(Game("classic", deal=12), seating_for("classic", "basic"), seed=1)
    table.act("S", Bid(3))
    with pytest.raises(IllegalActionError, match="a computer player sits there"):
        table.act("W", Bid(3))


@pytest.mark.parametrize("mode", ["raise", "illegal"])
def test_a_failing_computer_plays_its_first_legal_action(mode: str) -> None:
    game = Game("classic", deal=12)
    table = Table(game, seating_for("classic", "basic"), seed=1, brain=FailingBrain(mode))
    table.act("S", Bid(3))
    assert table.computer_decision() == Decision(Bid(0), table.computer_decision().reason,
                                                 FALLBACK_CODE)
    table.play_computers()
    assert table.to_act == "S" and table.failures == 2 + 3
    assert [b for _, b in game.hand.bids] == [3, 0, 0, 0]


def test_hint_is_for_the_seat_to_act_and_deterministic() -> None:
    game = Game("classic", deal=21)
    table = Table(game, seating_for("classic", "random"), seed=4)
    hint = table.hint("S")
    assert hint.action in game.legal_actions() and hint.reason
    assert Table(Game("classic", deal=21), seating_for("classic", "random"),
                 seed=4).hint("S") == hint
    table.act("S", hint.action)
    with pytest.raises(SpadesError, match="a hint is for the turn"):
        table.hint("S")


def test_events_for_a_seat_hide_other_seats_draws_and_exchanges() -> None:
    game = Game("two-player", deal=2)
    table = Table(game, seating_for("two-player", "basic"), seed=3)
    events = [table.act("S", game.legal_actions()[0])]  # South declares Double Nil
    events += table.play_computers()
    while game.phase in (Phase.DRAW, Phase.EXCHANGE):
        if table.waiting_for_human:
            events.append(table.act("S", game.legal_actions()[0]))
        else:
            events.append(table.step())
    north_draws = [e for e in events if e.seat == "N" and isinstance(e.action, DrawChoice)]
    south_events = table.events_for("S", events)
    assert north_draws and all(
        seen.action == "draw" for seen, e in zip(south_events, events, strict=True)
        if e.seat == "N" and isinstance(e.action, DrawChoice))
    assert [seen.action for seen, e in zip(south_events, events, strict=True)
            if e.seat == "S"] == [str(e.action) for e in events if e.seat == "S"]
    exchanges = [seen for seen, e in zip(table.events_for("N", events), events, strict=True)
                 if isinstance(e.action, Exchange)]
    assert exchanges and all(x.action.startswith("exchange ") for x in exchanges)
    assert all(len(x.action.split()) == 2 for x in exchanges)


def test_same_deal_seed_and_levels_play_the_same_cards_at_any_table() -> None:
    def cards(seed: int) -> list[str]:
        game = Game("classic", deal=33)
        table = Table(game, seating_for("classic", "basic", None), seed=seed)
        table.play_computers(until=lambda g: len(g.results) == 1)
        return [str(Play(c)) for _, c in game.results[0].plays]

    assert cards(2) == cards(2)
