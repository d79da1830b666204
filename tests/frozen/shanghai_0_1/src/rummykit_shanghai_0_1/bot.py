"""A simple Shanghai bot that sees only its view and its legal actions, as every bot must.

It goes down as soon as it can (with the go-down that lays the most cards), lays off whatever it
can, takes the top discard when the card fits its hand, and otherwise discards the card it can
spare best: a costly card with no partner of its rank and no neighbour of its suit.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from rummykit import Action, Card, Discard, Draw, GoDown, LayOff, Rank, TakeDiscard, View
from rummykit.standard import StandardView
from rummykit_shanghai_0_1.rules import card_points

__all__ = ["ShanghaiBot"]


def _melds_wanted(contract: str) -> tuple[int, int]:
    """The sets and runs a contract in words asks for: ``"1 set + 2 runs"`` -> ``(1, 2)``."""
    wanted = {kind: int(count) for count, kind in re.findall(r"(\d+) (set|run)", contract)}
    return wanted.get("set", 0), wanted.get("run", 0)


def _use(card: Card, hand: Sequence[Card], contract: str) -> int:
    """How well ``card`` fits ``hand`` for the round's contract: up to two partners of its rank count
    if the contract has sets, neighbours of its suit (two ranks away at most) if it has runs, the
    more so the more runs it has."""
    if card.rank is Rank.JOKER:
        return 10
    sets, runs = _melds_wanted(contract)
    use = 0
    if sets:
        partners = sum(1 for other in hand if other.rank is card.rank) - 1
        use += 2 * min(partners, 2)
    if runs:
        near = {
            other.rank
            for other in hand
            if other.rank is not Rank.JOKER
            and other.suit is card.suit
            and 0 < abs(int(other.rank) - int(card.rank)) <= 2
        }
        use += (3 if runs > sets else 2) * len(near)
    return use


class ShanghaiBot:
    """Goes down early, lays off, keeps jokers and pairs; ties are broken by its seeded random source."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take: see the module's description."""
        contract = (view.contract if isinstance(view, StandardView) else None) or ""
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
