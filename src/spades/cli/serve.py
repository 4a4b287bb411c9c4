"""``spades serve``: the browser game on a local HTTP server."""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

EPILOG = """\
examples:
  spades serve                       http://127.0.0.1:8000/, games in the per-user database
  spades serve --port 8080           another port (0: any free port)
  spades serve --db ./games.sqlite3  keep games and stats in this file

The database is the --db file, else $SPADES_DB, else
$XDG_DATA_HOME/spades/spades.sqlite3 (~/.local/share/spades/spades.sqlite3).
Games in progress, stats and options live there and survive a restart.
The server opens no browser: visit the address it prints. A client has 10 seconds to
send a request's headers and 10 more for its body (at most 16 KB).
"""


BACKLOG = 2048
"""Connections the kernel queues before the server accepts them: the socket listens
with it before uvicorn starts, and uvicorn listens again with the same number."""


def listen_on(family: socket.AddressFamily, host: str, port: int) -> socket.socket:
    """The server's TCP socket, bound and already listening.

    Listening before the address is printed: whoever reads it (a test, a script, a
    person quick with the browser) may connect before uvicorn has started, and a socket
    only bound refuses that connection where a listening one queues it. Named as TCP:
    asyncio turns Nagle's algorithm off on the connections it accepts only when the
    listening socket says it is TCP, and with it on, each answer on a kept-alive
    connection waits about 40 ms for the browser's delayed acknowledgement.
    """
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


def server_limits() -> dict[str, Any]:
    """uvicorn's settings that keep slow or greedy clients from holding the server."""
    from spades.web.protocol import DeadlineH11Protocol

    return {
        "http": DeadlineH11Protocol,  # request line and headers within 10 s
        "timeout_keep_alive": 5,  # an idle kept-alive connection is closed after 5 s
        "h11_max_incomplete_event_size": 16 * 1024,  # headers up to 16 KB
        "limit_concurrency": 512,  # beyond: 503 at once rather than a queue without end
        "timeout_graceful_shutdown": 5,
        "server_header": False,
        "backlog": BACKLOG,  # the number the socket already listens with
    }


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help="play in the browser: start the local game server",
        description="Start the browser game's HTTP server (you sit South, the computer "
        "plays the other seats) and print its address. Every asset is served locally.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free)")
    p.add_argument("--db", metavar="PATH",
                   help="SQLite file for games and stats (default: $SPADES_DB or the "
                   "per-user data directory)")
    p.add_argument("--log", action="store_true", help="print every request (access log)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from spades.web import create_app
    from spades.web.store import resolve_db_path

    db = resolve_db_path(args.db)
    try:
        app = create_app(db)
    except Exception as exc:  # an unreadable or foreign file: say so and stop
        print(f"spades serve: cannot open the database {db}: {exc}", file=sys.stderr)
        return 1
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    try:
        sock = listen_on(family, args.host, args.port)
    except OSError as exc:
        print(f"spades serve: cannot listen on {args.host}:{args.port}: {exc.strerror}",
              file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    print(f"Spades is served at http://{host}:{port}/", flush=True)
    print(f"database: {db}", flush=True)
    config = uvicorn.Config(app, log_level="info" if args.log else "warning",
                            access_log=args.log, **server_limits())
    uvicorn.Server(config).run(sockets=[sock])
    return 0
