"""Accessibility measured in a real Chromium: axe-core on the table in every phase, on every
dialog and on each Help tab, in English and French, and every control used by keyboard.

axe-core comes from the ``axe-playwright-python`` wheel, installed with the test tools
only: it is injected into the page by the test and never served by the game.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")
AXE = axe_api.Axe()
SERIOUS = {"serious", "critical"}
SHORT_GAME = {"rules": {"preset": "classic", "target": 10, "floor": -1}}
"""A game over after a hand or two, to reach the end-of-hand and end-of-game dialogs."""


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each.

    axe-core is injected once per loaded page (``Axe.run`` would inject it again before
    every run) and run with ``Axe.run``'s own options."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    found = page.evaluate("axe.run({resultTypes: ['violations']})")["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
            for v in found if v["impact"] in SERIOUS]


class Checked:
    """Runs axe on each named state and keeps the failures, to report them all at once."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.states: list[str] = []
        self.failures: list[str] = []

    def __call__(self, state: str) -> None:
        self.states.append(state)
        self.failures += [f"{state}: {line}" for line in serious_violations(self.page)]

    def assert_clean(self) -> None:
        assert not self.failures, "\n".join(self.failures)


def open_dialog(table: Any, button: str, name: str) -> None:
    table.page.click(button)
    table.page.wait_for_selector(f"#dialog[open][data-dialog='{name}']")


def close_dialog(table: Any) -> None:
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("() => !document.querySelector('#dialog').open")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_serious_on_the_table_and_every_dialog(
        new_table: Any, lang: str) -> None:
    table = new_table({"lang": lang, **SHORT_GAME}).open("/?deal=3101")
    page = table.page
    check = Checked(page)
    assert page.evaluate("() => document.documentElement.lang") == lang
    check("bidding")
    table.bid("2")
    table.play_one()
    check("playing, a trick on the table")
    open_dialog(table, "#btn-last", "last-trick")
    check("last trick")
    close_dialog(table)
    open_dialog(table, "#btn-scores", "game-sheet")
    check("scoresheet")
    close_dialog(table)
    open_dialog(table, "#btn-stats", "stats")
    check("stats")
    close_dialog(table)
    open_dialog(table, "#btn-options", "options")
    page.wait_for_selector("#dialog[open] select[name='preset'] option[value='cutthroat']",
                           state="attached")
    page.click("#dialog details summary")
    check("options, house rules open")
    close_dialog(table)
    open_dialog(table, "#btn-help", "help")
    for tab in ("howto", "scoring", "faq", "strategy"):
        page.click(f"[data-tab='{tab}']")
        check(f"help: {tab}")
    close_dialog(table)
    while table.dialog() is None:
        table.play_one()
    assert table.dialog() == "hand-result"
    check("end of hand")
    for _ in range(4):
        if table.dialog() == "game-over":
            break
        table.continue_hand()
        if table.view()["phase"] == "bid":
            table.bid("2")
        while table.dialog() is None:
            table.play_one()
    assert table.dialog() == "game-over"
    check("end of game")
    assert len(check.states) == 12
    check.assert_clean()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_axe_finds_nothing_serious_in_the_extra_steps(new_table: Any, lang: str) -> None:
    """Blind Nil's question, the two-player draw and Double Nil's exchange."""
    table = new_table({"lang": lang}).open("/?deal=13&rules=blind-nil")
    check = Checked(table.page)
    assert table.view()["phase"] == "blind"
    check("blind nil question")
    two = new_table({"lang": lang}).open("/?deal=12&rules=two-player")
    check.page = two.page
    two.page.click("[data-bid='blind-nil']")
    two.wait_idle()
    assert two.view()["phase"] == "draw"
    check("two-player draw")
    while two.view()["phase"] == "draw":
        two.page.click("[data-action='keep']:not([disabled]), [data-action='discard']")
        two.wait_idle()
    assert two.view()["phase"] == "exchange"
    two.click_card(two.hand()[0])
    check("double nil exchange, a card chosen")
    check.assert_clean()


def test_axe_finds_nothing_serious_on_a_phone(new_table: Any) -> None:
    table = new_table(viewport={"width": 390, "height": 844}).open("/?deal=3102")
    check = Checked(table.page)
    check("phone, bidding")
    table.bid("3")
    check("phone, playing")
    open_dialog(table, "#btn-help", "help")
    check("phone, help")
    check.assert_clean()


def tab_through(page: Any, presses: int) -> list[str]:
    """Press Tab ``presses`` times; describe each element that took the focus."""
    seen = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.id || (e.dataset.bid && 'bid:' + e.dataset.bid)"
            " || (e.dataset.card && 'card') || e.tagName; }"))
    return seen


CONTROLS = ("() => [...document.querySelectorAll('#dialog button, #dialog select, #dialog input,"
            " #dialog summary, #dialog a[href]')].filter(e => e.getClientRects().length)")


