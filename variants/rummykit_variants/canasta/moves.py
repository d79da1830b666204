"""Classic Canasta's state and moves: the canasta family's (`rules.make_rules`), with what its rule book says
beyond them: going out concealed (CAN-26: what spoils it, and the minimum it waives after a draw from the
stock) and the take of the pile that the end of the stock makes compulsory (CAN-27)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from rummykit.core.actions import Action, Draw, GoDown, LayOff
from rummykit.core.cards import Rank
from rummykit.core.moves import Move
from rummykit.core.shoe import Randomness
from rummykit.standard import (
    DiscardGroupMove,
    DrawPlacingMove,
    EndRound,
    EndRoundMove,
    FamilyMove,
    GoDownGroupsMove,
    GroupHand,
    GroupState,
    LayOffGroupMove,
    StandardRules,
    TakePile,
    TakePileMove,
)
from rummykit.standard.groups import Shape, canonical_order, shape_cards

__all__ = ["ClassicCanastaState", "canasta_moves"]

_TWO, _JOKER, _THREE = int(Rank.TWO), int(Rank.JOKER), int(Rank.THREE)


@attrs.define(kw_only=True)
class ClassicCanastaState(GroupState):
    """Classic Canasta's state: the canasta family's, and what going out concealed asks (CAN-26).

    Attributes:
        drew_on: per seat, the turn on which it last drew from the stock (``None``: not this round).
        added_on: per seat, the turn on which it last added a card to a meld another seat laid.
    """

    drew_on: list[int | None] = attrs.Factory(list)
    added_on: list[int | None] = attrs.Factory(list)

    def start_round(self) -> None:
        super().start_round()
        self.drew_on = [None] * self.players
        self.added_on = [None] * self.players

    def went_concealed(self, seat: int) -> bool:
        """CAN-26: ``seat`` played nothing before this turn, added no card to a meld its partner laid, and laid a
        canasta itself."""
        turn, groups = self.turn_number, self.family.groups
        if self.played_on[seat] != turn or self.added_on[seat] == turn:
            return False
        return any(m.owner == seat and groups.kind_of(m.meld) is not None for m in self.table)


class _Draw(DrawPlacingMove[ClassicCanastaState]):
    """CAN-11 and CAN-37: one card from the stock (two with two players), red threes laid out and replaced (CAN-9);
    a red three as the stock's last card ends the hand (CAN-10)."""

    def perform(self, state: ClassicCanastaState, action: Draw, rng: Randomness) -> None:
        state.drew_on[action.seat] = state.turn_number
        super().perform(state, action, rng)


class _EndRound(EndRoundMove[ClassicCanastaState]):
    """CAN-27: with the stock empty, a turn starts with the pile or not at all; the take is compulsory where the
    top card goes onto the side's meld of its rank."""

    def compulsory(self, state: ClassicCanastaState, seat: int) -> bool:
        """The turn player must take the pile: its top card alone goes onto the side's meld (CAN-27)."""
        return TakePile(seat=seat) in self.moves[TakePile].legal(state, seat)

    def check(self, state: ClassicCanastaState, action: EndRound) -> EndRound:
        super().check(state, action)
        if self.compulsory(state, action.seat):
            reason = "the top card goes onto the side's meld of its rank, so the pile must be taken"
            raise self.refuse("CAN-27", reason, action)
        return action

    def legal(self, state: ClassicCanastaState, seat: int) -> list[EndRound]:
        listed = super().legal(state, seat)
        return [] if listed and self.compulsory(state, seat) else listed


