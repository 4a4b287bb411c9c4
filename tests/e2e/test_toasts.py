"""Messages over the table belong to their moment: a hint or a refusal goes as soon as
the game moves on, never lies over a dialog, and the Nil button does not look chosen."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def toast_shown(table: Any) -> bool:
    return bool(table.page.evaluate("() => !document.querySelector('#toast').hidden"))


def test_a_hint_goes_when_a_dialog_opens_and_when_the_game_moves(new_table: Any) -> None:
    table = new_table().open("/?deal=202")  # South leads first: spades are greyed
    page = table.page
    page.click("#btn-hint")
    page.wait_for_selector("#toast[data-hint]")
    page.click("#btn-scores")
    assert table.dialog() == "game-sheet" and not toast_shown(table)
    page.keyboard.press("Escape")
    page.click("#btn-hint")
    page.wait_for_selector("#toast[data-hint]:not([hidden])")
    table.bid("3")  # the bid, and the computers' answers, move the game on
    assert not toast_shown(table)
    # A refused card's reason stays until the next card is played.
    spade = next(c for c in table.greyed() if c.endswith("S"))
    table.click_card(spade, force=True)
    assert toast_shown(table) and "spades" in page.inner_text("#toast")
    table.play_one()
    assert not toast_shown(table)


def test_nil_looks_like_every_other_bid(new_table: Any) -> None:
    table = new_table().open("/?deal=6262")
    look = ("e => { const s = getComputedStyle(e);"
            " return [s.backgroundColor, s.color, s.borderColor]; }")
    nil = table.page.eval_on_selector("[data-bid='nil']", look)
    three = table.page.eval_on_selector("[data-bid='3']", look)
    assert nil == three
