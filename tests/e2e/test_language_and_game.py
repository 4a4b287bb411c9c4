"""Language switching, options kept on the server, and the life of a whole game: its end,
the record, stats, replay, new game and the daily deal."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_switch_to_french_in_options(new_table: Any) -> None:
    table = new_table().open("/?deal=909")
    page = table.page
    assert page.inner_text("#btn-new") == "New game"
    page.click("#btn-options")
    assert table.dialog() == "options"
    page.select_option("#dialog select[name='lang']", "fr")
    page.click("[data-action='save-options']")
    # The dialog closes first; the page redraws in the new language a moment later.
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.inner_text("#btn-new") == "Nouvelle partie"
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    assert "Votre annonce" in page.inner_text("#prompt")
    # The hint's reason is translated by its code.
    page.click("#btn-hint")
    page.wait_for_selector("#toast[data-hint]")
    hint = page.request.get(f"{table.base}/api/games/{table.view()['id']}/hint").json()
    toast = page.inner_text("#toast")
    assert toast.startswith("Indice : annoncez")
    assert hint["reason"].lower() not in toast.lower()
    table.bid("3")
    spade = next(c for c in table.greyed() if c.endswith("S"))
    table.click_card(spade, force=True)
    assert "les piques ne sont pas encore ouverts" in page.inner_text("#toast")
    assert "Vous annoncez 3" in page.inner_text("#live")
    page.click("#btn-help")
    assert table.dialog() == "help"
    assert "Comment jouer" in page.inner_text("#dialog .tabs")
    page.click("[data-tab='strategy']")
    tips = page.locator("[data-panel='strategy'] li")
    assert tips.count() == 9
    assert tips.first.inner_text().startswith("Annoncez en comptant vos plis sûrs")
    page.click("[data-tab='scoring']")
    assert "Contrat réussi" in page.inner_text("[data-panel='scoring']")
    page.keyboard.press("Escape")
    # The choice is kept on the server too: a cleared browser storage still gets French.
    page.evaluate("() => localStorage.clear()")
    page.reload()
    table.wait_idle()
    assert page.inner_text("#btn-new") == "Nouvelle partie"
    table.shot("table-desktop-french")


def test_language_follows_the_browser(new_table: Any) -> None:
    table = new_table(locale="fr-FR").open("/?deal=910")
    assert table.page.inner_text("#btn-hint") == "Indice"
    assert table.page.inner_text(".seat-N .seat-name").strip().startswith("● Nord")


def test_a_whole_game_to_its_end_then_stats_and_record(new_table: Any) -> None:
    # Game to 10 points with a floor of -1: over after the first hand or two.
    table = new_table({"rules": {"preset": "classic", "target": 10, "floor": -1}})
    table.open("/?deal=1001")
    page = table.page
    for _ in range(4):
        if table.dialog() == "game-over":
            break
        if table.view()["phase"] == "bid":
            table.bid("2")
        while table.dialog() is None:
            table.play_one()
        table.continue_hand()
    assert table.dialog() == "game-over"
    view = table.view()
    assert view["phase"] == "over" and view["winner"] in ("NS", "EW")
    text = page.inner_text("#dialog")
    assert ("You win!" in text) == (view["winner"] == "NS")
    href = page.get_attribute("#dialog a[download]", "href")
    record = page.request.get(table.base + href)
    assert record.status == 200
    data = json.loads(record.text())
    assert data["deal"] == 1001 and len(data["hands"]) == len(view["results"])
    page.click("#dialog button[value='new']")
    table.wait_new_game(view["id"])
    assert table.view()["id"] != view["id"] and table.view()["phase"] == "bid"
    page.click("#btn-stats")
    page.wait_for_selector("#dialog[open][data-dialog='stats']")
    assert page.inner_text("[data-stat='played']") == "1"
    assert page.inner_text("[data-stat='won']") == ("1" if view["winner"] == "NS" else "0")


def test_replay_new_game_and_daily_deal(new_table: Any) -> None:
    table = new_table().open("/?deal=1111")
    page = table.page
    first_hand = table.hand()
    table.bid("3")
    table.play_one()
    old = table.view()
    page.click("#btn-replay")
    table.wait_new_game(old["id"])
    view = table.view()
    assert view["id"] != old["id"] and view["deal"] == 1111 and view["version"] == 0
    assert table.hand() == first_hand
    page.click("#btn-new")
    table.wait_new_game(view["id"])
    assert table.view()["deal"] != 1111
    deal = table.view()["deal"]
    # A random game's number goes into the address, unless the server keeps it secret
    # until the game is over: then the address carries no number at all.
    assert f"deal={deal}" in page.url if deal is not None else "deal=" not in page.url
    replayed = table.view()["id"]
    page.click("#btn-daily")
    table.wait_new_game(replayed)
    daily = page.request.get(table.base + "/api/daily").json()
    assert table.view()["deal"] == daily["deal"]


def test_table_options_change_the_look_and_survive_a_reload(new_table: Any) -> None:
    table = new_table().open("/?deal=1313")
    page = table.page
    diamond = "#hand [data-card$='D']"
    before = page.eval_on_selector(diamond, "e => getComputedStyle(e).color")
    page.click("#btn-options")
    page.select_option("#dialog select[name='felt']", "blue")
    page.select_option("#dialog select[name='back']", "red")
    page.check("#dialog input[name='fourColour']")
    page.click("[data-action='save-options']")
    assert "felt-blue" in page.get_attribute("body", "class")
    after = page.eval_on_selector(diamond, "e => getComputedStyle(e).color")
    assert after != before  # diamonds turn blue with four-colour suits
    page.reload()
    table.wait_idle()
    classes = page.get_attribute("body", "class")
    assert "felt-blue" in classes and "back-red" in classes and "four-colour" in classes


def test_rules_of_the_next_game_from_options(new_table: Any) -> None:
    table = new_table().open("/?deal=1515")
    page = table.page
    old = table.view()["id"]
    page.click("#btn-options")
    page.wait_for_selector("#dialog[open] select[name='preset'] option[value='cutthroat']",
                           state="attached")
    page.select_option("#dialog select[name='preset']", "cutthroat")
    page.click("#dialog details summary")
    page.fill("#dialog input[name='s:target']", "250")
    page.click("[data-action='save-options']")
    assert table.view()["id"] == old  # the game in progress keeps its rules
    page.click("#btn-new")
    table.wait_new_game(old)
    view = table.view()
    assert view["rules"] == {"preset": "cutthroat", "target": 250}
    assert table.page.locator("#scoreboard .side").count() == 4
    page.click("#btn-help")
    assert "250" in page.inner_text("[data-panel='howto']")
    assert "each for themselves" in page.inner_text("[data-panel='howto']")
