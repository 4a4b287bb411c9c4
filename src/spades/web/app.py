"""The HTTP side of the browser game: Starlette routes over :class:`GameService`.

Routes are thin: they read the cookie and the JSON body, call the service in a worker
thread (computer players may think for a while) and turn refusals into 4xx JSON. What a
request must be before a route sees it (same-origin, JSON, bounded) is checked by
:mod:`spades.web.guard` and :mod:`spades.web.body`; who is asking, by a signed cookie
(:mod:`spades.web.tokens`).
The page and its assets are plain files from ``static/``, all served locally.
See docs/web-api.md for the contract with the page.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spades.web.body import MAX_BODY_BYTES, parse_json, read_body
from spades.web.errors import ApiError
from spades.web.guard import RequestGuard, declared_length, header
from spades.web.options import check_options
from spades.web.service import GameService
from spades.web.store import Store
from spades.web.tokens import TokenSigner


class FastJSONResponse(JSONResponse):
    """A JSON answer encoded by orjson: a game's answer holds every finished hand, and
    encoding it with the standard library took a quarter of the server's time under load.
    """

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)

STATIC_DIR = Path(__file__).parent / "static"
COOKIE = "spades_player"
COOKIE_MAX_AGE = 365 * 24 * 3600
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
"""The page may load nothing from elsewhere: every asset is local (no CDN)."""


class PlayerCookie:
    """ASGI middleware: every visitor is a player named by a signed cookie.

    A request without a genuine ``spades_player`` token (missing, malformed, or signed
    with another secret: made up) is given a new one (HttpOnly, SameSite=Lax, one year)
    and the answer sets it. (Strict would drop the cookie from a shared ``?deal=N`` link
    followed from elsewhere, and the player would be given a new identity.) The player
    id is in ``scope["state"]["player"]``.
    """

    def __init__(self, app: ASGIApp, signer: TokenSigner) -> None:
        self.app = app
        self.signer = signer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = _cookie_token(scope)
        player = self.signer.player(token) if token is not None else None
        fresh: str | None = None
        if player is None:
            fresh = self.signer.issue()
            player = self.signer.player(fresh)
        scope.setdefault("state", {})["player"] = player

        async def send_with_cookie(message: Message) -> None:
            if fresh is not None and message["type"] == "http.response.start":
                value = (f"{COOKIE}={fresh}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; "
                         "SameSite=Lax")
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"set-cookie", value.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _cookie_token(scope: Scope) -> str | None:
    value = header(scope, b"cookie")
    if value is None:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(value)
    except Exception:  # a cookie header the standard library cannot read names nobody
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else None


def create_app(db_path: str | Path, *, service: GameService | None = None) -> Starlette:
    """The application over the SQLite file at ``db_path`` (created if missing)."""
    if service is None:
        service = GameService(Store(db_path))
    svc = service

    def player(request: Request) -> str:
        token: str = request.scope["state"]["player"]
        return token

    async def body_of(request: Request) -> Any:
        try:
            raw = await read_body(request.stream(), declared_length(request.scope))
        except ClientDisconnect:
            raise ApiError(400, "disconnected", "the client left before its body") from None
        if not raw.strip():
            return {}
        return parse_json(raw)

    async def object_body(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        if not isinstance(body, dict):
            raise ApiError(400, "bad_json", "the body must be a JSON object")
        return body

    def api(handler: Callable[[Request], Awaitable[Any]],
            status: int = 200) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                data = await handler(request)
            except ApiError as exc:
                # A body refused unread (too large, too slow) leaves the connection in
                # the middle of a request: it cannot carry another one.
                closing = {"connection": "close"} if exc.status in (408, 413) else None
                return JSONResponse(exc.to_json(), status_code=exc.status, headers=closing)
            return FastJSONResponse(data, status_code=status,
                                    headers={"cache-control": "no-store"})
        return endpoint

    async def rules(request: Request) -> Any:
        return svc.rules_catalog()

    async def daily(request: Request) -> Any:
        return svc.daily()

    async def new_game(request: Request) -> Any:
        body = await object_body(request)
        return await run_in_threadpool(svc.create, player(request), body)

    async def current(request: Request) -> Response:
        try:
            data = await run_in_threadpool(svc.current, player(request))
        except ApiError as exc:
            if exc.code != "no_game":
                return JSONResponse(exc.to_json(), status_code=exc.status)
            # no game yet is the normal first visit, not an error the page should log
            return Response(status_code=204, headers={"cache-control": "no-store"})
        return FastJSONResponse(data, headers={"cache-control": "no-store"})

    async def get_game(request: Request) -> Any:
        return await run_in_threadpool(svc.get, player(request), request.path_params["id"])

    async def act(request: Request) -> Any:
        body = await object_body(request)
        return await run_in_threadpool(svc.act, player(request), request.path_params["id"],
                                       body)

    async def hint(request: Request) -> Any:
        return await run_in_threadpool(svc.hint, player(request), request.path_params["id"])

    async def replay(request: Request) -> Any:
        await object_body(request)  # no fields yet, but a body is read as strictly
        return await run_in_threadpool(svc.replay, player(request), request.path_params["id"])

    async def record(request: Request) -> Any:
        return await run_in_threadpool(svc.record, player(request), request.path_params["id"])

    async def stats(request: Request) -> Any:
        return await run_in_threadpool(svc.stats, player(request))

    async def get_options(request: Request) -> Any:
        return await run_in_threadpool(svc.options, player(request))

    async def put_options(request: Request) -> Any:
        body = check_options(await body_of(request))
        return await run_in_threadpool(svc.save_options, player(request), body)

    async def page(request: Request) -> Response:
        index = STATIC_DIR / "index.html"
        if not index.is_file():
            return PlainTextResponse("the page is missing from this installation", 404)
        return FileResponse(index, headers={"cache-control": "no-cache",
                                            "content-security-policy": PAGE_POLICY})

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http")
            return JSONResponse(
                {"error": {"code": code, "message": str(exc.detail), "params": {}}},
                status_code=exc.status_code, headers=exc.headers)
        return PlainTextResponse(str(exc.detail), exc.status_code, headers=exc.headers)

    async def server_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": {"code": "internal", "message": "internal server error",
                                       "params": {}}}, status_code=500)

    routes = [
        Route("/", page),
        Route("/api/rules", api(rules)),
        Route("/api/daily", api(daily)),
        Route("/api/games", api(new_game, 201), methods=["POST"]),
        Route("/api/games/current", current),
        Route("/api/games/{id}", api(get_game)),
        Route("/api/games/{id}/actions", api(act), methods=["POST"]),
        Route("/api/games/{id}/hint", api(hint)),
        Route("/api/games/{id}/replay", api(replay, 201), methods=["POST"]),
        Route("/api/games/{id}/record", api(record)),
        Route("/api/stats", api(stats)),
        Route("/api/options", api(get_options), methods=["GET"]),
        Route("/api/options", api(put_options), methods=["PUT"]),
        # The scripts and the card deck compress to a third of their size; the API's
        # answers are small and for localhost, where compressing them costs more than it
        # saves (and would run on the event loop).
        Mount("/static", GZipMiddleware(StaticFiles(directory=STATIC_DIR, check_dir=False),
                                        minimum_size=1024), name="static"),
    ]
    app = Starlette(routes=routes,
                    exception_handlers={HTTPException: http_error, 500: server_error})
    app.add_middleware(PlayerCookie, signer=TokenSigner(svc.store.server_secret()))
    app.add_middleware(RequestGuard)  # outermost: refuses before anything is read
    app.state.service = svc
    return app


__all__ = ["COOKIE", "MAX_BODY_BYTES", "STATIC_DIR", "PlayerCookie", "create_app"]
