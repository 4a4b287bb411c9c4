"""Request bodies read strictly: bounded in size, time and depth, valid JSON of valid text.

Python's ``json`` module is generous where a server must not be: it accepts ``NaN`` and
``Infinity`` (which it then cannot write back as JSON), lone UTF-16 surrogates such as
``"\\ud800"`` (which SQLite and UTF-8 refuse later), ``1e400`` (read as infinity) and
nesting deep enough to exhaust the interpreter's recursion. Each of those is refused here
with a 4xx before any other code sees the value.

>>> parse_json(b'{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> parse_json(b'{"a": NaN}')
Traceback (most recent call last):
...
spades.web.errors.ApiError: the body is not valid JSON: NaN is not a number JSON allows
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncIterator
from typing import Any

from spades.web.errors import ApiError

MAX_BODY_BYTES = 16 * 1024
"""The largest request body: an action is under 200 bytes, options under 4 KB."""

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects: options with rules are three levels."""

BODY_TIMEOUT = 10.0
"""Seconds a client may take to send its whole body before the request is dropped."""


def too_large(limit: int = MAX_BODY_BYTES) -> ApiError:
    """The refusal for a body over ``limit`` bytes (declared or sent)."""
    return ApiError(413, "too_large", f"a request body is limited to {limit} bytes",
                    limit=limit)


async def read_body(chunks: AsyncIterator[bytes], declared: int | None, *,
                    limit: int = MAX_BODY_BYTES, timeout: float | None = None) -> bytes:
    """The whole body, refused as soon as it is known to be too large or too slow.

    ``declared`` is the Content-Length: over ``limit`` it is refused before a byte is
    read. A body sent without a length (chunked) is counted as it arrives. ``timeout``
    defaults to :data:`BODY_TIMEOUT` as it is when called.
    """
    if declared is not None and declared > limit:
        raise too_large(limit)
    if timeout is None:
        timeout = BODY_TIMEOUT
    parts: list[bytes] = []
    size = 0

    async def collect() -> None:
        nonlocal size
        async for chunk in chunks:
            size += len(chunk)
            if size > limit:
                raise too_large(limit)
            parts.append(chunk)

    try:
        await asyncio.wait_for(collect(), timeout)
    except TimeoutError:
        raise ApiError(408, "timeout",
                       f"the body did not arrive within {timeout:g} seconds") from None
    return b"".join(parts)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large for a number")
    return value


def _check_depth(text: str, limit: int) -> None:
    """Refuse nesting deeper than ``limit`` before the parser recurses into it."""
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise ApiError(400, "too_deep",
                               f"JSON is nested at most {limit} levels deep", limit=limit)
        elif char in "]}":
            depth -= 1


def _check_text(value: Any) -> None:
    """Every string (keys included) must be valid Unicode text: no lone surrogates."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ApiError(400, "bad_text",
                               "a string holds a lone surrogate: not valid Unicode text"
                               ) from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def parse_json(raw: bytes, *, depth: int = MAX_DEPTH) -> Any:
    """A JSON value from UTF-8 bytes, or :class:`ApiError` (400) saying what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "bad_json", "the body is not UTF-8 text") from None
    _check_depth(text, depth)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except ValueError as exc:  # JSONDecodeError, a constant, a huge float or integer
        if isinstance(exc, json.JSONDecodeError):
            detail = exc.msg
        elif "digits" in str(exc):  # Python's bound on reading huge integers
            detail = "a number has too many digits"
        else:
            detail = str(exc)
        raise ApiError(400, "bad_json", f"the body is not valid JSON: {detail}") from None
    _check_text(value)
    return value


__all__ = ["BODY_TIMEOUT", "MAX_BODY_BYTES", "MAX_DEPTH", "parse_json", "read_body",
           "too_large"]
