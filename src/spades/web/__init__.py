"""The browser game: an HTTP server (Starlette on uvicorn) over an SQLite file.

South is the person at the browser; the other seats are computer players run by the
server, which is the only authority and sends the page nothing but South's view.
Start it with ``spades serve``; the API is described in docs/web-api.md.
"""

from spades.web.app import create_app

__all__ = ["create_app"]
