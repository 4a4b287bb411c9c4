"""The four-player table in a real browser: bidding, playing, greyed cards, hints,
reloads and shared deals, all by clicking as a player does."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_play_a_complete_hand_by_clicking(new_table: Any) -> None:
    table = new_table().open("/?deal=101")
    view = table.view()
    assert view["phase"] == "bid" and view["to_act"] == "S"
    assert len(table.hand()) == 13
    table.bid("3")
    assert table.page.inner_text(".seat-S [data-bid-shown]") == "3"
    for trick in range(13):
        assert table.dialog() is None
        view = table.view()
        assert view["phase"] == "play" and view["to_act"] == "S"
        assert len(table.hand()) == 13 - trick
        if trick == 6:
            table.shot("table-desktop-mid-hand")
        table.play_one()
    assert table.dialog() == "hand-result"
    table.shot("hand-scoresheet")
    totals = table.continue_hand()
    view = table.view()
    assert view["hand_index"] == 1 and len(view["results"]) == 1
    assert totals == {side: view["scores"][side] for side in ("NS", "EW")}
    shown = {s: int(table.page.inner_text(f".side-{s} [data-score]")) for s in ("NS", "EW")}
    assert shown == view["scores"]
    # The whole-game sheet is one click away and lists the finished hand.
    table.page.click("#btn-scores")
    assert table.dialog() == "game-sheet"
    assert table.page.locator("#dialog .game-sheet tbody tr").count() == 1
    # The last trick of the finished hand names who played each card and who won it.
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("() => !document.querySelector('#dialog').open")
    table.page.click("#btn-last")
    assert table.dialog() == "last-trick"
    captions = table.page.locator("#dialog .last-trick figcaption").all_inner_texts()
    assert len(captions) == 4 and all(captions)
    assert sum("★" in c for c in captions) == 1
    assert not table.errors


def test_greyed_cards_and_their_reasons(new_table: Any) -> None:
    table = new_table().open("/?deal=202")
    table.bid("4")
    view = table.view()
    # South leads the first trick: spades are not broken, so every spade is greyed.
    spades = [c for c in view["hand"] if c.endswith("S")]
    assert spades and len(spades) < 13
    assert sorted(table.greyed()) == sorted(spades) == sorted(view["illegal"])
    for card in table.greyed():
        assert table.page.get_attribute(f"#hand [data-card='{card}']", "aria-disabled") == "true"
    table.click_card(spades[0], force=True)
    assert "spades are not broken yet" in table.page.inner_text("#toast")
    assert table.view()["version"] == view["version"]  # nothing was sent
    assert len(table.hand()) == 13
    # Play on until South must follow a suit it holds, and tap a card of another suit.
    for _ in range(12):
        table.play_one()
        if table.dialog():
            break
        view = table.view()
        codes = {e["code"] for e in view["illegal"].values()}
        if "must_follow" in codes:
            card, why = next((c, e) for c, e in view["illegal"].items()
                             if e["code"] == "must_follow")
            table.click_card(card, force=True)
            toast = table.page.inner_text("#toast")
            assert f"you must follow {why['params']['suit']}" in toast
            assert table.view()["version"] == view["version"]
            return
    pytest.fail("no must-follow position arose in this deal")


def test_bid_nil(new_table: Any) -> None:
    table = new_table().open("/?deal=303")
    table.bid("nil")
    view = table.view()
    assert ["S", "nil"] in view["bids"]
    assert table.page.inner_text(".seat-S [data-bid-shown]") == "Nil"
    assert view["phase"] == "play"
    live = table.page.inner_text("#live")
    assert "You bid Nil" in live
    assert "West bids" in live  # the computers' bids are announced after South's


def test_hint_proposes_a_bid_then_highlights_a_card(new_table: Any) -> None:
    table = new_table().open("/?deal=404")
    table.page.click("#btn-hint")
    table.page.wait_for_selector("#toast[data-hint]")
    proposed = table.page.get_attribute("#toast", "data-hint")
    assert proposed == "nil" or 1 <= int(proposed) <= 13
    assert table.page.get_attribute(".bids .hinted", "data-bid") == proposed
    assert "Hint: bid" in table.page.inner_text("#toast")
    table.bid(proposed)
    table.page.click("#btn-hint")
    table.page.wait_for_selector("#hand .hinted")
    card = table.page.get_attribute("#hand .hinted", "data-card")
    assert card in table.playable()
    assert "Hint: play" in table.page.inner_text("#toast")
    table.click_card(card)
    table.wait_idle()
    assert card not in table.hand()


def test_reload_mid_hand_and_continue(new_table: Any) -> None:
    table = new_table().open("/?deal=505")
    table.bid("2")
    table.play_one()
    table.play_one()
    before = table.view()
    hand = table.hand()
    table.page.reload()
    table.wait_idle()
    after = table.view()
    assert after["id"] == before["id"] and after["version"] == before["version"]
    assert table.hand() == hand
    assert table.page.inner_text(".seat-S [data-bid-shown]") == "2"
    played = table.play_one()
    assert played not in table.hand() and len(table.hand()) == len(hand) - 1
    # A plain address (no deal number) also resumes the game in progress.
    table.page.goto(table.base + "/")
    table.wait_idle()
    assert table.view()["id"] == before["id"]


def test_deal_link_opens_the_same_hand_for_everyone(new_table: Any) -> None:
    first = new_table().open("/?deal=606")
    second = new_table().open("/?deal=606")
    assert first.view()["id"] != second.view()["id"]  # two players, two games
    assert first.hand() == second.hand() and len(first.hand()) == 13
    assert first.view()["deal"] == second.view()["deal"] == 606
    other = new_table().open("/?deal=607")
    assert other.hand() != first.hand()


def test_keyboard_bidding_and_play(new_table: Any) -> None:
    table = new_table().open("/?deal=707")
    table.page.keyboard.press("4")
    table.wait_idle()
    assert ["S", 4] in table.view()["bids"]
    table.page.focus("#hand [data-card]")
    table.page.keyboard.press("ArrowRight")
    focused = table.page.evaluate("() => document.activeElement.dataset.card")
    assert focused == table.hand()[1]
    # Move to a playable card and play it with Enter.
    target = table.playable()[0]
    for _ in range(13):
        if table.page.evaluate("() => document.activeElement.dataset.card") == target:
            break
        table.page.keyboard.press("ArrowRight")
    table.page.keyboard.press("Enter")
    table.wait_idle()
    assert target not in table.hand()
    assert "You play" in table.page.inner_text("#live")


def test_phone_viewport_mid_hand(new_table: Any) -> None:
    table = new_table(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    table.open("/?deal=808")
    table.bid("3")
    for _ in range(4):
        table.play_one()
    cards = table.page.locator("#hand [data-card]")
    box = cards.first.bounding_box()
    assert box and box["width"] >= 56  # large enough to read and tap
    for i in range(cards.count()):
        b = cards.nth(i).bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= 390
    width = table.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # no sideways scrolling
    table.shot("table-phone-mid-hand")


def test_game_survives_a_browser_and_server_restart(
        browser: Any, tmp_path: Any, start_server: Any, table_on: Any) -> None:
    db = tmp_path / "restart.sqlite3"
    fast = ("localStorage.setItem('spades-options',"
            " JSON.stringify({speed: 'instant', level: 'random'}))")
    server = start_server(db)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(fast)
    table = table_on(ctx.new_page(), server.base).open("/?deal=1414")
    table.bid("5")
    table.play_one()
    before, hand = table.view(), table.hand()
    state = ctx.storage_state()  # the cookie that names this player
    ctx.close()
    server.stop()
    server = start_server(db)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state)
    # The new server has another port, so another origin: the page's options kept in
    # localStorage stay with the old one. Instant play again, as before the restart.
    ctx.add_init_script(fast)
    table = table_on(ctx.new_page(), server.base).open("/")
    assert table.view()["id"] == before["id"]
    assert table.view()["version"] == before["version"] and table.hand() == hand
    table.play_one()
    assert len(table.hand()) == len(hand) - 1
    ctx.close()
