"""Player tokens the server alone can issue: a random id signed with the server's secret.

A visitor is known by the ``spades_player`` cookie. If any well-formed value were
accepted, a page could plant a token of its choosing in a browser and later act as that
player (session fixation). So a token is ``<id>.<signature>``, the signature an HMAC of
the id under a secret kept in the database: every server process over the same file signs
and checks with the same secret, and a token nobody issued is replaced by a new one.

>>> signer = TokenSigner(b"k" * 32)
>>> token = signer.issue()
>>> signer.player(token) == token.split(".")[0]
True
>>> signer.player(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

_TOKEN = re.compile(r"([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})")
"""An 18-byte id and a 32-byte SHA-256 HMAC, both base64url without padding."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class TokenSigner:
    """Issues tokens and reads the player id back out of a genuine one."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 32:
            raise ValueError("the token secret must be at least 32 bytes")
        self._secret = secret

    def _sign(self, player: str) -> str:
        mac = hmac.new(self._secret, b"spades-player/" + player.encode("ascii"),
                       hashlib.sha256)
        return _b64(mac.digest())

    def issue(self) -> str:
        """A new token for a new player."""
        player = _b64(secrets.token_bytes(18))
        return f"{player}.{self._sign(player)}"

    def player(self, token: str) -> str | None:
        """The player a token names, or None if this server (or its database) did not
        issue it. The comparison takes the same time whatever the token."""
        match = _TOKEN.fullmatch(token)
        if match is None:
            return None
        player, signature = match.groups()
        return player if hmac.compare_digest(signature, self._sign(player)) else None


__all__ = ["TokenSigner"]
