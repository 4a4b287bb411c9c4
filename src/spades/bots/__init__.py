"""Computer players: every one sees only its seat's view and answers with an action.

Use :func:`make_player` to get one by level name and :func:`spades.bots.hint.suggest`
for a hint. The levels, weakest first: ``random`` (a baseline for tests),
``beginner`` (makes a learning player's mistakes on purpose), ``basic`` (the rules of
good play), ``strong`` (search over possible deals; the browser's default) and
``expert`` (longer search on deals that agree with the bids). The ``oracle`` of the
arena sees every card and is deliberately not registered: it is never offered to
players.
"""

from spades.bots.base import Decision, Player, make_player, player_levels, register
from spades.bots.basic import BasicPlayer
from spades.bots.beginner import BeginnerPlayer
from spades.bots.strong import StrongPlayer
from spades.rules import Rules


def _strong(seed: int, rules: Rules | None, budget: int) -> Player:
    return StrongPlayer(seed, rules, worlds=budget, bid_worlds=2 * budget)


def _expert(seed: int, rules: Rules | None, budget: int | None = None) -> Player:
    # Imported when first asked for: the expert needs the exact solver, and loading
    # it (numba) costs every start of the program about half a second.
    from spades.bots.expert import expert_player
    from spades.bots.strong import DEFAULT_WORLDS
    return expert_player(seed, rules, DEFAULT_WORLDS if budget is None else budget)


YARDSTICKS: dict[str, str] = {
    "oracle": "sees every card",
    "oracle-bids": "bids as the oracle, plays its cards as strong",
    "oracle-cards": "bids as strong, plays its cards as the oracle",
}
"""The arena's players that see the whole deal, for all their decisions or only for
their bids or their cards (:mod:`spades.bots.oracle`): yardsticks, never levels, never
offered at a table or as a hint."""

register("beginner", BeginnerPlayer)
register("basic", BasicPlayer)
register("strong", StrongPlayer, _strong)
register("expert", _expert, _expert)

__all__ = ["YARDSTICKS", "Decision", "Player", "make_player", "player_levels"]
