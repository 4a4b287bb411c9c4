"""A first visit in a real browser: no console error, and the API refuses a page on
another port of the same host even though the browser sends the player's cookie along
(SameSite does not separate ports)."""

from __future__ import annotations

import http.server
import threading
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_a_first_visit_logs_no_console_error(new_table: Any) -> None:
    table = new_table()
    messages: list[str] = []
    table.page.on("console", lambda m: messages.append(f"{m.type}: {m.text}")
                  if m.type == "error" else None)
    statuses: dict[str, int] = {}
    table.page.on("response", lambda r: statuses.setdefault(r.url.split("?")[0], r.status))
    table.open("/")
    assert statuses[table.base + "/api/games/current"] == 204
    assert table.view()["phase"] in ("bid", "blind")  # a new game was dealt
    assert messages == []


def test_a_page_on_another_port_cannot_post_to_the_game(new_table: Any) -> None:
    table = new_table().open("/")
    current = "() => fetch('/api/games/current').then(r => r.json()).then(d => d.game.id)"
    before = table.page.evaluate(current)
    port = table.base.rsplit(":", 1)[1]
    # a "simple" request, which a browser sends cross-origin without asking first
    attacker = (f"<script>fetch('http://127.0.0.1:{port}/api/games', {{method: 'POST', "
                "credentials: 'include', mode: 'no-cors', headers: {'Content-Type': "
                "'text/plain'}, body: '{\"deal\": 7}'}).then(() => document.title = "
                "'sent', () => document.title = 'failed');</script>").encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(attacker)

        def log_message(self, *args: Any) -> None:
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        evil = table.page.context.new_page()
        evil.goto(f"http://127.0.0.1:{other.server_address[1]}/")
        evil.wait_for_function("() => document.title === 'sent'")  # it did reach us
        evil.close()
    finally:
        other.shutdown()
    assert table.page.evaluate(current) == before  # no new game for the player
