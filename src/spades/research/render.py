"""Text forms for debugging: an observation decoded from its own vector, and the table.

:func:`describe_observation` reads nothing but the vector, so the string can never say
more than the observation does (one door for hidden information). :func:`describe_table`
is a spectator's line: public facts only.

>>> import numpy as np
>>> from spades.rules import rules_from
>>> lay = Layout(4, 2)
>>> v = np.zeros(lay.size, dtype=np.float32)
>>> v[[0, 51]] = 1; v[lay.phase + 3] = 1; v[lay.to_act] = 1
>>> describe_observation(v, lay, rules_from("classic")).splitlines()[0]
'phase bid, to act: me; hand: 2C AS'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from spades.cards import SUIT_LETTERS, card_name
from spades.research.encoding import CARD_SLOTS, HAND_SIZE, PHASES, Layout
from spades.rules import Rules

if TYPE_CHECKING:
    from spades.research.table import Table

_REL_NAMES = {2: ("me", "other"), 4: ("me", "left", "partner", "right")}
_CUTTHROAT_NAMES = ("me", "left", "across", "right")


def _cards(block: npt.NDArray[np.float32]) -> str:
    return " ".join(card_name(int(c)) for c in np.flatnonzero(block)) or "-"


def describe_observation(vec: npt.NDArray[np.float32], layout: Layout, rules: Rules) -> str:
    """The observation ``vec`` in words, one fact per clause."""
    n = layout.players
    names = _REL_NAMES[n] if rules.partnerships or n == 2 else _CUTTHROAT_NAMES
    phase = PHASES[int(np.argmax(vec[layout.phase:layout.phase + len(PHASES)]))]
    turn = np.flatnonzero(vec[layout.to_act:layout.to_act + n])
    who = names[int(turn[0])] if len(turn) else "nobody"
    hand = "hidden" if vec[layout.hidden] else _cards(vec[layout.hand:layout.hand + CARD_SLOTS])
    lines = [f"phase {phase}, to act: {who}; hand: {hand}"]
    bids = []
    for r in range(n):
        row = vec[layout.bids + r * (HAND_SIZE + 1):layout.bids + (r + 1) * (HAND_SIZE + 1)]
        hot = np.flatnonzero(row)
        blind = bool(vec[layout.blind + r])
        if len(hot):
            value = int(hot[0])
            bids.append(f"{names[r]} {'blind nil' if blind else 'nil' if value == 0 else value}")
        elif blind:
            bids.append(f"{names[r]} blind nil")
    lines.append("bids: " + (", ".join(bids) or "-"))
    trick = []
    for r in range(n):
        start = layout.trick + r * CARD_SLOTS
        cards = np.flatnonzero(vec[start:start + CARD_SLOTS])
        if len(cards):
            trick.append(f"{names[r]} {card_name(int(cards[0]))}")
    tricks = [f"{names[r]} {round(float(vec[layout.tricks + r]) * HAND_SIZE)}" for r in range(n)]
    lines.append("trick: " + (", ".join(trick) or "-") + "; tricks: " + ", ".join(tricks))
    voids = []
    for r in range(n):
        suits = "".join(SUIT_LETTERS[s] for s in range(4) if vec[layout.voids + r * 4 + s])
        if suits:
            voids.append(f"{names[r]} {suits}")
    broken = "broken" if vec[layout.broken] else "not broken"
    lines.append(f"spades {broken}; voids: " + (", ".join(voids) or "-"))
    scores = [round(float(vec[layout.scores + s]) * rules.target) for s in range(layout.sides)]
    lines.append("scores (mine first): " + " ".join(map(str, scores)))
    if rules.draw:
        top = _cards(vec[layout.top:layout.top + CARD_SLOTS])
        seen = _cards(vec[layout.seen_discards:layout.seen_discards + CARD_SLOTS])
        picked = _cards(vec[layout.picked:layout.picked + CARD_SLOTS])
        draws = round(float(vec[layout.draws]) * 2 * HAND_SIZE)
        lines.append(f"draws {draws}; top card: {top}; seen discards: {seen}; "
                     f"exchange picks: {picked}")
    return "\n".join(lines)


def describe_table(table: Table) -> str:
    """A spectator's summary of the table: no card that is still hidden."""
    seats = table.seats
    phase = PHASES[table.phase]
    turn = seats[table.to_act] if table.to_act >= 0 else "-"
    bids = " ".join(f"{seats[s]}:{'nil' if b == 0 else b}" for s, b in table.bids) or "-"
    playing = PHASES[table.phase] == "play"
    trick = " ".join(card_name(c) for c in table.playout.trick) if playing else ""
    scores = " ".join(f"{name}:{v}" for name, v in zip(table.sides, table.scores, strict=True))
    return (f"hand {table.hand_index + 1}, {phase}, to act {turn}; bids {bids}; "
            f"trick [{trick}]; scores {scores}")
