"""Spades, the trick-taking card game in which spades are always trump.

The public API of the rules engine; everything else (bots, terminal, browser) talks to
the core through these names.

>>> from spades import Game, Bid, seat_view
>>> game = Game("classic", deal=4127)
>>> game.apply("S", Bid(3)).version
1
>>> seat_view(game, "W").bids
(('S', 3),)
"""

from spades.actions import Action, Bid, BlindChoice, DrawChoice, Exchange, Play, parse_action
from spades.cards import Card, Mask, Seat, card_name, cards_of, mask_of, parse_card, parse_cards
from spades.deals import daily_deal_number, today_deal_number
from spades.errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    SpadesError,
)
from spades.game import Event, Game, HandResult, Phase
from spades.playout import Playout
from spades.record import game_to_record, load_record, score_record
from spades.rules import PRESETS, SETTINGS, Rules, rules_from
from spades.scoring import score_hand
from spades.views import SeatView, seat_view

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "SETTINGS",
    "Action",
    "Bid",
    "BlindChoice",
    "Card",
    "DrawChoice",
    "Event",
    "Exchange",
    "Game",
    "HandResult",
    "IllegalActionError",
    "Mask",
    "NotationError",
    "Phase",
    "Play",
    "Playout",
    "RecordError",
    "Rules",
    "RulesError",
    "Seat",
    "SeatView",
    "SpadesError",
    "card_name",
    "cards_of",
    "daily_deal_number",
    "game_to_record",
    "load_record",
    "mask_of",
    "parse_action",
    "parse_card",
    "parse_cards",
    "rules_from",
    "score_hand",
    "score_record",
    "seat_view",
    "today_deal_number",
]
