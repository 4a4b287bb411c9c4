"""Fixtures for the browser tests: a real ``spades serve`` process and Debian's Chromium.

The server runs as a separate process on a free port with its own SQLite file, exactly as
a player starts it; the browser is the system Chromium launched by path (nothing is
downloaded). Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FAST = {"speed": "instant", "level": "random"}
"""Options every test starts with: no animation delay, the quickest computer players."""


class Server:
    """A ``python -m spades serve`` process on a free port, with its SQLite file.

    What the server prints goes to a file beside its database, never to a pipe: a pipe
    nobody reads fills after 64 KiB, and the server would then block on its next line.
    The server prints little, but the tests must not depend on how little."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.log = db.with_name(db.name + ".log")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "spades", "serve", "--port", "0", "--db", str(db)],
                stdout=out, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.proc.poll() is None:
            m = re.search(r"(http://[\d.]+:\d+)/", self.log.read_text())
            if m:
                self.base = m.group(1)
                return
            time.sleep(0.05)
        self.proc.kill()
        pytest.fail("spades serve did not start:\n" + self.log.read_text())

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server every test shares; yields its base address."""
    s = Server(tmp_path_factory.mktemp("db") / "e2e.sqlite3")
    yield s.base
    s.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Table:
    """A page of the game with the few moves a test needs, waiting the way a player would."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.console_errors: list[str] = []
        self.failed_requests: list[str] = []
        self.requests: deque[str] = deque(maxlen=6)
        """The last requests the page made, with their answers (for failures)."""
        page.on("request", lambda r: self.requests.append(f"{r.method} {r.url}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", self._console)
        page.on("requestfailed",
                lambda r: self.failed_requests.append(f"{r.method} {r.url} ({r.failure})"))
        page.on("response", self._response)
        page.set_default_timeout(20_000)

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.console_errors.append(msg.text)

    def _response(self, res: Any) -> None:
        answer = f"{res.request.method} {res.url} -> {res.status}"
        self.requests.append(answer)
        if res.status >= 400:
            self.failed_requests.append(answer)

    def open(self, path: str = "/") -> Table:
        self.page.goto(self.base + path)
        self.wait_idle()
        return self

    def wait_deck(self) -> None:
        """Wait until the card sprite is in the page, so that every card is drawn."""
        self.page.wait_for_function("() => document.body.dataset.deck === 'ready'")

    def wait_idle(self) -> None:
        """Wait until the page waits for South (or shows a dialog, or the game is over)."""
        self.page.wait_for_function(
            "() => document.querySelector('#dialog').open || (document.body.dataset.busy === '0'"
            " && (document.body.dataset.toAct === 'S' || document.body.dataset.phase === 'over'))")

    def version(self) -> int:
        """The version of the game the page shows (it grows with every action)."""
        return int(self.page.evaluate("() => window.spadesUi.view.version"))

    def wait_taken(self, before: int) -> None:
        """Wait until the page has taken South's action and waits for South again.

        Right after a click the page can still look idle, not yet having sent the
        action: so first wait for the game to move past version ``before`` (or a dialog
        to open), then for the page to be idle."""
        try:
            self.page.wait_for_function(
                "v => document.querySelector('#dialog').open"
                " || window.spadesUi.view.version !== v", arg=before)
        except playwright_api.TimeoutError as exc:
            raise AssertionError(f"the page did not take the action: {self.state()}") from exc
        self.wait_idle()

    def state(self) -> str:
        """What the page shows and has seen, for a failure to say why it waited."""
        shown = self.page.evaluate(
            "() => ({data: {...document.body.dataset}, busy: window.spadesUi.busy,"
            " view: window.spadesUi.view && {version: window.spadesUi.view.version,"
            " phase: window.spadesUi.view.phase, to_act: window.spadesUi.view.to_act},"
            " toast: document.querySelector('#toast').hidden ? null"
            " : document.querySelector('#toast').textContent})")
        return (f"{shown}; last requests: {list(self.requests)}; "
                f"requests refused or failed: {self.failed_requests}; "
                f"console errors: {self.console_errors}")

    def wait_new_game(self, old_id: str) -> None:
        """Wait until a game other than ``old_id`` is on the table and waits for South."""
        self.page.wait_for_function(
            "id => window.spadesUi.view && window.spadesUi.view.id !== id", arg=old_id)
        self.wait_idle()

    def dialog(self) -> str | None:
        """The name of the open dialog, if any."""
        return self.page.evaluate(
            "() => { const d = document.querySelector('#dialog');"
            " return d.open ? d.dataset.dialog : null; }")

    def continue_hand(self) -> dict[str, Any]:
        """Close the scoresheet shown after a hand; return the totals it showed."""
        assert self.dialog() == "hand-result"
        totals = self.page.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('#dialog tr[data-side]')]"
            ".map(tr => [tr.dataset.side, Number(tr.querySelector('[data-total]').textContent)]))")
        self.page.click("[data-action='continue']")
        self.wait_idle()
        return totals

    def view(self) -> dict[str, Any]:
        return self.page.evaluate("() => window.spadesUi.view")

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand [data-card]",
                                              "els => els.map(e => e.dataset.card)")

    def click_card(self, card: str, force: bool = False) -> None:
        """Click a card of South's hand on its visible left strip (the cards overlap)."""
        self.page.locator(f"#hand [data-card='{card}']").click(position={"x": 9, "y": 24},
                                                               force=force)

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand [data-card]:not([aria-disabled='true'])", "els => els.map(e => e.dataset.card)")

    def greyed(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand [data-card][aria-disabled='true']", "els => els.map(e => e.dataset.card)")

    def bid(self, bid: str) -> None:
        before = self.version()
        self.page.click(f"[data-bid='{bid}']")
        self.wait_taken(before)

    def play_one(self) -> str:
        """Play South's first playable card; return it."""
        card = self.playable()[0]
        before = self.version()
        self.click_card(card)
        self.wait_taken(before)
        return card

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.wait_deck()
        self.page.screenshot(path=str(path))
        return path

    def step(self, bid: str = "3") -> bool:
        """Take South's next step whatever it is, as a player would; False once the game
        is over. Bids ``bid`` where it may, looks at the cards before a Blind Nil, keeps
        every drawn card and exchanges none."""
        name = self.dialog()
        if name == "game-over":
            return False
        if name == "hand-result":
            self.continue_hand()
            return True
        if name is not None:
            self.page.keyboard.press("Escape")
            self.page.wait_for_function("() => !document.querySelector('#dialog').open")
            return True
        phase = self.view()["phase"]
        if phase == "over":
            return False
        before = self.version()
        if phase == "blind":
            self.page.click("[data-action='look']")
        elif phase == "bid":
            sel = f"[data-bid='{bid}']:not([disabled])"
            if not self.page.locator(sel).count():
                sel = ".bids button:not([disabled])"
            self.page.locator(sel).first.click()
        elif phase == "draw":
            self.page.click("[data-action='keep']")
        elif phase == "exchange":
            self.page.click("[data-action='exchange']")
        else:
            self.click_card(self.playable()[0])
        self.wait_taken(before)
        return True


@pytest.fixture
def new_table(browser: Any, server: str) -> Iterator[Any]:
    """Make tables in fresh browser contexts (a fresh player each: new cookie, storage)."""
    contexts: list[Any] = []
    tables: list[Table] = []

    def make(options: dict[str, Any] | None = None, **context_args: Any) -> Table:
        ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 800},
                                     "locale": "en-US", **context_args})
        opts = {**FAST, **(options or {})}
        ctx.add_init_script(
            "if (!localStorage.getItem('spades-options')) "
            f"localStorage.setItem('spades-options', {json.dumps(json.dumps(opts))});")
        contexts.append(ctx)
        tables.append(Table(ctx.new_page(), server))
        return tables[-1]

    yield make
    for ctx in contexts:
        ctx.close()
    errors = [e for table in tables for e in table.errors]
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def start_server() -> Iterator[Any]:
    """Start servers of one's own (e.g. to restart one on the same database)."""
    started: list[Server] = []

    def start(db: Path) -> Server:
        started.append(Server(db))
        return started[-1]

    yield start
    for s in started:
        s.stop()


@pytest.fixture
def table_on() -> Any:
    """Make a :class:`Table` from a page and a server address."""
    return Table
