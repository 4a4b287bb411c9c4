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
    # The computer players' seed is random for each new game, so the game may also
    # end drawn (both sides at the floor with equal scores): no winner then (R21).
    assert view["phase"] == "over" and view["winner"] in ("NS", "EW", None)
    text = page.inner_text("#dialog")
    assert ("You win!" in text) == (view["winner"] == "NS")
    assert ("The game is drawn" in text) == (view["winner"] is None)
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
    # a new random game: its deal number is a secret until the game is over, and the
    # address carries no number at all
    assert table.view()["deal"] is None and table.view()["deal_secret"]
    assert "deal=" not in page.url
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
    # The options apply once the dialog has closed, and reach the server a moment later:
    # wait for that request, then for the page to show them, never for a fixed time.
    with page.expect_response(lambda r: r.url.endswith("/api/options")
                              and r.request.method == "PUT") as saved:
        page.click("[data-action='save-options']")
    assert saved.value.ok
    page.wait_for_function("() => document.body.classList.contains('felt-blue')")
    # Diamonds turn blue with four-colour suits.
    page.wait_for_function(
        "([sel, before]) => getComputedStyle(document.querySelector(sel)).color !== before",
        arg=[diamond, before])
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


HELP_TEXTS = """async (lang) => {
  const i18n = await import('/static/i18n.js');
  const help = await import('/static/help.js');
  const rules = await (await fetch('/api/rules')).json();
  const before = i18n.language();
  i18n.setLanguage(lang);
  const out = {};
  for (const [name, settings] of Object.entries(rules.presets)) {
    const box = document.createElement('div');
    out[name] = Object.fromEntries(help.helpSections(settings, name).map(([id, , html]) => {
      box.innerHTML = html;
      return [id, box.textContent];
    }));
    box.innerHTML = help.helpSections(settings, name)[3][2];
    out[name].tips = box.querySelectorAll('li').length;
  }
  i18n.setLanguage(before);
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_describes_the_preset_played(new_table: Any, lang: str) -> None:
    """Two-player and cutthroat have no partner: no word of helping North, Nil tricks are
    bags, no partnership tips; Blind Nil's cards are shown once the bids are made."""
    table = new_table().open("/?deal=2021")
    texts = table.page.evaluate(HELP_TEXTS, lang)
    fr = lang == "fr"
    for name in ("two-player", "cutthroat"):
        help_ = texts[name]
        assert ("aider Nord" if fr else "help North") not in help_["faq"]
        assert ("Qui est mon partenaire" if fr else "Who is my partner") in help_["faq"]
        assert ("sacs" if fr else "bags") in help_["scoring"]
        assert ("est un sac" if fr else "the trick is a bag") in help_["faq"]
        strategy = help_["strategy"].lower()
        assert ("partenaire" if fr else "partner") not in strategy, name
        assert ("équipe" if fr else "team") not in strategy, name
    assert ("Nord est votre adversaire" if fr else "North is your opponent") in \
        texts["two-player"]["faq"]
    for name in ("classic", "blind-nil", "jokers"):
        assert ("Protégez le Nil de votre partenaire" if fr else "Protect your partner's Nil") \
            in texts[name]["strategy"]
    shown = "une fois les annonces faites" if fr else "shown once the bids are made"
    for name in ("blind-nil", "short"):
        assert shown in texts[name]["howto"]
        assert ("Une fois les annonces faites" if fr else "Once the bids are made") in \
            texts[name]["faq"]
    assert shown not in texts["classic"]["howto"]
    assert "Double Nil" in texts["two-player"]["faq"]
    jokers = "le grand et le petit joker" if fr else "Big and Little Joker"
    assert jokers in texts["jokers"]["strategy"]
    assert texts["classic"]["tips"] == 9
    for name, help_ in texts.items():
        for text in help_.values():
            if isinstance(text, str):
                assert "undefined" not in text and "NaN" not in text and "${" not in text, name


def test_last_trick_and_announcements_say_you_win_the_trick(new_table: Any) -> None:
    table = new_table().open("/?deal=2022")
    page = table.page
    table.bid("3")
    # South wins a trick early in this deal (the computer players play it the same way).
    while not (table.view()["trick_winners"][-1:] == ["S"] and not table.view()["trick"]):
        assert table.dialog() is None, "the hand ended before South won a trick"
        table.play_one()
    assert "You win the trick" in page.inner_text("#live")
    assert "You win!" not in page.inner_text("#live")
    page.click("#btn-last")
    page.wait_for_selector("#dialog[open][data-dialog='last-trick']")
    text = page.inner_text("#dialog")
    assert "You win the trick" in text and "You wins" not in text


def test_options_list_presets_and_choices_in_the_page_language(new_table: Any) -> None:
    for lang, two, cut in (("en", "Two players — two players, draw-and-discard deal",
                            "Cutthroat — four players, each for themselves"),
                           ("fr", "À deux — deux joueurs, donne par pioche et défausse",
                            "Chacun pour soi — quatre joueurs, chacun pour soi")):
        table = new_table({"lang": lang}).open("/?deal=2023")
        page = table.page
        page.click("#btn-options")
        page.wait_for_selector("#dialog[open] select[name='preset'] option[value='cutthroat']",
                               state="attached")
        labels = page.eval_on_selector_all("#dialog select[name='preset'] option",
                                           "els => els.map(e => e.textContent)")
        assert len(labels) == 7
        assert not any("seed" in label for label in labels)
        assert any(label.startswith(two) for label in labels)
        assert any(label.startswith(cut) for label in labels)
        page.click("#dialog details summary")
        choices = page.evaluate(
            "() => ['deck', 'nil_tricks'].map(n => [...document.querySelectorAll("
            "`#dialog select[name='s:${n}'] option`)].map(o => o.textContent))")
        assert choices == ([["standard", "jokers"], ["count", "bags"]] if lang == "en"
                           else [["standard", "avec jokers"], ["comptent", "sacs"]])
        page.keyboard.press("Escape")


def test_french_two_player_game_names_its_preset_in_french(new_table: Any) -> None:
    table = new_table({"lang": "fr", "rules": {"preset": "two-player"}}).open("/?deal=2024")
    assert table.page.inner_text("#deal-label").startswith("À deux · ")
    assert table.page.evaluate(
        "async () => (await import('/static/i18n.js')).rankLabel('Q')") == "D"


GAME_RESULTS = """async (lang) => {
  const i18n = await import('/static/i18n.js');
  const before = i18n.language();
  i18n.setLanguage(lang);
  const out = [null, 'NS', 'EW', 'E'].map((w) => i18n.gameResult(w));
  i18n.setLanguage(before);
  return out;
}"""


@pytest.mark.parametrize(("lang", "drawn", "won"), [
    ("en", "The game is drawn: nobody wins.", "You win!"),
    ("fr", "Partie nulle : personne ne gagne.", "Vous avez gagné !"),
])
def test_the_end_of_a_game_says_who_won_or_that_it_is_drawn(
        new_table: Any, lang: str, drawn: str, won: str) -> None:
    """A game that ends with both sides at the floor on equal scores has no winner (R21):
    the end of the game says it is drawn, never an empty sentence."""
    table = new_table().open("/?deal=2025")
    no_winner, ours, theirs, east = table.page.evaluate(GAME_RESULTS, lang)
    assert no_winner == drawn
    assert ours == won
    assert theirs != won and theirs and east != won and east
