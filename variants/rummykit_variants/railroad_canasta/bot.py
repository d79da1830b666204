"""A heuristic Railroad Canasta bot that plays like a sensible person.

It sees only its seat's view and legal actions. It picks up its kitty whenever it may, takes the
discard pile whenever it can (saving wild cards), lays down and adds natural cards as soon as it can, builds
sevens (which it may not discard anyway) and wild melds, spends wild cards only to close a canasta
or where it has to for an initial meld, goes out as soon as it can, and discards the card least
useful to it and to the next player: black 3s first (they block the pile), never a wild card while
it has another choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, GoDown, LayOff
from rummykit.core.cards import Card, Rank
from rummykit.core.views import View
from rummykit.standard.canasta_family import EndRound, TakePile
from rummykit_variants.railroad_canasta.actions import LeaveKitty, PickUpKitty
from rummykit_variants.railroad_canasta.rules import card_value, is_wild
from rummykit_variants.railroad_canasta.state import RailroadCanastaView

__all__ = ["HeuristicBot"]

_CANASTA = 7


def _meld_score(cards: Sequence[Card], *, before: int = 0) -> float:
    """How much the bot likes putting ``cards`` into a meld of ``before`` cards."""
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    score = 3.0 * len(naturals) + 0.1 * sum(card_value(c) for c in cards)
    if naturals and naturals[0].rank is Rank.SEVEN:
        score += 2.0 * len(naturals)  # sevens cannot be discarded: meld them
    if not naturals:
        score += 2.5 * wilds  # a wild meld heads for a wild canasta
    else:
        score -= 2.5 * wilds
    if before < _CANASTA <= before + len(cards):
        score += 40.0
    return score


class HeuristicBot:
    """The ``heuristic`` bot of Railroad Canasta; ``seed`` seeds its choice between equally good actions."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose an action from the seat's view and legal actions."""
        if len(legal) == 1:
            return legal[0]
        kitty = [a for a in legal if isinstance(a, PickUpKitty)]
        if kitty:
            return kitty[0]
        if any(isinstance(a, LeaveKitty) for a in legal):
            return next(a for a in legal if isinstance(a, LeaveKitty))
        if view.phase == "draw":
            return self._draw(legal)
        plays = [(self._play_score(view, a), self._rng.random(), a) for a in legal if isinstance(a, GoDown | LayOff)]
        good = [play for play in plays if play[0] > 0]
        if good:
            return max(good, key=lambda play: (play[0], play[1]))[2]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, discards)
        if plays:  # nothing may be discarded (RC-C5): the least bad meld or lay-off
            return max(plays, key=lambda play: (play[0], play[1]))[2]
        return legal[0]

    def _draw(self, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes:

            def take_score(action: TakePile) -> tuple[float, float]:
                cards = [*action.cards, *(c for group in action.melds for c in group)]
                return (-sum(1 for c in cards if is_wild(c)) * 3 + len(cards), self._rng.random())

            return max(takes, key=take_score)
        return next((a for a in legal if not isinstance(a, EndRound)), legal[0])

    def _play_score(self, view: View, action: GoDown | LayOff) -> float:
        seat = view.seat
        assert seat is not None
        hand_left = len(view.hand) - (sum(len(m) for m in action.melds) if isinstance(action, GoDown) else 1)
        if hand_left == 1:
            return 1000.0  # going out (or as close as may be): always
        if isinstance(action, GoDown):
            return sum(_meld_score(group) for group in action.melds)
        meld = view.table[action.meld].meld
        before = len(meld)
        score = _meld_score((action.card,), before=before)
        if is_wild(action.card) and meld.cards and not all(is_wild(c) for c in meld.cards):
            return score if before + 1 >= _CANASTA else -1.0  # a wild card only to close a canasta
        return score

    def _discard(self, view: View, discards: Sequence[Discard]) -> Action:
        counts = Counter(card.rank for card in view.hand)
        seat = view.seat
        nxt = None if seat is None else (seat + 1) % view.players
        their_open = {m.meld.rank for m in view.table if m.owner == nxt and len(m.meld) < _CANASTA and m.meld.cards}
        own_open = {m.meld.rank for m in view.table if m.owner == seat and len(m.meld) < _CANASTA}
        frozen = isinstance(view, RailroadCanastaView) and view.frozen

        def keep(action: Discard) -> tuple[float, float]:
            card = action.card
            if card.rank is Rank.THREE:
                return (-50.0, self._rng.random())
            cost = 10.0 * counts[card.rank] + card_value(card) / 10
            if is_wild(card):
                cost += 200.0
            if card.rank in own_open:
                cost += 40.0
            if card.rank in their_open and not frozen:
                cost += 30.0
            return (cost, self._rng.random())

        return min(discards, key=keep)
