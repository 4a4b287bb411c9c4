"""Screenshots of every screen a player sees, on a desktop window and a phone, in English
and French, written to ``artifacts/screenshots/`` (kept out of git) for people to look at:

- ``bidding-*``: South's first bid, cards just dealt, the bid buttons;
- ``mid-trick-*``: South to play with cards already in the trick;
- ``end-of-hand-*``: the scoresheet of the hand just finished;
- ``scoresheet-*``, ``stats-*``, ``options-*``, ``help-*``: the dialogs of the toolbar.

Each screen is also checked for what makes it that screen, so a broken page fails here."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def close_dialog(table: Any) -> None:
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("() => !document.querySelector('#dialog').open")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_screenshots_of_every_screen(new_table: Any, size: str, lang: str) -> None:
    width, height = SIZES[size]
    table = new_table({"lang": lang}, viewport={"width": width, "height": height})
    table.open("/?deal=3131")
    page = table.page
    tag = f"{size}-{lang}"
    assert table.view()["phase"] == "bid"
    assert page.locator("#hand .card.face").count() == 13
    table.shot(f"bidding-{tag}")
    table.bid("4")
    # Play on until South must play to a trick the others have started.
    for _ in range(13):
        if page.locator("#trick .card").count() >= 2:
            break
        table.play_one()
    assert page.locator("#trick .card").count() >= 2 and table.view()["to_act"] == "S"
    table.shot(f"mid-trick-{tag}")
    while table.dialog() is None:
        table.play_one()
    assert table.dialog() == "hand-result"
    table.shot(f"end-of-hand-{tag}")
    table.continue_hand()
    page.click("#btn-scores")
    assert table.dialog() == "game-sheet"
    table.shot(f"scoresheet-{tag}")
    close_dialog(table)
    page.click("#btn-stats")
    page.wait_for_selector("#dialog[open][data-dialog='stats']")
    table.shot(f"stats-{tag}")
    close_dialog(table)
    page.click("#btn-options")
    assert table.dialog() == "options"
    table.shot(f"options-{tag}")
    close_dialog(table)
    page.click("#btn-help")
    assert table.dialog() == "help"
    table.shot(f"help-{tag}")
    close_dialog(table)
