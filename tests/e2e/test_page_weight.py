"""What a first visit costs: every byte the page downloads, card deck included, is at
most 400 KB once gzip-compressed, and the time until South can act is printed.

Each response is compressed here with gzip (level 6, what servers and proxies use), so
the figure is the transfer size with compression whether or not the local server
compresses. The time to interactive is printed, not asserted: it depends on the machine."""

from __future__ import annotations

import gzip
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

LIMIT = 400 * 1024


def test_first_load_weight_and_time_to_interactive(new_table: Any) -> None:
    table = new_table()
    page = table.page
    sizes: dict[str, tuple[int, int]] = {}

    def count(res: Any) -> None:
        body = res.body()
        sizes[res.url] = (len(body), len(gzip.compress(body, 6)))

    page.on("requestfinished", lambda req: count(req.response()))
    page.goto(table.base + "/?deal=4242")
    page.wait_for_function(
        "() => { const ready = document.body.dataset.deck === 'ready'"
        " && document.body.dataset.busy === '0' && document.body.dataset.toAct === 'S'"
        " && document.querySelectorAll('#hand .card.face').length === 13;"
        " if (ready && !window.__tti) window.__tti = performance.now(); return ready; }",
        polling="raf")
    tti = page.evaluate("() => window.__tti")
    page.wait_for_load_state("networkidle")
    assert any(url.endswith("/static/cards/deck.svg") for url in sizes)
    assert all(url.startswith(table.base) for url in sizes)  # nothing from elsewhere
    raw = sum(r for r, _ in sizes.values())
    packed = sum(g for _, g in sizes.values())
    for url, (r, g) in sorted(sizes.items(), key=lambda kv: -kv[1][1]):
        print(f"{g / 1024:8.1f} KB gzip {r / 1024:8.1f} KB raw  {url.split('/', 3)[-1]}")
    print(f"first load: {len(sizes)} requests, {packed / 1024:.1f} KB gzip "
          f"({raw / 1024:.1f} KB uncompressed); interactive after {tti:.0f} ms")
    assert packed <= LIMIT