def unreached_in_dialog(page: Any) -> list[str]:
    """The dialog's visible controls that pressing Tab never reaches."""
    page.evaluate(f"() => {{ window.__reached = new Set(); window.__controls = ({CONTROLS})(); }}")
    count = page.evaluate("() => window.__controls.length")
    for _ in range(count + 3):
        page.keyboard.press("Tab")
        page.evaluate("() => window.__reached.add(document.activeElement)")
    return page.evaluate("() => window.__controls.filter(e => !window.__reached.has(e))"
                         ".map(e => e.outerHTML.slice(0, 80))")


def test_every_dialog_control_is_reached_with_tab(new_table: Any) -> None:
    table = new_table().open("/?deal=3105")
    page = table.page
    open_dialog(table, "#btn-options", "options")
    page.wait_for_selector("#dialog[open] select[name='preset'] option[value='cutthroat']",
                           state="attached")
    page.click("#dialog details summary")
    assert page.evaluate(f"() => ({CONTROLS})().length") > 20
    assert unreached_in_dialog(page) == []
    close_dialog(table)
    open_dialog(table, "#btn-help", "help")
    assert unreached_in_dialog(page) == []
    close_dialog(table)


def test_every_control_is_reachable_and_usable_by_keyboard(new_table: Any) -> None:
    table = new_table().open("/?deal=3103")
    page = table.page
    page.focus("body")
    # Bidding: every toolbar button and every bid is reached with Tab alone.
    toolbar = page.eval_on_selector_all("header button", "els => els.map(e => e.id)")
    bids = page.eval_on_selector_all("[data-bid]:not([disabled])",
                                     "els => els.map(e => 'bid:' + e.dataset.bid)")
    seen = tab_through(page, len(toolbar) + len(bids) + 20)
    assert set(toolbar) <= set(seen), set(toolbar) - set(seen)
    assert set(bids) <= set(seen), set(bids) - set(seen)
    # A bid with Tab and Enter.
    page.focus("body")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.bid") == "4":
            break
    page.keyboard.press("Enter")
    table.wait_idle()
    assert ["S", 4] in table.view()["bids"]
    # A card: Tab into the hand, arrows to a playable card, Enter plays it.
    page.focus("body")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('#hand')"):
            break
    assert page.evaluate("() => !!document.activeElement.closest('#hand')")
    playable = set(table.playable())
    for _ in range(14):
        if page.evaluate("() => document.activeElement.dataset.card") in playable:
            break
        page.keyboard.press("ArrowRight")
    card = page.evaluate("() => document.activeElement.dataset.card")
    assert card in playable
    page.keyboard.press("Enter")
    table.wait_idle()
    assert card not in table.hand()
    # Help: opened with Enter, its tabs chosen with Enter, closed with Escape; the focus
    # comes back to the button that opened it.
    page.focus("#btn-help")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dialog[open][data-dialog='help']")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.tab") == "faq":
            break
    page.keyboard.press("Enter")
    assert page.is_visible("[data-panel='faq']") and page.is_hidden("[data-panel='howto']")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#dialog').open")
    assert page.evaluate("() => document.activeElement.id") == "btn-help"
    # Options: a checkbox with Space, saved with Enter on the Save button.
    page.keyboard.press("Enter")  # the focus is still on Help: opens it again
    page.wait_for_selector("#dialog[open][data-dialog='help']")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#dialog').open")
    page.focus("#btn-options")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dialog[open][data-dialog='options']")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.name") == "fourColour":
            break
    page.keyboard.press("Space")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.action") == "save-options":
            break
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.classList.contains('four-colour')")


def test_names_read_by_a_screen_reader_follow_the_language(new_table: Any) -> None:
    table = new_table({"lang": "fr"}).open("/?deal=3104")
    labels = table.page.evaluate(
        "() => ['header nav', '#scoreboard', '#trick', '#hand', '.seat-N [role=img]']"
        ".map(s => document.querySelector(s).getAttribute('aria-label'))")
    assert labels == ["Partie", "Scores", "Pli en cours", "Votre main", "13 cartes"]


def test_a_dialog_reopened_at_once_is_not_answered_by_the_last_ones_close(
        new_table: Any) -> None:
    """The browser fires a dialog's "close" event a moment after it closes. A dialog
    opened in that moment (help closed and opened again at once by keyboard) must not
    take the late event for its own answer: the Options dialog would then return
    nothing when Save is pressed. The closed dialog gets its own answer."""
    table = new_table().open("/?deal=101")
    answers = table.page.evaluate("""async () => {
      const { openDialog } = await import('/static/dialogs.js');
      const d = document.getElementById('dialog');
      const log = [];
      const first = openDialog('first', 'First', '<p>one</p>');
      first.then((v) => log.push(['first', v]));
      d.close('one');
      const second = openDialog('second', 'Second', '<p>two</p>');
      second.then((v) => log.push(['second', v]));
      await new Promise((r) => setTimeout(r, 200));
      const openAfterLateEvent = d.open;
      d.close('two');
      await new Promise((r) => setTimeout(r, 200));
      return { log, openAfterLateEvent };
    }""")
    assert answers["openAfterLateEvent"] is True
    assert answers["log"] == [["first", "one"], ["second", "two"]]
