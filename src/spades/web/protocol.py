"""uvicorn's HTTP/1.1 protocol with a deadline for the request line and headers.

uvicorn closes an idle keep-alive connection after a few seconds, but a client that
opens a connection and then sends its headers a byte at a time (or nothing at all) is
waited for without end: a few hundred such clients hold the server's sockets. Here every
connection that is waiting for a request's headers has :data:`HEADER_TIMEOUT` seconds to
send them all; bodies have their own deadline (:data:`spades.web.body.BODY_TIMEOUT`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's line and headers."""


class DeadlineH11Protocol(H11Protocol):
    """:class:`H11Protocol` that closes a connection stuck before a request starts."""

    header_timeout = HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch_headers()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_headers()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_watching()
        super().connection_lost(exc)

    def _watch_headers(self) -> None:
        """Run the deadline while the client owes us a request's headers, else stop it."""
        if self.conn.their_state is h11.IDLE:
            if self._header_deadline is None:
                self._header_deadline = self.loop.call_later(self.header_timeout,
                                                             self._headers_too_slow)
        else:
            self._stop_watching()

    def _stop_watching(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_too_slow(self) -> None:
        self._header_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


__all__ = ["HEADER_TIMEOUT", "DeadlineH11Protocol"]
