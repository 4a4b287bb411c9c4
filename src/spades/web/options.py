"""The schema of a player's saved options: known keys, each of its own type.

Options were stored as any JSON object; one holding ``NaN`` was stored and then broke
every later read. Now each key the page saves is listed with its kind, names are short
plain words, and the rules a player chose for the next game are checked by the engine's
rules object, as a new game's rules are.

>>> check_options({"felt": "blue", "sound": True, "rules": {"preset": "short"}})
{'felt': 'blue', 'sound': True, 'rules': {'preset': 'short'}}
>>> check_options({"felt": 3})
Traceback (most recent call last):
...
spades.web.errors.ApiError: option 'felt' must be a name (letters, digits, - and _)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from spades.errors import SpadesError
from spades.rules import rules_from
from spades.web.errors import ApiError

MAX_OPTIONS_BYTES = 4096

NAME: Final = "name"
FLAG: Final = "flag"
RULES: Final = "rules"

SCHEMA: Final[Mapping[str, str]] = {
    "felt": NAME,
    "back": NAME,
    "speed": NAME,
    "lang": NAME,
    "level": NAME,
    "fourColour": FLAG,
    "sound": FLAG,
    "botsNil": FLAG,
    "rules": RULES,
}
"""Every option the page keeps, and its kind: a short name, true/false, or rules."""

_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")


def check_options(body: object) -> dict[str, Any]:
    """``body`` if it is a valid options object, else :class:`ApiError` (400 or 413)."""
    if not isinstance(body, dict):
        raise ApiError(400, "bad_options", "options must be a JSON object")
    size = len(json.dumps(body, ensure_ascii=False).encode())
    if size > MAX_OPTIONS_BYTES:
        raise ApiError(413, "too_large", f"options are limited to {MAX_OPTIONS_BYTES} bytes",
                       size=size)
    for key, value in body.items():
        kind = SCHEMA.get(key)
        if kind is None:
            raise ApiError(400, "bad_options", f"unknown option {key!r}", option=key,
                           known=" ".join(SCHEMA))
        if kind == NAME and not (isinstance(value, str) and _NAME.fullmatch(value)):
            raise ApiError(400, "bad_options",
                           f"option {key!r} must be a name (letters, digits, - and _)",
                           option=key)
        if kind == FLAG and not isinstance(value, bool):
            raise ApiError(400, "bad_options", f"option {key!r} must be true or false",
                           option=key)
        if kind == RULES:
            if not isinstance(value, dict | str):
                raise ApiError(400, "bad_options",
                               "option 'rules' must be a preset name or an object",
                               option=key)
            try:
                rules_from(value)
            except SpadesError as exc:
                raise ApiError(400, "rules", str(exc), option=key) from None
    return body


__all__ = ["MAX_OPTIONS_BYTES", "SCHEMA", "check_options"]