class _GoDown(GoDownGroupsMove[ClassicCanastaState]):
    """CAN-12 to CAN-15 and CAN-26: new melds, the initial meld by the side's minimum, which a player who drew from
    the stock and goes out concealed in this one action need not reach."""

    def concealed(self, state: ClassicCanastaState, seat: int, shapes: Sequence[Shape]) -> bool:
        """CAN-26's waiver: the side has not melded, the seat drew from the stock this turn and played nothing
        before, and these melds leave at most one card and the canastas to go out."""
        if state.side_melded(seat) or state.drew_on[seat] != state.turn_number or state.played_on[seat] is not None:
            return False
        kinds = [kind for kind in map(self.kind, shapes) if kind is not None]
        left = len(state.hands[seat]) - sum(shape.size for shape in shapes)
        return left <= 1 and self.family.going_out.allows(kinds)

    def check_initial(self, state: ClassicCanastaState, shapes: Sequence[Shape], action: Action) -> None:
        if not self.concealed(state, action.seat, shapes):
            super().check_initial(state, shapes, action)

    def legal(self, state: ClassicCanastaState, seat: int) -> list[GoDown]:
        listed = super().legal(state, seat)
        hand = self.hand(state, seat)
        shapes = self.concealed_out(state, seat, hand)
        if shapes is not None and sum(map(self.groups.shape_value, shapes)) < self.minimum(state, seat):
            listed.append(GoDown(seat=seat, melds=tuple(shape_cards(canonical_order(shapes), hand.cards))))
        return listed

    def concealed_out(self, state: ClassicCanastaState, seat: int, hand: GroupHand) -> tuple[Shape, ...] | None:
        """The melds of a whole hand (all but at most one card) that go out concealed (CAN-26), the fewest wild
        cards first, or ``None``: each rank's natural cards in one meld, the wild cards shared among them."""
        counts, groups = hand.counts, self.groups
        if state.side_melded(seat) or state.drew_on[seat] != state.turn_number or state.played_on[seat] is not None:
            return None
        pairs = [rank for rank in range(4, 15) if counts[rank] > 1]
        threes, wild = counts[_THREE], counts[_TWO] + counts[_JOKER]
        left = sum(1 for rank in range(4, 15) if counts[rank] == 1) + (threes if threes < groups.melds.min_set else 0)
        if left > 1 or not pairs or max(counts[rank] for rank in pairs) + min(wild, 3) < groups.canastas.size:
            return None
        for used in (wild, wild - 1) if not left else (wild,):  # every wild card melded, or one kept to discard
            for shares in _shares(used, len(pairs)):
                shapes, twos = [], counts[_TWO]
                for rank, share in zip(pairs, shares, strict=True):
                    shapes.append(Shape(rank, counts[rank], min(twos, share), share - min(twos, share)))
                    twos -= min(twos, share)
                if threes >= groups.melds.min_set:
                    shapes.append(Shape(_THREE, threes))
                valid = all(groups.is_valid(shape) for shape in shapes)
                if valid and sum(s.jokers for s in shapes) <= counts[_JOKER] and self.concealed(state, seat, shapes):
                    return tuple(shapes)
        return None


def _shares(wilds: int, melds: int) -> Iterator[tuple[int, ...]]:
    """The ways to share ``wilds`` wild cards among ``melds`` melds, at most 3 each (CAN-12), fewest on the first
    melds first."""
    if melds == 0:
        if wilds == 0:
            yield ()
        return
    for first in range(min(3, wilds) + 1):
        for rest in _shares(wilds - first, melds - 1):
            yield (first, *rest)


class _LayOff(LayOffGroupMove[ClassicCanastaState]):
    """CAN-13: a card onto one of the side's melds; onto a meld the partner laid, it spoils going out concealed
    this turn (CAN-26)."""

    def perform(self, state: ClassicCanastaState, action: LayOff, rng: Randomness) -> None:
        if state.table[action.meld].owner != action.seat:
            state.added_on[action.seat] = state.turn_number
        super().perform(state, action, rng)


def canasta_moves(rules: StandardRules) -> dict[type[Action], Move[Any, Any]]:
    """Classic Canasta's moves for ``rules``, in listing order."""
    moves: dict[type[Action], Move[Any, Any]] = {}
    family_moves: tuple[FamilyMove[ClassicCanastaState, Any], ...] = (
        _Draw(rules, moves),
        _EndRound(rules, moves),
        TakePileMove[ClassicCanastaState](rules, moves),
        _GoDown(rules, moves),
        _LayOff(rules, moves),
        DiscardGroupMove[ClassicCanastaState](rules, moves),
    )
    for move in family_moves:
        moves[move.action_type] = move
    return moves
