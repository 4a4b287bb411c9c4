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
