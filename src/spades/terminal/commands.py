"""What the player types: an action for the game, or a request to the terminal.

Actions use the project's text forms (:func:`spades.actions.parse_action`), plus the
card's position number in the hand as shown, which is the quickest thing to type. Whether
an action is allowed is never decided here: the game says why not (R15).

>>> from spades.game import Game
>>> from spades.views import seat_view
>>> v = seat_view(Game("classic", deal=7), "S")
>>> read_command("4", v), read_command("hint", v)
(Bid(4), 'hint')
"""

from __future__ import annotations

from typing import Final

from spades.actions import Action, Exchange, Play, parse_action
from spades.cards import Card, parse_card
from spades.errors import NotationError
from spades.game import Phase
from spades.terminal.render import display_order
from spades.views import SeatView

REQUESTS: Final = {
    "hint": "show the suggested action and why",
    "last": "show the last trick",
    "score": "show the scoresheet of every hand so far",
    "table": "show the table again",
    "help": "show this help",
    "quit": "save the game and leave (spades play --resume continues it)",
}
"""Words that ask the terminal for something instead of acting, with their meaning."""

_ALIASES: Final = {"?": "help", "h": "help", "exit": "quit", "q": "quit", "scores": "score",
                   "show": "table", "t": "table"}

Command = Action | str
"""An action to send to the game, or the name of a request (a key of :data:`REQUESTS`)."""


class InputError(ValueError):
    """Text that is neither an action nor a request; the message says what was expected."""


def help_lines(view: SeatView) -> list[str]:
    """The commands, with the ones that answer the current question first."""
    lines = ["Commands:"]
    match view.phase:
        case Phase.BLIND:
            lines.append("  blind / look      declare a blind Nil now, or look at your cards")
        case Phase.DRAW:
            lines.append("  keep / discard    keep the top card, or discard it and take the next")
        case Phase.EXCHANGE:
            lines.append("  exchange 2H 3D    give back up to 3 cards (or positions: exchange 1 4)")
        case Phase.BID:
            lines.append("  4, nil            bid a number of tricks (1-13) or Nil")
        case Phase.PLAY:
            lines.append("  QH, 10h, q♥, 3    play a card as shown, or by its number in your hand")
    lines += [f"  {word:<17} {meaning}" for word, meaning in REQUESTS.items()]
    return lines


def _card_at(text: str, view: SeatView) -> Card:
    """A card named by its text or by its position in the hand as shown (from 1)."""
    if text.isdigit():
        order = display_order(view.hand)
        n = int(text)
        if not 1 <= n <= len(order):
            if not order:
                raise InputError("you have no cards to choose from")
            raise InputError(f"there is no card number {n}: your cards are numbered "
                             f"1 to {len(order)}")
        return order[n - 1]
    return parse_card(text)


def read_command(text: str, view: SeatView) -> Command:
    """Read one line typed by the player while the game waits for South.

    A bare number is a bid while bidding and a card position while playing.
    Raises :class:`InputError` for text that means nothing here.
    """
    words = text.strip().lower().split()
    if not words:
        raise InputError("type an action, or help for the commands")
    word = _ALIASES.get(words[0], words[0])
    if word in REQUESTS and len(words) == 1:
        return word
    try:
        if view.phase is Phase.PLAY and len(words) == 1 and _looks_like_card(words[0]):
            return Play(_card_at(words[0], view))
        if words[0] == "exchange" and view.phase is Phase.EXCHANGE:
            return Exchange(tuple(_card_at(w, view) for w in words[1:]))
        return parse_action(text)
    except NotationError as exc:
        expected = _EXPECTED.get(view.phase)
        reason = f"{text.strip()!r}: {expected}" if expected else str(exc)
        raise InputError(f"{reason}; type help for the commands") from None


_EXPECTED: Final = {
    Phase.BLIND: "answer blind or look",
    Phase.DRAW: "answer keep or discard",
    Phase.BID: "bid a number of tricks from 1 to 13, or nil",
}


def _looks_like_card(word: str) -> bool:
    """A position number or a card name (anything else may be another action)."""
    if word.isdigit():
        return True
    try:
        parse_card(word)
    except NotationError:
        return False
    return True
