"""The socket ``spades serve`` listens on: the connections it accepts answer at once."""

from __future__ import annotations

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor

from spades.cli.serve import listen_on


def test_accepted_connections_send_without_waiting_for_acknowledgements() -> None:
    """Nagle's algorithm off on every accepted connection (asyncio does it only for a
    listening socket that says it is TCP): otherwise each answer on a kept-alive
    connection waits about 40 ms for the client's delayed acknowledgement."""

    async def accept_one() -> int:
        sock = listen_on(socket.AF_INET, "127.0.0.1", 0)
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


def test_the_socket_queues_connections_before_the_server_runs() -> None:
    """``spades serve`` prints its address before uvicorn starts: a client that reads it
    and connects at once (the browser tests do) must be queued, not refused."""
    sock = listen_on(socket.AF_INET, "127.0.0.1", 0)
    try:
        with socket.create_connection(sock.getsockname(), timeout=5):
            conn, _ = sock.accept()
            conn.close()
    finally:
        sock.close()
