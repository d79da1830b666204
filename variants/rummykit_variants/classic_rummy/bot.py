"""A heuristic Classic Rummy bot that plays like a sensible person.

It sees only its seat's view and legal actions. It lays down the meld action worth the most points
(CR-10) as soon as it has one, lays off whatever it can (the costliest card first), takes the top
discard when it completes or extends a meld (in its hand or on the table), and otherwise draws; it
discards the costliest card that is least connected to the rest of its hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.cards import Card, Rank
from rummykit.core.melds import MeldKind
from rummykit.core.views import View
from rummykit_variants.classic_rummy.rules import POINTS

__all__ = ["HeuristicBot"]

_JOKER_POINTS = 15
"""What a joker is worth (CR-10); the bot treats every joker as wild (CR-24)."""


def _points(card: Card) -> int:
    return _JOKER_POINTS if card.is_joker else POINTS[card.rank]


def _places(card: Card) -> tuple[int, ...]:
    """Where a natural card can sit in a run (CR-4): its rank's value, and 1 as well as 14 for an ace."""
    return (1, 14) if card.rank is Rank.ACE else (int(card.rank),)


def _neighbours(card: Card, other: Card) -> int:
    """How far apart two cards of one suit are in a run (0: not of one suit, or too far)."""
    if card.suit is None or other.suit is not card.suit:
        return 0
    gap = min(abs(a - b) for a in _places(card) for b in _places(other))
    return gap if gap in (1, 2) else 0


class HeuristicBot:
    """The ``heuristic`` bot of Classic Rummy.

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
            return max(go_downs, key=lambda a: (sum(_points(c) for m in a.melds for c in m), self._tiebreak()))
        lay_offs = [a for a in legal if isinstance(a, LayOff)]
        if lay_offs:
            return max(lay_offs, key=lambda a: (_points(a.card), self._tiebreak()))
        discards = [a for a in legal if isinstance(a, Discard)]
        return max(discards, key=lambda a: (self._dead_weight(view.hand, a.card), self._tiebreak()))

    def _tiebreak(self) -> float:
        return self._rng.random()

    # -- judging a card ------------------------------------------------------------------------

    def _connections(self, hand: Sequence[Card], card: Card) -> float:
        """How much ``card`` is worth keeping with the rest of ``hand``: cards of its rank, cards
        of its suit next to it or one apart; a joker is always worth keeping."""
        if card.is_joker:
            return 10.0
        value = 0.0
        for other in hand:
            if other.is_joker:
                continue
            if other.rank is card.rank:
                value += 1.0
            else:
                gap = _neighbours(card, other)
                value += 1.0 if gap == 1 else 0.5 if gap == 2 else 0.0
        return value

    def _dead_weight(self, hand: Sequence[Card], card: Card) -> float:
        """How much the hand gains by discarding ``card``: the points it would cost if caught in
        hand, less how well it is connected."""
        rest = list(hand)
        rest.remove(card)
        return _points(card) - 8.0 * self._connections(rest, card)

    # -- the draw -------------------------------------------------------------------------------

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        top = view.discard_top
        if take is not None and top is not None and (self._completes(view.hand, top) or self._fits_table(view, top)):
            return take
        return next(a for a in legal if isinstance(a, Draw))

    def _completes(self, hand: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` makes a set or a run of three with cards of ``hand``."""
        if card.is_joker:
            return True
        if sum(1 for other in hand if other.rank is card.rank) >= 2:
            return True
        near = {place for other in hand if _neighbours(card, other) for place in _places(other)}
        return any({p - 2, p - 1} <= near or {p - 1, p + 1} <= near or {p + 1, p + 2} <= near for p in _places(card))

    def _fits_table(self, view: View, card: Card) -> bool:
        """Whether ``card`` could be laid off on a meld on the table."""
        if card.is_joker:
            return bool(view.table)
        for table_meld in view.table:
            meld = table_meld.meld
            if meld.kind == MeldKind.SET:
                if meld.rank is card.rank:
                    return True
                continue
            suit = next(c.suit for c in meld.cards if not c.is_joker)
            if suit is not card.suit:
                continue
            low = 1 if meld.ranks[0] is Rank.ACE else int(meld.ranks[0])
            high = low + len(meld.ranks) - 1
            if any(place in (low - 1, high + 1) for place in _places(card)):
                return True
        return False
