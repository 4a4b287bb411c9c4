"""The cards are the vendored SVG deck: drawn court cards, French indices on the French
page, four colours on demand, every picture served by the game itself."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

DEAL = 3131  # South holds court cards and diamonds


def card_picture(new_table: Any, sel: str, **options: Any) -> tuple[str, bytes]:
    table = new_table(options).open(f"/?deal={DEAL}")
    table.wait_deck()
    card = table.page.locator(f"#hand {sel}").first
    name = card.get_attribute("data-card")
    # The symbol each card draws is in the page, with its drawing.
    assert table.page.evaluate(f"() => !!document.getElementById('c-{name}')")
    return name, card.screenshot()


def test_french_page_prints_french_court_indices(new_table: Any) -> None:
    court = "[data-card^='K'], [data-card^='Q'], [data-card^='J']"
    name, english = card_picture(new_table, court, lang="en")
    same, french = card_picture(new_table, court, lang="fr")
    assert name == same and english != french


def test_four_colours_repaint_diamonds(new_table: Any) -> None:
    name, two = card_picture(new_table, "[data-card$='D']")
    same, four = card_picture(new_table, "[data-card$='D']", fourColour=True)
    assert name == same and two != four


def test_every_card_and_back_is_in_the_deck(new_table: Any) -> None:
    table = new_table().open("/?deal=1")
    table.wait_deck()
    ids = table.page.evaluate("() => [...document.querySelectorAll('#deck symbol')].map(s => s.id)")
    faces = {f"c-{r}{s}" for r in "23456789TJQKA" for s in "CDHS"} | {"c-BJ", "c-LJ"}
    backs = {f"back-{c}" for c in ("blue", "red", "green", "black")}
    assert faces | backs <= set(ids)
