"""What a request must be before any route reads it: same-origin, JSON, of a sane size.

SameSite cookies do not separate ports: a page served by another program on
``localhost:8080`` is "same site" as the game on ``localhost:8000``, and its forms and
``fetch`` calls carry the player's cookie. So a request that changes something is
accepted only when the browser says it comes from this origin (``Origin`` equal to the
address asked for, ``Sec-Fetch-Site: same-origin``), and only with a JSON body, which no
HTML form can send. Clients that are not browsers send neither header and are not at
risk: they hold their own cookies.

A declared ``Content-Length`` over the limit is refused before a byte of the body is
read; the body itself is counted again as it is read (:mod:`spades.web.body`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from spades.web.body import MAX_BODY_BYTES, too_large
from spades.web.errors import ApiError

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods that change state: only these are checked for origin and body type."""

JSON_TYPES = frozenset({"application/json"})


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header, decoded as Latin-1 (HTTP's own charset)."""
    for key, value in scope.get("headers", []):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


def declared_length(scope: Scope) -> int | None:
    """The Content-Length, or None when the body is sent without one."""
    text = header(scope, b"content-length")
    if text is None:
        return None
    if not text.strip().isascii() or not text.strip().isdigit():
        raise ApiError(400, "bad_length", "Content-Length must be a number of bytes")
    return int(text.strip())


def own_origin(scope: Scope) -> str:
    """This server's origin as the browser addressed it: scheme, host and port."""
    host = header(scope, b"host") or ""
    return f"{scope.get('scheme', 'http')}://{host}".lower()


def check_request(scope: Scope) -> None:
    """Refuse (``ApiError``) a request that is too large, cross-origin or not JSON."""
    length = declared_length(scope)
    if length is not None and length > MAX_BODY_BYTES:
        raise too_large()
    if scope["method"] not in WRITES:
        return
    site = header(scope, b"sec-fetch-site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        raise ApiError(403, "cross_origin",
                       "a request from another site or port may not change anything",
                       site=site)
    origin = header(scope, b"origin")
    if origin is not None and origin.lower() != own_origin(scope):
        raise ApiError(403, "cross_origin",
                       "a request from another site or port may not change anything",
                       origin=origin)
    kind = header(scope, b"content-type")
    chunked = "chunked" in (header(scope, b"transfer-encoding") or "").lower()
    has_body = chunked or bool(length)
    if kind is None and not has_body:
        return  # nothing to read: a bare POST such as a replay
    media = (kind or "").split(";")[0].strip().lower()
    if media not in JSON_TYPES:
        raise ApiError(415, "not_json", "a request body must be sent as application/json",
                       content_type=media or None)


class RequestGuard:
    """ASGI middleware running :func:`check_request` on every HTTP request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            check_request(scope)
        except ApiError as refused:
            length = _length_or_none(scope)
            if length is not None and 0 < length <= DRAIN_BYTES:
                await _drain(receive)
            await send_error(send, refused)
            return
        await self.app(scope, receive, send)


DRAIN_BYTES = 256 * 1024
"""A refused body up to this size is read and dropped before the answer, whatever the
refusal (too large, cross-origin, not JSON): bytes that arrive at a closed socket, or
that it closes unread, reset the connection, and the reset can take the answer with it,
so the client would never see why it was refused. Anything larger, or of no declared
length, is refused at once, unread."""


def _length_or_none(scope: Scope) -> int | None:
    try:
        return declared_length(scope)
    except ApiError:
        return None


async def _drain(receive: Receive) -> None:
    """Read and drop the request body, for as long as a body may take to arrive."""
    from spades.web import body

    async def drop() -> None:
        while True:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                return

    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(drop(), body.BODY_TIMEOUT)


async def send_error(send: Send, error: ApiError, headers: list[Any] | None = None) -> None:
    """Answer a refusal directly; ``Connection: close`` since its body was not read."""
    body = json.dumps(error.to_json()).encode()
    await send({"type": "http.response.start", "status": error.status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["RequestGuard", "check_request", "declared_length", "header", "own_origin"]
