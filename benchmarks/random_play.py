"""Random hands per second through the engine, and copies-and-playouts per second.

Plays complete random hands — shuffle and deal, four random bids, 52 random legal cards,
scoring — the way a search or a reinforcement-learning loop drives an engine: ask for the
legal moves, pick one uniformly, apply it. Three figures:

* ``game`` — through the checked whole-game API (``Game.legal_actions``/``Game.apply``,
  every action validated, scored and logged);
* ``fast`` — through the lean path bots use (``Playout`` + ``score_hand``);
* ``copies-and-playouts/s`` — copy a position after trick 2 and play it out at random,
  the inner loop of the strong player's search.

If OpenSpiel (``pip install open_spiel``) is importable, its C++ ``spades`` is driven from
Python the same way in the same run (chance outcomes sampled for the deal, random legal
bids and cards) and the ratio is printed. The last line is the fast path's
``hands/s: N``.

usage: python benchmarks/random_play.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from spades.game import Game
from spades.playout import Playout
from spades.rules import rules_from
from spades.scoring import score_hand

RULES = rules_from("classic")
SEATS = RULES.seats
ZERO = dict.fromkeys(RULES.sides, 0)
BIT = tuple(1 << c for c in range(54))


def fast_hand(rng: random.Random, deck: list[int]) -> int:
    """One random hand on the lean path; returns NS points (so nothing is optimised away)."""
    random_ = rng.random
    deck.sort(key=lambda _: random_())
    hands = [sum(map(BIT.__getitem__, deck[i::4])) for i in range(4)]
    bids = {s: int(random_() * 14) for s in SEATS}
    p = Playout(hands, 2)
    while p.hands[p.turn]:
        legal = p.legal_mask()
        k = int(random_() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        p.play((legal & -legal).bit_length() - 1)
    tricks = dict(zip(SEATS, p.tricks, strict=True))
    return score_hand(RULES, bids, frozenset(), tricks, ZERO, ZERO)["NS"].points


def game_hand(rng: random.Random) -> int:
    """One random hand through the checked Game API."""
    g = Game(RULES, deal=rng.randrange(1 << 30))
    while not g.results:
        actions = g.legal_actions()
        seat = g.to_act
        assert seat is not None
        g.apply(seat, actions[int(rng.random() * len(actions))])
    return g.scores["NS"]


def openspiel_hand(rng: random.Random, game: object) -> int:
    """One random hand of OpenSpiel's spades (its game is one hand), driven from Python."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while True:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            continue
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])
        if state.is_terminal():
            return int(state.returns()[0])


def rate(run: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``run`` over about ``seconds``."""
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(50):
            run()
        n += 50
        now = time.perf_counter()
        if now >= end:
            return n / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per figure")
    args = parser.parse_args()
    rng = random.Random(2026)
    deck = list(RULES.deck_cards)

    # A position after trick 2, from a numbered deal.
    base = Game(RULES, deal=4127)
    hands = [base.hand_of(s) for s in SEATS]
    position = Playout(hands, SEATS.index("S"))
    while position.done < 2:
        legal = position.legal_mask()
        position.play((legal & -legal).bit_length() - 1)
    prng = random.Random(7)

    def copy_and_play_out() -> None:
        position.copy().play_out_random(prng)

    figures: dict[str, float] = {}
    try:
        import pyspiel  # type: ignore[import-not-found]

        spiel = pyspiel.load_game("spades")
    except Exception:
        spiel = None
    if spiel is not None:
        figures["openspiel"] = rate(lambda: openspiel_hand(rng, spiel), args.seconds)
        print(f"openspiel hands/s: {figures['openspiel']:.0f}")
    else:
        print("openspiel: not installed (pip install open_spiel to compare in the same run)")
    figures["game"] = rate(lambda: game_hand(rng), args.seconds)
    print(f"game API hands/s: {figures['game']:.0f}")
    figures["copies"] = rate(copy_and_play_out, args.seconds)
    print(f"copies-and-playouts/s (after trick 2): {figures['copies']:.0f}")
    figures["fast"] = rate(lambda: fast_hand(rng, deck), args.seconds)
    if "openspiel" in figures:
        print(f"fast path / openspiel: {figures['fast'] / figures['openspiel']:.2f}x")
    print(f"hands/s: {figures['fast']:.0f}")


if __name__ == "__main__":
    main()
