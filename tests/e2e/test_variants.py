"""Presets with extra steps, in a real browser: the two-player draw, Double Nil with its
exchange, and Blind Nil declared before the cards are shown."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def draw_thirteen(table: Any) -> None:
    """Answer every draw, keeping and discarding in turn, checking what the hand gets."""
    for i in range(13):
        view = table.view()
        assert view["phase"] == "draw" and view["to_act"] == "S"
        top = table.page.get_attribute(".draw-card [data-card]", "data-card")
        assert top == view["top_card"]
        held = table.hand()
        assert len(held) == i and top not in held
        table.page.click("[data-action='keep']" if i % 2 == 0 else "[data-action='discard']")
        table.wait_idle()
        after = table.hand()
        assert len(after) == i + 1
        assert (top in after) == (i % 2 == 0)


def test_two_player_hand_with_the_draw(new_table: Any) -> None:
    table = new_table().open("/?deal=11&rules=two-player")
    view = table.view()
    assert view["order"] == ["S", "N"] and view["phase"] == "blind"
    assert table.page.is_hidden(".seat-W") and table.page.is_hidden(".seat-E")
    assert table.page.locator("[data-bid='blind-nil']").inner_text() == "Double Nil"
    table.page.click("[data-action='look']")
    table.wait_idle()
    draw_thirteen(table)
    view = table.view()
    assert view["phase"] == "bid" and len(table.hand()) == 13
    table.bid("4")
    for trick in range(13):
        assert table.view()["phase"] == "play"
        assert len(table.hand()) == 13 - trick
        table.play_one()
    assert table.dialog() == "hand-result"
    totals = table.continue_hand()
    view = table.view()
    assert set(totals) == {"S", "N"} and totals == view["scores"]
    # Each player is scored alone: one scoreboard box per seat.
    assert table.page.locator("#scoreboard .side").count() == 2


def test_double_nil_and_the_exchange(new_table: Any) -> None:
    table = new_table().open("/?deal=12&rules=two-player")
    assert table.page.locator("#hand [data-card]").count() == 0
    table.page.click("[data-bid='blind-nil']")
    table.wait_idle()
    draw_thirteen(table)
    view = table.view()
    assert view["phase"] == "exchange" and view["to_act"] == "S"
    hand = table.hand()
    chosen = hand[:2]
    for card in chosen:
        table.click_card(card)
        assert table.page.get_attribute(f"#hand [data-card='{card}']", "aria-pressed") == "true"
    assert "(2)" in table.page.inner_text("[data-action='exchange']")
    table.page.click("[data-action='exchange']")
    table.wait_idle()
    view = table.view()
    assert sorted(view["my_exchange"]["gave"]) == sorted(chosen)
    assert len(table.hand()) == 13
    assert not set(chosen) & set(table.hand()) or set(view["my_exchange"]["got"]) & set(chosen)
    assert ["S", "blind nil"] in view["bids"]
    assert table.page.inner_text(".seat-S [data-bid-shown]") == "Double Nil"


def test_blind_nil_is_offered_before_the_cards_are_shown(new_table: Any) -> None:
    table = new_table().open("/?deal=13&rules=blind-nil")
    view = table.view()
    assert view["phase"] == "blind" and view["cards_hidden"] and view["hand"] == []
    assert table.page.locator("#hand [data-card]").count() == 0
    assert table.page.locator("#hand .back").count() == 13
    table.page.click("[data-bid='blind-nil']")
    table.wait_idle()
    view = table.view()
    assert ["S", "blind nil"] in view["bids"]
    assert view["phase"] == "play" and len(table.hand()) == 13
    assert table.page.inner_text(".seat-S [data-bid-shown]") == "Blind Nil"
    table.play_one()
