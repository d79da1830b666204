"""A heuristic 13-card Indian Rummy bot that plays like a sensible person.

It sees only its seat's view and legal actions. It declares as soon as it can (IND-9). It takes the top discard
when the card joins a sequence or a set in its hand, and otherwise draws; it drops at its first turn a hand with
no pair and no two cards of a suit in a row (IND-11); it discards the costliest card least connected to the rest.
It never shows wrongly (IND-10).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, Draw, TakeDiscard
from rummykit.core.cards import Card, Rank
from rummykit.core.views import View
from rummykit_variants.indian_rummy.rules import POINTS

__all__ = ["HeuristicBot"]


def _wild(view: View, card: Card) -> bool:
    rank = getattr(view, "wild_rank", None)
    return card.is_joker or (rank is not None and card.rank.symbol == rank)


def _places(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


def _link(card: Card, other: Card) -> float:
    """How well two natural cards go together: one rank (a set), or one suit a place or two apart (a sequence)."""
    if card.rank is other.rank:
        return 1.0 if card.suit is not other.suit else 0.0
    if card.suit is not other.suit:
        return 0.0
    gap = min(abs(a - b) for a in _places(card) for b in _places(other))
    return 1.2 if gap == 1 else 0.6 if gap == 2 else 0.0


class HeuristicBot:
    """The ``heuristic`` bot of Indian Rummy.

    Args:
        seed: seeds the choice between equally good actions.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose an action from the seat's view and legal actions."""
        if view.phase == "draw":
            return self._draw(view, legal)
        listed = [a for a in legal if a.kind == "declare"]
        if len(listed) > 1:  # the last one listed is the wrong show (IND-C1)
            return listed[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        return max(discards, key=lambda a: (self._dead_weight(view, a.card), self._rng.random()))

    def _connections(self, view: View, card: Card, hand: Sequence[Card]) -> float:
        if _wild(view, card):
            return 10.0
        return sum(_link(card, other) for other in hand if other is not card and not _wild(view, other))

    def _dead_weight(self, view: View, card: Card) -> float:
        rest = list(view.hand)
        rest.remove(card)
        return POINTS[card.rank] / 10 - 2.0 * self._connections(view, card, rest)

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        first = not any(getattr(view, "played", (False,))) and view.turn_number <= view.players
        drop = next((a for a in legal if a.kind == "drop"), None)
        hand = list(view.hand)
        if drop is not None and first and all(self._connections(view, card, hand) == 0 for card in hand):
            return drop
        top = view.discard_top
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        if take is not None and top is not None and (_wild(view, top) or self._connections(view, top, hand) >= 1.0):
            return take
        return next(a for a in legal if isinstance(a, Draw))
