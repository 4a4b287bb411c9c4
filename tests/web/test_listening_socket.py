"""The socket ``spades serve`` listens on: the connections it accepts answer at once."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from spades.cli.serve import listening_socket


def test_accepted_connections_send_without_waiting_for_acknowledgements() -> None:
    """Nagle's algorithm off on every accepted connection (asyncio does it only for a
    listening socket that says it is TCP): otherwise each answer on a kept-alive
    connection waits about 40 ms for the client's delayed acknowledgement."""

    async def accept_one() -> int:
        sock = listening_socket(socket.AF_INET)
        sock.bind(("127.0.0.1", 0))
        accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = writer.get_extra_info("socket")
            accepted.set_result(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection(*sock.getsockname())
            nodelay = await asyncio.wait_for(accepted, 10)
            writer.close()
        return nodelay

    # A thread of its own: the browser tests' driver may keep a loop running in this one.
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, accept_one()).result(30) != 0


def test_the_printed_address_takes_connections_before_the_server_runs(
        monkeypatch: Any, tmp_path: Any, capsys: Any) -> None:
    """``spades serve`` prints its address before uvicorn starts: a client that reads it
    and connects at once (the browser tests do) must be queued, not refused."""
    import argparse

    import uvicorn

    from spades.cli import serve

    tried: list[str] = []

    def connect_instead_of_serving(self: Any, sockets: list[socket.socket]) -> None:
        address = capsys.readouterr().out.split("http://", 1)[1].split("/", 1)[0]
        host, port = address.rsplit(":", 1)
        try:
            socket.create_connection((host, int(port)), timeout=5).close()
            tried.append("queued")
        except ConnectionRefusedError:
            tried.append("refused")
        for sock in sockets:
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", connect_instead_of_serving)
    args = argparse.Namespace(host="127.0.0.1", port=0, db=str(tmp_path / "s.sqlite3"),
                              log=False)
    assert serve.run(args) == 0
    assert tried == ["queued"]
