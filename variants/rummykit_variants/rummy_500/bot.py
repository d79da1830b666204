"""A heuristic Rummy 500 bot that plays like a sensible person.

It sees only its seat's view and legal actions. On the table every card scores for whoever lays it (R5-11), so it
lays down the richest meld it can, then lays off, costliest card first. It takes from the spread discard pile when
the cards taken are worth more in melds than the cards it could not use would cost in hand, and otherwise draws; it
discards the costliest card that is least connected to the rest of its hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from rummykit.core.actions import Action, DeepTake, Discard, Draw, GoDown, LayOff
from rummykit.core.cards import Card, Rank
from rummykit.core.melds import MeldRules
from rummykit.core.views import View
from rummykit.standard.melding import melds_of_faces
from rummykit_variants.rummy_500.rules import POINTS, RUN_ORDERS

__all__ = ["HeuristicBot"]

_SHAPES: Final = MeldRules(
    wild_faces=frozenset({Card.of(Rank.JOKER)}), run_order=RUN_ORDERS["high-or-low"], suited_runs=True
)
"""The melds the bot looks for (R5-4, aces high or low: an estimate, whatever the table's option)."""
_DRAW_WORTH: Final = 4.0
"""What a card from the stock is worth to the bot, against a take from the discard pile."""


def _points(card: Card) -> int:
    return POINTS[card.rank]


def _melded_points(cards: Sequence[Card]) -> int:
    """The points of the richest melds found greedily among ``cards`` (R5-3, R5-4)."""
    left = [card.index for card in cards]
    total = 0
    while True:
        melds = melds_of_faces(left, _SHAPES)
        if not melds:
            return total
        best = max(melds, key=lambda meld: sum(map(_points, meld.cards)))
        total += sum(map(_points, best.cards))
        for card in best.cards:
            left.remove(card.index)


def _places(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


class HeuristicBot:
    """The ``heuristic`` bot of Rummy 500.

    Args:
        seed: seeds the choice between equally good actions.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose an action from the seat's view and legal actions."""
        if view.phase == "draw":
            return self._draw(view, legal)
        go_downs = [a for a in legal if isinstance(a, GoDown)]
        if go_downs:
            return max(go_downs, key=lambda a: (sum(_points(c) for m in a.melds for c in m), self._rng.random()))
        lay_offs = [a for a in legal if isinstance(a, LayOff)]
        if lay_offs:
            return max(lay_offs, key=lambda a: (_points(a.card), self._rng.random()))
        discards = [a for a in legal if isinstance(a, Discard)]
        return max(discards, key=lambda a: (self._dead_weight(view.hand, a.card), self._rng.random()))

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        pile: tuple[Card, ...] = getattr(view, "discard_pile", ())
        hand = list(view.hand)
        already = _melded_points(hand)
        best: tuple[float, Action] = (_DRAW_WORTH, next(a for a in legal if isinstance(a, Draw)))
        for take in (a for a in legal if isinstance(a, DeepTake)):
            depth = len(pile) - max(i for i, card in enumerate(pile) if card == take.card)
            taken = list(pile[-depth:])
            gained = _melded_points(hand + taken) - already
            burden = sum(_points(card) for card in taken) - gained
            worth = gained - 0.5 * max(burden, 0) + self._rng.random()
            if worth > best[0]:
                best = (worth, take)
        return best[1]

    def _connections(self, hand: Sequence[Card], card: Card) -> float:
        """How much ``card`` is worth keeping with the rest of ``hand``: cards of its rank, cards of its suit
        next to it or one apart; a joker is always worth keeping."""
        if card.is_joker:
            return 10.0
        value = 0.0
        for other in hand:
            if other.is_joker:
                continue
            if other.rank is card.rank:
                value += 1.0
            elif other.suit is card.suit:
                gap = min(abs(a - b) for a in _places(card) for b in _places(other))
                value += 1.0 if gap == 1 else 0.5 if gap == 2 else 0.0
        return value

    def _dead_weight(self, hand: Sequence[Card], card: Card) -> float:
        rest = list(hand)
        rest.remove(card)
        return _points(card) - 8.0 * self._connections(rest, card)
