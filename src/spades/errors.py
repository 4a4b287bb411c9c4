"""The error ladder: every refusal is a ``ValueError`` carrying a reason a player can read.

``code`` is a stable machine-readable name for the reason (the browser translates it),
and ``str(error)`` is the English sentence.
"""

from __future__ import annotations


class SpadesError(ValueError):
    """Base of every error the engine raises on bad input."""

    code: str = "error"

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params

    @property
    def reason(self) -> str:
        """The English reason, as shown to a player."""
        return str(self)


class NotationError(SpadesError):
    """Text that does not read as a card, seat, bid or action (R3)."""

    code = "notation"


class IllegalActionError(SpadesError):
    """A well-formed action that the rules refuse now (R15); the state is unchanged."""

    code = "illegal"


class RulesError(SpadesError):
    """An unknown preset or a setting with a value out of range."""

    code = "rules"


class RecordError(SpadesError):
    """A game record that is malformed or replays to an illegal action (RECORD.md).

    ``hand`` and ``action`` count from 1 and ``seat`` names who acted, so the message can
    say where the record goes wrong.
    """

    code = "record"

    def __init__(
        self,
        message: str,
        hand: int | None = None,
        action: int | None = None,
        where: str | None = None,
    ) -> None:
        prefix = ""
        if hand is not None:
            prefix = f"hand {hand}"
            if action is not None:
                prefix += f", action {action}"
            if where:
                prefix += f" ({where})"
            prefix += ": "
        super().__init__(prefix + message)
        self.hand = hand
        self.action = action
        self.detail = message
