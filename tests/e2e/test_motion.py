"""Computer cards arrive one at a time with a short animation, and a player who asks the
system for reduced motion gets the same sequence without the movement."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

WATCH = """() => {
  window.__counts = []; window.__anims = []; window.__times = {};
  new MutationObserver(() => {
    const n = document.querySelectorAll('#trick .card').length;
    window.__counts.push(n);
    if (!(n in window.__times)) window.__times[n] = performance.now();
    for (const c of document.querySelectorAll('#trick .enter .card'))
      window.__anims.push(getComputedStyle(c).animationName);
  }).observe(document.querySelector('#trick'), {childList: true, subtree: true});
}"""


def first_trick(table: Any) -> dict[str, Any]:
    """Play South's lead of the first trick, watching the trick area as it fills."""
    table.open("/?deal=1212")
    table.bid("3")
    table.page.evaluate(WATCH)
    table.play_one()
    seen = table.page.evaluate(
        "() => ({counts: window.__counts, anims: window.__anims, times: window.__times})")
    counts = seen["counts"]
    seen["shown"] = [n for i, n in enumerate(counts) if i == 0 or n != counts[i - 1]]
    return seen


def test_computer_cards_arrive_one_at_a_time(new_table: Any) -> None:
    seen = first_trick(new_table({"speed": "fast"}))
    assert seen["shown"][:4] == [1, 2, 3, 4]  # South's card, then West, North and East
    assert "enter" in seen["anims"]
    # Paced for the eye: each computer card waits for the one before it.
    times = seen["times"]
    assert times["3"] - times["2"] >= 150 and times["4"] - times["3"] >= 150


def test_reduced_motion_is_honoured(new_table: Any) -> None:
    seen = first_trick(new_table({"speed": "fast"}, reduced_motion="reduce"))
    assert seen["shown"][:4] == [1, 2, 3, 4]
    assert seen["anims"] and set(seen["anims"]) == {"none"}


DEAL_WATCH = """() => new Promise((resolve) => {
  const seen = new Set();
  const look = () => {
    for (const c of document.querySelectorAll('#hand.dealing .card, .fan.dealing .card'))
      seen.add(getComputedStyle(c).animationName);
  };
  look();
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  setTimeout(() => resolve([...seen]), 400);
})"""


def test_the_deal_is_animated_unless_motion_is_reduced(new_table: Any) -> None:
    moving = new_table({"speed": "slow"})
    moving.page.goto(moving.base + "/?deal=1313")
    assert "deal" in moving.page.evaluate(DEAL_WATCH)
    still = new_table({"speed": "slow"}, reduced_motion="reduce")
    still.page.goto(still.base + "/?deal=1313")
    assert set(still.page.evaluate(DEAL_WATCH)) <= {"none"}
    quick = new_table({"speed": "instant"})
    quick.page.goto(quick.base + "/?deal=1313")
    assert set(quick.page.evaluate(DEAL_WATCH)) <= {"none"}


GATHER_WATCH = """() => {
  window.__gather = [];
  new MutationObserver(() => {
    for (const c of document.querySelectorAll('#trick[class*="collect-"] .card'))
      window.__gather.push(getComputedStyle(c).animationName);
  }).observe(document.querySelector('#trick'), {childList: true, subtree: true, attributes: true});
}"""


@pytest.mark.parametrize(("motion", "expected"), [("no-preference", {"gather"}), ("reduce", set())])
def test_the_trick_is_gathered_toward_its_winner(new_table: Any, motion: str,
                                                 expected: set[str]) -> None:
    table = new_table({"speed": "fast"}, reduced_motion=motion)
    table.open("/?deal=1212")
    table.bid("3")
    table.page.evaluate(GATHER_WATCH)
    table.play_one()
    assert set(table.page.evaluate("() => window.__gather")) == expected
