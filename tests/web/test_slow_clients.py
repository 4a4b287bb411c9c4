"""Slow and oversized clients against a real uvicorn server with ``spades serve``'s
settings (deadlines shortened so the test is quick): each is answered or cut off, and
the server keeps serving others meanwhile."""

from __future__ import annotations

import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from spades.cli.serve import server_limits
from spades.web import body, create_app
from spades.web.protocol import DeadlineH11Protocol

DEADLINE = 0.5


@pytest.fixture
def address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    monkeypatch.setattr(body, "BODY_TIMEOUT", DEADLINE)
    monkeypatch.setattr(DeadlineH11Protocol, "header_timeout", DEADLINE)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = create_app(tmp_path / "slow.sqlite3")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **server_limits()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    yield sock.getsockname()
    server.should_exit = True
    thread.join(10)
    app.state.service.store.close()


def connect(address: tuple[str, int]) -> socket.socket:
    conn = socket.create_connection(address, timeout=5)
    return conn


def read_all(conn: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := conn.recv(65536):
        data += chunk
    return data


def test_a_declared_50_mb_body_is_refused_at_once(address: tuple[str, int]) -> None:
    with connect(address) as conn:
        conn.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 52428800\r\n\r\n{")
        start = time.monotonic()
        answer = read_all(conn)
    assert answer.startswith(b"HTTP/1.1 413 ") and b'"too_large"' in answer
    assert time.monotonic() - start < DEADLINE  # not after waiting for the body


@pytest.mark.parametrize(("headers", "status"), [
    (b"Content-Type: multipart/form-data; boundary=b", b"415"),
    (b"Content-Type: application/json\r\nOrigin: http://127.0.0.1:1", b"403"),
])
def test_a_refused_small_body_is_read_before_the_answer(
        address: tuple[str, int], headers: bytes, status: bytes) -> None:
    """The headers alone are enough to refuse, but the server reads the (small) body
    before it answers and closes: bytes that reach a socket after it is closed reset
    the connection, and on a loaded machine the reset can take the answer with it."""
    body_bytes = b'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'
    with connect(address) as conn:
        conn.sendall(b"PUT /api/options HTTP/1.1\r\nHost: x\r\n" + headers
                     + b"\r\nContent-Length: %d\r\n\r\n" % len(body_bytes))
        early, _, _ = select.select([conn], [], [], DEADLINE / 2)
        assert not early  # no answer (and no close) while the body is still to come
        conn.sendall(body_bytes)
        answer = read_all(conn)
    assert answer.startswith(b"HTTP/1.1 " + status + b" ")


def test_a_chunked_body_over_the_limit_is_cut_off(address: tuple[str, int]) -> None:
    """Chunks are sent one at a time until the server answers: a client that kept
    sending after the answer would have its unread bytes reset the connection, and the
    reset can take the answer with it on a loaded machine."""
    with connect(address) as conn:
        conn.sendall(b"PUT /api/options HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b" " * 4096
        for _ in range(8):  # the limit (16 KB) is passed at the fifth chunk
            conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            answered, _, _ = select.select([conn], [], [], 0.04)
            if answered:
                break
        answer = read_all(conn)
    assert answer.startswith(b"HTTP/1.1 413 ")


def test_a_stalled_body_is_answered_408_and_closed(address: tuple[str, int]) -> None:
    with connect(address) as conn:
        # The clock starts before the request is sent: the server may read it (and
        # start its own clock) before sendall returns.
        start = time.monotonic()
        conn.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 100\r\n\r\n{")
        answer = read_all(conn)
    assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer
    assert DEADLINE <= time.monotonic() - start < DEADLINE + 3


@pytest.mark.parametrize("sent", [b"", b"GET /api/rules HTTP/1.1\r\nHost: x\r\n"])
def test_stalled_headers_are_cut_off(address: tuple[str, int], sent: bytes) -> None:
    # The server's clock starts when it accepts the connection, so ours starts before.
    start = time.monotonic()
    with connect(address) as conn:
        conn.sendall(sent)
        assert read_all(conn) == b""
    assert DEADLINE <= time.monotonic() - start < DEADLINE + 3


def test_many_stalled_clients_do_not_stop_the_others(address: tuple[str, int]) -> None:
    stalled = [connect(address) for _ in range(100)]
    try:
        for conn in stalled:
            conn.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\n")
        url = f"http://{address[0]}:{address[1]}"
        r = httpx.post(f"{url}/api/games", json={"deal": 1, "level": "random"}, timeout=5)
        assert r.status_code == 201
        time.sleep(DEADLINE + 0.5)
        assert all(read_all(conn) == b"" for conn in stalled)  # all cut off by now
    finally:
        for conn in stalled:
            conn.close()


def test_a_kept_alive_connection_still_serves_request_after_request(
        address: tuple[str, int]) -> None:
    with httpx.Client(base_url=f"http://{address[0]}:{address[1]}") as client:
        for _ in range(3):
            assert client.get("/api/rules").status_code == 200
            time.sleep(DEADLINE / 2)
        time.sleep(DEADLINE * 2)  # idle past the header deadline: reconnects quietly
        assert client.get("/api/daily").status_code == 200
