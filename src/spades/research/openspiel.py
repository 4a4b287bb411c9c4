"""Spades as an OpenSpiel game registered from Python, over the engine's rules.

>>> import pyspiel
>>> import spades.research.openspiel
>>> game = pyspiel.load_game("spades_engine", {"rules": "classic"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

Importing this module registers ``spades_engine`` with parameters ``rules`` (a preset
name), ``whole_game`` (false: one hand; true: hands until a side reaches the target,
at most ``max_hands``). Chance deals the cards one at a time clockwise from the
dealer's left (two players: the stock, top card first), then, where a Double Nil
exchange is possible, picks the positions in the sorted discard pile that the exchange
draws from (R25). Players are positions in ``rules.seats`` order (0 = North).
``returns()`` is each player's side's score (one hand: its points for the hand).

Observation tensors are the interfaces' shared view (:mod:`spades.research.encoding`);
the information-state tensor appends the order in which this hand's cards were played,
and the information-state string the player's own history, so two histories that the
player can tell apart have different strings (ISMCTS keys its tree on them).
:meth:`SpadesState.resample_from_infostate` deals the cards the player has not seen
at random, keeping every void shown and every card played, for ISMCTS (dealt presets).
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from spades.cards import SUIT_OF, Card, card_name
from spades.dealing import HandDeal, deal_in_order
from spades.errors import SpadesError
from spades.research.encoding import (
    BID_BASE,
    BLIND,
    CARD_SLOTS,
    EXCHANGE_DONE,
    HAND_SIZE,
    KEEP,
    LOOK,
    NUM_ACTIONS,
    Layout,
    action_name,
)
from spades.research.render import describe_observation, describe_table
from spades.research.table import DRAW_PHASE, EXCHANGE_PHASE, Table
from spades.rules import PRESETS, Rules, rules_from

GAME_NAME = "spades_engine"
HAND_POINTS_BOUND = 1000.0
"""No preset's hand scores beyond ±1000 for a side (26 tricks bid, two Blind Nils)."""

