"""Every endpoint of docs/web-api.md, with its refusals and bad input."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

import pytest

from spades.cards import SUIT_OF, card_name, parse_card
from spades.deals import daily_deal_number
from spades.record import load_record
from spades.rules import PRESETS


def error_code(response: Any) -> str:
    body = response.json()
    assert set(body["error"]) == {"code", "message", "params"}
    assert body["error"]["message"]
    code: str = body["error"]["code"]
    return code


# -- page, cookie, catalogue ---------------------------------------------------------------


def test_page_is_served_and_sets_the_player_cookie(api: Any) -> None:
    r = api.call("GET", "/")
    assert r.status_code == 200
    assert "text/html" in r.headers["content-type"]
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("spades_player=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "default-src 'self'" in r.headers["content-security-policy"]  # no CDN
    assert api.call("GET", "/static/index.html").status_code == 200
    assert api.call("GET", "/static/no-such-file.js").status_code == 404


def test_a_known_cookie_is_not_replaced_and_a_forged_one_is(api: Any) -> None:
    api.call("GET", "/api/stats")
    assert "set-cookie" not in api.call("GET", "/api/stats").headers
    api.client.cookies.set("spades_player", "bad value!")
    r = api.call("GET", "/api/stats")
    assert "set-cookie" in r.headers


def test_rules_lists_every_preset_setting_and_level(api: Any) -> None:
    data = api.call("GET", "/api/rules").json()
    assert set(data["presets"]) == set(PRESETS)
    assert data["presets"]["two-player"]["players"] == 2
    assert data["presets"]["classic"]["source"]
    assert {s["name"] for s in data["settings"]} >= {"target", "nil_tricks", "bots_bid_nil"}
    assert "basic" in data["levels"] and "random" in data["levels"]
    assert data["default_level"] == "basic"


def test_daily_is_todays_number(api: Any) -> None:
    data = api.call("GET", "/api/daily").json()
    date = dt.date.fromisoformat(data["date"])
    assert data["deal"] == daily_deal_number(date)


def test_unknown_api_paths_and_methods_answer_json(api: Any) -> None:
    r = api.call("GET", "/api/nothing-here")
    assert r.status_code == 404 and error_code(r) == "not_found"
    r = api.call("DELETE", "/api/games")
    assert r.status_code == 405 and error_code(r) == "method_not_allowed"


# -- new games -----------------------------------------------------------------------------


def test_new_game_defaults_to_classic_basic_and_a_random_deal(api: Any) -> None:
    data = api.new()
    game = data["game"]
    assert game["level"] == "basic" and game["rules"] == "classic"
    assert game["deal"] is None and game["deal_secret"] and game["daily"] is False
    assert game["seat"] == "S" and game["to_act"] == "S" and game["phase"] == "bid"
    assert len(game["hand"]) == 13 and "nil" in game["legal"]
    assert data["events"] == []


def test_the_same_deal_number_gives_the_same_hand(api: Any, other: Any) -> None:
    a = api.new(deal=4127)["game"]
    b = other.new(deal=4127)["game"]
    assert a["hand"] == b["hand"] and a["id"] != b["id"]
    assert api.new(deal=4128)["game"]["hand"] != a["hand"]


def test_daily_game_uses_the_daily_number(api: Any) -> None:
    daily = api.call("GET", "/api/daily").json()
    game = api.new(daily=True)["game"]
    assert game["deal"] == daily["deal"] and game["daily"] is True


def test_rules_object_level_and_bots_bid_nil(api: Any) -> None:
    game = api.new(rules={"preset": "jokers", "target": 300}, level="random",
                   bots_bid_nil=True)["game"]
    assert game["settings"]["deck"] == "jokers" and game["settings"]["target"] == 300
    assert game["settings"]["bots_bid_nil"] is True and game["level"] == "random"
    assert api.new(rules="classic")["game"]["settings"]["bots_bid_nil"] is False


def test_two_player_game_starts_with_souths_double_nil_question(api: Any) -> None:
    game = api.new(rules="two-player", deal=3)["game"]
    assert game["players"] == {"N": "basic", "S": "human"}
    assert game["phase"] == "blind" and game["cards_hidden"] and game["hand"] == []
    game = api.act(game, "look")["game"]
    assert game["phase"] == "draw" and game["to_act"] == "S" and game["top_card"]


@pytest.mark.parametrize("body, code", [
    ({"rules": "no-such-preset"}, "rules"),
    ({"rules": 7}, "rules"),
    ({"rules": {"preset": "classic", "colour": "red"}}, "rules"),
    ({"rules": {"preset": "classic", "target": "many"}}, "rules"),
    ({"bots_bid_nil": "yes"}, "rules"),
    ({"deal": -1}, "bad_deal"),
    ({"deal": "12a"}, "bad_deal"),
    ({"deal": "-12"}, "bad_deal"),
    ({"deal": True}, "bad_deal"),
    ({"deal": 2**64}, "bad_deal"),
    ({"deal": 5, "daily": True}, "bad_deal"),
    ({"daily": "today"}, "bad_daily"),
    ({"level": "grandmaster"}, "bad_level"),
])
def test_new_game_refuses_bad_input(api: Any, body: dict[str, Any], code: str) -> None:
    r = api.call("POST", "/api/games", json=body)
    assert r.status_code == 400 and error_code(r) == code
    assert api.call("GET", "/api/games/current").status_code == 404


def test_bodies_that_are_not_json_objects_are_refused(api: Any) -> None:
    for content in (b"{not json", b"[1, 2]", b"\xff\xfe"):
        r = api.call("POST", "/api/games", content=content)
        assert r.status_code == 400 and error_code(r) == "bad_json"
    r = api.call("POST", "/api/games", content=b"{" + b" " * 20000 + b"}")
    assert r.status_code == 413


# -- reading games -------------------------------------------------------------------------


def test_current_and_get_belong_to_their_player(api: Any, other: Any) -> None:
    r = api.call("GET", "/api/games/current")
    assert r.status_code == 404 and error_code(r) == "no_game"
    game = api.new(deal=9)["game"]
    assert api.call("GET", "/api/games/current").json()["game"]["id"] == game["id"]
    assert api.call("GET", f"/api/games/{game['id']}").json()["game"] == game
    assert other.call("GET", "/api/games/current").status_code == 404
    for path in ("", "/hint", "/record"):
        r = other.call("GET", f"/api/games/{game['id']}{path}")
        assert r.status_code == 404 and error_code(r) == "no_game"
    r = other.call("POST", f"/api/games/{game['id']}/actions",
                   json={"action": "3", "version": 0})
    assert r.status_code == 404
    assert other.call("POST", f"/api/games/{game['id']}/replay").status_code == 404
    assert api.call("GET", "/api/games/nope").status_code == 404


# -- actions -------------------------------------------------------------------------------


def test_a_bid_is_answered_by_every_computer_until_south_plays(api: Any) -> None:
    game = api.new(deal=11)["game"]
    data = api.act(game, "4")
    events = data["events"]
    assert [e["seat"] for e in events] == ["S", "W", "N", "E"]
    assert events[0]["action"] == "4"
    assert [e["version"] for e in events] == [1, 2, 3, 4]
    assert all(e["hand"] == 0 and e["trick_winner"] is None and not e["hand_over"]
               for e in events)
    after = data["game"]
    assert after["phase"] == "play" and after["to_act"] == "S" and after["version"] == 4
    assert after["bids"][0] == ["S", 4]


def test_refused_actions_change_nothing(api: Any) -> None:
    game = api.new(deal=11)["game"]
    card = game["hand"][0]
    cases = [
        ({"action": card, "version": 0}, 409, "wrong_phase"),
        ({"action": "blind", "version": 0}, 422, "blind_nil_not_played"),
        ({"action": "14", "version": 0}, 422, "bid_range"),
        ({"action": "3", "version": 7}, 409, "stale"),
        ({"action": "zz", "version": 0}, 400, "notation"),
        ({"action": "", "version": 0}, 400, "bad_action"),
        ({"version": 0}, 400, "bad_action"),
        ({"action": "3"}, 400, "bad_version"),
        ({"action": "3", "version": True}, 400, "bad_version"),
        ({"action": "3", "version": 0, "request_id": 5}, 400, "bad_request_id"),
        ({"action": "3", "version": 0, "request_id": "x" * 101}, 400, "bad_request_id"),
    ]
    for body, status, code in cases:
        r = api.call("POST", f"/api/games/{game['id']}/actions", json=body)
        assert (r.status_code, error_code(r)) == (status, code), body
    r = api.call("POST", f"/api/games/{game['id']}/actions", json={"action": "3", "version": 7})
    assert r.json()["error"]["params"] == {"version": 0}
    assert api.call("GET", f"/api/games/{game['id']}").json()["game"] == game


def test_play_refusals_give_the_engines_reason(api: Any) -> None:
    game = api.new(deal=21)["game"]
    game = api.act(game, "3")["game"]
    assert game["phase"] == "play"
    hand = [parse_card(c) for c in game["hand"]]
    spades = [c for c in hand if SUIT_OF[c] == 3]
    others = [c for c in hand if SUIT_OF[c] != 3]
    assert spades and others, "deal 21 gives South spades and other suits"
    if game["trick"] == []:  # South leads: a spade may not be led before they are broken
        r = api.call("POST", f"/api/games/{game['id']}/actions",
                     json={"action": card_name(spades[0]), "version": game["version"]})
        assert r.status_code == 422 and error_code(r) == "spades_not_broken"
        assert game["illegal"][card_name(spades[0])]["code"] == "spades_not_broken"
    missing = next(c for c in ("AS", "KS", "QS", "AH", "AD", "AC", "KH")
                   if c not in game["hand"])
    r = api.call("POST", f"/api/games/{game['id']}/actions",
                 json={"action": missing, "version": game["version"]})
    assert r.status_code == 422 and error_code(r) == "not_in_hand"
    assert r.json()["error"]["params"] == {"card": missing}


def test_illegal_lists_why_each_greyed_card_may_not_be_played(api: Any) -> None:
    # Play on until South must follow suit while holding other suits too.
    game = api.new(deal=2, level="random")["game"]
    game = api.act(game, "3")["game"]
    for _ in range(13):
        if game["trick"]:
            led = game["trick"][0][1][-1]
            follow = [c for c in game["hand"] if c[-1] == led]
            if follow and len(follow) < len(game["hand"]):
                break
        game = api.act(game, game["legal"][0])["game"]
    else:
        pytest.fail("South never had to follow suit in the first hand of deal 2")
    assert sorted(game["legal"]) == sorted(follow)
    assert set(game["illegal"]) == set(game["hand"]) - set(follow)
    reason = next(iter(game["illegal"].values()))
    assert reason["code"] == "must_follow" and reason["message"].startswith("you must follow")
    card = next(iter(game["illegal"]))
    r = api.call("POST", f"/api/games/{game['id']}/actions",
                 json={"action": card, "version": game["version"]})
    assert r.status_code == 422 and error_code(r) == "must_follow"
    assert r.json()["error"]["params"]["suit"] in ("clubs", "diamonds", "hearts", "spades")


def test_a_trick_and_a_hand_report_their_winner_and_end(api: Any) -> None:
    game = api.new(deal=5, level="random", rules={"preset": "classic", "target": 10_000})
    game = game["game"]
    events: list[dict[str, Any]] = []
    while game["hand_index"] == 0:
        data = api.act(game, "3" if game["phase"] == "bid" else game["legal"][0])
        events += data["events"]
        game = data["game"]
    plays = [e for e in events if e["hand"] == 0 and len(e["action"]) == 2
             and not e["action"].isdigit()]
    assert len(plays) == 52
    winners = [e["trick_winner"] for e in plays]
    assert all(w is not None for w in winners[3::4])
    assert all(w is None for i, w in enumerate(winners) if i % 4 != 3)
    assert [e["hand_over"] for e in plays] == [False] * 51 + [True]
    taken = Counter(winners[3::4])
    assert {s: taken.get(s, 0) for s in "NESW"} == game["results"][0]["tricks"]
    assert len(game["results"]) == 1 and sum(game["results"][0]["tricks"].values()) == 13


# -- hint, replay, record, stats, options ------------------------------------------------


def test_hint_proposes_a_legal_action_with_a_reason(api: Any) -> None:
    game = api.new(deal=31)["game"]
    hint = api.call("GET", f"/api/games/{game['id']}/hint").json()
    assert hint["action"] in game["legal"] and hint["reason"]
    game = api.act(game, hint["action"])["game"]
    hint = api.call("GET", f"/api/games/{game['id']}/hint").json()
    assert hint["action"] in game["legal"] and hint["reason"]
    assert api.call("GET", f"/api/games/{game['id']}/hint").json() == hint


def test_replay_restarts_the_same_deal(api: Any) -> None:
    game = api.new(deal=77, rules="blind-nil")["game"]
    first = game
    game = api.act(game, "look")["game"]
    r = api.call("POST", f"/api/games/{game['id']}/replay")
    assert r.status_code == 201
    again = r.json()["game"]
    assert again["id"] != first["id"] and again["deal"] == 77 and again["rules"] == "blind-nil"
    assert {k: v for k, v in again.items() if k not in ("id", "created")} == \
        {k: v for k, v in first.items() if k not in ("id", "created")}


def test_record_only_once_finished_then_stats(api: Any) -> None:
    stats = api.call("GET", "/api/stats").json()
    assert stats == {"played": 0, "won": 0, "win_rate": 0.0, "best_score": None,
                     "streak": 0, "best_streak": 0}
    game = api.new(deal=3, rules={"preset": "classic", "target": 30})["game"]
    r = api.call("GET", f"/api/games/{game['id']}/record")
    assert r.status_code == 409 and error_code(r) == "not_finished"
    game = api.play_to_end(game)
    r = api.call("GET", f"/api/games/{game['id']}/hint")
    assert r.status_code == 409 and error_code(r) == "game_over"
    r = api.call("POST", f"/api/games/{game['id']}/actions",
                 json={"action": "3", "version": game["version"]})
    assert r.status_code == 409 and error_code(r) == "game_over"
    record = api.call("GET", f"/api/games/{game['id']}/record").json()
    assert record["format"] == "spades-record/1" and record["deal"] == 3
    assert record["players"]["S"] == "human"
    replayed = load_record(record)
    assert replayed.over and replayed.scores == game["scores"]
    won = game["winner"] == "NS"
    stats = api.call("GET", "/api/stats").json()
    assert stats["played"] == 1 and stats["won"] == int(won)
    assert stats["best_score"] == game["scores"]["NS"]
    assert stats["streak"] == stats["best_streak"] == int(won)
    assert api.call("GET", "/api/games/current").status_code == 404


def test_options_round_trip_and_limits(api: Any, other: Any) -> None:
    assert api.call("GET", "/api/options").json() == {}
    options = {"felt": "blue", "four_colour": True, "speed": 2, "lang": "fr"}
    r = api.call("PUT", "/api/options", json=options)
    assert r.status_code == 200 and r.json() == options
    assert api.call("GET", "/api/options").json() == options
    assert other.call("GET", "/api/options").json() == {}
    r = api.call("PUT", "/api/options", json=[1, 2])
    assert r.status_code == 400 and error_code(r) == "bad_options"
    r = api.call("PUT", "/api/options", content=b"{oops")
    assert r.status_code == 400 and error_code(r) == "bad_json"
    r = api.call("PUT", "/api/options", json={"notes": "x" * 5000})
    assert r.status_code == 413 and error_code(r) == "too_large"
    assert api.call("GET", "/api/options").json() == options


def test_hints_come_from_the_strongest_level_even_against_random_players(api: Any) -> None:
    game = api.new(deal=31, level="random")["game"]
    hint = api.call("GET", f"/api/games/{game['id']}/hint").json()
    assert hint["reason"] != "a random legal action"


class _Faulty:
    """A computer player that fails one way or another."""

    name = "faulty"

    def __init__(self, seed: int, rules: Any, crash: bool) -> None:
        self.crash = crash

    def decide(self, view: Any) -> Any:
        if self.crash:
            raise RuntimeError("this player is broken")
        from spades.actions import Bid
        from spades.bots import Decision
        return Decision(Bid(99), "an impossible bid")


@pytest.mark.parametrize("crash", [True, False], ids=["raises", "illegal"])
def test_a_faulty_computer_player_does_not_stop_the_game(
        api: Any, monkeypatch: pytest.MonkeyPatch, crash: bool) -> None:
    from spades.bots import base

    monkeypatch.setitem(base._REGISTRY, "faulty", lambda seed, rules: _Faulty(seed, rules, crash))
    data = api.new(deal=4, level="faulty",
                   rules={"preset": "classic", "target": 30, "floor": -100})
    data = api.act(data["game"], "3")
    assert [e["seat"] for e in data["events"]] == ["S", "W", "N", "E"]
    assert all(e["action"] == "nil" for e in data["events"][1:])  # the first legal bid
    assert api.play_to_end(data["game"])["phase"] == "over"


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_a_whole_game_through_the_api(api: Any, preset: str) -> None:
    rules = {"preset": preset, "target": 100, "floor": -100}
    game = api.new(deal=17, rules=rules, level="basic")["game"]
    final = api.play_to_end(game)
    assert final["winner"] is not None and final["results"]
    assert api.call("GET", f"/api/games/{final['id']}/record").status_code == 200
    stats = api.call("GET", "/api/stats").json()
    assert stats["played"] == 1
    side = "S" if not PRESETS[preset].partnerships else "NS"
    assert stats["best_score"] == final["scores"][side]
