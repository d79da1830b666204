"""A heuristic Classic Canasta bot that plays like a sensible partner.

It sees only its seat's view and legal actions. It takes the discard pile whenever it can (the bigger the pile,
the better, saving wild cards), lays down and adds natural cards as soon as it can, spends wild cards only to
reach a canasta or where the initial meld needs them, goes out as soon as its side may (asking its partner
first, CAN-25, who answers yes unless it holds 8 cards or more), and discards what its side has no use for and
the next player (an opponent) is least likely to take: black threes first (they stop the pile), never a wild
card while it has another choice (a wild card freezes the pile for both sides).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, GoDown, LayOff
from rummykit.core.cards import Card, Rank
from rummykit.core.views import View
from rummykit.standard import AnswerGoOut, AskToGoOut, EndRound, FamilyView, TakePile

__all__ = ["HeuristicBot"]

_WILD = frozenset({Rank.TWO, Rank.JOKER})
_CANASTA = 7


def _is_wild(card: Card) -> bool:
    return card.rank in _WILD


class HeuristicBot:
    """The ``heuristic`` bot of Classic Canasta; ``seed`` seeds its choice between equally good actions."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose an action from the seat's view and legal actions."""
        if len(legal) == 1:
            return legal[0]
        ask = next((a for a in legal if isinstance(a, AskToGoOut)), None)
        if ask is not None:
            return ask  # it could go out: it asks first (CAN-25)
        answers = [a for a in legal if isinstance(a, AnswerGoOut)]
        if answers:  # yes, unless it holds many cards its side could still meld
            return next(a for a in answers if a.yes == (len(view.hand) < 8))
        if view.phase == "draw":
            takes = [a for a in legal if isinstance(a, TakePile)]
            if takes:
                return max(
                    takes, key=lambda a: (-3 * sum(map(_is_wild, (*a.cards, *sum(a.melds, ())))), self._rng.random())
                )
            return next((a for a in legal if not isinstance(a, EndRound)), legal[0])
        plays = [(self._play_score(view, a), self._rng.random(), a) for a in legal if isinstance(a, GoDown | LayOff)]
        good = [play for play in plays if play[0] > 0]
        if good:
            return max(good, key=lambda play: (play[0], play[1]))[2]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, discards)
        return max(plays, key=lambda play: (play[0], play[1]))[2] if plays else legal[0]

    def _play_score(self, view: View, action: GoDown | LayOff) -> float:
        left = len(view.hand) - (sum(len(m) for m in action.melds) if isinstance(action, GoDown) else 1)
        if left <= 1:
            return 1000.0  # going out, or as close as the rules let it: always
        if isinstance(action, GoDown):
            cards = [card for group in action.melds for card in group]
            wilds = sum(map(_is_wild, cards))
            return (
                3.0 * (len(cards) - wilds)
                - 2.0 * wilds
                + (30.0 if any(len(g) >= _CANASTA for g in action.melds) else 0)
            )
        meld = view.table[action.meld].meld
        if _is_wild(action.card):
            return 40.0 if len(meld) + 1 == _CANASTA else -1.0  # a wild card only to make a canasta
        return 3.0 + (40.0 if len(meld) + 1 == _CANASTA else 0.0)

    def _discard(self, view: View, discards: Sequence[Discard]) -> Action:
        counts = Counter(card.rank for card in view.hand)
        melded = {table_meld.meld.rank for table_meld in view.table}
        frozen = isinstance(view, FamilyView) and view.frozen

        def badness(action: Discard) -> tuple[float, float]:
            card = action.card
            if card.rank is Rank.THREE:
                return (-10.0, self._rng.random())  # a black three stops the next player
            if _is_wild(card):
                return (10.0, self._rng.random())
            value = 2.0 * counts[card.rank] + (4.0 if card.rank in melded else 0.0) - (1.0 if frozen else 0.0)
            return (value, self._rng.random())

        return min(discards, key=badness)