_DEFAULTS = {"rules": "classic", "whole_game": False, "max_hands": 100}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Spades (the spades project's engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def _exchange_slots(rules: Rules) -> int:
    """How many discard-pile positions chance picks for Double Nil exchanges."""
    if not (rules.draw and rules.blind_nil and rules.exchange > 0):
        return 0
    return min(rules.exchange * rules.players, 2 * HAND_SIZE)


def _hand_length(rules: Rules) -> int:
    n = rules.players
    draw = 2 * HAND_SIZE if rules.draw else 0
    exchange = n * (rules.exchange + 1) if _exchange_slots(rules) else 0
    return n + draw + exchange + n + n * HAND_SIZE


class SpadesGame(pyspiel.Game):  # type: ignore[misc]
    """The game: one hand, or a whole game of at most ``max_hands`` hands."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        name = str(settings["rules"])
        if name not in PRESETS:
            raise SpadesError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
        self.rules = rules_from(name)
        self.whole_game = bool(settings["whole_game"])
        self.max_hands = int(settings["max_hands"]) if self.whole_game else 1
        if self.max_hands < 1:
            raise SpadesError("max_hands must be at least 1")
        n = self.rules.players
        self.layout = Layout(n, len(self.rules.sides))
        bound = HAND_POINTS_BOUND * self.max_hands
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=CARD_SLOTS,
            num_players=n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=_hand_length(self.rules) * self.max_hands,
        )
        super().__init__(_GAME_TYPE, info, settings)

    def new_initial_state(self) -> SpadesState:
        return SpadesState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SpadesObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SpadesObserver(self, perfect_recall)


class SpadesState(pyspiel.State):  # type: ignore[misc]
    """A state: chance deals each hand, then the table plays it."""

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.max_hands = game.max_hands
        self.whole_game = game.whole_game
        self._dealt: list[int] = []
        self._table: Table | None = None
        self._histories: list[list[str]] = [[] for _ in range(self.rules.players)]

    # -- chance ---------------------------------------------------------------------------

    def _cards_needed(self) -> int:
        return len(self.rules.deck_cards)

    def _dealing(self) -> bool:
        table = self._table
        return table is None or table.awaiting_deal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._dealing()
        if len(self._dealt) < self._cards_needed():
            taken = set(self._dealt)
            outcomes = [c for c in self.rules.deck_cards if c not in taken]
        else:
            taken = set(self._dealt[self._cards_needed():])
            outcomes = [i for i in range(2 * HAND_SIZE) if i not in taken]
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _deal(self) -> None:
        """All of the hand's chance outcomes are in: give the table its cards."""
        need = self._cards_needed()
        cards = self._dealt[:need]
        positions = self._dealt[need:]
        self._dealt = []

        exchange_order = _PileOrder(tuple(positions))

        table = self._table
        dealer_pos = (self.rules.seats.index(self.rules.first_dealer) if table is None
                      else table.next_dealer)
        if self.rules.draw:
            deal = HandDeal(stock=cards, exchange_order=exchange_order)
        else:
            deal = HandDeal(cards=deal_in_order(cards, self.rules.seats,
                                                self.rules.seats[dealer_pos]),
                            exchange_order=exchange_order)
        if table is None:
            self._table = Table(self.rules, _GivenDeal(deal),
                                single_hand=not self.whole_game, deal_on_request=True)
        else:
            table.deal_next_hand(deal)

    # -- the OpenSpiel API ----------------------------------------------------------------

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        assert self._table is not None
        return self._table.to_act

    def _legal_actions(self, player: int) -> list[int]:
        table = self._table
        if table is None or table.to_act != player or self.is_terminal():
            return []
        return table.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self._dealing():
            self._dealt.append(int(action))
            if len(self._dealt) == self._cards_needed() + _exchange_slots(self.rules):
                self._deal()
            return
        table = self._table
        assert table is not None
        player = table.to_act
        self._note(player, int(action))
        table.apply(int(action))

    def _note(self, player: int, action: int) -> None:
        """Add the action to each player's history as that player sees it."""
        table = self._table
        assert table is not None
        seat = table.seats[player]
        public = f"{seat} {action_name(action)}"
        private = public
        if table.phase == DRAW_PHASE:
            top = table.stock[2 * len(table.draw_letters)] if table.stock else -1
            public = f"{seat} draws"
            private = f"{seat} {'keeps' if action == KEEP else 'discards'} {card_name(top)}"
        elif table.phase == EXCHANGE_PHASE:
            public = f"{seat} {'stops exchanging' if action == EXCHANGE_DONE else 'gives one'}"
            private = f"{seat} gives {card_name(action)}" if action < CARD_SLOTS else public
        for p, history in enumerate(self._histories):
            history.append(private if p == player else public)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._dealt) < self._cards_needed():
                return f"deal {card_name(action)}"
            return f"exchange draws discard {action}"
        return action_name(action)

    def is_terminal(self) -> bool:
        table = self._table
        if table is None:
            return False
        return table.over or (table.awaiting_deal and len(table.hand_points) >= self.max_hands)

    def returns(self) -> list[float]:
        table = self._table
        if table is None or not self.is_terminal():
            return [0.0] * self.rules.players  # terminal rewards: nothing until the end
        return [float(table.scores[table.side_of[p]]) for p in range(table.n)]

    def __str__(self) -> str:
        if self._table is None:
            return f"dealing: {len(self._dealt)} chance outcomes"
        return describe_table(self._table)

    def history_strings(self, player: int) -> list[str]:
        """``player``'s own history of this game (what its information state adds)."""
        return list(self._histories[player])

    @property
    def table(self) -> Table | None:
        """The table in play (None before the first hand is dealt)."""
        return self._table

    # -- ISMCTS ---------------------------------------------------------------------------

    def resample_from_infostate(self, player: int, sampler: Any = None) -> SpadesState:
        """A state ``player`` cannot tell from this one: the unseen cards dealt anew.

        Keeps ``player``'s cards, every card each seat has played and every void a
        seat has shown; the other cards go at random to the seats that may hold them.
        Only for dealt presets (the two-player draw hides too much to resample here).
        """
        table = self._table
        if self.rules.draw:
            raise SpadesError("resampling is only available for dealt presets")
        if table is None or table.awaiting_deal:
            return copy.deepcopy(self)
        draw = getattr(sampler, "sample", None)
        rng = np.random.default_rng(None if draw is None else int(draw() * 2**32))
        n = table.n
        played: list[list[Card]] = [[] for _ in range(n)]
        for seat, card in table.plays:
            played[seat].append(card)
        voids: list[set[int]] = [set() for _ in range(n)]
        for at in range(n):
            rel = table.rel[player][at]
            for suit in range(4):
                if table.obs[player][table.layout.voids + rel * 4 + suit]:
                    voids[at].add(suit)
        own = table.start_hands[player]
        seen = own
        for cards in played:
            for c in cards:
                seen |= 1 << c
        unseen = [c for c in self.rules.deck_cards if not seen >> c & 1]
        need = [HAND_SIZE - len(played[s]) if s != player else 0 for s in range(n)]
        hands = _constrained_deal(unseen, need, voids, rng)
        start = [0] * n
        for s in range(n):
            start[s] = own if s == player else sum(1 << c for c in played[s] + hands[s])
        clone: SpadesState = copy.deepcopy(self)
        clone._replay_with(start)
        return clone

    def _replay_with(self, start: list[int]) -> None:
        """Replay this hand's actions on other cards (for :meth:`resample_from_infostate`)."""
        table = self._table
        assert table is not None
        actions = [BLIND if s in table.blind else LOOK for s in table.blind_queue
                   [:table.blind_asked]]
        actions += [BID_BASE + b for s, b in table.bids if s not in table.blind]
        actions += [c for _, c in table.plays]
        seats = self.rules.seats
        deal = HandDeal(cards={seats[s]: start[s] for s in range(table.n)})
        index, dealer = table.hand_index, table.dealer
        scores, bags = list(table.scores), list(table.bag_counts)
        table.scores, table.bag_counts = scores, bags
        table._new_hand(index, dealer, deal)
        for a in actions:
            table.apply(a)


