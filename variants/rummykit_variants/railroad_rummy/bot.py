"""A heuristic RailRoad Rummy bot that plays like a sensible person.

It sees only its seat's view and legal actions. It goes down as soon as the contract allows (with
the go-down that melds the most points), lays off whatever it can, keeps the cards that build
toward the round's melds, discards the costliest dead card, takes or claims a discard that helps,
and spends an HMG on a card that matters (a wild card, or the card that completes a meld).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rummykit.core.actions import Action, Discard, Draw, GoDown, LayOff, TakeDiscard
from rummykit.core.cards import Card, Rank
from rummykit.core.melds import MeldKind
from rummykit.core.views import View
from rummykit_variants.railroad_rummy.actions import Claim, Pass
from rummykit_variants.railroad_rummy.rules import MELD_RULES, ROUNDS, card_points
from rummykit_variants.railroad_rummy.state import RailroadRummyView

__all__ = ["HeuristicBot"]

_RUN_ORDER = {rank: i for i, rank in enumerate(MELD_RULES.run_order)}
_WILD_INDICES = frozenset(card.index for card in MELD_RULES.wild_faces)
_KINDS = tuple(frozenset(req.kind for req in spec.contract.melds) for spec in ROUNDS)
"""The kinds of meld each round's contract asks for."""


def _is_wild(card: Card) -> bool:
    return card.index in _WILD_INDICES


def _natural_ranks(hand: Sequence[Card]) -> Counter[Rank]:
    """How many natural cards of each rank ``hand`` holds."""
    return Counter(c.rank for c in hand if c.index not in _WILD_INDICES)


class HeuristicBot:
    """The ``heuristic`` bot of RailRoad Rummy.

    Args:
        seed: seeds the choice between equally good actions.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose an action from the seat's view and legal actions."""
        assert isinstance(view, RailroadRummyView)
        if view.phase == "claim":
            return self._declare(view, legal)
        if view.phase == "draw":
            return self._draw(view, legal)
        go_downs = [a for a in legal if isinstance(a, GoDown)]
        if go_downs:
            return max(go_downs, key=lambda a: (sum(card_points(c) for m in a.melds for c in m), -self._tiebreak()))
        lay_offs = [a for a in legal if isinstance(a, LayOff)]
        if lay_offs:
            return max(lay_offs, key=lambda a: (card_points(a.card), -self._tiebreak()))
        discards = [a for a in legal if isinstance(a, Discard)]
        ranks = _natural_ranks(view.hand)
        return max(discards, key=lambda a: (self._dead_weight(view, ranks, a.card), -self._tiebreak()))

    def _tiebreak(self) -> float:
        return self._rng.random()

    # -- judging a card ------------------------------------------------------------------------

    def _usefulness(self, view: RailroadRummyView, ranks: Counter[Rank], card: Card) -> float:
        """How much ``card`` helps a hand (without it) whose natural cards by rank are ``ranks``: 0
        for a dead card, higher for better."""
        seat = view.seat
        assert seat is not None
        if view.went_down[seat]:
            return 3.0 if self._fits_table(view, card) else 0.0
        if _is_wild(card):
            return 3.0
        kinds = _KINDS[view.round - 1]
        rank = card.rank
        value = 0.0
        if MeldKind.SET in kinds:
            value += 1.2 * min(ranks[rank], 2)
        if MeldKind.RUN in kinds:
            position = _RUN_ORDER[rank]
            neighbours = sum(1 for r, n in ranks.items() if n and r is not rank and abs(_RUN_ORDER[r] - position) <= 2)
            value += 0.6 * neighbours
            if ranks[rank] and MeldKind.SET not in kinds:
                value -= 0.3  # a second card of a rank rarely helps runs
        return value

    def _fits_table(self, view: View, card: Card) -> bool:
        for table_meld in view.table:
            meld = table_meld.meld
            if meld.kind == MeldKind.SET:
                if card.rank is meld.rank:
                    return True
            else:
                low, high = _RUN_ORDER[meld.ranks[0]], _RUN_ORDER[meld.ranks[-1]]
                natural = card.rank is not Rank.TWO and card.rank is not Rank.JOKER
                if natural and _RUN_ORDER[card.rank] in (low - 1, high + 1):
                    return True
        return False

    def _dead_weight(self, view: RailroadRummyView, ranks: Counter[Rank], card: Card) -> float:
        """How much the hand (its natural cards by rank: ``ranks``) gains by discarding ``card``:
        its points, less its use."""
        if _is_wild(card):
            rest = ranks
        else:
            rest = ranks.copy()
            rest[card.rank] -= 1
        return card_points(card) / 10 - 2.0 * self._usefulness(view, rest, card)

    # -- the draw and the claim window --------------------------------------------------------

    def _wanted(self, view: RailroadRummyView, card: Card) -> float:
        return self._usefulness(view, _natural_ranks(view.hand), card)

    def _draw(self, view: RailroadRummyView, legal: Sequence[Action]) -> Action:
        top = view.discard_top
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        if take is not None and top is not None and self._wanted(view, top) >= 2.0:
            return take
        return next(a for a in legal if isinstance(a, Draw))

    def _declare(self, view: RailroadRummyView, legal: Sequence[Action]) -> Action:
        seat = view.seat
        assert seat is not None
        top = view.discard_top
        passing = next(a for a in legal if isinstance(a, Pass))
        if top is None or view.went_down[seat]:
            return passing
        wanted = self._wanted(view, top)
        last_round = ROUNDS[view.round - 1].contract.max_leftover is not None
        short = last_round and len(view.hand) < 13  # round 7 needs 12 cards in runs
        if wanted < (1.2 if short else 2.0):
            return passing
        hmg = next((a for a in legal if isinstance(a, Claim) and a.hmg), None)
        if hmg is not None and (_is_wild(top) or short or view.hmg[seat] > 1):
            return hmg
        return next(a for a in legal if isinstance(a, Claim) and not a.hmg)
