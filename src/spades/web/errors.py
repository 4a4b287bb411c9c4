"""Refusals the API sends: an HTTP status and the engine's reason, code and parameters.

Every refusal is answered ``{"error": {"code", "message", "params"}}`` and changes
nothing (docs/web-api.md).
"""

from __future__ import annotations

from typing import Any

from spades.errors import SpadesError

PHASE_CODES = frozenset({"game_over", "not_your_turn", "wrong_phase", "blind_not_allowed",
                         "no_seat"})
"""Engine refusals that mean "not now" (409) rather than "the rules forbid it" (422)."""


class ApiError(Exception):
    """A refused request: the status to answer with and the reason."""

    def __init__(self, status: int, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params

    @classmethod
    def from_engine(cls, error: SpadesError) -> ApiError:
        """The engine's refusal as an answer: 409 for "not now", 422 for a rule."""
        status = 409 if error.code in PHASE_CODES else 422
        params = {k: v if isinstance(v, str | int | float | bool) or v is None else str(v)
                  for k, v in error.params.items()}
        return cls(status, error.code, str(error), **params)

    def to_json(self) -> dict[str, Any]:
        """The body of the answer."""
        return {"error": {"code": self.code, "message": self.message, "params": self.params}}


__all__ = ["PHASE_CODES", "ApiError"]