class _PileOrder:
    """The exchange's draw order: chance's positions in the sorted discard pile first."""

    def __init__(self, positions: tuple[int, ...]) -> None:
        self.positions = positions

    def __call__(self, pile: list[Card]) -> list[Card]:
        first = [pile[i] for i in self.positions if i < len(pile)]
        return first + [c for c in pile if c not in first]


class _GivenDeal:
    """A deal source that gives the one deal chance has just made."""

    def __init__(self, deal: HandDeal) -> None:
        self.deal = deal

    def __call__(self, rules: Rules, hand: int, dealer: str) -> HandDeal:
        return self.deal


def _constrained_deal(cards: list[Card], need: list[int], voids: list[set[int]],
                      rng: np.random.Generator) -> list[list[Card]]:
    """Give each seat ``need[s]`` of ``cards``, none of a suit it is void in."""
    for _ in range(200):
        order = [cards[i] for i in rng.permutation(len(cards))]
        # most constrained cards first: those fewer seats may take
        order.sort(key=lambda c: sum(SUIT_OF[c] not in v for v in voids))
        left = list(need)
        hands: list[list[Card]] = [[] for _ in need]
        ok = True
        for c in order:
            open_seats = [s for s, k in enumerate(left) if k > 0 and SUIT_OF[c] not in voids[s]]
            if not open_seats:
                ok = False
                break
            s = open_seats[int(rng.integers(len(open_seats)))]
            hands[s].append(c)
            left[s] -= 1
        if ok:
            return hands
    raise SpadesError("no deal fits the voids shown")


class SpadesObserver:
    """OpenSpiel's observer: the shared view, plus the play order for information states."""

    def __init__(self, game: SpadesGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        width = game.layout.size
        slots = game.rules.players * HAND_SIZE
        extra = slots * CARD_SLOTS if perfect_recall else 0
        self.tensor = np.zeros(width + extra, np.float32)
        self.dict = {"observation": self.tensor[:width]}
        if perfect_recall:
            self.dict["play_order"] = self.tensor[width:].reshape(slots, CARD_SLOTS)

    def set_from(self, state: SpadesState, player: int) -> None:
        table = state.table
        self.tensor.fill(0.0)
        if table is None:
            return
        self.dict["observation"][:] = table.observation(player)
        if self.perfect_recall and not table.awaiting_deal:
            order = self.dict["play_order"]
            for i, (_, card) in enumerate(table.plays):
                order[i, card] = 1.0

    def string_from(self, state: SpadesState, player: int) -> str:
        table = state.table
        if table is None:
            return f"player {player}: waiting for the deal"
        text = describe_observation(table.observation(player), self.game.layout,
                                    self.game.rules)
        if self.perfect_recall:
            text += "\nhistory: " + "; ".join(state.history_strings(player))
        return text


pyspiel.register_game(_GAME_TYPE, SpadesGame)
