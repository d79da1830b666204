"""A Gin Rummy bot that sees only its view and its legal actions, as every bot must.

It knocks as soon as it may, with the discard that leaves the least deadwood; lays down the most it
can; lays off all it can; takes the up-card (or the top discard) only when that lowers its deadwood;
and otherwise draws from the stock and discards the card that leaves the least deadwood, the highest
of those cards first (its seeded random source breaks the remaining ties).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.views import View
from rummykit.standard import Knock, Pass
from rummykit.standard.deadwood import deadwood, deadwood_after, mask, points

__all__ = ["GinBot"]


class GinBot:
    """Knocks early, melds and lays off all it can, and keeps its deadwood low (see the module's text)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take: see the module's description."""
        hand = mask(card.index for card in view.hand)
        knocks = [action for action in legal if isinstance(action, Knock)]
        if knocks:
            left = deadwood_after(hand)
            return min(knocks, key=lambda knock: (left[knock.card.index], self._rng.random()))
        lay_offs = [action for action in legal if isinstance(action, LayOff)]
        if lay_offs:
            return lay_offs[0]
        go_downs = [action for action in legal if isinstance(action, GoDown)]
        if go_downs:
            return max(go_downs, key=lambda go: points(mask(card.index for meld in go.melds for card in meld)))
        take = next((action for action in legal if isinstance(action, TakeDiscard)), None)
        top = view.discard_top
        if (
            take is not None
            and top is not None
            and len(view.hand) == 10
            and min(deadwood_after(hand | mask([top.index])).values()) < deadwood(hand)
        ):
            return take
        draw = next((action for action in legal if isinstance(action, Draw | Pass)), None)
        if draw is not None:
            return draw
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            left = deadwood_after(hand)
            return min(discards, key=lambda d: (left[d.card.index], -points(mask([d.card.index])), self._rng.random()))
        return self._rng.choice(list(legal))
