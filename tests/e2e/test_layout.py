"""The table does not move: South's hand and every seat box keep their place and size,
to the pixel, through a whole hand, on a desktop window and on a phone, in both languages.

The page itself records the boxes on every animation frame, so a jump that lasts a single
frame (a turn marker that grows a box, a toolbar that wraps) is caught too."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e

WATCHED = ["#hand", ".seat-N", ".seat-W", ".seat-E", ".seat-S", "#trick", "#controls",
           "#scoreboard"]

RECORD = """(sels) => {
  window.__boxes = {};
  window.__frames = 0;
  const snap = () => {
    window.__frames++;
    for (const sel of sels) {
      const el = document.querySelector(sel);
      if (!el || el.hidden) continue;
      const r = el.getBoundingClientRect();
      const seen = window.__boxes[sel] ||= {};
      for (const [k, v] of Object.entries({x: r.x, y: r.y, w: r.width, h: r.height})) {
        seen[k] = seen[k] ? [Math.min(seen[k][0], v), Math.max(seen[k][1], v)] : [v, v];
      }
    }
    if (!window.__stop) requestAnimationFrame(snap);
  };
  requestAnimationFrame(snap);
}"""


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "fr")])
def test_nothing_moves_through_a_whole_hand(new_table: Any, width: int, height: int,
                                            lang: str) -> None:
    table = new_table({"speed": "fast", "lang": lang},
                      viewport={"width": width, "height": height})
    table.open("/?deal=2024")
    table.wait_deck()
    page = table.page
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.evaluate(RECORD, WATCHED)
    # Bidding, all thirteen tricks, the scoresheet, and the next hand's first turn.
    start = table.view()["hand_index"]
    for _ in range(40):
        if table.dialog() is None and table.view()["hand_index"] == start + 1:
            break
        table.step()
    assert table.view()["hand_index"] == start + 1
    page.evaluate("() => { window.__stop = true; }")
    boxes = page.evaluate("() => window.__boxes")
    frames = page.evaluate("() => window.__frames")
    assert frames > 100, "the page was not watched through the hand"
    assert set(boxes) == set(WATCHED)
    moved = {sel: {k: round(hi - lo, 1) for k, (lo, hi) in seen.items() if hi - lo > 1}
             for sel, seen in boxes.items()}
    assert not any(moved.values()), f"boxes moved or changed size: {moved}"
    # And the page never scrolls sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
