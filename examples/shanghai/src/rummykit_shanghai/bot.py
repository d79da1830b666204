"""A simple Shanghai bot that sees only its view and its legal actions, as every bot must.

It goes down as soon as it can (with the go-down that lays the most cards), lays off whatever it
can, takes the top discard when the card fits its hand, and otherwise discards the card it can
spare best: a costly card with no partner of its rank and no neighbour of its suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit import Action, Card, Discard, Draw, GoDown, LayOff, Rank, TakeDiscard, View
from rummykit_shanghai.rules import card_points

__all__ = ["ShanghaiBot"]


def _use(card: Card, hand: Sequence[Card], contract: str) -> int:
    """How well ``card`` fits ``hand`` for the round's contract: partners of its rank count if the
    contract has sets, neighbours of its suit (two ranks away at most) if it has runs."""
    if card.rank is Rank.JOKER:
        return 10
    use = 0
    if "set" in contract:
        use += 2 * (sum(1 for other in hand if other.rank is card.rank) - 1)
    if "run" in contract:
        use += 2 * sum(
            1
            for other in hand
            if other.rank is not Rank.JOKER
            and other.suit is card.suit
            and 0 < abs(int(other.rank) - int(card.rank)) <= 2
        )
    return use


class ShanghaiBot:
    """Goes down early, lays off, keeps jokers and pairs; ties are broken by its seeded random source."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take: see the module's description."""
        contract = getattr(view, "contract", "")
        go_downs = [action for action in legal if isinstance(action, GoDown)]
        if go_downs:
            return max(go_downs, key=lambda action: sum(len(meld) for meld in action.melds))
        lay_offs = [action for action in legal if isinstance(action, LayOff)]
        if lay_offs:
            return self._rng.choice(lay_offs)
        take = next((action for action in legal if isinstance(action, TakeDiscard)), None)
        if take is not None and view.discard_top is not None:
            top = view.discard_top
            return take if _use(top, [*view.hand, top], contract) >= 2 else Draw(seat=take.seat)
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            hand = view.hand
            return min(discards, key=lambda d: (_use(d.card, hand, contract), -card_points(d.card), self._rng.random()))
        return self._rng.choice(legal)
